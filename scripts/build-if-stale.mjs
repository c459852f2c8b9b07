// Builds only when the build is older than what it is made of (like make): `npm run test:lighthouse`,
// `npm run lighthouse` and `npm run bench` right after `npm test` (as CI runs them) reuse its build instead of making
// the same files again, a minute of both cores on a slow machine. `npm run build` writes dist/.build-stamp last, so a
// build that failed half-way leaves no stamp and is made again.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Everything the build reads: the sources, the build's own configuration and scripts, and the installed packages' lock. */
const INPUTS = [
  'src',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'lingui-vite.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  'scripts/bundle-server.mjs',
  'scripts/embedded-cluster.mjs',
  'scripts/copy-server-catalogues.mjs',
  'scripts/build-stamp.mjs',
];

/** The newest modification time under a file or folder, in milliseconds. */
function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let latest = stats.mtimeMs;
  for (const name of readdirSync(entry)) latest = Math.max(latest, newest(path.join(entry, name)));
  return latest;
}

/** Why the build under `folder` must be made again, or undefined when it is current. */
export function staleness(folder = root) {
  const stamp = path.join(folder, 'dist', '.build-stamp');
  if (!existsSync(stamp)) return 'no finished build';
  const built = statSync(stamp).mtimeMs;
  const changed = INPUTS.find((input) => newest(path.join(folder, input)) > built);
  return changed ? `${changed} changed since the last build` : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const reason = staleness();
  if (!reason) {
    process.stdout.write('The build is current: not building again.\n');
  } else {
    process.stdout.write(`Building: ${reason}.\n`);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = spawnSync(npm, ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    process.exit(result.status ?? 1);
  }
}
