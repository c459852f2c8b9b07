import { count, desc, eq, lt, sql } from 'drizzle-orm';
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

export async function countErrorLogEntries(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(errorLog);
  return row?.value ?? 0;
}

/** A page of the log, newest first. */
export async function listErrorLogPage(db: Executor, limit: number, offset: number) {
  return db.select().from(errorLog).orderBy(desc(errorLog.createdAt), desc(errorLog.id)).limit(limit).offset(offset);
}

/** Deletes one entry; false when there was none with that id. */
export async function deleteErrorLogEntry(db: Executor, id: string): Promise<boolean> {
  return (await db.delete(errorLog).where(eq(errorLog.id, id)).returning({ id: errorLog.id })).length > 0;
}
