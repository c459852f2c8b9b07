import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'techhelp-lock-'));

describe('acquireDataDirLock', () => {
  it('takes the lock, records its pid, and removes the file on release', () => {
    const directory = dataDir();
    const lock = acquireDataDirLock(directory);
    const file = path.join(directory, LOCK_FILE_NAME);
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses while another live process holds it, naming that process', async () => {
    const directory = dataDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      await new Promise((resolve) => holder.once('spawn', resolve));
      writeFileSync(
        path.join(directory, LOCK_FILE_NAME),
        JSON.stringify({ pid: holder.pid, hostname: hostname(), startedAt: '2026-11-21T10:00:00.000Z' }),
      );
      let refusal: unknown;
      try {
        acquireDataDirLock(directory);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirLockedError);
      expect((refusal as Error).message).toContain(`pid ${holder.pid}`);
      expect((refusal as Error).message).toContain(directory);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const directory = dataDir();
    const gone = spawn(process.execPath, ['-e', '']);
    const pid = gone.pid;
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(path.join(directory, LOCK_FILE_NAME), JSON.stringify({ pid, hostname: hostname(), startedAt: 'earlier' }));
    const lock = acquireDataDirLock(directory);
    expect(JSON.parse(readFileSync(path.join(directory, LOCK_FILE_NAME), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a half-written lock file', () => {
    const directory = dataDir();
    writeFileSync(path.join(directory, LOCK_FILE_NAME), '{"pid":');
    const lock = acquireDataDirLock(directory);
    lock.release();
  });
});
