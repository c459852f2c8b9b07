import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { rateLimits } from '../../src/server/db/schema.ts';
import type { Clock } from '../../src/server/modules/accounts/clock.ts';

/**
 * The app's clock in a test (AppDependencies.clock): it records every wait the server asks for and ends it at once,
 * so that a test proves the delays the server imposes without sitting them out; or, after hold(), it keeps the
 * waits going until release() or until their signal aborts, as the real clock would.
 */
export class TestClock implements Clock {
  /** Every wait asked for, in milliseconds, in the order asked. */
  readonly waits: number[] = [];
  private holding = false;
  private readonly held = new Set<() => void>();

  sleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    this.waits.push(milliseconds);
    if (!this.holding) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const abort = () => {
        this.held.delete(end);
        reject(signal?.reason);
      };
      const end = () => {
        this.held.delete(end);
        signal?.removeEventListener('abort', abort);
        resolve();
      };
      this.held.add(end);
      signal?.addEventListener('abort', abort, { once: true });
    });
  }

  /** From now on a wait lasts until release(), or until its signal aborts. */
  hold(): void {
    this.holding = true;
  }

  /** Ends the waits under way; later ones end at once again. */
  release(): void {
    this.holding = false;
    for (const end of [...this.held]) end();
  }

  /** How many waits are under way. */
  get waiting(): number {
    return this.held.size;
  }
}

/**
 * Brings every rate-limit window's end and every held sign-in moment `seconds` nearer: what the database's clock,
 * which keeps them (decision 011), would have done had that much time passed.
 */
export async function passRateLimitTime(db: Database, seconds: number): Promise<void> {
  await db.update(rateLimits).set({ resetAt: sql`${rateLimits.resetAt} - make_interval(secs => ${seconds})` });
}
