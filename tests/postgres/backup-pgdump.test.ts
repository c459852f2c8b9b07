import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { backupRuns, errorLog } from '../../src/server/db/schema.ts';
import { BackupService } from '../../src/server/modules/backups/backup-service.ts';
import { temporaryDirectory, testConfig } from '../support/config.ts';
import { adminQuery, createTestDatabase, requirePostgres, TEST_DATABASE_URL, type TestDatabase } from '../support/database.ts';

/**
 * `npm run backup` with DATABASE_URL (issue 19; decision 023): pg_dump when present, a clear message when not. Its
 * file is the owner's only from the moment it exists, BACKUP_COMMAND gets it, the run is recorded in backup_runs (a
 * failure in the error log too) as the embedded database's are, and the pg_restore command it prints restores it.
 */
requirePostgres();

const BACKUP = fileURLToPath(new URL('../../dist/server/cli/backup.js', import.meta.url));
const README = fileURLToPath(new URL('../../README.md', import.meta.url));
const PG_DUMP_NAME = /^techhelp-\d{8}-\d{6}(-\d+)?\.pgdump$/;
/** The real pg_dump, for the stand-ins below that wrap it. */
const REAL_PG_DUMP = spawnSync('/bin/sh', ['-c', 'command -v pg_dump'], { encoding: 'utf8' }).stdout.trim();

/** Runs the built `npm run backup` under umask 022, where a file created without a mode of its own is world-readable. */
function backup(env: Record<string, string>) {
  return spawnSync('/bin/sh', ['-c', 'umask 022 && exec "$0" "$1"', process.execPath, BACKUP], {
    env: { HOME: process.env.HOME, NODE_ENV: 'test', PATH: process.env.PATH, DATA_DIR: temporaryDirectory(), ...env },
    encoding: 'utf8',
  });
}

/** A folder holding executable scripts of the given names and texts, to put first on PATH or name in BACKUP_COMMAND. */
function scripts(files: Record<string, string>): string {
  const dir = temporaryDirectory('techhelp-bin-');
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), `#!/bin/sh\n${text}\n`);
    chmodSync(path.join(dir, name), 0o755);
  }
  return dir;
}

const runs = (database: TestDatabase) => database.db.select().from(backupRuns).orderBy(asc(backupRuns.finishedAt));
const backupErrors = async (database: TestDatabase) =>
  (await database.db.select().from(errorLog).where(eq(errorLog.componentName, 'BackupService'))).map((row) => row.errorMessage);

describe('npm run backup on PostgreSQL', () => {
  it('writes a pg_dump archive into BACKUP_DIR that pg_restore can read, keeping BACKUP_KEEP of them', async () => {
    const database = await createTestDatabase();
    const dir = temporaryDirectory();
    // An older backup of the embedded database counts among the BACKUP_KEEP as any other, and goes first.
    writeFileSync(path.join(dir, 'techhelp-20200101-000000.tar.gz'), 'old');
    try {
      for (let round = 0; round < 3; round++) {
        const run = backup({ DATABASE_URL: database.url ?? '', BACKUP_DIR: dir, BACKUP_KEEP: '2' });
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toMatch(/Backup written: .+\.pgdump/);
      }
      const files = readdirSync(dir);
      expect(files.filter((name) => PG_DUMP_NAME.test(name))).toHaveLength(2);
      expect(files).not.toContain('techhelp-20200101-000000.tar.gz');
      expect(files.filter((name) => name.endsWith('.partial'))).toEqual([]);
      const listed = spawnSync('pg_restore', ['--list', path.join(dir, files.sort()[0] ?? '')], { encoding: 'utf8' });
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.stdout).toContain('TABLE public appointments');
    } finally {
      await database.destroy();
    }
  });

  it("is the owner's only from its creation, goes to BACKUP_COMMAND, and is recorded for the dashboard", async () => {
    const database = await createTestDatabase();
    const dir = temporaryDirectory();
    const copies = temporaryDirectory();
    const modes = path.join(temporaryDirectory(), 'modes');
    // pg_dump as it is, then the mode of what it wrote, before npm run backup renames it: the partial file's own.
    // (Read into a variable first: during a command's own redirection, dash moves the shell's stdout aside.)
    const bin = scripts({
      pg_dump: `[ "$1" = --version ] && exec "${REAL_PG_DUMP}" --version
"${REAL_PG_DUMP}" "$@"; status=$?
out=/proc/$$/fd/1
for arg in "$@"; do case "$arg" in --file=*) out="\${arg#--file=}";; esac; done
mode=$(stat -L -c %a "$out")
echo "$mode" >> "${modes}"
exit $status`,
      'copy-backup': `cp "$1" "${copies}/"`,
    });
    try {
      const run = backup({
        DATABASE_URL: database.url ?? '',
        BACKUP_DIR: dir,
        PATH: `${bin}:${process.env.PATH}`,
        BACKUP_COMMAND: path.join(bin, 'copy-backup'),
      });
      expect(run.status, run.stderr).toBe(0);
      const [name, ...others] = readdirSync(dir);
      expect(others).toEqual([]);
      expect(name).toMatch(PG_DUMP_NAME);
      const file = path.join(dir, name ?? '');

      // 3. Written 0600 from the start: the file pg_dump wrote into was already its owner's only, and stays so.
      expect(readFileSync(modes, 'utf8').trim()).toBe('600');
      expect(statSync(file).mode & 0o777).toBe(0o600);

      // 1. BACKUP_COMMAND was given the finished file.
      expect(readdirSync(copies)).toEqual([name]);
      expect(Buffer.compare(readFileSync(path.join(copies, name ?? '')), readFileSync(file))).toBe(0);

      // 2. The run is in backup_runs, and the back office's status (GET /api/admin/backups) shows it.
      expect(await runs(database)).toMatchObject([
        { reason: 'asked', status: 'ok', fileName: name, bytes: statSync(file).size, copied: true, error: null },
      ]);
      const options = testConfig({ BACKUP_DIR: dir }).backup;
      const status = await new BackupService(database.db, undefined, options, pino({ level: 'silent' }), async () => {}).status();
      expect(status.lastGood).toMatchObject({ fileName: name, bytes: statSync(file).size, copied: true });
      expect(status.lastFailure).toBeNull();
      expect(await backupErrors(database)).toEqual([]);
    } finally {
      await database.destroy();
    }
  });

  it('records a BACKUP_COMMAND that fails as not copied, in backup_runs and the error log, and keeps the backup', async () => {
    const database = await createTestDatabase();
    const dir = temporaryDirectory();
    const bin = scripts({ 'copy-backup': 'echo "remote unreachable" >&2; exit 3' });
    try {
      const run = backup({ DATABASE_URL: database.url ?? '', BACKUP_DIR: dir, BACKUP_COMMAND: path.join(bin, 'copy-backup') });
      expect(run.status, run.stderr).toBe(0);
      const [name] = readdirSync(dir);
      expect(name).toMatch(PG_DUMP_NAME);
      expect(await runs(database)).toMatchObject([{ reason: 'asked', status: 'ok', fileName: name, copied: false }]);
      const errors = await backupErrors(database);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(
        /was written, but copying it off the machine failed: BACKUP_COMMAND exited with code 3: remote unreachable/,
      );
    } finally {
      await database.destroy();
    }
  });

  it('records a pg_dump that fails as a failed run, in backup_runs and the error log, and leaves no file', async () => {
    const database = await createTestDatabase();
    const dir = temporaryDirectory();
    const copies = temporaryDirectory();
    // A pg_dump that writes half an archive and dies, as one whose connection drops does.
    const bin = scripts({
      pg_dump: `[ "$1" = --version ] && exec "${REAL_PG_DUMP}" --version
printf PGDMP
echo "pg_dump: error: connection to server lost" >&2
exit 1`,
      'copy-backup': `cp "$1" "${copies}/"`,
    });
    try {
      const run = backup({
        DATABASE_URL: database.url ?? '',
        BACKUP_DIR: dir,
        PATH: `${bin}:${process.env.PATH}`,
        BACKUP_COMMAND: path.join(bin, 'copy-backup'),
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('connection to server lost');
      expect(readdirSync(dir)).toEqual([]);
      expect(readdirSync(copies)).toEqual([]);
      expect(await runs(database)).toMatchObject([
        {
          reason: 'asked',
          status: 'failed',
          fileName: null,
          error: expect.stringMatching(/pg_dump exited with code 1: .*connection to server lost/),
        },
      ]);
      expect(await backupErrors(database)).toEqual([expect.stringMatching(/^The asked backup failed: pg_dump exited with code 1/)]);
    } finally {
      await database.destroy();
    }
  });

  it('prints the pg_restore command, as the README gives it, that restores the file into an empty database and over it again', async () => {
    const database = await createTestDatabase();
    const dir = temporaryDirectory();
    // Another owner than the dump's (postgres): a managed server's user, or the same server rebuilt.
    const suffix = randomBytes(4).toString('hex');
    const role = `techhelp_restore_${suffix}`;
    const target = `techhelp_restore_${suffix}`;
    const targetUrl = new URL(TEST_DATABASE_URL ?? '');
    targetUrl.username = role;
    targetUrl.password = '';
    targetUrl.pathname = `/${target}`;
    await adminQuery(`create role ${role} login`);
    await adminQuery(`create database ${target} owner ${role}`);
    try {
      await database.db
        .insert(errorLog)
        .values({ userId: '-', errorMessage: `marker ${suffix}`, componentName: 'backup-test', source: 'server' });
      const run = backup({ DATABASE_URL: database.url ?? '', BACKUP_DIR: dir });
      expect(run.status, run.stderr).toBe(0);
      const [name] = readdirSync(dir);
      const command = /^Restore it with:? (pg_restore .+)$/m.exec(run.stdout)?.[1] ?? '';
      // Into the empty database, then over what that put there: no error either time, the rows there.
      for (const round of ['empty', 'existing']) {
        const restored = spawnSync('/bin/sh', ['-c', command], {
          env: { PATH: process.env.PATH, DATABASE_URL: targetUrl.toString() },
          encoding: 'utf8',
        });
        expect({ round, status: restored.status, stderr: restored.stderr }).toEqual({ round, status: 0, stderr: '' });
        const client = new pg.Client({ connectionString: targetUrl.toString() });
        await client.connect();
        try {
          const { rows } = await client.query('select count(*)::int as n from error_log where error_message = $1', [`marker ${suffix}`]);
          expect(rows[0]?.n).toBe(1);
        } finally {
          await client.end();
        }
      }
      // It names the file by its full path, and the README gives the same command.
      const file = path.join(dir, name ?? '');
      expect(command).toBe(`pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}`);
      expect(readFileSync(README, 'utf8')).toContain(`\`${command.replace(file, 'FILE')}\``);
    } finally {
      await database.destroy();
      await adminQuery(`drop database if exists ${target} with (force)`);
      await adminQuery(`drop role if exists ${role}`);
    }
  });

  it('says what to do when pg_dump is not installed', async () => {
    const database = await createTestDatabase();
    try {
      // A PATH of one empty folder: no pg_dump on it (the command itself runs on this Node, by its path).
      const run = backup({ DATABASE_URL: database.url ?? '', BACKUP_DIR: temporaryDirectory(), PATH: temporaryDirectory() });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('pg_dump was not found. Install the PostgreSQL client tools');
    } finally {
      await database.destroy();
    }
  });
});
