/**
 * A change to a record, announced to the screens allowed to see it: its owner's and every admin's. `origin` is the
 * tab that made the change (its TAB_ID_HEADER), told only to the streams of the user who made it, so that tab knows
 * the change is its own write and does not refetch for it a second time.
 */
export type RecordChange = {
  kind: 'appointment' | 'profile';
  userId: string;
  appointmentId?: string;
  origin?: string;
  startsAt?: never;
};

/**
 * A slot taken or freed (a booking, a cancellation, a visit deleted or moved), told to every other signed-in screen so
 * an open booking picker shows it at once. It names only the slot's start (an ISO instant) and, when the change says,
 * whether it is now taken (a picker shows that before it refetches the month); never who booked it or which
 * appointment it is. Without `taken` (the owner's time off) the picker refetches to learn. It has no origin: the user
 * who made the change hears the RecordChange instead.
 */
export type SlotChange = {
  kind: 'slot';
  startsAt: string;
  taken?: boolean;
  userId?: never;
  appointmentId?: never;
  origin?: never;
};

export type ChangeEvent = RecordChange | SlotChange;

/**
 * The server-sent event that tells a screen it may have missed changes (the server's listening connection to the
 * database dropped and came back): it refetches everything it shows, as after its own reconnection.
 */
export const RESYNC_EVENT = 'resync';

/** The header a browser tab sends with its writes, naming itself (a random id made when the tab loads the app). */
export const TAB_ID_HEADER = 'x-techhelp-tab';
/** What a tab id may look like; a header that does not match is ignored. */
export const TAB_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

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
