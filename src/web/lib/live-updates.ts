import { useSyncExternalStore } from 'react';
import { type ChangeEvent, nextReconnectDelay, OFFLINE_AFTER_MS, RESYNC_EVENT } from '../../shared/events.ts';
import { currentSession, isEndingSession, onSessionEnding } from './session.ts';

/**
 * The tab's one connection to the server's change stream (GET /api/events, Server-Sent Events). Screens learn
 * of a change and refetch; they never receive data through it. The state follows the spec's sync layer:
 * Unknown until the server first speaks, Online while it does, Offline after OFFLINE_AFTER_MS of silence.
 * The browser's own EventSource retry is replaced by the spec's backoff (1 s, x1.5, at most 60 s), reset by
 * every successful open. Used only by the signed-in screens (it is not part of the public pages' bundle).
 */

export type LiveState = 'Unknown' | 'Online' | 'Offline';

/**
 * What subscribers hear: a change they may refetch for; `reconnected` after the stream came back (changes may
 * have been missed, so refetch everything); `lost` when the stream failed (perhaps the session ended).
 */
export type LiveSignal = { type: 'change'; event: ChangeEvent } | { type: 'reconnected' } | { type: 'lost' };

export const EVENTS_PATH = '/api/events';

let state: LiveState = 'Unknown';
let users = 0;
let source: EventSource | null = null;
let lastDelay: number | undefined;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let silenceTimer: ReturnType<typeof setTimeout> | undefined;
/** The stream has said `ready` at least once since the first user connected: a later `ready` is a reconnect. */
let connectedBefore = false;

const stateListeners = new Set<() => void>();
const signalListeners = new Set<(signal: LiveSignal) => void>();

function setState(next: LiveState): void {
  if (state === next) return;
  state = next;
  for (const listener of stateListeners) listener();
}

function emit(signal: LiveSignal): void {
  for (const listener of signalListeners) listener(signal);
}

function dropSource(): void {
  source?.close();
  source = null;
}

/** Counts from the server's last word; a stream that goes quiet (a dead proxy, a sleeping laptop) is renewed. */
function armSilenceTimer(): void {
  clearTimeout(silenceTimer);
  silenceTimer = setTimeout(() => {
    setState('Offline');
    if (source) {
      dropSource();
      scheduleReconnect();
    }
  }, OFFLINE_AFTER_MS);
}

function heard(): void {
  armSilenceTimer();
  setState('Online');
}

function scheduleReconnect(): void {
  if (users === 0 || reconnectTimer !== undefined) return;
  lastDelay = nextReconnectDelay(lastDelay);
  reconnectTimer = setTimeout(open, lastDelay);
}

function open(): void {
  reconnectTimer = undefined;
  dropSource();
  // A flow that ends the session (logout, an e-mail change) is under way: the server closed the stream for it,
  // and a new one would only be refused. The screen releases the connection when the flow leaves it; should the
  // flow fail instead, the session goes on and the next try reconnects.
  if (isEndingSession()) {
    scheduleReconnect();
    return;
  }
  // The session has ended (a flow that ended it has just finished): the screens release the connection as they go.
  if (!currentSession().me.user) return;
  const stream = new EventSource(EVENTS_PATH);
  source = stream;
  stream.addEventListener('open', () => {
    lastDelay = undefined;
  });
  stream.addEventListener('ready', () => {
    heard();
    if (connectedBefore) emit({ type: 'reconnected' });
    connectedBefore = true;
  });
  stream.addEventListener('heartbeat', heard);
  // The server missed changes (its connection to the database dropped): refetch as after a reconnection.
  stream.addEventListener(RESYNC_EVENT, () => {
    heard();
    emit({ type: 'reconnected' });
  });
  stream.addEventListener('change', (message) => {
    heard();
    try {
      emit({ type: 'change', event: JSON.parse((message as MessageEvent<string>).data) as ChangeEvent });
    } catch {
      // A malformed announcement still means something changed.
      emit({ type: 'reconnected' });
    }
  });
  stream.addEventListener('error', () => {
    if (source !== stream) return;
    dropSource();
    emit({ type: 'lost' });
    scheduleReconnect();
  });
}

/**
 * A flow that ends the session has begun: the stream closes now rather than when the server ends it, so that a
 * connection still on its way (just opened, or reconnecting) is not answered 401 by then. It comes back as usual
 * if the flow fails and the session goes on.
 */
onSessionEnding(() => {
  if (!source) return;
  dropSource();
  scheduleReconnect();
});

/** Back online after the network dropped: try at once instead of waiting out the backoff. */
function onBrowserOnline(): void {
  if (reconnectTimer === undefined) return;
  clearTimeout(reconnectTimer);
  open();
}

function start(): void {
  connectedBefore = false;
  lastDelay = undefined;
  armSilenceTimer();
  globalThis.addEventListener?.('online', onBrowserOnline);
  open();
}

function stop(): void {
  clearTimeout(reconnectTimer);
  clearTimeout(silenceTimer);
  reconnectTimer = undefined;
  silenceTimer = undefined;
  dropSource();
  globalThis.removeEventListener?.('online', onBrowserOnline);
  setState('Unknown');
}

/**
 * Opens the connection (or shares the one already open) until the returned function is called. Call it only
 * for a signed-in, verified user; the last release closes the connection (the signed-in screens release it on
 * logout).
 */
export function connectLiveUpdates(): () => void {
  users += 1;
  if (users === 1) start();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users -= 1;
    if (users === 0) stop();
  };
}

/** Hears every change and reconnect; returns the unsubscribe function. */
export function subscribeLiveUpdates(listener: (signal: LiveSignal) => void): () => void {
  signalListeners.add(listener);
  return () => signalListeners.delete(listener);
}

function subscribeState(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

export function liveState(): LiveState {
  return state;
}

/** The connection state; re-renders when it changes. */
export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribeState, liveState, liveState);
}
