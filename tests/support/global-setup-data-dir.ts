import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR whose embedded database is created and migrated, copied for each server a test starts afresh. */
    pgliteDataDir: string;
  }
}

/**
 * Runs once per test run: creates and migrates one embedded database on disk, so that a server started on a
 * fresh DATA_DIR begins from a copy of it instead of creating its database (seconds each, dozens of times).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = path.join(tmpdir(), `techhelp-data-template-${process.pid}-${randomBytes(4).toString('hex')}`);
  const handle = await openDatabase({ databaseUrl: undefined, dataDir });
  await handle.close();
  project.provide('pgliteDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
