// The server and its command-line tools, each as one file (decision 017): dist/server/main.js and
// dist/server/cli/<tool>.js, bundled by esbuild straight from the TypeScript sources (tsc only type-checks them, in
// npm run typecheck: emitting them too cost the build about 15 CPU-seconds, before any test could start). Loading
// the server's ~1,600 modules one by one cost 0.85 CPU-seconds of every start; one file, 0.3. The packages that
// read files beside their own code or load code by path at run time stay outside and are loaded from node_modules
// as before: PGlite (its WebAssembly and data files), PDFKit (its fonts), pino (its worker threads), the SDKs loaded
// only when used (Twilio, OpenAI), and the PostgreSQL driver (pg; loaded at every start, since drizzle's node-postgres
// driver in the bundle imports it at its top). The catalogues are copied beside the built code
// (scripts/copy-server-catalogues.mjs) and found from each file's folder upwards (src/server/i18n.ts).
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

/** The command-line tools: `npm run <tool>` runs dist/server/cli/<tool>.js. */
const TOOLS = ['admin', 'backup', 'restore', 'doctor'];

// What an earlier build left in dist (tsc's output of every module, before this file bundled the tools): gone, so
// that nothing loads a stale module by accident. The catalogues and the embedded database's cluster stay.
for (const folder of ['dist/server', 'dist/shared'].filter((folder) => existsSync(folder)))
  for (const entry of readdirSync(folder))
    if (entry !== 'locales' && !entry.includes('embedded-cluster-')) rmSync(`${folder}/${entry}`, { recursive: true, force: true });

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    ...Object.fromEntries(TOOLS.map((tool) => [`cli/${tool}`, `src/server/cli/${tool}.ts`])),
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pdfkit', 'pino', 'thread-stream', 'twilio', 'openai', 'pg', 'pg-native'],
  // CommonJS packages inside the bundle call require() for Node's modules and their optional peers.
  banner: {
    js: "import { createRequire as techhelpCreateRequire } from 'node:module'; const require = techhelpCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
