// A step of `npm run build`: the embedded database's empty cluster, made once per PGlite version, which the server
// copies into an empty DATA_DIR at its first start (src/server/db/client.ts, embeddedClusterTemplate). PGlite creating
// a cluster itself runs initdb in a second PostgreSQL instance beside the first, with a copy of its whole 128 MB
// WebAssembly memory: about 800 MB resident for a server that otherwise needs a quarter of that (docs/performance.md,
// "Memory on a small server"). Here that happens once, in the build, in a process of its own.
//
// The folder is named after the PGlite that made it (dist/server/embedded-cluster-<version>): the server uses only the
// one its own PGlite would make, and this step makes it again only when PGlite changes. It is written under another
// name and renamed at the end, so that a build stopped half-way leaves no half-made cluster under the real name.
import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const serverDir = fileURLToPath(new URL('../dist/server/', import.meta.url));
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const { version } = JSON.parse(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json'), 'utf8'));
const name = `embedded-cluster-${version}`;
const target = path.join(serverDir, name);

if (existsSync(path.join(target, 'PG_VERSION'))) {
  process.stdout.write(`dist/server/${name} is current.\n`);
} else {
  const staging = path.join(serverDir, `.${name}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const started = Date.now();
  // PGlite's own defaults, as the server's first start used to make it (the server's settings are start parameters,
  // not part of the cluster).
  const cluster = await PGlite.create({ dataDir: staging });
  await cluster.close();
  // PGlite writes its files 0666: the copies a server makes keep these modes, so they are its user's only from the
  // first moment, as everything in DATA_DIR is (src/server/private-files.ts).
  const makePrivate = (folder) => {
    chmodSync(folder, 0o700);
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) makePrivate(file);
      else chmodSync(file, 0o600);
    }
  };
  makePrivate(staging);
  for (const entry of readdirSync(serverDir)) {
    if (/^\.?embedded-cluster-/.test(entry) && entry !== path.basename(staging))
      rmSync(path.join(serverDir, entry), { recursive: true, force: true });
  }
  renameSync(staging, target);
  process.stdout.write(`dist/server/${name}: the embedded database's empty cluster, made in ${Date.now() - started} ms.\n`);
}
