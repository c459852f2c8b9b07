import { setTimeout as sleep } from 'node:timers/promises';

/**
 * What the sign-in limits wait on (decision 011). The moments they wait for, and their windows, are read from the
 * database's clock, so that every instance agrees; this clock only waits. Production waits on Node's timers; tests
 * give the app one that waits for nothing, or until they end the wait, and records each wait asked for.
 */
export type Clock = {
  /** Resolves after `milliseconds`; rejects with the signal's reason as soon as `signal` aborts, or at once if it has. */
  sleep(milliseconds: number, signal?: AbortSignal): Promise<void>;
};

export const realClock: Clock = {
  sleep: (milliseconds, signal) => sleep(milliseconds, undefined, { signal }),
};
