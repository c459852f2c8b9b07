import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `npm run test:future` (scripts/test-future.mjs) cannot rot unseen: it must run the unit and integration projects
 * once for each date ahead (the next clock changes, a year's last evening, months ahead), each with libfaketime's
 * clock set to that date, and fail naming the dates that failed. A real run takes minutes a date; here a stand-in
 * Vitest records what each run was given (libfaketime is not loaded: a stand-in file takes its place).
 */
describe('npm run test:future', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'test-future-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const library = path.join(folder, 'libfaketime.so.1');
  const record = path.join(folder, 'runs.txt');
  const standIn = path.join(folder, 'vitest.mjs');
  writeFileSync(library, '');
  writeFileSync(
    standIn,
    `import { appendFileSync } from 'node:fs';
appendFileSync(${JSON.stringify(record)}, JSON.stringify({ args: process.argv.slice(2), faketime: process.env.FAKETIME, tz: process.env.TZ }) + '\\n');
process.exit(process.env.FAKETIME === process.env.FAIL_AT ? 1 : 0);
`,
  );
  const run = (env: Record<string, string>) => {
    writeFileSync(record, '');
    // The preloaded library is the stand-in file, which the loader refuses with a warning: nothing of it runs.
    const result = spawnSync('npm', ['run', '--silent', 'test:future'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, TEST_FUTURE_LIBRARY: library, TEST_FUTURE_VITEST: standIn, ...env },
    });
    const runs = readFileSync(record, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { args: string[]; faketime: string; tz: string });
    return { result, runs };
  };

  it('runs the unit and integration projects once for each date ahead, on that date, in UTC', () => {
    const { result, runs } = run({});
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Every date passed.');
    expect(runs.length).toBe(9);
    const now = Date.now();
    for (const { args, faketime, tz } of runs) {
      expect(args).toEqual(['run', '--project', 'unit', '--project', 'unit-mocks', '--project', 'integration']);
      expect(tz).toBe('UTC');
      expect(faketime).toMatch(/^@\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(Date.parse(`${faketime.slice(1).replace(' ', 'T')}Z`)).toBeGreaterThan(now);
    }
    // The Saturday nights before New York's clock changes (11:50pm, in EST before March's and in EDT before November's) and New Year's Eve.
    const times = runs.map((entry) => entry.faketime.slice(12));
    expect(times.slice(0, 3)).toEqual(['04:50:00', '03:50:00', '04:45:00']);
  });

  it('fails naming the date whose run failed', () => {
    const first = run({}).runs[0]?.faketime ?? '';
    const { result } = run({ FAIL_AT: first });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`Failed with the clock at: ${first.slice(1)} (UTC).`);
  });

  it('says what to install when libfaketime is missing', () => {
    const { result } = run({ TEST_FUTURE_LIBRARY: path.join(folder, 'missing.so') });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('apt-get install -y faketime');
  });
});
