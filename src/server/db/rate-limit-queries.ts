import { eq, lt, sql } from 'drizzle-orm';
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

/** Forgets the counter under `key`. */
export async function deleteCounter(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * Keeps a moment under `key` (in `reset_at`): `seconds` from now, or the one already kept when that is later. The
 * database's clock decides, so that every instance agrees.
 */
export async function keepMomentAtLeast(db: Database, key: string, seconds: number): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${seconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { resetAt: sql`greatest(${rateLimits.resetAt}, excluded.reset_at)` },
    });
}

/** Milliseconds from now until the moment kept under `key`; 0 when it has passed or none is kept. */
export async function millisecondsUntil(db: Database, key: string): Promise<number> {
  const [row] = await db
    .select({ milliseconds: sql`greatest(0, extract(epoch from (${rateLimits.resetAt} - now())) * 1000)`.mapWith(Number) })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return row?.milliseconds ?? 0;
}

/** Deletes the counters whose window ended more than a day ago: every address ever tried would stay otherwise. */
export async function deleteExpiredCounters(db: Database): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, sql`now() - interval '1 day'`))
    .returning({ key: rateLimits.key });
  return removed.length;
}
