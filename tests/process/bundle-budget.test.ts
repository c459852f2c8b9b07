import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Asset, firstLoadOf, totalGzip } from '../support/first-load.ts';

const WEB_ROOT = fileURLToPath(new URL('../../dist/web', import.meta.url));
/** Where the build keeps the source maps, out of the served folder (vite.config.ts). */
const SOURCE_MAP_ROOT = fileURLToPath(new URL('../../dist/sourcemaps', import.meta.url));
const KB = 1000;

/**
 * What `/` may download before it works, gzipped: the spec's 100 kB of JavaScript (held since the app left React
 * Router's data router for declarative routing, decision 008) and 40 kB of CSS.
 */
const JS_BUDGET_BYTES = 100 * KB;
const CSS_BUDGET_BYTES = 40 * KB;

/** Code that only signed-in customers and admins use: its screens, the guards, and the libraries only they need. */
const SIGNED_IN_ONLY = [
  /^src\/web\/features\/(accounts|appointments|payments|admin|chat)\//,
  /^src\/web\/app\/(guards|signed-in-layout)\.tsx$/,
  /^src\/web\/app\/routes\//,
  /node_modules\/(zod|react-bootstrap|@tanstack|react-hook-form|@hookform|react-day-picker|react-toastify|@paypal)\//,
];

const describeAssets = (assets: Asset[]) => assets.map((asset) => `${asset.file} ${asset.gzipBytes} B`).join(', ');

/** The catalogues main.tsx waits for before the first render, by their manifest keys (relative to src/web). */
const firstCatalogues = (locale: string) => [`locales/${locale}.po`, `../shared/locales/site/${locale}.po`];

describe.each(['en', 'es'])('the first load of / in %s', (locale) => {
  if (!existsSync(WEB_ROOT)) throw new Error(`${WEB_ROOT} is missing: run npm run build before these tests`);
  const load = firstLoadOf(WEB_ROOT, SOURCE_MAP_ROOT, firstCatalogues(locale));

  it('starts from one module script and one stylesheet, and follows the chunks the entry imports', () => {
    expect(load.js.length).toBeGreaterThanOrEqual(1);
    expect(load.css.length).toBeGreaterThanOrEqual(1);
    expect(load.modules).toContain('src/web/main.tsx');
    expect(load.modules).toContain('src/web/features/public/pages/landing-page.tsx');
    expect(load.modules).toContain(`src/web/locales/${locale}.po`);
  });

  it(`needs at most ${JS_BUDGET_BYTES / KB} kB of JavaScript and ${CSS_BUDGET_BYTES / KB} kB of CSS, gzipped`, () => {
    expect(totalGzip(load.js), describeAssets(load.js)).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    expect(totalGzip(load.css), describeAssets(load.css)).toBeLessThanOrEqual(CSS_BUDGET_BYTES);
  });

  it('holds no code of the signed-in, payment or admin screens, nor the libraries only they use', () => {
    const signedInModules = load.modules.filter((module) => SIGNED_IN_ONLY.some((pattern) => pattern.test(module)));
    expect(signedInModules).toEqual([]);
  });
});
