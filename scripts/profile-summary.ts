/**
 * Where a V8 CPU profile (node --cpu-prof, or BENCH_PROFILE with npm run bench) spent its time: self time by
 * package (or our own source folder), and the functions with the most self time, each with its share of the total.
 * Usage: tsx scripts/profile-summary.ts <file.cpuprofile> [how many functions, default 30]
 */
import { readFileSync } from 'node:fs';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, countText] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx scripts/profile-summary.ts <file.cpuprofile> [functions]');
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = new Map<number, number>();
profile.samples.forEach((id, index) => {
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
});
const total = [...selfMs.values()].reduce((sum, value) => sum + value, 0);

/** The package a frame belongs to, our own source folder, node's internals, or V8's own entries. */
function area(url: string, name: string): string {
  if (!url) return `(${name || 'anonymous'})`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules?.[1]) return modules[1];
  if (url.startsWith('node:')) return 'node internals';
  const own = /\/dist\/server\/(.*)\/[^/]+$/.exec(url) ?? /\/src\/server\/(.*)\/[^/]+$/.exec(url);
  if (own) return `server/${own[1]}`;
  return url;
}

const areas = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  const where = area(frame.url, frame.functionName);
  areas.set(where, (areas.get(where) ?? 0) + ms);
  const key = `${frame.functionName || '(anonymous)'}  ${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/')}:${frame.lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + ms);
}
const share = (ms: number) => `${((ms / total) * 100).toFixed(1)}%`;
const top = (map: Map<string, number>, count: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => ({ share: share(ms), ms: Math.round(ms), name }));
console.log(`${file}: ${Math.round(total)} ms sampled`);
console.table(top(areas, 25));
console.table(top(functions, Number(countText ?? 30)));
