import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';

/** The PostgreSQL server to test against, when set; otherwise every test database is an in-memory PGlite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** For suites that need a PostgreSQL server: they fail, never skip, without one. */
export function requirePostgres(): void {
  if (!TEST_DATABASE_URL) throw new Error('These tests need a PostgreSQL server: set TEST_DATABASE_URL (npm run test:db).');
}

export type TestDatabase = DatabaseHandle & { url: string | undefined; destroy(): Promise<void> };

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let templateArchive: Promise<Blob | undefined> | undefined;

/** The migrated embedded database the run's global set-up made, read once per worker. */
function pgliteTemplate(): Promise<Blob | undefined> {
  templateArchive ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return templateArchive;
}

/**
 * A fresh, migrated database for one test file: its own PostgreSQL database, or its own PGlite, each a copy of
 * the template the run migrated once (tests/support/global-setup.ts); the migrator then finds nothing to do.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const handle = await openDatabase({ databaseUrl: undefined, dataDir: undefined, loadDataDir: await pgliteTemplate() });
    return { ...handle, url: undefined, destroy: () => handle.close() };
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
