import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { PGlite, type Transaction as PgliteTransaction, type QueryOptions, types } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { findUpwards } from '../find-upwards.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The database every query is written against, whichever driver sits underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A query function's handle: the database, or a transaction the caller has opened. */
export type Executor = Database | Transaction;

/**
 * Listens on a NOTIFY channel; resolves to a function that stops listening. On a PostgreSQL server the listening
 * connection can drop: `onConnection(false)` says that messages may be missed from now on, `onConnection(true)`
 * that listening has resumed (the embedded database never drops).
 */
export type Listen = ((
  channel: string,
  onMessage: (payload: string) => void,
  onConnection?: (listening: boolean) => void,
) => Promise<() => Promise<void>>) & {
  /**
   * True where every notice a transaction sends has reached the listeners by the time its commit returns to the
   * caller: the embedded database, which hands notices over with the commit's own answer (one process, one
   * connection). A PostgreSQL server sends them to the listening connection, to arrive a little later.
   */
  heardAtCommit?: boolean;
};

export type DatabaseHandle = {
  db: Database;
  listen: Listen;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up message (the password is never shown). */
  location: string;
  /**
   * The embedded database as one consistent, uncompressed tar (PGlite's dumpDataDir), taken under its lock; whoever
   * keeps it compresses it afterwards. Undefined on a PostgreSQL server.
   */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
};

/**
 * The embedded database's shared buffers (its page cache). PGlite fills PostgreSQL's shared memory at start, so all of
 * it is resident from the first moment: 16 MB of buffers is 18 MB less than 32 (docs/performance.md, "Memory on a small
 * server"). A small business's tables and indexes fit in it, and a page not in it is read from the operating system's
 * cache.
 */
export const EMBEDDED_SHARED_BUFFERS = '16MB';

const moduleDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The migrations' folder, src/server/db/migrations under the project's root: found from this module's own folder
 * upwards, since this code runs from src/server/db (tests), dist/server/db (the command-line tools) and the server's
 * single-file build, dist/server/main.js.
 */
export const MIGRATIONS_DIR = findMigrations();

function findMigrations(): string {
  const found = findUpwards(moduleDir, 'src/server/db/migrations', (candidate) => existsSync(path.join(candidate, 'meta/_journal.json')));
  if (!found) throw new Error('src/server/db/migrations is missing: it must be deployed with the built server');
  return `${found}${path.sep}`;
}

/**
 * The empty cluster `npm run build` made with the installed PGlite (scripts/embedded-cluster.mjs:
 * dist/server/embedded-cluster-<PGlite's version>), found like the migrations; undefined without a build, or when the
 * build's was made by another PGlite (PostgreSQL would refuse its catalog).
 */
export function embeddedClusterTemplate(): string | undefined {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return findUpwards(moduleDir, `dist/server/embedded-cluster-${version}`, (candidate) => existsSync(path.join(candidate, 'PG_VERSION')));
}

/**
 * Creates the embedded database in `directory` from the build's empty cluster, when there is none there yet and the
 * build made one; PGlite creates it otherwise. PGlite's own way runs initdb in a second PostgreSQL instance, with a
 * copy of the whole WebAssembly memory: about 800 MB resident at the first start, and kept until the collector ran;
 * copying the same files costs nothing. The copy is made beside the folder and renamed into place, so that a server
 * killed half-way leaves no half-made database: the next start makes the copy again.
 */
function createFromTemplate(directory: string): void {
  if (existsSync(path.join(directory, 'PG_VERSION'))) return;
  // Only into a folder of its own, missing or empty: a link elsewhere, or files of another kind, are left to PGlite.
  const existing = lstatSync(directory, { throwIfNoEntry: false });
  if (existing && (!existing.isDirectory() || readdirSync(directory).length > 0)) return;
  const template = embeddedClusterTemplate();
  if (!template) return;
  const staging = `${directory}.new`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(template, staging, { recursive: true });
  chmodSync(staging, 0o700);
  rmSync(directory, { recursive: true, force: true });
  renameSync(staging, directory);
}

/**
 * V8 compiles PGlite's WebAssembly (PostgreSQL, 9 MB of it) with its baseline compiler, Liftoff, then again with its
 * optimising compiler, TurboFan, on background threads, for each function that gets hot. Those compilations' working
 * memory, once freed, stays with the C library's allocator of each thread: about 90 MB of the server's resident memory
 * after start, more or less from one start to the next, never given back (docs/performance.md, "Memory on a small
 * server"). The app's statements are small, and most of their time is PGlite's JavaScript and the file system: a
 * booking-like transaction of four statements took the same CPU time within a few per cent with Liftoff's code alone,
 * while a long computation in SQL (a sum over 600,000 rows) takes about 40 % longer. So the process keeps Liftoff's
 * code: `--liftoff-only`, set before PGlite compiles (it applies to WebAssembly compiled from then on, in this process).
 * On x86-64 Liftoff needs SSE4.1 (every processor since 2008, but not every virtual machine's default CPU model);
 * without it V8 falls back to TurboFan, a fallback the flag would turn into a crash, so the flag is set only where
 * Liftoff is known to work. On Node 24 the flag set here does not take (measured: 283 MB idle and 748 MB at a first
 * start, as without it; why is not known), while on the command line it does: `npm start` and the deploy unit pass
 * it (package.json, deploy/techhelp.service); this call serves a server started otherwise on Node 20.
 */
function keepBaselineWasmCode(): void {
  let supported = process.arch === 'arm64';
  if (process.arch === 'x64' && process.platform === 'linux') {
    try {
      supported = /^flags\s*:.*\bsse4_1\b/m.test(readFileSync('/proc/cpuinfo', 'utf8'));
    } catch {
      supported = false;
    }
  }
  if (supported) v8.setFlagsFromString('--liftoff-only');
}

/**
 * The advisory lock every instance takes to migrate a PostgreSQL database (issue 42): instances started together on
 * one database migrate one at a time, and the second then finds nothing to do, where both used to create drizzle's
 * table at once and one exited (`type "__drizzle_migrations" already exists`). A number of our own, fixed forever.
 */
export const MIGRATION_LOCK_KEY = 4_216_300_771;

/**
 * Brings a PostgreSQL database's schema up to date on one connection of its own, holding MIGRATION_LOCK_KEY: the lock
 * is the session's, so it is let go when the connection ends, however the migration ends.
 */
async function migrateUnderLock(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    await client.end();
  }
}

export type DatabaseOptions = {
  databaseUrl: string | undefined;
  dataDir: string | undefined;
  /** An embedded database to start from (PGlite's dumpDataDir archive), for tests that copy a migrated one. */
  loadDataDir?: Blob;
};

/**
 * Opens the database and brings its schema up to date: a PostgreSQL server when a URL is given, otherwise the
 * embedded PGlite under DATA_DIR/pglite (or in memory when no directory is given, for tests).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that loses its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzleNodePg({ client: pool, schema });
    try {
      await migrateUnderLock(options.databaseUrl);
    } catch (error) {
      await pool.end();
      throw error;
    }
    const url = new URL(options.databaseUrl);
    url.password = '';
    const connectionString = options.databaseUrl;
    return {
      db,
      kind: 'postgres',
      location: url.toString(),
      listen: listenerOnPg(connectionString),
      close: () => pool.end(),
    };
  }

  let directory: string | undefined;
  if (options.dataDir) {
    directory = path.join(options.dataDir, 'pglite');
    if (!options.loadDataDir) createFromTemplate(directory);
    mkdirSync(directory, { recursive: true, mode: 0o700 });
  }
  keepBaselineWasmCode();
  const client = await PGlite.create({
    // PostgreSQL's default 128 MB of shared buffers would be most of the embedded database's idle memory.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    ...(directory ? { dataDir: directory } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client: withTextTypesOnce(client), schema });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    location: directory ?? 'memory',
    listen: Object.assign(
      async (channel: string, onMessage: (payload: string) => void) => {
        const unlisten = await client.listen(channel, onMessage);
        return async () => {
          if (!client.closed) await unlisten();
        };
      },
      { heardAtCommit: true },
    ),
    // PGlite's own gzip would compress inside its lock, where every query waits (decision 023).
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/**
 * The types drizzle reads as text and converts itself: timestamps, dates, intervals and their arrays, and numeric
 * arrays (drizzle-orm/pglite/session.js).
 */
const DRIZZLE_TEXT_TYPES = new Set<number>([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182]);
const asText = (value: string) => value;

/** The options without drizzle's parsers, when they are only those the client now applies by itself. */
function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers || !Object.keys(options.parsers).every((oid) => DRIZZLE_TEXT_TYPES.has(Number(oid)))) return options;
  const { parsers: _applied, ...rest } = options;
  return rest;
}

/**
 * The embedded database as drizzle is given it. Drizzle passes the same parsers with every query (its text types,
 * above), and PGlite merges them into a copy of its whole parser table, several hundred types, for each result:
 * 0.09 ms of a 0.15 ms query (docs/performance.md). Here the text types are set once on the instance, and queries
 * reach it without them, so each result is read with the table as it stands. Every other method is PGlite's own.
 */
export function withTextTypesOnce(client: PGlite): PGlite {
  for (const oid of DRIZZLE_TEXT_TYPES) client.parsers[oid] = asText;
  const inTransaction = (tx: PgliteTransaction): PgliteTransaction =>
    Object.create(tx, {
      query: { value: (query: string, params?: unknown[], options?: QueryOptions) => tx.query(query, params, withoutTextParsers(options)) },
    });
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) => target.query(query, params, withoutTextParsers(options));
      }
      if (property === 'transaction') {
        return <T>(callback: (tx: PgliteTransaction) => Promise<T>) => target.transaction((tx) => callback(inTransaction(tx)));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The name the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'techhelp-listen';

/** The first wait before listening again after the connection dropped. */
const FIRST_RELISTEN_DELAY_MS = 250;

/**
 * LISTEN for every channel of a process on one connection of its own. One connection keeps the notices in the
 * order they were committed whatever their channel: a cache's notice that a customer's visits changed comes before
 * the live update that makes their browser read them again, so that read finds the cache already emptied. It
 * reconnects with backoff when the server goes away, so that a restarted PostgreSQL server does not silence live
 * updates for good, and closes once nothing listens.
 */
function listenerOnPg(connectionString: string): Listen {
  type Handler = { channel: string; onMessage: (payload: string) => void; onConnection?: ((listening: boolean) => void) | undefined };
  const handlers = new Set<Handler>();
  let client: pg.Client | undefined;
  /** The channels the current connection listens on. */
  let listening = new Set<string>();
  let opening: Promise<pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  /**
   * The wait before the next try to listen again: a quarter second after a drop (a cut connection, a restarted
   * server), so that the screens' resync follows within a second or so, then 1.5 times longer each failed try.
   */
  let delay = FIRST_RELISTEN_DELAY_MS;
  const quoted = (channel: string) => `"${channel.replaceAll('"', '')}"`;

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString, application_name: LISTENER_APPLICATION_NAME });
    next.on('notification', (message) => {
      if (message.payload === undefined) return;
      for (const handler of [...handlers]) if (handler.channel === message.channel) handler.onMessage(message.payload);
    });
    next.on('error', () => {
      if (client !== next) return;
      client = undefined;
      listening = new Set();
      next.end().catch(() => {});
      for (const handler of handlers) handler.onConnection?.(false);
      schedule();
    });
    try {
      await next.connect();
      const channels = new Set([...handlers].map((handler) => handler.channel));
      for (const channel of channels) await next.query(`listen ${quoted(channel)}`);
      client = next;
      listening = channels;
      delay = FIRST_RELISTEN_DELAY_MS;
      return next;
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
  };
  /** The open connection, or the one being opened. */
  const connection = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    opening ??= connect().finally(() => {
      opening = undefined;
    });
    return opening;
  };
  const schedule = () => {
    if (retry || handlers.size === 0) return;
    retry = setTimeout(() => {
      retry = undefined;
      if (handlers.size === 0) return;
      connection().then(
        () => {
          for (const handler of handlers) handler.onConnection?.(true);
        },
        () => {
          delay = Math.min(delay * 1.5, 60_000);
          schedule();
        },
      );
    }, delay);
    retry.unref();
  };

  return async (channel, onMessage, onConnection) => {
    const handler: Handler = { channel, onMessage, onConnection };
    handlers.add(handler);
    try {
      const open = await connection();
      if (!listening.has(channel)) {
        await open.query(`listen ${quoted(channel)}`);
        listening.add(channel);
      }
    } catch (error) {
      handlers.delete(handler);
      throw error;
    }
    onConnection?.(true);
    return async () => {
      handlers.delete(handler);
      if (handlers.size > 0) return;
      clearTimeout(retry);
      retry = undefined;
      const open = client;
      client = undefined;
      listening = new Set();
      await open?.end().catch(() => {});
    };
  };
}
