import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { freshDataDir } from './server-process.ts';

/** The PostgreSQL server to test against, when set; otherwise every test database is a PGlite of its own. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** For suites that need a PostgreSQL server: they fail, never skip, without one. */
export function requirePostgres(): void {
  if (!TEST_DATABASE_URL) throw new Error('These tests need a PostgreSQL server: set TEST_DATABASE_URL (npm run test:db).');
}

export type TestDatabase = DatabaseHandle & { url: string | undefined; destroy(): Promise<void> };

/** A statement run as the test server's superuser (creating and dropping databases and roles). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test file: its own PostgreSQL database, or its own PGlite, each a copy of
 * the template the run migrated once (tests/support/global-setup.ts); the migrator then finds nothing to do. A
 * PGlite opens on a copy of the template's DATA_DIR, as a server starts on its folder: PostgreSQL reads the pages it
 * needs from the copy, where loading the same database from its archive unpacked all 40 MB of it into memory
 * first (0.7 CPU-seconds an open against 1.0 to 1.2 on a slow machine, measured; decision 017).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const dataDir = freshDataDir();
    const handle = await openDatabase({ databaseUrl: undefined, dataDir });
    return {
      ...handle,
      url: undefined,
      destroy: async () => {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `techhelp_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: undefined });
  return {
    ...handle,
    url: url.toString(),
    destroy: async () => {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
