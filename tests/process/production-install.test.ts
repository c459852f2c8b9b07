import { execFile } from 'node:child_process';
import { cpSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../support/config.ts';
import { startServer } from '../support/server-process.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

/** Tools that test, build or measure; none of them may reach a production install. */
const TEST_AND_BUILD_TOOLS = [
  'vitest',
  '@vitest/runner',
  'playwright-core',
  '@axe-core/playwright',
  'axe-core',
  'fast-check',
  'jsdom',
  '@testing-library/react',
  'smtp-server',
  'postal-mime',
  'autocannon',
  'lighthouse',
  'tsx',
  'typescript',
  'vite',
  'esbuild',
  '@biomejs/biome',
  'drizzle-kit',
  'react',
  'react-dom',
];

describe('the production install (README: npm prune --omit=dev --omit=optional)', () => {
  it('holds no test or build tool, and the built server runs on it', async () => {
    const directory = temporaryDirectory('techhelp-production-');
    for (const file of ['package.json', 'package-lock.json']) cpSync(path.join(ROOT, file), path.join(directory, file));
    cpSync(path.join(ROOT, 'dist'), path.join(directory, 'dist'), { recursive: true });
    cpSync(path.join(ROOT, 'src/server/db/migrations'), path.join(directory, 'src/server/db/migrations'), { recursive: true });

    // better-auth names vitest, react and drizzle-kit as optional peers, so the lock marks them "devOptional":
    // --omit=optional is what keeps them out. --prefer-offline takes what the project's own install already put in
    // npm's cache instead of asking the registry again for each package (half the time), and fetches the rest.
    await run('npm', ['install', '--omit=dev', '--omit=optional', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: directory,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const installed = TEST_AND_BUILD_TOOLS.filter((name) => existsSync(path.join(directory, 'node_modules', name)));
    expect(installed).toEqual([]);
    expect(readdirSync(path.join(directory, 'node_modules')).length).toBeGreaterThan(20);

    const server = await startServer({ entry: path.join(directory, 'dist/server/main.js') });
    try {
      const health = await fetch(`${server.url}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
      const page = await fetch(`${server.url}/services`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      await server.stop();
    }
  }, 180_000);
});
