// npm test after the build: the test projects and the static checks (lint, then type-check) at the same time.
// Vitest spends its first seconds starting up and migrating the template database, one core's work; the checks
// fill the other core then instead of running before it (decision 017). The checks' output is printed once they
// end; the run fails if either side fails, and a failed check stops nothing that is already running.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/**
 * Every project of vitest.config.ts but the one that needs a PostgreSQL server (npm run test:db) and Lighthouse's
 * audit (npm run test:lighthouse); CI runs both.
 */
const PROJECTS = ['unit', 'unit-mocks', 'integration', 'process', 'e2e'].flatMap((name) => ['--project', name]);
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

/** Runs a command; its output is streamed (`stream`) or kept and returned. */
function run(command, args, { stream }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function checks() {
  for (const script of ['lint', 'typecheck']) {
    const started = Date.now();
    const { code, output } = await run(npm, ['run', '--silent', script], { stream: false });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (code !== 0) return { code, report: `npm run ${script} failed (${seconds} s):\n${output}` };
    process.stdout.write(`npm run ${script} passed (${seconds} s)\n`);
  }
  return { code: 0, report: '' };
}

const [tests, checked] = await Promise.all([
  run(process.execPath, [vitest, 'run', ...PROJECTS, ...process.argv.slice(2)], { stream: true }),
  checks(),
]);
if (checked.code !== 0) process.stderr.write(`\n${checked.report}`);
process.exit(tests.code !== 0 || checked.code !== 0 ? 1 : 0);
