import { spawn, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { createErrorRecorder } from '../error-log/index.ts';
import { backupFileName, writeAtomicallyFrom } from './backup-files.ts';
import { connectToRecordBackups } from './backup-queries.ts';
import { type BackupReason, BackupService, type BackupWriter } from './backup-service.ts';

/**
 * A PostgreSQL server's backup, for `npm run backup` with DATABASE_URL (decision 023): pg_dump's custom format, as a
 * .pgdump file in BACKUP_DIR, which BackupService.backupWith keeps, hands to BACKUP_COMMAND and records as any other.
 */

/** Whether pg_dump (PostgreSQL's client tools) is on PATH. */
export function pgDumpFound(): boolean {
  return spawnSync('pg_dump', ['--version']).status === 0;
}

/**
 * Takes a backup of the PostgreSQL database `databaseUrl` names: pg_dump into BACKUP_DIR, the newest BACKUP_KEEP
 * kept, BACKUP_COMMAND run, the run recorded in that database's backup_runs (a failure in its error log too), all by
 * BackupService as for the embedded database. Resolves with the file's path; rejects when pg_dump failed.
 */
export async function backUpPostgres(
  databaseUrl: string,
  options: Config['backup'],
  log: FastifyBaseLogger,
  reason: BackupReason = 'asked',
): Promise<string> {
  const database = connectToRecordBackups(databaseUrl);
  try {
    const backups = new BackupService(database.db, undefined, options, log, createErrorRecorder(database.db, log));
    return await backups.backupWith(reason, pgDumpWriter(databaseUrl));
  } finally {
    await database.close();
  }
}

/** Writes a pg_dump of `databaseUrl` into the backup's temporary file, created 0600 before pg_dump starts. */
export function pgDumpWriter(databaseUrl: string): BackupWriter {
  return async (dir, startedAt) => {
    const file = await writeAtomicallyFrom(dir, backupFileName(startedAt, dir, 'pgdump'), (fd) => pgDump(databaseUrl, fd));
    return { file, bytes: statSync(file).size };
  };
}

/**
 * Runs pg_dump with its output on `fd` (its standard output, a regular file it can seek in as with --file, so the
 * archive's table of contents holds its offsets); rejects with its last line on stderr. No --no-owner here: pg_dump
 * ignores it for an archive format, so pg_restore is given it (pgRestoreCommand).
 */
function pgDump(databaseUrl: string, fd: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pg_dump', ['--format=custom', `--dbname=${databaseUrl}`], { stdio: ['ignore', fd, 'pipe'] });
    let said = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      said = (said + chunk).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const last = said.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
      reject(new Error(`pg_dump ${signal ? `was stopped by ${signal}` : `exited with code ${code}`}${last ? `: ${last}` : ''}`));
    });
  });
}

/** A path as one shell word: as it is when it needs no quoting, else in single quotes. */
function shellWord(text: string): string {
  return /^[\w./@%+=:,-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command that restores a .pgdump into the database DATABASE_URL names, empty or not: --clean drops what the
 * backup holds before recreating it, --if-exists keeps that from failing on what is not there (an empty database),
 * --no-owner gives every object to the user restoring (the dump names its owner, who may not exist there).
 */
export function pgRestoreCommand(file: string): string {
  return `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${shellWord(file)}`;
}
