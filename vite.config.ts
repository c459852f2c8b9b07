import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

export default defineConfig({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [...reactWithLingui(), sourceMapsOutsideWebRoot(), precompress()],
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
    target: 'es2022',
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
