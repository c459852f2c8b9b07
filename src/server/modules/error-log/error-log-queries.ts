import type { Executor } from '../../db/client.ts';
import { errorLog, type NewErrorLogRow } from '../../db/schema.ts';

export async function insertErrorLogEntry(db: Executor, entry: NewErrorLogRow): Promise<void> {
  await db.insert(errorLog).values(entry);
}
