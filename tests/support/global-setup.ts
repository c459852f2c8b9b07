import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';
import { migratedDatabase } from './migrated-database.ts';
import { writeWebFixture } from './web-fixture.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database that each test file's database is created from (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
    /**
     * For the integration tests, a stand-in for the built browser app (tests/support/web-fixture.ts) that
     * createTestApp serves, so that they need no build; empty for the tests that serve the real one.
     */
    testWebRoot: string;
  }
}

/**
 * Runs once per project, before any file: provides the database every test file's database is copied from, migrated
 * once per run (on PGlite, tests/support/migrated-database.ts, shared with the other projects), instead of each
 * file creating and migrating its own (seconds each, dozens of times); and writes the integration tests' stand-in
 * for the built browser app.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const removeWebRoot = provideWebRoot(project);
  const removeTemplate = await provideTemplate(project);
  return async () => {
    removeWebRoot();
    await removeTemplate();
  };
}

/** The integration tests serve a stand-in for the built browser app; the browser tests of the postgres project, the real one. */
function provideWebRoot(project: TestProject): () => void {
  if (project.name !== 'integration') {
    project.provide('testWebRoot', '');
    return () => {};
  }
  const root = mkdtempSync(path.join(tmpdir(), 'techhelp-web-'));
  writeWebFixture(root);
  project.provide('testWebRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}

async function provideTemplate(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL || undefined;
  if (!url) {
    // The run's one migrated embedded database, shared with the other projects' set-ups.
    const migrated = await migratedDatabase();
    project.provide('pgliteDataDir', migrated.dataDir);
    project.provide('postgresTemplate', '');
    return async () => migrated.release();
  }
  const name = `techhelp_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: templateUrl.toString(), dataDir: undefined });
  await handle.close();
  project.provide('postgresTemplate', name);
  project.provide('pgliteDataDir', '');
  return async () => adminQuery(url, `drop database if exists ${name} with (force)`);
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
