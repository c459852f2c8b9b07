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
 * - one face per server module (issue 37): a server file outside module M (another module, app.ts, main.ts, cli,
 *   plugins…) imports from M only `src/server/modules/M/index.ts`, which re-exports what M offers the others
 *   (`internals-of-another-module`); a queries file is reported as `queries-of-another-module` instead, as it is never
 *   in a face. An index re-exports only its own module's files (`index-re-exports-another-module`), so that one face
 *   never hides another module's. Tests (`*.test.ts`) may import any file.
 * - a module's queries read and write only its own tables (`table-of-another-module`): each table of
 *   src/server/db/schema.ts has one owner in TABLE_OWNERS below, and a table the schema exports that the map does not
 *   name fails (`table-without-owner`), as does a name the map keeps for a table the schema no longer has
 *   (`owner-of-no-table`). A file of module M is reported when it imports another module's table from the schema
 *   (by name, or as `schema.table` through `import * as schema`); its `*-queries.ts` also when it reaches one as
 *   `db.query.table` / `tx.query.table`, or names one by its SQL name (`pgTable('name')`) after `from`, `join`,
 *   `into`, `update` or `table` in a string or template literal (raw SQL in sql`…` or sql.raw('…')). Type-only imports
 *   (`import type`, `type appointments`) are not uses. src/server/db is neutral and may name any table; files outside
 *   the modules (cli, plugins) are not checked by this rule, as they may not query at all (above), save
 *   cli/restore.ts's plain SQL on the archive. A table named in SQL text built at run time (a variable holding its
 *   name) is not seen; an English sentence in a queries file's string (`'moved from appointments'`) would be taken
 *   for SQL. Known debt is listed, with its reason, in TABLE_RULE_EXCEPTIONS (empty when the rule was added).
 *
 * biome.json gives a file the options of the last override that matches it, so each of its server overrides repeats
 * the restrictions of the ones before it.
 *
 * Imports, calls and literals are found in the text, not parsed: good enough for this codebase's plain import
 * statements (the literal scanner skips comments and follows template nesting, but does not know regular expression
 * literals).
 */

export type BoundaryRule =
  | 'feature-imports-feature'
  | 'query-outside-queries-file'
  | 'queries-of-another-module'
  | 'internals-of-another-module'
  | 'index-re-exports-another-module'
  | 'table-of-another-module'
  | 'table-without-owner'
  | 'owner-of-no-table'
  | 'appointment-written-outside-lifecycle';

/** A source file, its path relative to the repository root with forward slashes. */
export type SourceFile = { path: string; text: string };

export type Violation = {
  file: string;
  line: number;
  verb: 'imports' | 'calls' | 'uses' | 'declares' | 'names';
  target: string;
  rule: BoundaryRule;
};

/** Where a table belongs that no module owns: the rate-limit store of src/server/plugins, its queries in src/server/db. */
const DB_OWNER = 'db';

/**
 * The module that owns each table of src/server/db/schema.ts, by the schema's export name (docs/architecture.md,
 * "Server modules and the tables they own"). A table added to the schema must be added here.
 */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  user: 'accounts',
  session: 'accounts',
  account: 'accounts',
  verification: 'accounts',
  profiles: 'accounts',
  accountTokens: 'accounts',
  trustedContacts: 'accounts',
  taxExemptions: 'accounts',
  contactSuppressions: 'accounts',
  appointments: 'appointments',
  estimates: 'appointments',
  waitlistEntries: 'waitlist',
  paymentOrders: 'payments',
  payments: 'payments',
  payRequests: 'payments',
  invoices: 'payments',
  invoiceCounter: 'payments',
  reviews: 'reviews',
  auditLog: 'history',
  errorLog: 'error-log',
  configChanges: 'config-log',
  timeOff: 'schedule',
  businessSettings: 'schedule',
  calendarImport: 'schedule',
  calendarBusyTimes: 'schedule',
  outboxEmails: 'mail',
  outboxTexts: 'texts',
  textOptOuts: 'texts',
  textConfirmations: 'texts',
  textConsents: 'texts',
  backupRuns: 'backups',
  rateLimits: DB_OWNER,
};

/**
 * Uses of another module's table that are known and allowed for now, each with why: the debt the table rule shows.
 * An entry names the file and the table's export name in the schema.
 */
export const TABLE_RULE_EXCEPTIONS: readonly { file: string; table: string; why: string }[] = [];

/**
 * A job's state has one owner (issue 37): inside the appointments module, the queries that write the appointments
 * table are imported by the job's life cycle only. (Claiming a due reminder, which marks it sent, is the reminders' own bookkeeping, not the job's state.)
 */
const APPOINTMENT_LIFECYCLE_FILE = 'src/server/modules/appointments/appointment-lifecycle.ts';
const APPOINTMENT_WRITES = ['insertAppointment', 'updateAppointment'];
const APPOINTMENT_QUERY_IMPORT_PATTERN = /\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"\n]+)['"]/g;

function appointmentWritesOutsideLifecycle(file: string, text: string): Violation[] {
  // Other modules cannot import the appointments' queries at all (queries-of-another-module).
  if (file === APPOINTMENT_LIFECYCLE_FILE || moduleOf(file) !== 'appointments') return [];
  const found: Violation[] = [];
  for (const match of text.matchAll(APPOINTMENT_QUERY_IMPORT_PATTERN)) {
    const target = resolveImport(file, match[2] ?? '');
    if (!target?.replace(/\.ts$/, '').endsWith('modules/appointments/appointment-queries')) continue;
    const names = (match[1] ?? '').split(',').map(
      (name) =>
        name
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0],
    );
    for (const name of names) {
      if (name && APPOINTMENT_WRITES.includes(name)) {
        found.push({ file, line: lineAt(text, match.index), verb: 'imports', target: name, rule: 'appointment-written-outside-lifecycle' });
      }
    }
  }
  return found;
}

const SCHEMA_FILE = 'src/server/db/schema.ts';
const SCHEMA_DIR = 'src/server/db/schema/';
const DB_DIR = 'src/server/db/';

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

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Whether `file` (an import's target, maybe written without its extension) is module `module`'s face, its index.ts. */
const isFaceOf = (module: string, file: string) => file.replace(/\.[jt]sx?$/, '') === `${MODULES_DIR}${module}/index`;

/** `export … from 'x'` in a module's index that reaches outside the module (`index-re-exports-another-module`). */
function reExportsOfOtherModules(file: string, module: string, text: string): Violation[] {
  const found: Violation[] = [];
  for (const match of text.matchAll(/\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*['"]([^'"\n]+)['"]/g)) {
    const specifier = match[1] ?? '';
    const target = resolveImport(file, specifier);
    if (target === undefined || moduleOf(target) !== module) {
      found.push({
        file,
        line: lineAt(text, match.index),
        verb: 'imports',
        target: target ?? specifier,
        rule: 'index-re-exports-another-module',
      });
    }
  }
  return found;
}

function mayQuery(file: string): boolean {
  return file.startsWith(DB_DIR) || isQueriesFile(file);
}

/** `export const name = pgTable('sql_name'`: each table the schema declares, with its SQL name and line. */
const TABLE_PATTERN = /\bexport\s+const\s+(\w+)\s*=\s*pgTable\s*\(\s*['"]([^'"]+)['"]/g;

/** `import { a, type B, c as d } from 'x'`, `import * as s from 'x'`, `export { a } from 'x'` (not `import x from`). */
const NAMED_IMPORT_PATTERN = /\b(import|export)\s+(type\s+)?(?:\*\s+as\s+(\w+)|\{([^}]*)\})\s*from\s*['"]([^'"\n]+)['"]/g;

/** Drizzle's relational queries, which name a table by its export name: `db.query.appointments`. */
const RELATIONAL_QUERY_PATTERN = /\b(?:db|tx)\s*\.\s*query\s*\.\s*(\w+)/g;

/** A table named in SQL text: after `from`, `join`, `into`, `update` or `table`, maybe quoted, maybe `public.`. */
const SQL_TABLE_PATTERN = /\b(?:from|join|into|update|table)\s+(?:only\s+)?(?:"?public"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?/gi;

type TableDeclaration = { name: string; sqlName: string; line: number };

export function tablesOf(schemaText: string): TableDeclaration[] {
  return [...schemaText.matchAll(TABLE_PATTERN)].map((match) => ({
    name: match[1] ?? '',
    sqlName: match[2] ?? '',
    line: lineAt(schemaText, match.index),
  }));
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The text of every string and template literal (each template's chunks between `${…}` apart), with where it starts;
 * comments are skipped. Regular expression literals are not recognised.
 */
export function literalsOf(text: string): { text: string; index: number }[] {
  const found: { text: string; index: number }[] = [];
  /** For each template whose `${…}` is open, the depth of braces opened inside it. */
  const open: number[] = [];
  /** Reads a template chunk from `start` up to its closing backtick or `${`; returns where the scan goes on. */
  const chunk = (start: number): number => {
    let end = start;
    while (end < text.length && text[end] !== '`' && !(text[end] === '$' && text[end + 1] === '{')) end += text[end] === '\\' ? 2 : 1;
    found.push({ text: text.slice(start, end), index: start });
    if (text[end] === '$') {
      open.push(0);
      return end + 2;
    }
    return end + 1;
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (char === "'" || char === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== char && text[end] !== '\n') end += text[end] === '\\' ? 2 : 1;
      found.push({ text: text.slice(i + 1, end), index: i + 1 });
      i = end + 1;
    } else if (char === '`') {
      i = chunk(i + 1);
    } else if (char === '{' && open.length > 0) {
      open[open.length - 1] = (open.at(-1) ?? 0) + 1;
      i++;
    } else if (char === '}' && open.length > 0) {
      const depth = open.at(-1) ?? 0;
      if (depth === 0) {
        open.pop();
        i = chunk(i + 1);
      } else {
        open[open.length - 1] = depth - 1;
        i++;
      }
    } else {
      i++;
    }
  }
  return found;
}

/** What the table rule needs to know of the tables: their owners, by export name and by SQL name. */
type Tables = { ownerOf: Map<string, string>; bySqlName: Map<string, string> };

/**
 * The tables of the schema (when the files include it; else those of TABLE_OWNERS, their SQL names guessed as the
 * snake case of their export names), and what is wrong with TABLE_OWNERS against the schema.
 */
function tablesAndOwnership(files: SourceFile[], violations: Violation[]): Tables {
  // The schema is schema.ts and the files of schema/ it gathers (one per area).
  const schemaFiles = files.filter((file) => isSchemaSource(file.path));
  const schema = schemaFiles.length > 0;
  const declared = schema
    ? schemaFiles.flatMap((file) => tablesOf(file.text).map((table) => ({ ...table, file: file.path })))
    : Object.keys(TABLE_OWNERS).map((name) => ({ name, sqlName: snakeCase(name), line: 0, file: SCHEMA_FILE }));
  const ownerOf = new Map<string, string>();
  const bySqlName = new Map<string, string>();
  for (const { name, sqlName, line, file } of declared) {
    const owner = Object.hasOwn(TABLE_OWNERS, name) ? TABLE_OWNERS[name] : undefined;
    if (owner) ownerOf.set(name, owner);
    else violations.push({ file, line, verb: 'declares', target: name, rule: 'table-without-owner' });
    bySqlName.set(sqlName, name);
  }
  if (schema) {
    for (const name of Object.keys(TABLE_OWNERS)) {
      if (!declared.some((table) => table.name === name)) {
        violations.push({ file: 'scripts/boundaries.ts', line: 1, verb: 'names', target: name, rule: 'owner-of-no-table' });
      }
    }
  }
  return { ownerOf, bySqlName };
}

/** schema.ts, or one of the files of schema/ it gathers. */
const isSchemaSource = (file: string) => file === SCHEMA_FILE || (file.startsWith(SCHEMA_DIR) && /\.ts$/.test(file));

const isSchema = (target: string | undefined) => target !== undefined && isSchemaSource(target.replace(/\.[jt]s$/, '').concat('.ts'));

/** Each table of the schema a server module's file reaches, with the line: see the table rule at the top. */
function tablesUsedBy(file: string, text: string, tables: Tables): { table: string; line: number }[] {
  const used: { table: string; line: number }[] = [];
  for (const match of text.matchAll(NAMED_IMPORT_PATTERN)) {
    const [, , typeOnly, namespace, names, specifier = ''] = match;
    if (typeOnly || !isSchema(resolveImport(file, specifier))) continue;
    const line = lineAt(text, match.index);
    if (namespace) {
      for (const use of text.matchAll(new RegExp(`\\b${namespace}\\s*\\.\\s*(\\w+)`, 'g'))) {
        if (use[1] && tables.ownerOf.has(use[1])) used.push({ table: use[1], line: lineAt(text, use.index) });
      }
    }
    for (const name of (names ?? '').split(',')) {
      const imported = name.trim().split(/\s+as\s+/)[0] ?? '';
      if (tables.ownerOf.has(imported)) used.push({ table: imported, line }); // `type appointments` is not a use
    }
  }
  if (isQueriesFile(file)) {
    for (const match of text.matchAll(RELATIONAL_QUERY_PATTERN)) {
      if (match[1] && tables.ownerOf.has(match[1])) used.push({ table: match[1], line: lineAt(text, match.index) });
    }
    for (const literal of literalsOf(text)) {
      for (const match of literal.text.matchAll(SQL_TABLE_PATTERN)) {
        const table = tables.bySqlName.get((match[1] ?? '').toLowerCase());
        if (table) used.push({ table, line: lineAt(text, literal.index + match.index) });
      }
    }
  }
  return used;
}

/** The rule `table-of-another-module` on one file of `module`, less TABLE_RULE_EXCEPTIONS. */
function tablesOfOtherModules(file: string, module: string, text: string, tables: Tables): Violation[] {
  const found = new Map<string, Violation>();
  for (const { table, line } of tablesUsedBy(file, text, tables)) {
    const owner = tables.ownerOf.get(table);
    if (owner === module || TABLE_RULE_EXCEPTIONS.some((exception) => exception.file === file && exception.table === table)) continue;
    found.set(`${line} ${table}`, { file, line, verb: 'uses', target: `table ${table} of ${owner}`, rule: 'table-of-another-module' });
  }
  return [...found.values()];
}

export function findViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  const tables = tablesAndOwnership(files, violations);
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
        } else if (target && targetModule && targetModule !== owner && !isTest(file) && !isFaceOf(targetModule, target)) {
          violations.push({ file, line, verb: 'imports', target, rule: 'internals-of-another-module' });
        }
      }
    }
    const module = moduleOf(file);
    if (module && isFaceOf(module, file)) violations.push(...reExportsOfOtherModules(file, module, text));
    if (module) violations.push(...tablesOfOtherModules(file, module, text, tables));
    violations.push(...appointmentWritesOutsideLifecycle(file, text));
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
