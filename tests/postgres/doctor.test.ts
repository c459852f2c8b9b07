import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../support/config.ts';
import { createTestDatabase, requirePostgres, TEST_DATABASE_URL, type TestDatabase } from '../support/database.ts';

/**
 * `npm run doctor` on a PostgreSQL install (issue 42): the database answers and a NOTIFY reaches a LISTEN on another
 * connection, as the server's instances need; a database, user or server that is not there is named in words; and
 * npm run backup's pg_dump is there and new enough. Never a password in the output.
 */
requirePostgres();

const DOCTOR = fileURLToPath(new URL('../../dist/server/cli/doctor.js', import.meta.url));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

/** The built doctor with only the database's settings (the other checks fail, as nothing else is set up). */
function doctor(env: Record<string, string>) {
  const run = spawnSync(process.execPath, [DOCTOR], {
    env: { HOME: process.env.HOME, PATH: process.env.PATH, DATA_DIR: temporaryDirectory(), LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });
  const lines = `${run.stdout}${run.stderr}`.split('\n');
  return {
    code: run.status,
    output: `${run.stdout}${run.stderr}`,
    of: (check: string) => lines.filter((line) => line.slice(2).startsWith(`${check}: `)),
  };
}

/** The test server's URL for another database, user or password. */
function urlWith(change: (url: URL) => void): string {
  const url = new URL(database.url ?? '');
  change(url);
  return url.toString();
}

describe('npm run doctor on PostgreSQL', () => {
  it('finds the database answering and LISTEN/NOTIFY working, and pg_dump there for the backups', () => {
    const name = new URL(database.url ?? '').pathname.slice(1);
    const { host, port } = new URL(TEST_DATABASE_URL ?? '');
    const run = doctor({ DATABASE_URL: database.url ?? '' });
    expect(run.of('Database')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^✓ Database: PostgreSQL [\\d.]+ \\(the database ${name} on ${host.replace(/:\d+$/, '')}:${port || 5432}\\) answers, and LISTEN/NOTIFY works\\.$`,
        ),
      ),
    ]);
    expect(run.of('Backups')).toContainEqual(
      expect.stringMatching(/^✓ Backups: pg_dump [\d.]+ is there for npm run backup, as new as the server\.$/),
    );
  });

  it('names a database, a user or a server that is not there, without the password', () => {
    const password = 'pg-pass-5150';
    const missing = doctor({
      DATABASE_URL: urlWith((url) => {
        url.pathname = '/techhelp_no_such_database';
      }),
    });
    expect(missing.of('Database')).toEqual([
      expect.stringMatching(
        /^✗ Database: PostgreSQL \(the database techhelp_no_such_database on .+\) does not exist: create it \(sudo -u postgres createdb -O \S+ NAME\)\.$/,
      ),
    ]);
    const stranger = doctor({
      DATABASE_URL: urlWith((url) => {
        url.username = 'techhelp_no_such_user';
        url.password = password;
      }),
    });
    expect(stranger.of('Database')).toEqual([
      expect.stringMatching(
        /^✗ Database: PostgreSQL \(the database .+\) refused the user techhelp_no_such_user: .*techhelp_no_such_user.*\.$/,
      ),
    ]);
    expect(stranger.output).not.toContain(password);
    const nobody = doctor({
      DATABASE_URL: urlWith((url) => {
        url.port = '9';
      }),
    });
    expect(nobody.of('Database')).toEqual([
      expect.stringMatching(/^✗ Database: PostgreSQL \(the database .+:9\) refused the connection: nothing is listening there\.$/),
    ]);
    expect(nobody.code).toBe(1);
  });

  it('fails when pg_dump is missing or older than the server, which npm run backup needs', () => {
    const empty = temporaryDirectory('techhelp-bin-');
    const without = doctor({ DATABASE_URL: database.url ?? '', PATH: empty });
    expect(without.of('Backups')).toContainEqual(
      '✗ Backups: pg_dump is missing: npm run backup needs the PostgreSQL client tools (apt-get install postgresql-client).',
    );
    const old = temporaryDirectory('techhelp-bin-');
    writeFileSync(path.join(old, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 11.22"\n');
    chmodSync(path.join(old, 'pg_dump'), 0o755);
    const older = doctor({ DATABASE_URL: database.url ?? '', PATH: `${old}:${process.env.PATH}` });
    expect(older.of('Backups')).toContainEqual(
      expect.stringMatching(
        /^✗ Backups: pg_dump 11\.22 is older than the PostgreSQL (\d+) server and would refuse to back it up: install postgresql-client-\1\.$/,
      ),
    );
  });
});
