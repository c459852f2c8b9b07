import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { errorLog, type NewErrorLogRow } from '../../db/schema.ts';

export async function insertErrorLogEntry(db: Executor, entry: NewErrorLogRow): Promise<void> {
  await db.insert(errorLog).values(entry);
}

/** Deletes the entries made more than `days` days ago; returns how many. */
export async function deleteErrorLogEntriesOlderThan(db: Executor, days: number): Promise<number> {
  const deleted = await db
    .delete(errorLog)
    .where(lt(errorLog.createdAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: errorLog.id });
  return deleted.length;
}
