import type { Database } from '../db/client.ts';
import { countAttempt } from '../db/rate-limit-queries.ts';
import { HttpError } from './errors.ts';
import { waitText } from './security.ts';

export type Limit = { max: number; windowSeconds: number };

/**
 * Counts one attempt under `key` and refuses, with the time left, once `max` attempts fall in the window.
 * The counters live in the database so that every server instance shares them.
 */
export async function consumeRateLimit(db: Database, key: string, limit: Limit): Promise<void> {
  const { count, resetAt } = await countAttempt(db, key, limit.windowSeconds);
  if (count > limit.max) {
    throw new HttpError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${waitText(resetAt.getTime() - Date.now())}.`);
  }
}
