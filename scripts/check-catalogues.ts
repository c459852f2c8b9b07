/**
 * Fails when a catalogue is not what `lingui extract --clean` makes of the code (a message added, changed or
 * removed without extracting): extracts, and names every .po file that changed. The files are left extracted, to be
 * translated and committed.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const catalogues = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return catalogues(file);
    return entry.name.endsWith('.po') ? [file] : [];
  });

const read = () => new Map(catalogues(path.join(root, 'src')).map((file) => [file, readFileSync(file, 'utf8')]));

const before = read();
execFileSync(process.execPath, [path.join(root, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--clean'], {
  cwd: root,
  stdio: 'ignore',
});
const after = read();
const changed = [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file));
if (changed.length > 0) {
  console.error('These catalogues did not match the code; they are extracted now, translate and commit them:');
  for (const file of changed) console.error(`  ${path.relative(root, file)}`);
  process.exit(1);
}
console.log(`${after.size} catalogues match the code.`);
