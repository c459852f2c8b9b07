import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../data-dir-lock.ts';
import { openDatabase } from '../db/client.ts';
import { backupFileName, listBackups, pruneBackups } from '../modules/backups/backup-files.ts';
import { BackupService } from '../modules/backups/backup-service.ts';
import { createErrorRecorder } from '../modules/error-log/error-log-service.ts';

/** How long `npm run backup` waits for a running server to write the backup it asked for. */
const WAIT_FOR_SERVER_MS = 5 * 60_000;

/** PostgreSQL: pg_dump into BACKUP_DIR, written under a temporary name first; what to do when it is missing. */
function backupPostgres(config: Config, databaseUrl: string): number {
  if (spawnSync('pg_dump', ['--version']).status !== 0) {
    process.stderr.write(
      "pg_dump was not found. Install the PostgreSQL client tools of your server's version (Debian: apt-get install postgresql-client), " +
        "or use your database provider's backups, then run npm run backup again.\n",
    );
    return 1;
  }
  const name = backupFileName(new Date(), config.backup.dir, 'pgdump');
  const partial = path.join(config.backup.dir, `.${name}.${process.pid}.partial`);
  mkdirSync(config.backup.dir, { recursive: true });
  const dumped = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${databaseUrl}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (dumped.status !== 0) {
    rmSync(partial, { force: true });
    process.stderr.write('pg_dump failed (see above); no backup was written.\n');
    return 1;
  }
  renameSync(partial, path.join(config.backup.dir, name));
  pruneBackups(config.backup.dir, config.backup.keep);
  process.stdout.write(`Backup written: ${path.join(config.backup.dir, name)}\nRestore it with pg_restore --clean --dbname=… ${name}\n`);
  return 0;
}

/** Asks the running server (the lock's owner) for a backup, and waits for the file to appear. */
async function askServer(config: Config, error: DataDirLockedError): Promise<number> {
  if (error.owner.hostname !== hostname()) {
    process.stderr.write(`${error.message}\nRun npm run backup on ${error.owner.hostname}, where that server runs.\n`);
    return 1;
  }
  const before = new Set(listBackups(config.backup.dir).map((file) => file.name));
  process.kill(error.owner.pid, 'SIGUSR2');
  process.stdout.write(`The server (pid ${error.owner.pid}) is taking a backup…\n`);
  const deadline = Date.now() + WAIT_FOR_SERVER_MS;
  while (Date.now() < deadline) {
    const fresh = listBackups(config.backup.dir).find((file) => !before.has(file.name));
    if (fresh) {
      process.stdout.write(`Backup written: ${fresh.path} (${fresh.bytes} bytes)\n`);
      return 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  process.stderr.write('The server wrote no backup in 5 minutes: see the error log in the back office (/errorlog).\n');
  return 1;
}

/** `npm run backup`: a backup now, of the embedded database (through the server if it runs) or of PostgreSQL (pg_dump). */
async function main(): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) return backupPostgres(config, config.databaseUrl);
  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    lock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) return askServer(config, error);
    throw error;
  }
  const database = await openDatabase({ databaseUrl: undefined, dataDir: config.dataDir });
  try {
    const log = pino({ level: 'warn' });
    const backups = new BackupService(database.db, database.dump, config.backup, log, createErrorRecorder(database.db, log));
    const file = await backups.backup('asked');
    process.stdout.write(`Backup written: ${file}\n`);
    return 0;
  } finally {
    await database.close();
    lock.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      error instanceof ConfigError
        ? `${error.message}\n`
        : `The backup failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
