import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from '../../src/server/db/client.ts';
import { adminQuery, requirePostgres, TEST_DATABASE_URL } from '../support/database.ts';

requirePostgres();

const ROUNDS = 20;
const MIGRATIONS = (JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries
  .length;

/** The address of a database of the test server by its name. */
function urlOf(name: string): string {
  const url = new URL(TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

describe('two instances started at the same moment on an empty PostgreSQL database', () => {
  it(`both come up, the schema migrated once (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = `techhelp_migrate_${randomBytes(6).toString('hex')}`;
      await adminQuery(`create database ${name}`);
      try {
        const opened = await Promise.allSettled([
          openDatabase({ databaseUrl: urlOf(name), dataDir: undefined }),
          openDatabase({ databaseUrl: urlOf(name), dataDir: undefined }),
        ]);
        for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
        const failures = opened.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
        expect(failures, `round ${round}`).toEqual([]);
        const client = new pg.Client({ connectionString: urlOf(name) });
        await client.connect();
        try {
          const applied = await client.query('select count(*)::int as count from drizzle.__drizzle_migrations');
          expect(applied.rows[0]?.count, `round ${round}: migrations recorded`).toBe(MIGRATIONS);
        } finally {
          await client.end();
        }
      } finally {
        await adminQuery(`drop database if exists ${name} with (force)`);
      }
    }
  }, 180_000);
});
