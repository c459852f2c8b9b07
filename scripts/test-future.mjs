// npm run test:future: the unit and integration tests with the clock set ahead, to find tests that pass today and
// fail on a date the real clock will reach (a fixed date now in the past, a fixed closure over a computed day, a
// reminder pass meeting another test's bookings). Each date is given to the whole run by libfaketime (Debian's
// package faketime); the clock then runs on from it. The dates are counted from today, so each run looks ahead of
// its own day: the next New York clock changes late on their Saturday, a year's last evening, and months ahead.
// Not part of npm test: it takes about two minutes a date.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// TEST_FUTURE_LIBRARY and TEST_FUTURE_VITEST let tests/process/test-future-script.test.ts run the script with stand-ins.
const LIBRARY = process.env.TEST_FUTURE_LIBRARY ?? '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
if (!existsSync(LIBRARY)) {
  console.error(`test:future needs libfaketime (${LIBRARY}): apt-get install -y faketime`);
  process.exit(1);
}

const DAY = 86_400_000;
const now = new Date();
const year = now.getUTCFullYear();
/** The n-th Sunday of a month (1-based), as a UTC date at midnight. */
const nthSunday = (y, month, n) => {
  const first = new Date(Date.UTC(y, month, 1));
  return new Date(Date.UTC(y, month, 1 + ((7 - first.getUTCDay()) % 7) + 7 * (n - 1)));
};
/** 11:50pm New York on the Saturday before a clock change (before it: EST in March, EDT in November), in UTC. */
const saturdayNightBefore = (sunday, offsetHours) => new Date(sunday.getTime() - DAY + (23 * 60 + 50) * 60_000 + offsetHours * 3_600_000);
const next = (make) => [make(year), make(year + 1)].find((date) => date > now);

const dates = [
  next((y) => saturdayNightBefore(nthSunday(y, 2, 2), 5)),
  next((y) => saturdayNightBefore(nthSunday(y, 10, 1), 4)),
  // 11:45pm on December 31 in New York (EST).
  next((y) => new Date(Date.UTC(y + 1, 0, 1, 4, 45))),
  ...[3, 6, 9, 12, 18, 24].map((months) => new Date(Date.UTC(year, now.getUTCMonth() + months, now.getUTCDate(), 17))),
];

const vitest = process.env.TEST_FUTURE_VITEST ?? fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const failed = [];
for (const date of dates) {
  const at = date.toISOString().replace('T', ' ').slice(0, 19);
  console.log(`\n==> the clock at ${at} UTC`);
  const run = spawnSync(process.execPath, [vitest, 'run', '--project', 'unit', '--project', 'unit-mocks', '--project', 'integration'], {
    stdio: 'inherit',
    env: { ...process.env, LD_PRELOAD: LIBRARY, FAKETIME: `@${at}`, TZ: 'UTC' },
  });
  if (run.status !== 0) failed.push(at);
}
console.log(failed.length === 0 ? '\nEvery date passed.' : `\nFailed with the clock at: ${failed.join(', ')} (UTC).`);
process.exit(failed.length === 0 ? 0 : 1);
