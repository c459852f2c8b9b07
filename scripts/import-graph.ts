import { importsOf, readSourceFiles, resolveImport, type SourceFile } from './boundaries.ts';

/**
 * The server's layers, measured from its own imports (issue 37). Each unit is a server module
 * (src/server/modules/<name>), the database layer (src/server/db), one plugin (src/server/plugins/<file>), or one of
 * the server's own top-level files (main.ts, app.ts, config.ts…). An edge is any import between two units, types
 * included (a type is a dependency a reader follows too); tests and src/shared (which imports nothing of the
 * server) are left out.
 *
 * `npx tsx scripts/import-graph.ts` prints the cycles between units and the longest chain of imports from main.ts
 * down to db: its length in edges is the number of levels.
 */

const SERVER = 'src/server/';

/** The unit a server file belongs to, or undefined for a file outside the server or a test. */
export function unitOf(file: string): string | undefined {
  if (!file.startsWith(SERVER) || /\.test\.tsx?$/.test(file)) return undefined;
  const rest = file.slice(SERVER.length);
  const [first, second] = rest.split('/');
  if (first === 'modules' && second) return second;
  if (first === 'db') return 'db';
  // The plugins are independent files (no module, no face), like the server's top-level files: one unit each.
  if (first === 'plugins') return `plugins/${second?.replace(/\.tsx?$/, '')}`;
  if (first === 'cli') return `cli/${second?.replace(/\.tsx?$/, '')}`;
  if (first === 'locales') return undefined;
  return first?.replace(/\.tsx?$/, '');
}

export type ImportGraph = Map<string, Set<string>>;

export function importGraph(files: SourceFile[]): ImportGraph {
  const known = new Set(files.map((file) => file.path));
  const graph: ImportGraph = new Map();
  for (const { path: file, text } of files) {
    const from = unitOf(file);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const { specifier } of importsOf(text)) {
      const target = resolveImport(file, specifier);
      if (!target) continue;
      const resolved = [target, `${target}.ts`, `${target}/index.ts`].find((candidate) => known.has(candidate)) ?? target;
      const to = unitOf(resolved);
      if (to && to !== from) graph.get(from)?.add(to);
    }
  }
  return graph;
}

/** The groups of units that import each other, round and round (strongly connected components of two or more). */
export function cyclesOf(graph: ImportGraph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (unit: string) => {
    indexOf.set(unit, index);
    low.set(unit, index);
    index++;
    stack.push(unit);
    onStack.add(unit);
    for (const next of graph.get(unit) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(unit, Math.min(low.get(unit) ?? 0, indexOf.get(next) ?? 0));
      }
    }
    if (low.get(unit) === indexOf.get(unit)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== unit);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const unit of [...graph.keys()].sort()) if (!indexOf.has(unit)) visit(unit);
  return groups;
}

/**
 * The longest chain of imports from `from` down to `to` (as a list of units), on a graph without cycles; undefined
 * when `to` cannot be reached.
 */
export function longestChain(graph: ImportGraph, from: string, to: string): string[] | undefined {
  const memo = new Map<string, string[] | null>();
  const walk = (unit: string): string[] | null => {
    if (unit === to) return [to];
    const known = memo.get(unit);
    if (known !== undefined) return known;
    memo.set(unit, null);
    let best: string[] | null = null;
    for (const next of graph.get(unit) ?? []) {
      const chain = walk(next);
      if (chain && (!best || chain.length + 1 > best.length)) best = [unit, ...chain];
    }
    memo.set(unit, best);
    return best;
  };
  return walk(from) ?? undefined;
}

function main(): void {
  const graph = importGraph(readSourceFiles(process.cwd()));
  const cycles = cyclesOf(graph);
  for (const cycle of cycles) console.log(`cycle: ${cycle.join(' ⇄ ')}`);
  if (cycles.length === 0) console.log('no cycle between the server units');
  const chain = longestChain(graph, 'main', 'db');
  if (chain) console.log(`${chain.length - 1} levels from main.ts to db: ${chain.join(' → ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
