import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `npm run fuzz` (scripts/fuzz.ts) cannot rot unseen: it must hand the hostile-input properties their seed and their
 * number of runs, print the seed that reproduces a failure, and fail when they fail. The properties themselves run in
 * npm test with their fixed seeds (tests/integration/hostile-input.test.ts); here a stand-in `npx` records what the
 * script asked for, so the seconds of a real fuzzing run are not spent twice.
 */
describe('npm run fuzz', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'fuzz-script-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const record = path.join(folder, 'npx-called.txt');
  writeFileSync(
    path.join(folder, 'npx'),
    `#!/bin/sh\nprintf '%s\\n' "$*" "$HOSTILE_SEED" "$HOSTILE_RUNS" > "${record}"\nexit "\${FAKE_NPX_EXIT:-0}"\n`,
  );
  chmodSync(path.join(folder, 'npx'), 0o755);
  const fuzz = (env: Record<string, string>) =>
    spawnSync('npm', ['run', '--silent', 'fuzz'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${folder}:${process.env.PATH}`, ...env },
    });

  it('runs the hostile-input properties with the seed and runs given, and says so', () => {
    const run = fuzz({ HOSTILE_SEED: '1234', HOSTILE_RUNS: '7' });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(record, 'utf8').split('\n')).toEqual([
      'vitest run --project integration tests/integration/hostile-input.test.ts',
      '1234',
      '7',
      '',
    ]);
    expect(run.stdout).toContain('fuzz: HOSTILE_SEED=1234 HOSTILE_RUNS=7 passed');
  });

  it('picks a fresh seed and 300 runs by default, and fails with the seed to reproduce when the properties fail', () => {
    const env: Record<string, string> = { FAKE_NPX_EXIT: '1', HOSTILE_SEED: '', HOSTILE_RUNS: '' };
    const run = spawnSync('npm', ['run', '--silent', 'fuzz'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: Object.fromEntries(
        Object.entries({ ...process.env, PATH: `${folder}:${process.env.PATH}`, ...env }).filter(([key]) => !(key in env) || env[key]),
      ),
    });
    expect(run.status).toBe(1);
    const [, seed, runs] = readFileSync(record, 'utf8').split('\n');
    expect(seed).toMatch(/^-?\d+$/);
    expect(runs).toBe('300');
    expect(run.stdout).toContain(`fuzz: HOSTILE_SEED=${seed} HOSTILE_RUNS=300 FAILED`);
  });
});
