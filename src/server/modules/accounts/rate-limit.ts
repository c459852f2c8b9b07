import type { Database } from '../../db/client.ts';
import { consumeRateLimit, type Limit } from '../../plugins/rate-limit-store.ts';

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
