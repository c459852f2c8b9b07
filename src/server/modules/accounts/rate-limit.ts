import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { waitText } from '../../plugins/security.ts';

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

/** Limits per client (IP address) and per e-mail address for each account action. */
export const ACCOUNT_LIMITS = {
  login: { perClient: { max: 20, windowSeconds: 15 * 60 }, perAddress: { max: 8, windowSeconds: 15 * 60 } },
  signup: { perClient: { max: 10, windowSeconds: 60 * 60 }, perAddress: { max: 3, windowSeconds: 60 * 60 } },
  forgotPassword: { perClient: { max: 10, windowSeconds: 60 * 60 }, perAddress: { max: 3, windowSeconds: 60 * 60 } },
  resendVerification: { perClient: { max: 10, windowSeconds: 60 * 60 }, perAddress: { max: 3, windowSeconds: 60 * 60 } },
  actionCode: { perClient: { max: 30, windowSeconds: 60 * 60 } },
} as const;

export async function limitAttempt(db: Database, action: keyof typeof ACCOUNT_LIMITS, client: string, address?: string): Promise<void> {
  const limits: { perClient: Limit; perAddress?: Limit } = ACCOUNT_LIMITS[action];
  await consumeRateLimit(db, `${action}:client:${client}`, limits.perClient);
  if (address && limits.perAddress) await consumeRateLimit(db, `${action}:address:${address.toLowerCase()}`, limits.perAddress);
}
