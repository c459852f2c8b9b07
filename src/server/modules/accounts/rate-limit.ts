import { GENERIC_SERVER_ERROR_MESSAGE } from '../../../shared/messages.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { consumeRateLimit, countInWindow, heldFor, holdBack, type Limit, resetRateLimit } from '../../plugins/rate-limit-store.ts';
import type { Clock } from './clock.ts';

/** Limits per client (IP address) and per e-mail address for each account action but sign-in (SIGN_IN_LIMITS). */
export const ACCOUNT_LIMITS = {
  signup: { perClient: { max: 10, windowSeconds: 60 * 60 }, perAddress: { max: 3, windowSeconds: 60 * 60 } },
  forgotPassword: { perClient: { max: 10, windowSeconds: 60 * 60 }, perAddress: { max: 3, windowSeconds: 60 * 60 } },
  resendVerification: { perClient: { max: 10, windowSeconds: 60 * 60 }, perAddress: { max: 3, windowSeconds: 60 * 60 } },
  actionCode: { perClient: { max: 30, windowSeconds: 60 * 60 } },
} as const;

/**
 * Sign-in (decision 011): attempts per client; failures of one address from one client, a hard limit that only
 * that client meets; and for the address alone, delays that grow with its failures from every client but never
 * lock its owner out.
 */
export const SIGN_IN_LIMITS = {
  perClient: { max: 20, windowSeconds: 15 * 60 },
  failuresPerAddressAndClient: { max: 8, windowSeconds: 15 * 60 },
  addressDelay: { freeFailures: 5, firstDelaySeconds: 1, maxDelaySeconds: 30, windowSeconds: 15 * 60 },
} as const;

/**
 * Confirming an account's deletion with its password, per account: the confirmation stands between a stolen session
 * and the account, so it may not become a way to guess the password (sign-in allows 20 tries in 15 minutes).
 */
export const DELETE_CONFIRMATION_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };

export async function limitDeleteConfirmation(db: Database, userId: string): Promise<void> {
  await consumeRateLimit(db, `delete-confirmation:user:${userId}`, DELETE_CONFIRMATION_LIMIT);
}

export async function limitAttempt(db: Database, action: keyof typeof ACCOUNT_LIMITS, client: string, address?: string): Promise<void> {
  const limits: { perClient: Limit; perAddress?: Limit } = ACCOUNT_LIMITS[action];
  await consumeRateLimit(db, `${action}:client:${client}`, limits.perClient);
  if (address && limits.perAddress) await consumeRateLimit(db, `${action}:address:${address.toLowerCase()}`, limits.perAddress);
}

/** How long the next sign-in for an address waits after its `failures` in the window: 0, then 1 s, 2 s, 4 s ... 30 s. */
export function signInDelaySeconds(failures: number): number {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds } = SIGN_IN_LIMITS.addressDelay;
  if (failures < freeFailures) return 0;
  return Math.min(firstDelaySeconds * 2 ** (failures - freeFailures), maxDelaySeconds);
}

/**
 * Runs one sign-in under SIGN_IN_LIMITS. The attempt counts against the client at once and against the address
 * from this client until it proves the password (so that parallel attempts cannot slip past the limit), and a
 * wrong password counts against the address alone, whose next attempts then wait. The wait comes before the
 * password is checked, holds no transaction, and ends early (503) when `signal` aborts. How long to wait is the
 * database's to say (the moment it keeps, by its clock); the waiting is `clock`'s.
 */
export async function limitSignIn<T>(
  db: Database,
  clock: Clock,
  attempt: { client: string; address: string; signal?: AbortSignal },
  signIn: () => Promise<T>,
): Promise<T> {
  const address = attempt.address.toLowerCase();
  const fromClient = `login:failures:${attempt.client} ${address}`;
  const delayKey = `login:delay:${address}`;
  await consumeRateLimit(db, `login:client:${attempt.client}`, SIGN_IN_LIMITS.perClient);
  await consumeRateLimit(db, fromClient, SIGN_IN_LIMITS.failuresPerAddressAndClient);
  const wait = Math.min(await heldFor(db, delayKey), SIGN_IN_LIMITS.addressDelay.maxDelaySeconds * 1000);
  try {
    if (wait > 0) await clock.sleep(wait, attempt.signal);
  } catch (error) {
    if (attempt.signal?.aborted) throw new HttpError(503, 'UNAVAILABLE', GENERIC_SERVER_ERROR_MESSAGE);
    throw error;
  }
  try {
    const result = await signIn();
    await resetRateLimit(db, fromClient);
    return result;
  } catch (error) {
    if (error instanceof HttpError && error.code === 'INVALID_CREDENTIALS') {
      const failures = await countInWindow(db, `login:address-failures:${address}`, SIGN_IN_LIMITS.addressDelay.windowSeconds);
      const delay = signInDelaySeconds(failures);
      if (delay > 0) await holdBack(db, delayKey, delay);
    } else if (error instanceof HttpError && error.code === 'EMAIL_NOT_VERIFIED') {
      // The password was right: this client is no guesser.
      await resetRateLimit(db, fromClient);
    }
    throw error;
  }
}
