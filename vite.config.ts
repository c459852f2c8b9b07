import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { CodeSplittingGroup, ModuleInfo } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { reactWithLingui } from './lingui-vite.ts';

const root = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
/**
 * Source maps and the build manifest, outside the served folder: for reading stack traces and for the first-load
 * budget test; neither is any visitor's business (the manifest lists every chunk and its source path).
 */
const sourceMapDir = fileURLToPath(new URL('./dist/sourcemaps', import.meta.url));

/**
 * Moves every source map the build writes from dist/web (which the server serves) to dist/sourcemaps, at the
 * same relative path, so that the `sources` inside each map still point at the project's files. With
 * `build.sourcemap: 'hidden'` no bundle names its map, so the browser never asks for one.
 */
function sourceMapsOutsideWebRoot(): Plugin {
  return {
    name: 'techhelp-source-maps-outside-web-root',
    apply: 'build',
    buildStart() {
      rmSync(sourceMapDir, { recursive: true, force: true });
    },
    writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.endsWith('.map') && fileName !== '.vite/manifest.json') continue;
        const target = path.join(sourceMapDir, fileName);
        mkdirSync(path.dirname(target), { recursive: true });
        renameSync(path.join(dir, fileName), target);
      }
    },
  };
}

/** Writes .br and .gz beside every compressible file, so the server sends them without compressing per request. */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'techhelp-precompress',
    apply: 'build',
    closeBundle(error?: Error) {
      if (error || !existsSync(outDir)) return;
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * The chunks of a first load (issue 42: at most 10 scripts and 100 kB on the wire for every page a visitor enters
 * on; tests/process/bundle-budget.test.ts and tests/e2e/first-load.test.ts). Left to itself the bundler gives every
 * set of lazily loaded screens that share a module a chunk of its own: /login fetched 25 scripts, most under 1 kB,
 * each with its own answer's headers. Instead:
 * - everything `/` loads statically is one chunk, the entry (React, its JSX runtime and english.ts had chunks of
 *   their own, because lazy screens import them too);
 * - the signed-out forms' pages share one chunk of what they and other lazy screens use (the form parts of
 *   react-bootstrap, the account rules, the form helpers), and the public pages other than `/` another;
 * - the catalogues a screen waits for together (one part of i18n.ts, in one language) are one chunk.
 * A module only one lazy screen uses stays in that screen's chunk; the signed-in and back-office screens stay lazy.
 * The bundler's runtime (0.4 kB) stays a chunk of its own: Rolldown leaves it out of the entry once a chunk holds two
 * lazily imported modules (a part's catalogues), which still costs less than a request per catalogue.
 */
const FAMILY_PAGES: Record<string, string[]> = {
  forms: [
    'features/accounts/pages/login-page.tsx',
    'features/accounts/pages/signup-page.tsx',
    'features/accounts/pages/forgot-password-page.tsx',
    'features/accounts/pages/user-management-page.tsx',
  ],
  'public-pages': [
    'features/public/pages/services-page.tsx',
    'features/public/pages/securified-page.tsx',
    'features/public/pages/remote-support-page.tsx',
    'features/public/pages/about-page.tsx',
  ],
};

/**
 * The parts of src/web/lib/i18n.ts (`CATALOGUES`), by the folders of their catalogues: the catalogues of one part
 * and one language are imported together, so they come in one chunk. Any other catalogue is the signed-in screens'.
 */
const CATALOGUE_PARTS: Array<[part: string, folders: RegExp]> = [
  ['first', /[\\/]src[\\/](web[\\/]locales|shared[\\/]locales[\\/]site)[\\/][\w-]+\.po$/],
  ['forms', /[\\/]src[\\/](web[\\/]features[\\/]accounts[\\/]locales[\\/]forms|shared[\\/]locales[\\/]forms)[\\/][\w-]+\.po$/],
  ['rules', /[\\/]src[\\/](shared[\\/]locales[\\/]facts|web[\\/]locales[\\/]public)[\\/][\w-]+\.po$/],
];

function catalogueChunk(id: string): string | null {
  const locale = /[\\/]([\w-]+)\.po$/.exec(id)?.[1];
  if (!locale) return null;
  const part = CATALOGUE_PARTS.find(([, folders]) => folders.test(id))?.[0] ?? 'screens';
  return `messages-${part}-${locale}`;
}

type Graph = (id: string) => ModuleInfo | null;

/** The modules `from` imports statically, directly or not, itself included. */
function staticClosure(graph: Graph, from: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * For each module a family of pages imports statically, outside the first load: the family's name; the first family
 * listed in FAMILY_PAGES takes a module several import (the form parts of react-bootstrap, which the contact form of
 * /about uses too), so that the signed-out forms, which the issue budgets first, fetch one chunk of their own.
 */
function familiesOf(graph: Graph): Map<string, string> {
  const firstLoad = staticClosure(graph, [path.join(root, 'main.tsx')]);
  const pagesOf = (files: string[]) => files.map((file) => path.join(root, file));
  const pages = new Set(Object.values(FAMILY_PAGES).flatMap(pagesOf));
  const family = new Map<string, string>();
  for (const [name, files] of Object.entries(FAMILY_PAGES)) {
    for (const id of staticClosure(graph, pagesOf(files))) {
      if (!firstLoad.has(id) && !pages.has(id) && !family.has(id)) family.set(id, name);
    }
  }
  return family;
}

const familiesByPass = new WeakMap<object, Map<string, string>>();

const CHUNK_GROUPS: CodeSplittingGroup[] = [
  // First, so that no other group takes a module of the first load (a group takes its modules' imports too).
  { name: 'index', tags: ['$initial'], priority: 3 },
  { name: catalogueChunk, test: /\.po$/, priority: 2 },
  {
    name: (id, context) => {
      let families = familiesByPass.get(context);
      if (!families) {
        families = familiesOf((moduleId) => context.getModuleInfo(moduleId));
        familiesByPass.set(context, families);
      }
      return families.get(id) ?? null;
    },
    // A module one page alone uses stays in that page's chunk.
    minShareCount: 2,
    priority: 1,
  },
];

/**
 * The pages a visitor enters on whose first paint waits for lazily loaded code: their screen, the chunks it imports,
 * its stylesheet and the catalogue parts it asks for (src/web/app/router.tsx). `/` loads its screen with the entry
 * but shows the hero's image (hero-carousel.tsx), found only once the app has rendered.
 */
const PAGE_PRELOADS: Record<string, { screen?: string; parts: string[]; images?: string[] }> = {
  '/': { parts: [], images: ['/images/slide-home.svg'] },
  '/services': { screen: 'features/public/pages/services-page.tsx', parts: ['rules'] },
  '/securified': { screen: 'features/public/pages/securified-page.tsx', parts: ['rules'] },
  '/remotesupport': { screen: 'features/public/pages/remote-support-page.tsx', parts: ['rules'] },
  '/about': { screen: 'features/public/pages/about-page.tsx', parts: ['rules'] },
  '/login': { screen: 'features/accounts/pages/login-page.tsx', parts: ['forms'] },
  '/signup': { screen: 'features/accounts/pages/signup-page.tsx', parts: ['forms'] },
  '/forgot-password': { screen: 'features/accounts/pages/forgot-password-page.tsx', parts: ['forms'] },
  '/usermgmt': { screen: 'features/accounts/pages/user-management-page.tsx', parts: ['forms'] },
};

/**
 * Writes into index.html, as the comment `<!--page-preloads:{…}-->`, what each page of PAGE_PRELOADS fetches after
 * the entry (its screen's chunks and stylesheets, its images) and the file of every catalogue chunk
 * (`messages-<part>-<locale>`): src/server/plugins/spa.ts turns them into preload links for the page asked and the
 * visitor's language, so that they download with the entry chunk instead of one round trip after another.
 */
function pagePreloads(): Plugin {
  return {
    name: 'techhelp-page-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        const initial = new Set<string>();
        const addInitial = (file: string) => {
          if (initial.has(file)) return;
          initial.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) addInitial(imported);
        };
        if (entry) addInitial(entry.fileName);
        const catalogues: Record<string, string> = {};
        for (const chunk of chunks)
          if (chunk.name.startsWith('messages-')) catalogues[chunk.name.slice('messages-'.length)] = chunk.fileName;
        const pages: Record<string, { js: string[]; css: string[]; parts: string[]; images: string[] }> = {};
        for (const [page, { screen, parts, images = [] }] of Object.entries(PAGE_PRELOADS)) {
          const js: string[] = [];
          const css: string[] = [];
          const visit = (file: string) => {
            if (initial.has(file) || js.includes(file)) return;
            const chunk = byFile.get(file);
            if (!chunk) return;
            js.push(file);
            for (const sheet of chunk.viteMetadata?.importedCss ?? []) if (!css.includes(sheet)) css.push(sheet);
            for (const imported of chunk.imports) visit(imported);
          };
          if (screen) {
            const chunk = chunks.find((candidate) => candidate.facadeModuleId === path.join(root, screen));
            if (!chunk) throw new Error(`page-preloads: ${screen} (${page}) is in no chunk of its own`);
            visit(chunk.fileName);
          }
          pages[page] = { js, css, parts, images };
        }
        const table = JSON.stringify({ catalogues, pages }).replace(/--/g, '\\u002d\\u002d');
        return html.replace('</head>', `<!--page-preloads:${table}-->\n  </head>`);
      },
    },
  };
}

export default defineConfig({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [...reactWithLingui(), pagePreloads(), sourceMapsOutsideWebRoot(), precompress()],
  resolve: {
    // The browser's zod parses without generating code, which our Content-Security-Policy would block.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/web/lib/zod-jitless.ts', import.meta.url)) }],
  },
  build: {
    outDir,
    emptyOutDir: true,
    // Maps without the sourceMappingURL comment; sourceMapsOutsideWebRoot moves them out of dist/web.
    sourcemap: 'hidden',
    // .vite/manifest.json: the chunk graph, read by the first-load budget test (tests/process/bundle-budget.test.ts);
    // moved to dist/sourcemaps/.vite/ with the maps.
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
    target: 'es2022',
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
