import type { TestProject } from 'vitest/node';
import { migratedDatabase } from './migrated-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A DATA_DIR whose embedded database is created and migrated, copied for each server a test starts afresh and
     * each integration test file's PGlite (`freshDataDir`); empty on a PostgreSQL server.
     */
    pgliteDataDir: string;
  }
}

/**
 * Runs once per project: provides the run's migrated embedded database on disk (tests/support/migrated-database.ts,
 * migrated once for every project), so that a server started on a fresh DATA_DIR begins from a copy of it instead
 * of creating its database (seconds each, dozens of times).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const migrated = await migratedDatabase();
  project.provide('pgliteDataDir', migrated.dataDir);
  return () => migrated.release();
}
