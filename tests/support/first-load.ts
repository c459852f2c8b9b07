import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The first load of every page a visitor enters on (issue 42): at most 100 kB of JavaScript on the wire, the
 * answers' headers included, in at most 10 script requests. tests/process/bundle-budget.test.ts holds the build to
 * them without a browser; tests/e2e/first-load.test.ts measures what Chromium fetched.
 */
export const FIRST_LOAD_JS_BYTES = 100_000;
export const FIRST_LOAD_SCRIPTS = 10;
/**
 * Pages allowed more than FIRST_LOAD_JS_BYTES for now, each at what it needs today so that nothing grows unseen:
 * /about carries its contact form's code (a page issue 42 does not name).
 */
export const FIRST_LOAD_ALLOWANCES: Readonly<Record<string, number>> = { '/about': 108_000 };
/** The most JavaScript a first load of `path` may take on the wire, headers counted. */
export const firstLoadBudget = (path: string): number => FIRST_LOAD_ALLOWANCES[path] ?? FIRST_LOAD_JS_BYTES;

/**
 * The most a built script's answer spends on its status line and headers (src/server/plugins/spa.ts sends a script
 * without the page's headers): 380 to 385 bytes measured over HTTP/1.1. The process test counts this much per
 * script; the browser test fails when an answer's headers grow past it (the page's Content-Security-Policy alone
 * would add 330 bytes to each script).
 */
export const SCRIPT_HEADER_BYTES = 400;

/** One entry of Vite's build manifest (dist/web/.vite/manifest.json), keyed by source path or shared-chunk name. */
type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * A built file: its size, gzipped (level 9), and as the server sends it: its brotli copy made at build time, or, for
 * a file under 1 kB that has none, compressed as the server's compression does it on the fly (brotli, quality 4).
 */
export type Asset = { file: string; bytes: number; gzipBytes: number; wireBytes: number };

export type FirstLoad = {
  /** The entry script and every chunk it imports statically, with what index.html preloads. */
  js: Asset[];
  css: Asset[];
  /** The source modules bundled into those scripts, from their source maps, relative to the project. */
  modules: string[];
};

const ATTRIBUTE = (name: string) => new RegExp(`\\b${name}="([^"]*)"`);

/** The `<script>` and `<link>` tags of the built index.html, as attribute maps. */
function htmlReferences(html: string) {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags.map((tag) => ({
    tag: tag.startsWith('<script') ? 'script' : 'link',
    type: ATTRIBUTE('type').exec(tag)?.[1],
    rel: ATTRIBUTE('rel').exec(tag)?.[1],
    url: ATTRIBUTE('src').exec(tag)?.[1] ?? ATTRIBUTE('href').exec(tag)?.[1],
  }));
}

function measure(webRoot: string, file: string): Asset {
  const content = readFileSync(path.join(webRoot, file));
  const brotli = path.join(webRoot, `${file}.br`);
  const wireBytes = existsSync(brotli)
    ? readFileSync(brotli).length
    : brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 4 },
      }).length;
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length, wireBytes };
}

/**
 * What a browser fetches to show `/`: index.html's module script, modulepreloads and stylesheets, plus (from the
 * build manifest, kept with the source maps) every chunk the entry imports statically and their CSS. Dynamic imports are left out: they load
 * only when a lazy route or dialog asks for them. The bundled modules come from the source maps, which the build
 * keeps outside the served folder (`sourceMapRoot`, dist/sourcemaps beside dist/web), at the bundles' own paths.
 */
export function firstLoadOf(
  webRoot: string,
  sourceMapRoot = path.resolve(webRoot, '../sourcemaps'),
  /** Lazily imported sources the page waits for before it shows anything (its language's catalogues). */
  awaited: string[] = [],
): FirstLoad {
  const projectRoot = path.resolve(webRoot, '../..');
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const manifestFile = path.join(sourceMapRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build with build.manifest enabled`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

  const local = (url: string) => url.replace(/^\//, '');
  const references = htmlReferences(html).filter((reference) => reference.url && !/^(https?:|data:)/.test(reference.url));
  const js = new Set<string>();
  const css = new Set<string>();
  for (const reference of references) {
    const url = local(reference.url ?? '');
    if (reference.tag === 'script' || reference.rel === 'modulepreload') js.add(url);
    if (reference.rel === 'stylesheet') css.add(url);
  }

  const visit = (chunk: ManifestChunk | undefined) => {
    if (!chunk) return;
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (imported && !js.has(imported.file)) {
        js.add(imported.file);
        visit(imported);
      }
    }
  };
  // The bundled sources of a chunk, relative to the project, from its source map.
  const sourcesOf = (file: string): string[] => {
    const mapFile = path.join(sourceMapRoot, `${file}.map`);
    if (!existsSync(mapFile)) return [];
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    return map.sources.map((source) => path.relative(projectRoot, path.resolve(path.dirname(mapFile), source)));
  };
  // A lazily imported module the manifest names (a screen), or one bundled with others in a chunk the manifest
  // names by the chunk (the catalogues of one part and one language, vite.config.ts): the chunk that holds it.
  const chunkHolding = (source: string): string => {
    const named = manifest[source];
    if (named) return named.file;
    const module = path.join('src/web', source);
    const holder = Object.values(manifest).find((chunk) => chunk.file.endsWith('.js') && sourcesOf(chunk.file).includes(module));
    if (!holder) throw new Error(`${source} is in no chunk of the build's manifest`);
    return holder.file;
  };
  for (const source of awaited) js.add(chunkHolding(source));
  for (const file of [...js]) visit(byFile.get(file));

  const modules = new Set<string>();
  for (const file of js) {
    const mapFile = path.join(sourceMapRoot, `${file}.map`);
    // Vite's helper for lazy imports and the bundler's runtime are generated code, with no source to map.
    if (/^assets\/(preload-helper|rolldown-runtime)-[\w-]+\.js$/.test(file) && !existsSync(mapFile)) continue;
    if (!existsSync(mapFile)) throw new Error(`${mapFile} is missing: build with sourcemaps to list the bundled modules`);
    for (const source of sourcesOf(file)) modules.add(source);
  }

  return {
    js: [...js].map((file) => measure(webRoot, file)),
    css: [...css].map((file) => measure(webRoot, file)),
    modules: [...modules].sort(),
  };
}

export const totalGzip = (assets: Asset[]) => assets.reduce((sum, asset) => sum + asset.gzipBytes, 0);
export const totalWire = (assets: Asset[]) => assets.reduce((sum, asset) => sum + asset.wireBytes, 0);

/** The bytes of a first load's scripts on the wire: their bodies as the server sends them, and their answers' headers. */
export const totalWireWithHeaders = (assets: Asset[]) => totalWire(assets) + assets.length * SCRIPT_HEADER_BYTES;
