/** A change announced to the screens allowed to see it: its owner's and every admin's. */
export type ChangeEvent = { kind: 'appointment' | 'profile'; userId: string; appointmentId?: string };

/** The server sends a heartbeat this often; the browser counts the connection Offline after OFFLINE_AFTER_MS. */
export const HEARTBEAT_MS = 5000;
export const OFFLINE_AFTER_MS = 10_000;
/** Reconnect backoff of the spec's sync layer: 1 s, then x1.5, at most 60 s. */
export const RECONNECT_INITIAL_MS = 1000;
export const RECONNECT_MULTIPLIER = 1.5;
export const RECONNECT_MAX_MS = 60_000;

export function nextReconnectDelay(previousMs: number | undefined): number {
  if (previousMs === undefined) return RECONNECT_INITIAL_MS;
  return Math.min(Math.round(previousMs * RECONNECT_MULTIPLIER), RECONNECT_MAX_MS);
}
