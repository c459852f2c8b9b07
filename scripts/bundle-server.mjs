// The server as one file (decision 017): dist/server/main.js, written over tsc's output of src/server/main.ts. Loading
// the server's ~1,600 modules one by one cost 0.85 CPU-seconds of every start; one file, 0.3. The packages that
// read files beside their own code or load code by path at run time stay outside and are loaded from node_modules
// as before: PGlite (its WebAssembly and data files), PDFKit (its fonts), pino (its worker threads), the SDKs loaded
// only when used (Twilio, OpenAI), and the PostgreSQL driver (pg; loaded at every start, since drizzle's node-postgres
// driver in the bundle imports it at its top). The command-line tools (dist/server/cli) keep tsc's output.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
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
