import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Asset, firstLoadOf, totalGzip, totalWire } from '../support/first-load.ts';

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

/**
 * The signed-out screens a visitor enters on ('Make an Appointment Now' leads to /login; e-mails link to /usermgmt):
 * their code and their catalogues come with them, and the whole stays within the public pages' budget as the
 * server sends it (decision 019). tests/e2e/first-load.test.ts measures the same in a browser, every entry page.
 */
const SIGNED_OUT_SCREENS = [
  'features/accounts/pages/login-page.tsx',
  'features/accounts/pages/signup-page.tsx',
  'features/accounts/pages/forgot-password-page.tsx',
  'features/accounts/pages/user-management-page.tsx',
];

/** What the signed-out screens check and write with instead: zod, the form library, React Query, the dialog. */
const NOT_ON_SIGNED_OUT_SCREENS = [
  /node_modules\/(zod|react-hook-form|@hookform|@tanstack)\//,
  /node_modules\/react-bootstrap\/esm\/(Modal|Alert)\.js$/,
  /^src\/shared\/account\.ts$/,
];

const formCatalogues = (locale: string) => [`features/accounts/locales/forms/${locale}.po`, `../shared/locales/forms/${locale}.po`];

describe.each(SIGNED_OUT_SCREENS.flatMap((screen) => ['en', 'es'].map((locale) => [screen, locale])))(
  'the first load of %s in %s',
  (screen, locale) => {
    const load = firstLoadOf(WEB_ROOT, SOURCE_MAP_ROOT, [...firstCatalogues(locale), screen, ...formCatalogues(locale)]);

    it(`needs at most ${JS_BUDGET_BYTES / KB} kB of JavaScript as the server sends it`, () => {
      expect(load.modules).toContain(`src/web/${screen}`);
      expect(totalWire(load.js), describeAssets(load.js)).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    });

    it('holds no zod, form library, React Query or dialog: the zod-free checks of account-forms.ts instead', () => {
      expect(load.modules).toContain('src/shared/account-forms.ts');
      expect(load.modules.filter((module) => NOT_ON_SIGNED_OUT_SCREENS.some((pattern) => pattern.test(module)))).toEqual([]);
    });
  },
);

describe('the built server', () => {
  const entry = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));

  it('is one file, importing only Node’s modules and the packages the build leaves outside (decision 017)', () => {
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build before these tests`);
    const code = readFileSync(entry, 'utf8');
    const imported = new Set([...code.matchAll(/^import\s[^'"]*?from\s*["']([^"']+)["'];?$/gm)].map((match) => match[1]));
    // esbuild writes code's strings in double quotes (comments keep theirs: better-auth's JSDoc has import('…')).
    const dynamic = new Set([...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((match) => match[1]));
    // @opentelemetry/api: better-auth's tracing, loaded only where it is installed.
    const outside = /^(node:|@electric-sql\/pglite|pdfkit$|pino$|twilio$|openai$|pg$|@opentelemetry\/api$)/;
    expect([...imported, ...dynamic].filter((name) => name !== undefined && !outside.test(name))).toEqual([]);
    expect(imported.has('@electric-sql/pglite')).toBe(true);
    // The SDKs that most servers never use are loaded on first use, not at every start.
    for (const sdk of ['twilio', 'openai']) {
      expect(imported.has(sdk), sdk).toBe(false);
      expect(dynamic.has(sdk), sdk).toBe(true);
    }
    // The app itself is inside: its routes and its services are not loaded from dist/server's other files.
    expect(code).toContain('function buildApp(');
  });
});
