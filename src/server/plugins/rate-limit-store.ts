import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { HttpError } from './errors.ts';
import { waitText } from './security.ts';

export type Limit = { max: number; windowSeconds: number };

/**
 * Counts one attempt under `key` and refuses, with the time left, once `max` attempts fall in the window.
 * The counters live in the database so that every server instance shares them.
 */
export async function consumeRateLimit(db: Database, key: string, limit: Limit): Promise<void> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${limit.windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + make_interval(secs => ${limit.windowSeconds}) else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  if (row && row.count > limit.max) {
    throw new HttpError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${waitText(row.resetAt.getTime() - Date.now())}.`);
  }
}
