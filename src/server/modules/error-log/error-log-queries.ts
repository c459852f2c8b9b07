import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { errorLog, type NewErrorLogRow } from '../../db/schema.ts';

export async function insertErrorLogEntry(db: Executor, entry: NewErrorLogRow): Promise<void> {
  await db.insert(errorLog).values(entry);
}

export async function listErrorLogEntries(db: Executor, limit: number, offset: number) {
  return db.select().from(errorLog).orderBy(desc(errorLog.createdAt), desc(errorLog.id)).limit(limit).offset(offset);
}
