import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError, loadConfig } from '../config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../data-dir-lock.ts';
import { openDatabase } from '../db/client.ts';
import { pgRestoreCommand } from '../modules/backups/index.ts';
import { keepFilesPrivate, tightenTree } from '../private-files.ts';

/** The tables whose rows the restore counts for the owner to check. */
const COUNTED = ['user', 'profiles', 'appointments', 'payments', 'audit_log', 'error_log', 'invoices'];

/** Counts of the main tables of an opened database, read with plain SQL (the archive may be of an older schema). */
async function counts(query: (sql: string) => Promise<{ rows: Array<Record<string, unknown>> }>): Promise<string> {
  const lines: string[] = [];
  for (const table of COUNTED) {
    try {
      const { rows } = await query(`select count(*)::int as n from "${table}"`);
      lines.push(`  ${table}: ${String(rows[0]?.n ?? 0)}`);
    } catch {
      lines.push(`  ${table}: (none in this backup)`);
    }
  }
  return lines.join('\n');
}

/**
 * `npm run restore FILE` (decision 023): puts a backup of the embedded database in DATA_DIR's place. Refused while a
 * server holds DATA_DIR. The archive is opened on its own first (a damaged one changes nothing); then the current
 * database is moved aside (DATA_DIR/pglite-replaced-<time>, never deleted), the backup is unpacked in its place and
 * brought up to this version's schema.
 */
async function main(args: string[]): Promise<number> {
  const file = args[0];
  if (!file) {
    process.stderr.write(
      'Usage: npm run restore -- FILE   (a backup from BACKUP_DIR, e.g. data/backups/techhelp-20261124-030000.tar.gz)\n',
    );
    return 2;
  }
  // Backups, a restored database, the lock and a generated secret: for this user only (umask 077).
  keepFilesPrivate();
  const config = loadConfig();
  if (config.databaseUrl) {
    process.stderr.write(`DATABASE_URL is set: restore a PostgreSQL backup (a .pgdump) with pg_restore:\n  ${pgRestoreCommand(file)}\n`);
    return 1;
  }
  if (!existsSync(file) || !file.endsWith('.tar.gz')) {
    process.stderr.write(`${file} is not a backup of the embedded database (a techhelp-….tar.gz file).\n`);
    return 1;
  }
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const archive = new Blob([readFileSync(file)]);
    // Opened on its own first, in memory: a damaged or foreign archive stops here, with nothing changed.
    let found: string;
    try {
      const check = await PGlite.create({ loadDataDir: archive });
      found = await counts((sql) => check.query(sql));
      await check.close();
    } catch (error) {
      process.stderr.write(
        `${file} could not be opened as a database (${error instanceof Error ? error.message : String(error)}). Nothing was changed.\n`,
      );
      return 1;
    }
    const current = path.join(config.dataDir, 'pglite');
    let kept: string | undefined;
    if (existsSync(current)) {
      kept = path.join(config.dataDir, `pglite-replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      renameSync(current, kept);
    }
    const restored = await openDatabase({ databaseUrl: undefined, dataDir: config.dataDir, loadDataDir: archive });
    await restored.close();
    // PGlite gives the files it unpacks modes of its own (0666), past the umask: the owner's only.
    tightenTree(config.dataDir);
    process.stdout.write(
      `Restored ${file} into ${current}.\n${found}\n${kept ? `The database it replaced is kept in ${kept}.\n` : ''}Start the server again (node dist/server/main.js where it is deployed, npm start in a clone).\n`,
    );
    return 0;
  } finally {
    lock.release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\nStop the server before restoring: npm run restore replaces the database it is using.\n`);
    } else if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`The restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(1);
  },
);
