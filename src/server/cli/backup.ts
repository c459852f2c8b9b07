import { hostname } from 'node:os';
import pino from 'pino';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../data-dir-lock.ts';
import { openDatabase } from '../db/client.ts';
import { BackupService, backUpPostgres, listBackups, pgDumpFound, pgRestoreCommand } from '../modules/backups/index.ts';
import { createErrorRecorder } from '../modules/error-log/index.ts';
import { keepFilesPrivate, tightenTree } from '../private-files.ts';

/** How long `npm run backup` waits for a running server to write the backup it asked for. */
const WAIT_FOR_SERVER_MS = 5 * 60_000;

/**
 * PostgreSQL: pg_dump into BACKUP_DIR, then kept, handed to BACKUP_COMMAND and recorded as the server's backups are
 * (pg-dump.ts); what to do when pg_dump is missing.
 */
async function backupPostgres(config: Config, databaseUrl: string): Promise<number> {
  if (!pgDumpFound()) {
    process.stderr.write(
      "pg_dump was not found. Install the PostgreSQL client tools of your server's version (Debian: apt-get install postgresql-client), " +
        "or use your database provider's backups, then run npm run backup again.\n",
    );
    return 1;
  }
  const file = await backUpPostgres(databaseUrl, config.backup, pino({ level: 'warn' }));
  process.stdout.write(`Backup written: ${file}\nRestore it with: ${pgRestoreCommand(file)}\n`);
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
  // Backups, a restored database, the lock and a generated secret: for this user only (umask 077).
  keepFilesPrivate();
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
    // PGlite gives the files it writes modes of its own (its caches 0644), past the umask: the owner's only.
    if (!config.databaseUrl) tightenTree(config.dataDir);
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
