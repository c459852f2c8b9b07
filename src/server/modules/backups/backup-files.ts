import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * The backup files themselves (decision 023): named by the moment they were taken, written under a temporary name
 * and renamed only once every byte is on disk, so a file with a backup's name is always a whole backup.
 */

/** An embedded database's archive (.tar.gz) or a PostgreSQL server's pg_dump (.pgdump). */
export const BACKUP_FILE_PATTERN = /^techhelp-(\d{8})-(\d{6})(?:-(\d+))?\.(?:tar\.gz|pgdump)$/;
const PARTIAL_PATTERN = /^\.techhelp-.*\.partial$/;

export type BackupFile = { name: string; path: string; bytes: number; takenAt: Date };

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The order of backups: by their stamp, then by their number within that second (none counts as 1). */
function orderKey(name: string): [string, number] {
  const match = BACKUP_FILE_PATTERN.exec(name);
  return [`${match?.[1] ?? ''}-${match?.[2] ?? ''}`, Number(match?.[3] ?? 1)];
}

/** techhelp-20261124-203512.tar.gz (UTC), then -2, -3… within that second: always above any number used in it. */
export function backupFileName(at: Date, dir: string, extension = 'tar.gz'): string {
  const stamp = `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}-${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;
  const used = safeList(dir)
    .filter((name) => BACKUP_FILE_PATTERN.test(name) && name.endsWith(`.${extension}`) && orderKey(name)[0] === stamp)
    .map((name) => orderKey(name)[1]);
  if (used.length === 0) return `techhelp-${stamp}.${extension}`;
  return `techhelp-${stamp}-${Math.max(...used) + 1}.${extension}`;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** A backup being written: its temporary file, open, and the name it will take. */
type PartialFile = { dir: string; partial: string; final: string; fd: number };

/** Creates dir/.name.pid.partial, readable and writable by its owner only from the moment it exists (0600). */
function openPartial(dir: string, name: string): PartialFile {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const partial = path.join(dir, `.${name}.${process.pid}.partial`);
  return { dir, partial, final: path.join(dir, name), fd: openSync(partial, 'wx', 0o600) };
}

/** What was written is not a backup: it goes now (and removePartials would find it at the next start anyway). */
function discard(file: PartialFile): void {
  try {
    closeSync(file.fd);
  } catch {}
  try {
    unlinkSync(file.partial);
  } catch {}
}

/** Flushes the temporary file to disk, renames it to its backup's name, then flushes the folder. */
function publish(file: PartialFile): string {
  try {
    try {
      fsyncSync(file.fd);
    } finally {
      closeSync(file.fd);
    }
    renameSync(file.partial, file.final);
  } catch (error) {
    try {
      unlinkSync(file.partial);
    } catch {}
    throw error;
  }
  const folder = openSync(file.dir, 'r');
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
  return file.final;
}

/** Writes `bytes` as dir/name: a hidden temporary file first (0600), flushed to disk, then renamed, then the folder flushed. */
export function writeAtomically(dir: string, name: string, bytes: Uint8Array): string {
  const file = openPartial(dir, name);
  try {
    let written = 0;
    while (written < bytes.length) written += writeSync(file.fd, bytes, written, bytes.length - written);
  } catch (error) {
    discard(file);
    throw error;
  }
  return publish(file);
}

/**
 * As writeAtomically, for content another program writes (pg_dump): `fill` is given the temporary file's descriptor,
 * so the file is its owner's only from its creation; it is renamed once `fill` resolves, and removed if it rejects.
 */
export async function writeAtomicallyFrom(dir: string, name: string, fill: (fd: number) => Promise<void>): Promise<string> {
  const file = openPartial(dir, name);
  try {
    await fill(file.fd);
  } catch (error) {
    discard(file);
    throw error;
  }
  return publish(file);
}

/** The backups in `dir`, newest first. */
export function listBackups(dir: string): BackupFile[] {
  return safeList(dir)
    .filter((name) => BACKUP_FILE_PATTERN.test(name))
    .map((name) => {
      const file = path.join(dir, name);
      const stats = statSync(file);
      return { name, path: file, bytes: stats.size, takenAt: stats.mtime };
    })
    .sort((a, b) => {
      const [stampA, numberA] = orderKey(a.name);
      const [stampB, numberB] = orderKey(b.name);
      return stampA === stampB ? numberB - numberA : stampB.localeCompare(stampA);
    });
}

/** Deletes all but the newest `keep` backups; returns the names deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const file of old) unlinkSync(file.path);
  return old.map((file) => file.name);
}

/** Removes temporary files a backup cut short (a crash, a kill) left behind; returns their names. */
export function removePartials(dir: string): string[] {
  const partials = safeList(dir).filter((name) => PARTIAL_PATTERN.test(name));
  for (const name of partials) unlinkSync(path.join(dir, name));
  return partials;
}
