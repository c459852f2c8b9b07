import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../support/config.ts';
import { freshDataDir, type ServerProcess, startServer } from '../support/server-process.ts';

/** Every file and folder under `root` (the root too) that group or others may read, write or enter, with its mode. */
function openToOthers(root: string): string[] {
  const loose: string[] = [];
  const visit = (file: string) => {
    const stats = lstatSync(file);
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) loose.push(`${path.relative(root, file) || '.'} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const entry of readdirSync(file)) visit(path.join(file, entry));
  };
  visit(root);
  return loose;
}

/** Every file and folder under `root` given `folders` and `files` as their modes, as an older version left them. */
function loosen(root: string, folders = 0o777, files = 0o666): void {
  chmodSync(root, folders);
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const file = path.join(root, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) loosen(file, folders, files);
    else chmodSync(file, files);
  }
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const backupsIn = (dir: string) => {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.tar.gz'));
  } catch {
    return [];
  }
};

/** The customers' data on disk is the server's user's only: no other user of the machine reads or writes it. */
describe('the files the server keeps', () => {
  const running: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.stop('SIGKILL')));
  });

  it('are created for its own user only: DATA_DIR, the embedded database, the secret, the lock and the backups', async () => {
    // A DATA_DIR that does not exist yet: the server creates it, the database, its secret and the first backup.
    const dataDir = path.join(temporaryDirectory(), 'data');
    const server = await startServer({ dataDir, env: { BACKUP_NIGHTLY: 'true' } });
    running.push(server);
    await waitFor(() => backupsIn(path.join(dataDir, 'backups')).length > 0, 'the first backup');
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });

    expect(statSync(path.join(dataDir, 'pglite', 'postgresql.conf')).isFile()).toBe(true);
    expect(statSync(path.join(dataDir, 'auth.secret')).isFile()).toBe(true);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);

  it('are made private at start when an older version left them open, without following a symbolic link', async () => {
    const dataDir = freshDataDir();
    writeFileSync(path.join(dataDir, 'auth.secret'), `${'s'.repeat(43)}\n`);
    mkdirSync(path.join(dataDir, 'backups', 'old'), { recursive: true });
    writeFileSync(path.join(dataDir, 'backups', 'old', 'note.txt'), 'kept');
    // BACKUP_DIR elsewhere, owned by the server's user: made private too.
    const backupDir = temporaryDirectory('techhelp-backups-');
    writeFileSync(path.join(backupDir, 'techhelp-20260101-030000.tar.gz'), 'an older backup');
    // A link out of DATA_DIR: what it points at is not the server's to change.
    const outside = temporaryDirectory('techhelp-outside-');
    writeFileSync(path.join(outside, 'shared.txt'), 'for everyone');
    chmodSync(path.join(outside, 'shared.txt'), 0o644);
    chmodSync(outside, 0o755);
    symlinkSync(path.join(outside, 'shared.txt'), path.join(dataDir, 'link-to-file'));
    symlinkSync(outside, path.join(dataDir, 'link-to-folder'));
    loosen(dataDir);
    loosen(backupDir);
    expect(openToOthers(dataDir).length).toBeGreaterThan(100);
    expect(openToOthers(backupDir)).toHaveLength(2);

    const server = await startServer({ dataDir, env: { BACKUP_DIR: backupDir } });
    running.push(server);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(openToOthers(backupDir)).toEqual([]);
    // Folders 0700, files 0600.
    expect(statSync(path.join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'pglite', 'postgresql.conf')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dataDir, 'auth.secret')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(outside, 'shared.txt')).mode & 0o777).toBe(0o644);
    expect(statSync(outside).mode & 0o777).toBe(0o755);
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
  }, 120_000);
});
