import type { Database } from '../db/client.ts';
import { countAttempt, deleteCounter, deleteExpiredCounters, keepMomentAtLeast, millisecondsUntil } from '../db/rate-limit-queries.ts';
import { tooManyAttemptsError } from './errors.ts';

export type Limit = { max: number; windowSeconds: number };

/**
 * Counts one attempt under `key` and refuses, with the time left, once `max` attempts fall in the window.
 * The counters live in the database so that every server instance shares them.
 */
export async function consumeRateLimit(db: Database, key: string, limit: Limit): Promise<void> {
  const { count, resetAt } = await countAttempt(db, key, limit.windowSeconds);
  if (count > limit.max) {
    throw tooManyAttemptsError(resetAt.getTime() - Date.now());
  }
}

/** Counts one more under `key` in a window of `windowSeconds`, refusing nothing; returns the count so far. */
export async function countInWindow(db: Database, key: string, windowSeconds: number): Promise<number> {
  return (await countAttempt(db, key, windowSeconds)).count;
}

/** Starts the counter under `key` again from nothing. */
export async function resetRateLimit(db: Database, key: string): Promise<void> {
  await deleteCounter(db, key);
}

/** Holds back what waits on `key` until `seconds` from now (or until a later moment already set). */
export async function holdBack(db: Database, key: string, seconds: number): Promise<void> {
  await keepMomentAtLeast(db, key, seconds);
}

/** How long what waits on `key` is still held back, by the database's clock (0 when it is free). */
export function heldFor(db: Database, key: string): Promise<number> {
  return millisecondsUntil(db, key);
}

/** Forgets counters long past their window (hourly, from app.ts). */
export function purgeExpiredRateLimits(db: Database): Promise<number> {
  return deleteExpiredCounters(db);
}
