/**
 * npm run fuzz: the hostile-input properties with a fresh seed and many more runs than `npm test` (which keeps its
 * seeds fixed, so that a commit passes or fails the same every time). Prints the seed first: a failure is
 * reproduced with `HOSTILE_SEED=<seed> npm run fuzz`, and its shrunk request joins FOUND in the test file.
 */
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

const seed = process.env.HOSTILE_SEED ?? String(randomInt(-2_147_483_648, 2_147_483_647));
const runs = process.env.HOSTILE_RUNS ?? '300';
process.stdout.write(`\nfuzz: HOSTILE_SEED=${seed} HOSTILE_RUNS=${runs}\n\n`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'integration', 'tests/integration/hostile-input.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, HOSTILE_SEED: seed, HOSTILE_RUNS: runs },
});
process.stdout.write(`\nfuzz: HOSTILE_SEED=${seed} HOSTILE_RUNS=${runs} ${result.status === 0 ? 'passed' : 'FAILED'}\n`);
process.exit(result.status ?? 1);
