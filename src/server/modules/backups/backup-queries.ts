import { and, desc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Executor } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { type BackupRunRow, backupRuns } from '../../db/schema.ts';

export async function insertBackupRun(db: Executor, run: typeof backupRuns.$inferInsert): Promise<void> {
  await db.insert(backupRuns).values(run);
}

export async function latestBackupRun(db: Executor, status?: 'ok' | 'failed'): Promise<BackupRunRow | undefined> {
  const [row] = await db
    .select()
    .from(backupRuns)
    .where(status ? and(eq(backupRuns.status, status)) : undefined)
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  return row;
}

/**
 * A PostgreSQL server's database as `npm run backup` records its pg_dump there (backup_runs, the error log): one
 * connection, and no migration, unlike openDatabase. A backup taken before an upgrade must not change the schema
 * under the server still running the old version; the server migrates when it starts.
 */
export function connectToRecordBackups(databaseUrl: string): { db: Database; close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  // A connection lost while idle must not crash the command; the next query reconnects (or fails, and says so).
  pool.on('error', () => {});
  return { db: drizzle({ client: pool, schema }), close: () => pool.end() };
}
