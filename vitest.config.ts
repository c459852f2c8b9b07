import { accessSync, constants, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { reactWithLingui } from './lingui-vite.ts';

/** Room a run's folders need at their most (its servers' databases, browser profiles, backups), with a margin. */
const RUN_FOLDER_ROOM = 4 * 1024 ** 3;

/**
 * Where the run's folder goes: the folder TMPDIR names when it is set; else the machine's shared memory (/dev/shm,
 * a tmpfs) when it has the room, since the run writes gigabytes there that live a few seconds (every server and
 * every integration file copies the migrated database, Chromium writes its profiles), which a disk-backed /tmp
 * turns into file-system work in the kernel; else the system's temporary folder.
 */
function runFolderParent(): string {
  if (process.env.TMPDIR) return tmpdir();
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    accessSync('/dev/shm', constants.W_OK);
    if (bavail * bsize >= RUN_FOLDER_ROOM) return '/dev/shm';
  } catch {
    // No /dev/shm (macOS, Windows) or not writable: the system's temporary folder.
  }
  return tmpdir();
}

/**
 * Every temporary folder of the run, under one folder removed when the run ends: the tests' DATA_DIRs, the copies
 * of the migrated database, the production install. Set before any worker starts, so the workers and the servers
 * and tools they start inherit it (os.tmpdir() reads TMPDIR). Left behind, a run's folders came to about 1 GB.
 */
function makeOneTemporaryFolderForTheRun(): void {
  // Vitest evaluates this file again for each project, in the same process: the folder is made once, or each
  // evaluation would nest one more level, past the 108 characters a Unix socket path may have (Chromium's
  // SingletonSocket then aborts the browser).
  if (process.env.TECHHELP_RUN_TEMPORARY) return;
  const folder = mkdtempSync(path.join(runFolderParent(), 'techhelp-run-'));
  process.env.TECHHELP_RUN_TEMPORARY = folder;
  process.env.TMPDIR = folder;
  process.on('exit', () => {
    // A browser that is still closing may write into its profile while it is removed (ENOTEMPTY); an exception
    // here would change the run's exit code, so a folder that will not go is left to the system's cleaning.
    try {
      rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
    } catch (error) {
      process.stderr.write(`Could not remove ${folder}: ${(error as Error).message}\n`);
    }
  });
}
makeOneTemporaryFolderForTheRun();

/** Lighthouse's audit: a project of its own, outside npm test. */
const LIGHTHOUSE_TEST = 'tests/e2e/lighthouse.test.ts';

/** Unit tests that replace modules with vi.mock: a replaced module would stay replaced for the files after them. */
const MOCKING_UNIT_TESTS = ['src/web/app/error-boundary.test.tsx', 'src/web/lib/locale-choice.test.ts'];

export default defineConfig({
  plugins: reactWithLingui(),
  test: {
    // Three test files at a time on this 2-core machine: a browser test waits on its page, its server and its
    // browser in turn, so a third file fills the cores the other two leave idle (decision 017). Each e2e file has
    // its own server and browser.
    maxWorkers: 3,
    setupFiles: ['./tests/support/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // The files of a worker share its loaded modules and its DOM library (decision 017); the files that replace
          // modules with vi.mock run in the next project, each with modules of its own.
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: MOCKING_UNIT_TESTS,
          environment: 'node',
          // A time-out finds a hang, not slowness: a screen rendered in jsdom takes seconds on a busy two-core machine.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: { name: 'unit-mocks', include: MOCKING_UNIT_TESTS, environment: 'node', testTimeout: 15_000 },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          // The files of a worker share its loaded modules instead of importing the app anew each (decision 017);
          // each file still builds its own app on its own database.
          isolate: false,
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['./tests/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The built server as a real process, on the embedded database.
          name: 'process',
          isolate: false,
          include: ['tests/process/**/*.test.ts'],
          globalSetup: ['./tests/support/global-setup-data-dir.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Only with a PostgreSQL server (TEST_DATABASE_URL): npm run test:db.
          name: 'postgres',
          isolate: false,
          include: ['tests/postgres/**/*.test.ts'],
          globalSetup: ['./tests/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          isolate: false,
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [LIGHTHOUSE_TEST],
          // A page, its lazily loaded screen and its first API answers can take more than a second on a busy
          // two-core machine: a poll without its own limit waits up to 10 s for what the user would see.
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['./tests/support/global-setup-data-dir.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Lighthouse's audit of the public pages, on its own (npm run test:lighthouse, run by CI): a minute of both
          // cores that npm test no longer spends (issue 37).
          name: 'lighthouse',
          include: [LIGHTHOUSE_TEST],
          globalSetup: ['./tests/support/global-setup-data-dir.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
