import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** The smallest round trip to the database: throws when it cannot be reached. */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
