import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** CI's PostgreSQL server (.ci/run): the smoke run measures it too when it is there. */
const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? process.env.TEST_DATABASE_URL;

/** A full-load run has no target rate: the one figure the report leaves empty on purpose. */
const EMPTY_ON_PURPOSE = /\.max\.targetRate$/;

/** Every number the report should hold that is null (JSON's NaN), missing or not finite, by its path. */
function missingFigures(value: unknown, at = 'report'): string[] {
  if (value === null || value === undefined) return EMPTY_ON_PURPOSE.test(at) ? [] : [at];
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => missingFigures(item, `${at}[${index}]`));
  if (typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => missingFigures(item, `${at}.${key}`));
  return [];
}

/**
 * `npm run bench` cannot rot unseen (issue 42): a run of seconds, with a few streams and bookings, on the embedded
 * database and, where CI's PostgreSQL server is, on PostgreSQL too. It asserts only that every figure was produced:
 * the figures themselves depend on the machine and on what else runs on it.
 */
describe('npm run bench, as a smoke run', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'bench-smoke-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('measures every figure on each database and writes its report', async () => {
    const reportFile = path.join(folder, 'bench.json');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      BENCH_OUTPUT: reportFile,
      BENCH_STREAMS: '20',
      BENCH_BOOKINGS: '2',
      BENCH_WARMUP_BOOKINGS: '1',
      BENCH_SECONDS: '1',
      BENCH_WARMUP_SECONDS: '0',
      BENCH_RATE: '50',
      BENCH_CONNECTIONS: '4',
    };
    delete env.BENCH_BEFORE;
    delete env.BENCH_DATABASE_URL;
    if (POSTGRES_URL) env.BENCH_DATABASE_URL = POSTGRES_URL;
    else delete env.TEST_DATABASE_URL;
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(npm, ['run', '--silent', 'bench'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk) => {
        text += chunk;
      });
      child.stderr.on('data', (chunk) => {
        text += chunk;
      });
      child.on('close', (exit) => resolve({ code: exit, output: text }));
    });
    expect(code, output.slice(-3000)).toBe(0);
    expect(output).toContain(`Written to ${reportFile}`);
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    expect(report.results.map((result: { database: string }) => result.database)).toEqual(
      POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'],
    );
    expect(missingFigures(report.bare, 'bare')).toEqual([]);
    expect(missingFigures(report.results, 'results')).toEqual([]);
    for (const result of report.results) {
      expect(result.memory.idleMb).toBeGreaterThan(0);
      expect(result.liveUpdates.medianMs).toBeGreaterThan(0);
    }
  });
});
