import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../support/config.ts';
import { createTestDatabase, requirePostgres } from '../support/database.ts';

/** `npm run backup` with DATABASE_URL (issue 19): pg_dump when present, a clear message when not. */
requirePostgres();

const BACKUP = fileURLToPath(new URL('../../dist/server/cli/backup.js', import.meta.url));

function backup(env: Record<string, string>) {
  return spawnSync(process.execPath, [BACKUP], {
    env: { HOME: process.env.HOME, NODE_ENV: 'test', PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
}

describe('npm run backup on PostgreSQL', () => {
  it('writes a pg_dump archive into BACKUP_DIR that pg_restore can read, keeping BACKUP_KEEP of them', async () => {
    const database = await createTestDatabase();
    const dir = temporaryDirectory();
    try {
      for (let round = 0; round < 3; round++) {
        const run = backup({ DATABASE_URL: database.url ?? '', BACKUP_DIR: dir, BACKUP_KEEP: '2', DATA_DIR: temporaryDirectory() });
        expect(run.status, run.stderr).toBe(0);
        expect(run.stdout).toMatch(/Backup written: .+\.pgdump/);
      }
      const files = readdirSync(dir);
      expect(files.filter((name) => /^techhelp-\d{8}-\d{6}(-\d+)?\.pgdump$/.test(name))).toHaveLength(2);
      expect(files.filter((name) => name.endsWith('.partial'))).toEqual([]);
      const listed = spawnSync('pg_restore', ['--list', path.join(dir, files.sort()[0] ?? '')], { encoding: 'utf8' });
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.stdout).toContain('TABLE public appointments');
    } finally {
      await database.destroy();
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
