import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The boundaries of docs/conventions.md that `npm run lint` enforces, and where each is checked:
 *
 * - src/shared imports nothing from src/server or src/web; src/web and src/server never import each other:
 *   Biome (`noRestrictedImports` in biome.json).
 * - drizzle-orm (and so its `sql` tag) only in src/server/db and `*-queries.ts` files: Biome.
 * - src/server/plugins never imports src/server/modules: Biome.
 * - a browser feature never imports another feature's files (src/web/app, the router, may import any): here, since
 *   it takes resolving the import against the importing file, which Biome's patterns cannot do.
 * - no query built on a database handle (`db.select`, `tx.query`, `db.execute`…) outside src/server/db and
 *   `*-queries.ts` files: here, since such a call needs no import of drizzle-orm for Biome to see.
 * - a server module's `*-queries.ts` is imported only by that module's own files: every table has one owning
 *   module, and the others (and the rest of the server) use what its service files export. Checked here, since it
 *   takes comparing the importing file's module with the imported one's.
 *
 * biome.json gives a file the options of the last override that matches it, so each of its server overrides repeats
 * the restrictions of the ones before it.
 *
 * Imports and calls are found in the text, not parsed: good enough for this codebase's plain import statements.
 */

export type BoundaryRule = 'feature-imports-feature' | 'query-outside-queries-file' | 'queries-of-another-module';

/** A source file, its path relative to the repository root with forward slashes. */
export type SourceFile = { path: string; text: string };

export type Violation = { file: string; line: number; verb: 'imports' | 'calls'; target: string; rule: BoundaryRule };

const FEATURES_DIR = 'src/web/features/';
const MODULES_DIR = 'src/server/modules/';
/** Vite's root: an import path that starts with `/` is read from here in the browser app. */
const WEB_ROOT = 'src/web';

/** `import … from 'x'`, `export … from 'x'`, `import 'x'` and `import('x')`. */
const IMPORT_PATTERN =
  /\b(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s*)?['"]([^'"\n]+)['"]|\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** A query begun on a database handle or a transaction (`db`, `tx`, `this.db`, `app.db`, `database.db`). */
const QUERY_PATTERN = /\b(db|tx)\s*\.\s*(select|selectDistinct|selectDistinctOn|insert|update|delete|execute|query|with|\$count)\b/g;

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

export function importsOf(text: string): { specifier: string; line: number }[] {
  return [...text.matchAll(IMPORT_PATTERN)].map((match) => ({ specifier: match[1] ?? match[2] ?? '', line: lineAt(text, match.index) }));
}

/** Where an import points, relative to the repository root; undefined for a package. */
export function resolveImport(fromFile: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  if (specifier.startsWith('/') && fromFile.startsWith(`${WEB_ROOT}/`)) return path.posix.normalize(WEB_ROOT + specifier);
  return undefined;
}

/** The feature a path lies in (`src/web/features/<name>/…`), or undefined. */
function featureOf(file: string): string | undefined {
  return file.startsWith(FEATURES_DIR) ? file.slice(FEATURES_DIR.length).split('/')[0] || undefined : undefined;
}

/** The server module a path lies in (`src/server/modules/<name>/…`), or undefined. */
function moduleOf(file: string): string | undefined {
  return file.startsWith(MODULES_DIR) ? file.slice(MODULES_DIR.length).split('/')[0] || undefined : undefined;
}

const isQueriesFile = (file: string) => /-queries\.tsx?$/.test(file);

function mayQuery(file: string): boolean {
  return file.startsWith('src/server/db/') || isQueriesFile(file);
}

export function findViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const { path: file, text } of files) {
    const feature = featureOf(file);
    if (feature) {
      for (const { specifier, line } of importsOf(text)) {
        const target = resolveImport(file, specifier);
        const targetFeature = target && featureOf(target);
        if (targetFeature && targetFeature !== feature) {
          violations.push({ file, line, verb: 'imports', target: target ?? specifier, rule: 'feature-imports-feature' });
        }
      }
    }
    if (file.startsWith('src/server/')) {
      const owner = moduleOf(file);
      for (const { specifier, line } of importsOf(text)) {
        const target = resolveImport(file, specifier);
        const targetModule = target && moduleOf(target);
        if (target && targetModule && targetModule !== owner && isQueriesFile(target)) {
          violations.push({ file, line, verb: 'imports', target, rule: 'queries-of-another-module' });
        }
      }
    }
    if (file.startsWith('src/') && !mayQuery(file)) {
      for (const match of text.matchAll(QUERY_PATTERN)) {
        violations.push({
          file,
          line: lineAt(text, match.index),
          verb: 'calls',
          target: `${match[1]}.${match[2]}`,
          rule: 'query-outside-queries-file',
        });
      }
    }
  }
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

export function formatViolation(violation: Violation): string {
  return `${violation.file}:${violation.line} ${violation.verb} ${violation.target} (${violation.rule})`;
}

/** Every TypeScript source file under `dir` (relative to `root`). */
export function readSourceFiles(root: string, dir = 'src'): SourceFile[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => {
      const relative = path.posix.join(dir, name.split(path.sep).join('/'));
      return { path: relative, text: readFileSync(path.join(root, relative), 'utf8') };
    });
}
