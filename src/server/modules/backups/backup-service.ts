import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import { TZDate } from '@date-fns/tz';
import type { FastifyBaseLogger } from 'fastify';
import type { BackupStatus } from '../../../shared/backups.ts';
import { BUSINESS_TIME_ZONE } from '../../../shared/business.ts';
import { inBusinessZone } from '../../../shared/business-time.ts';
import type { ErrorRecorder } from '../../../shared/error-log.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { backupFileName, listBackups, pruneBackups, removePartials, writeAtomically } from './backup-files.ts';
import { insertBackupRun, latestBackupRun } from './backup-queries.ts';

export type BackupReason = 'nightly' | 'asked';
/** The embedded database as one consistent, uncompressed tar (PGlite's dumpDataDir), or undefined on a PostgreSQL server. */
export type Dump = (() => Promise<Blob>) | undefined;
/** Writes one backup into `dir`, named for `startedAt`, atomically; resolves with its path and size in bytes. */
export type BackupWriter = (dir: string, startedAt: Date) => Promise<{ file: string; bytes: number }>;

const COMMAND_TIMEOUT_MS = 10 * 60_000;

const gzipAsync = promisify(gzip);

/**
 * The archive compressed after the database is released, on Node's thread pool, at gzip's fastest level. PGlite's
 * own gzip (`dumpDataDir('gzip')`) compresses inside its lock, on the main thread: every query and request waited for it.
 * Copying the files out is a quarter of the work; compressing them at the default level was the rest. The fastest
 * level took 0.20 CPU-seconds instead of 0.49 (the default level) for the 41 MB of a new database, and writes it 14 %
 * larger (5.6 against 4.9 MB).
 */
async function compressArchive(tar: Blob): Promise<Uint8Array> {
  return new Uint8Array(await gzipAsync(new Uint8Array(await tar.arrayBuffer()), { level: constants.Z_BEST_SPEED }));
}

/** The embedded database's backup: its archive, compressed, written as a .tar.gz. */
function archiveWriter(dump: () => Promise<Blob>): BackupWriter {
  return async (dir, startedAt) => {
    const archive = await compressArchive(await dump());
    return { file: writeAtomically(dir, backupFileName(startedAt, dir), archive), bytes: archive.length };
  };
}

/** The latest moment the nightly backup was due: today's BACKUP_HOUR in New York, or yesterday's before it. */
export function lastDueMoment(now: Date, hour: number): Date {
  const zoned = inBusinessZone(now);
  const on = (dayOffset: number) =>
    new TZDate(zoned.getFullYear(), zoned.getMonth(), zoned.getDate() + dayOffset, hour, 0, 0, BUSINESS_TIME_ZONE).getTime();
  // Each day's own hour (an hour the clocks skip becomes the one after it), today's if it has come, else yesterday's.
  const today = on(0);
  return new Date(today <= now.getTime() ? today : on(-1));
}

/** A backup's time as the error log states it: "at 20:59:43 UTC on 2026-11-24". */
export function backupTime(at: Date): string {
  const iso = at.toISOString();
  return `at ${iso.slice(11, 19)} UTC on ${iso.slice(0, 10)}`;
}

/** Runs BACKUP_COMMAND with the backup's path as its last argument; rejects with what went wrong. */
export function runCommand(command: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('/bin/sh', ['-c', `${command} "$1"`, 'techhelp-backup', file], { timeout: COMMAND_TIMEOUT_MS }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const said = String(stderr).trim().split('\n').at(-1)?.slice(0, 300) ?? '';
      const how = error.killed ? `was stopped after ${COMMAND_TIMEOUT_MS / 60_000} minutes` : `exited with code ${error.code ?? 'unknown'}`;
      reject(new Error(`BACKUP_COMMAND ${how}${said ? `: ${said}` : ''}`));
    });
  });
}

/**
 * Backups of the embedded database (decision 023): one each night after BACKUP_HOUR (New York) and one whenever
 * asked (`npm run backup`, which signals the running server), each a consistent archive written atomically into
 * BACKUP_DIR, the newest BACKUP_KEEP kept, then handed to BACKUP_COMMAND. Every run is recorded; a failure also
 * lands in the error log, and the back office shows both. On a PostgreSQL server, `npm run backup` writes a pg_dump
 * through `backupWith` (pg-dump.ts), which keeps, hands over and records it the same way.
 */
export class BackupService {
  private running: Promise<string> | undefined;

  constructor(
    private readonly db: Database,
    private readonly dump: Dump,
    private readonly options: Config['backup'],
    private readonly log: FastifyBaseLogger,
    private readonly recordError: ErrorRecorder,
  ) {
    // What a backup cut short by a crash or a kill left behind is never taken for a backup; it is removed. A kill
    // after a new backup's rename and before the prune leaves BACKUP_KEEP + 1 whole ones: the oldest goes now.
    if (dump) {
      removePartials(options.dir);
      pruneBackups(options.dir, options.keep);
    }
  }

  get enabled(): boolean {
    return Boolean(this.dump);
  }

  /** Takes a backup now (one at a time: a call during a backup waits for it); resolves with the file's path. */
  backup(reason: BackupReason): Promise<string> {
    const dump = this.dump;
    return this.once(() => {
      if (!dump) throw new Error('Backups are taken of the embedded database only; back up PostgreSQL with pg_dump (npm run backup).');
      return this.take(reason, archiveWriter(dump));
    });
  }

  /**
   * A backup written by `write` instead (pg_dump, for `npm run backup` on a PostgreSQL server), then treated as any
   * other: the newest BACKUP_KEEP kept, handed to BACKUP_COMMAND, recorded, a failure in the error log.
   */
  backupWith(reason: BackupReason, write: BackupWriter): Promise<string> {
    return this.once(() => this.take(reason, write));
  }

  private once(run: () => Promise<string>): Promise<string> {
    if (!this.running) {
      this.running = (async () => run())().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  /** Records a run; a failure to record it is logged and changes nothing about the backup itself. */
  private async record(run: Parameters<typeof insertBackupRun>[1]): Promise<void> {
    try {
      await insertBackupRun(this.db, run);
    } catch (error) {
      this.log.error({ err: error, run }, 'could not record the backup run');
    }
  }

  private async take(reason: BackupReason, write: BackupWriter): Promise<string> {
    const startedAt = new Date();
    let file: string;
    let bytes: number;
    try {
      ({ file, bytes } = await write(this.options.dir, startedAt));
      this.log.info({ file, bytes }, 'backup written');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.record({ reason, status: 'failed', startedAt, error: message.slice(0, 1000) });
      await this.recordError({ errorMessage: `The ${reason} backup failed: ${message}`, componentName: 'BackupService', source: 'server' });
      throw error;
    }
    // The backup is whole whatever happens to the old ones: a failure to delete them is logged, not counted against it.
    try {
      pruneBackups(this.options.dir, this.options.keep);
    } catch (error) {
      await this.recordError({
        errorMessage: `A backup was written, but older backups could not be deleted (BACKUP_KEEP=${this.options.keep}): ${(error as Error).message}`,
        componentName: 'BackupService',
        source: 'server',
      });
    }
    let copied: boolean | null = null;
    if (this.options.command) {
      try {
        await runCommand(this.options.command, file);
        copied = true;
      } catch (error) {
        copied = false;
        await this.recordError({
          // Named by its time, not its file name: the error log takes a long run of digits for a card number.
          errorMessage: `The backup taken ${backupTime(startedAt)} was written, but copying it off the machine failed: ${(error as Error).message}`,
          componentName: 'BackupService',
          source: 'server',
        });
      }
    }
    await this.record({ reason, status: 'ok', startedAt, fileName: file.split('/').at(-1), bytes, copied });
    return file;
  }

  /** The nightly backup, when it is due: none good since the last BACKUP_HOUR. Failures are logged, not thrown. */
  async backupIfDue(now = new Date()): Promise<boolean> {
    if (!this.dump || this.running) return false;
    const last = await latestBackupRun(this.db, 'ok');
    if (last && last.startedAt.getTime() >= lastDueMoment(now, this.options.hour).getTime()) return false;
    // One attempt per hour after a failure, not one a minute.
    const failed = await latestBackupRun(this.db, 'failed');
    if (failed && now.getTime() - failed.finishedAt.getTime() < 60 * 60_000) return false;
    await this.backup('nightly').catch(() => undefined);
    return true;
  }

  async status(): Promise<BackupStatus> {
    const [lastOk, lastFailed] = await Promise.all([latestBackupRun(this.db, 'ok'), latestBackupRun(this.db, 'failed')]);
    const failing = Boolean(lastFailed && (!lastOk || lastFailed.finishedAt > lastOk.finishedAt));
    return {
      enabled: this.enabled,
      keep: this.options.keep,
      lastGood: lastOk
        ? { at: lastOk.finishedAt.toISOString(), fileName: lastOk.fileName ?? '', bytes: lastOk.bytes ?? 0, copied: lastOk.copied }
        : null,
      lastFailure: failing && lastFailed ? { at: lastFailed.finishedAt.toISOString(), error: lastFailed.error ?? '' } : null,
      files: this.dump ? listBackups(this.options.dir).map((file) => ({ fileName: file.name, bytes: file.bytes })) : [],
    };
  }
}
