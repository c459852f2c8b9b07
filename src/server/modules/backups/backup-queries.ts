import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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
