import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** NOTIFY on a channel; inside a transaction, PostgreSQL delivers it only once that commits. */
export async function notifyChannel(db: Executor, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
