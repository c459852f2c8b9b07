import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

const WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));
const SOURCE_MAP_ROOT = fileURLToPath(new URL('../../dist/sourcemaps', import.meta.url));

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });

/** A served file's text, whichever of its forms (plain, .gz, .br) the server may send. */
function textOf(file: string): string {
  const content = readFileSync(file);
  if (file.endsWith('.gz')) return gunzipSync(content).toString('utf8');
  if (file.endsWith('.br')) return brotliDecompressSync(content).toString('utf8');
  return content.toString('utf8');
}

/**
 * The build keeps its source maps out of the folder the server serves (dist/web): they go to dist/sourcemaps,
 * where the first-load budget test reads them, and no bundle points to them.
 */
describe('source maps after the build', () => {
  if (!existsSync(WEB_ROOT)) throw new Error(`${WEB_ROOT} is missing: run npm run build before these tests`);
  const served = filesUnder(WEB_ROOT).map((file) => path.relative(WEB_ROOT, file));
  // The bundler's runtime helpers (rolldown-runtime) are generated code, with no source to map.
  const bundles = served.filter((file) => /^assets\/.*\.js$/.test(file) && !/^assets\/rolldown-runtime-[\w-]+\.js$/.test(file));

  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('take the build manifest with them: it lists every chunk and its source path, for nobody outside', async () => {
    expect(served.filter((file) => file.startsWith('.vite'))).toEqual([]);
    expect(existsSync(path.join(SOURCE_MAP_ROOT, '.vite', 'manifest.json'))).toBe(true);
    const answer = await testApp.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(answer.statusCode).toBe(404);
  });

  it('are not in the served folder, in any form', () => {
    expect(bundles.length).toBeGreaterThan(0);
    expect(served.filter((file) => /\.map(\.(gz|br))?$/.test(file))).toEqual([]);
  });

  it('are not named by any served script or stylesheet', () => {
    const scripts = served.filter((file) => /\.(js|css)(\.(gz|br))?$/.test(file));
    expect(scripts.length).toBeGreaterThan(0);
    const pointing = scripts.filter((file) => /[#@]\s*sourceMappingURL=/.test(textOf(path.join(WEB_ROOT, file))));
    expect(pointing).toEqual([]);
  });

  it('are kept in dist/sourcemaps, one beside the path of each bundle', () => {
    const missing = bundles.filter((file) => !existsSync(path.join(SOURCE_MAP_ROOT, `${file}.map`)));
    expect(missing).toEqual([]);
    const map = JSON.parse(readFileSync(path.join(SOURCE_MAP_ROOT, `${bundles[0]}.map`), 'utf8')) as { sources: string[] };
    expect(map.sources.length).toBeGreaterThan(0);
  });

  it('answer 404 at the address of any bundle plus .map, compressed or not', async () => {
    for (const bundle of bundles) {
      const bundleAnswer = await testApp.app.inject({ method: 'GET', url: `/${bundle}` });
      expect(bundleAnswer.statusCode, bundle).toBe(200);
      for (const encoding of ['identity', 'gzip', 'br']) {
        const answer = await testApp.app.inject({ method: 'GET', url: `/${bundle}.map`, headers: { 'accept-encoding': encoding } });
        expect(answer.statusCode, `${bundle}.map (${encoding})`).toBe(404);
      }
    }
  });
});
