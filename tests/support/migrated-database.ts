import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.ts';

/** The run's one migrated embedded database. */
export type MigratedDatabase = {
  /** A DATA_DIR holding it on disk: each server a test starts, and each in-process test file's PGlite, begins from a copy. */
  dataDir: string;
};

type Shared = { made: Promise<MigratedDatabase>; users: number };

/**
 * Kept on the global object of the test run's main process, which every project's global set-up shares (each
 * project loads its set-up file as a module of its own), so that the run migrates once, not once per project.
 */
const KEY = Symbol.for('techhelp.tests.migratedDatabase');
const holder = globalThis as typeof globalThis & { [KEY]?: Shared };

async function make(): Promise<MigratedDatabase> {
  const name = `techhelp-migrated-${process.pid}-${randomBytes(4).toString('hex')}`;
  const dataDir = path.join(tmpdir(), name);
  const handle = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    // A checkpoint before the copies: a database started from one has no write-ahead log to replay.
    await handle.db.execute(sql`checkpoint`);
  } finally {
    await handle.close();
  }
  return { dataDir };
}

/**
 * The migrated database, made by the first global set-up that asks and shared with the others; `release` it in
 * the set-up's teardown, and the last release removes it.
 */
export async function migratedDatabase(): Promise<MigratedDatabase & { release(): void }> {
  holder[KEY] ??= { made: make(), users: 0 };
  const shared = holder[KEY];
  shared.users += 1;
  let made: MigratedDatabase;
  try {
    made = await shared.made;
  } catch (error) {
    shared.users -= 1;
    if (holder[KEY] === shared) delete holder[KEY];
    throw error;
  }
  let released = false;
  return {
    ...made,
    release() {
      if (released) return;
      released = true;
      shared.users -= 1;
      if (shared.users > 0) return;
      if (holder[KEY] === shared) delete holder[KEY];
      rmSync(made.dataDir, { recursive: true, force: true });
    },
  };
}
