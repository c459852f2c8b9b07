import { closeSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * An exclusive lock on DATA_DIR. PGlite takes none of its own, and a second process opening the same
 * directory corrupts it beyond repair, so the server refuses to start while another live process holds it.
 * The lock is a file created with O_EXCL holding the owner's pid; a lock left by a process that no longer
 * runs (killed with SIGKILL, say) is taken over.
 */

export const LOCK_FILE_NAME = 'server.lock';

type LockOwner = { pid: number; hostname: string; startedAt: string };

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another server process (pid ${owner.pid} on ${owner.hostname}, started ${owner.startedAt}). ` +
        'Stop that process first, or give this one its own DATA_DIR: two processes opening one embedded database corrupt it.',
    );
    this.name = 'DataDirLockedError';
  }
}

export type DataDirLock = { readonly file: string; release(): void };

function readOwner(file: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.hostname === 'string') {
      return { pid: parsed.pid, hostname: parsed.hostname, startedAt: String(parsed.startedAt ?? 'unknown') };
    }
  } catch {
    // Missing, half-written or unreadable: treated as no owner.
  }
  return undefined;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // After a restart the old pid may belong to an unrelated program; only a Node process can be our server.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

/** Whether the lock's owner is a live process; an owner on another host is assumed alive. */
function ownerIsAlive(owner: LockOwner): boolean {
  if (owner.hostname !== hostname()) return true;
  return isRunning(owner.pid);
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const me: LockOwner = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          if (readOwner(file)?.pid === me.pid) unlinkSync(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }

    const owner = readOwner(file);
    if (owner && ownerIsAlive(owner)) throw new DataDirLockedError(dataDir, owner);

    // Stale: move it aside atomically, so that of two processes taking it over only one removes it.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readOwner(aside);
    if (moved && owner && moved.pid !== owner.pid && ownerIsAlive(moved)) {
      // Another process took the stale lock over between our read and our rename: give it back.
      renameSync(aside, file);
      throw new DataDirLockedError(dataDir, moved);
    }
    unlinkSync(aside);
  }
  throw new Error(`Could not take the lock on DATA_DIR ${dataDir} after several attempts`);
}
