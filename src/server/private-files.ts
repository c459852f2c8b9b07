import { closeSync, constants, fchmodSync, fstatSync, lstatSync, openSync, readdirSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the customers' data (the embedded database, its write-ahead log), the secrets, and the backups:
 * no other user of the machine may read them, nor write the database's configuration. The server and the commands
 * create every file and folder for their own user only (umask 077: files 0600, folders 0700), and the server takes
 * group's and others' rights away from what an older version, or a copy, left readable (issue 36).
 */

/** Every file and folder this process creates from now on is its user's only. Call before anything is created. */
export function keepFilesPrivate(): void {
  process.umask(0o077);
}

/** Opened without following a symbolic link, and without waiting on a FIFO. */
const NO_FOLLOW = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** A folder keeps its owner's rwx (0700); a file its owner's bits (0600, or 0700 for a script). */
const privateMode = (stats: Stats) => (stats.isDirectory() ? 0o700 : stats.mode & 0o700);

/**
 * Takes group's and others' rights from a file or folder of ours: read with lstat (one call, nothing followed), and
 * changed only when it must be, through a descriptor opened with O_NOFOLLOW and checked to be the same file (an
 * entry swapped for a link meanwhile is not followed). Whether it changed, and whether it is a folder of ours.
 */
function tightenEntry(file: string, uid: number, seen: Stats): { changed: boolean; folder: boolean } {
  if (seen.uid !== uid || !(seen.isDirectory() || seen.isFile())) return { changed: false, folder: false };
  const folder = seen.isDirectory();
  if ((seen.mode & 0o7777) === privateMode(seen)) return { changed: false, folder };
  let fd: number;
  try {
    fd = openSync(file, NO_FOLLOW | (folder ? constants.O_DIRECTORY : 0));
  } catch (error) {
    // Gone, or replaced by a link (ELOOP) or by something else since it was read: nothing of ours to change.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ELOOP' || code === 'ENOTDIR' || code === 'EACCES' || code === 'EPERM' || code === 'ENXIO') {
      return { changed: false, folder: false };
    }
    throw error;
  }
  try {
    const opened = fstatSync(fd);
    if (opened.ino !== seen.ino || opened.dev !== seen.dev || opened.uid !== uid) return { changed: false, folder: false };
    fchmodSync(fd, privateMode(opened));
    return { changed: true, folder };
  } finally {
    closeSync(fd);
  }
}

/**
 * Makes a tree this process's user owns private: folders 0700, files lose every right of group and others. Walks
 * top down (a folder is closed to others before its entries are read), never follows a symbolic link (each entry is
 * read with lstat, and changed through a descriptor opened with O_NOFOLLOW), and leaves alone what another user owns, with all below
 * it. The root itself may be a symbolic link (DATA_DIR=/srv/data pointing elsewhere): it is the folder named.
 * Returns how many files and folders were changed; a missing root changes nothing.
 */
export function tightenTree(root: string): number {
  const uid = process.getuid?.();
  if (uid === undefined) return 0; // Windows: no POSIX modes to take away.
  // The folder named, wherever a link as DATA_DIR points; below it, no link is followed.
  let real: string;
  try {
    real = realpathSync(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const top = lstatSync(real);
  if (!top.isDirectory()) return 0;
  let changed = 0;
  const folders: string[] = [];
  const visit = (file: string, seen: Stats) => {
    const outcome = tightenEntry(file, uid, seen);
    if (outcome.changed) changed++;
    if (outcome.folder) folders.push(file);
  };
  visit(real, top);
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    let entries: string[];
    try {
      entries = readdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const name of entries) {
      const file = path.join(folder, name);
      let seen: Stats;
      try {
        seen = lstatSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      visit(file, seen);
    }
  }
  return changed;
}

/** DATA_DIR and the backups' folder (when it lies elsewhere) made private: how many files and folders changed. */
export function tightenDataFolders(dataDir: string, backupDir: string): number {
  const inside = path.relative(dataDir, backupDir);
  const elsewhere = inside.startsWith('..') || path.isAbsolute(inside);
  return tightenTree(dataDir) + (elsewhere ? tightenTree(backupDir) : 0);
}
