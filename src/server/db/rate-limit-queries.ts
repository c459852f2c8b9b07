import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rateLimits } from './schema.ts';

/**
 * Counts one attempt under `key` in a window of `windowSeconds` (a new window once the last has passed) and
 * returns the count so far with the window's end.
 */
export async function countAttempt(db: Database, key: string, windowSeconds: number): Promise<{ count: number; resetAt: Date }> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + make_interval(secs => ${windowSeconds}) else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  if (!row) throw new Error(`the rate-limit counter ${key} returned no row`);
  return row;
}
