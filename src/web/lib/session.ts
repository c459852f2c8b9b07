import { useSyncExternalStore } from 'react';
import type { Me, Profile } from '../../shared/account.ts';
import { LOCALE_QUERY_PARAMETER, type Locale } from '../../shared/locale.ts';
import type { Viewer } from '../../shared/navigation.ts';
import { ApiRequestError, apiFetch } from './api-client.ts';
import { reportError } from './error-reporter.ts';
import { activateLocale, activeLocale, i18n } from './i18n.ts';

/**
 * Who is signed in, as the server says: loaded once at start from /api/account/me, then kept current by the
 * screens that change it (login, logout, profile save, the flows that end every session). Deliberately tiny and
 * free of zod and React Query, because it is part of the first bundle of the public pages.
 */

export type SessionStatus = 'loading' | 'ready';
export type Session = { status: SessionStatus; me: Me };

export const SIGNED_OUT: Me = { user: null, profile: null };

let session: Session = { status: 'loading', me: SIGNED_OUT };
const listeners = new Set<() => void>();
/** Every request or local change takes a number; only the newest may publish, so a slow answer never wins. */
let generation = 0;
let started = false;

function publish(next: Session): void {
  const before = session.me?.user?.id;
  session = next;
  for (const listener of listeners) listener();
  const user = next.me?.user;
  if (user && user.id !== before) followSavedLocale(next.me.locale);
}

/**
 * When someone signs in (or a page opens signed in), the language they chose before is theirs on every device: the
 * app switches to it. Not over a `?lang=` the page was opened with (an e-mail's link names the customer's own
 * language anyway), nor in the pseudo-locale of the untranslated-text test.
 */
function followSavedLocale(saved: Locale | undefined): void {
  if (!saved || i18n.locale === 'pseudo' || saved === activeLocale()) return;
  if (new URLSearchParams(window.location.search).has(LOCALE_QUERY_PARAMETER)) return;
  activateLocale(saved).catch(() => {
    // The catalogue could not be downloaded: the app stays in the language it shows.
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => session;

/** The current session; re-renders when it changes. */
export function useMe(): Session {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** The session outside React (event handlers that need the latest value). */
export function currentSession(): Session {
  return session;
}

/** Asks the server who is signed in and publishes the answer. Rejects if the server cannot be asked. */
export async function refreshSession(): Promise<Me> {
  const request = ++generation;
  try {
    const me = await apiFetch<Me>('/api/account/me');
    if (request === generation) publish({ status: 'ready', me });
    return me;
  } catch (error) {
    // Keep what we knew: a failed check must not sign anyone out, but nobody may wait for it forever either.
    if (request === generation && session.status === 'loading') publish({ status: 'ready', me: session.me });
    if (!(error instanceof ApiRequestError) || error.status >= 500) void reportError({ error, componentName: 'Session' });
    throw error;
  }
}

/** Loads the session once, when the app starts. */
export function startSession(): void {
  if (started) return;
  started = true;
  refreshSession().catch(() => {
    // Already reported; the app carries on as a visitor.
  });
}

/** Publishes a session the server has just returned (the login answer), saving a round trip. */
export function setSession(me: Me): void {
  generation++;
  publish({ status: 'ready', me });
}

/** Publishes the profile the server has just saved. */
export function setProfile(profile: Profile): void {
  generation++;
  publish({ status: 'ready', me: { ...session.me, profile } });
}

/** Records the language the server has just saved for the signed-in user (see locale-choice.ts). */
export function setSavedLocale(locale: Locale): void {
  if (!session.me.user) return;
  generation++;
  publish({ status: 'ready', me: { ...session.me, locale } });
}

/** Forgets the signed-in user and everything about them (the spec's logout clears the user and their data). */
export function clearSession(): void {
  generation++;
  publish({ status: 'ready', me: SIGNED_OUT });
}

/**
 * Signs out on the server, then clears the session. `afterSignOut` runs in between (typically the navigation to
 * /login), so that a guarded screen is gone before the session it needs disappears. Rejects if the server
 * refused; the session is then left as it was.
 */
export async function logout(afterSignOut?: () => unknown): Promise<void> {
  await whileEndingSession(async () => {
    await apiFetch<void>('/api/account/logout', { method: 'POST' });
    try {
      await afterSignOut?.();
    } finally {
      clearSession();
    }
  });
}

/** Flows under way that end the session themselves (see whileEndingSession). */
let endingFlows = 0;
const endingListeners = new Set<() => void>();

/** Hears the start of every flow that ends the session (the live updates close their stream); returns the unsubscribe. */
export function onSessionEnding(listener: () => void): () => void {
  endingListeners.add(listener);
  return () => endingListeners.delete(listener);
}

/**
 * Runs a flow that ends the session itself and then leaves the screen (logout, an e-mail change, a password reset
 * from /account). The server closes the tab's live-update stream as soon as the session ends; while the flow runs,
 * that is expected, and nothing else may re-check the session and take the screen away before the flow has told
 * the user what happened.
 */
export async function whileEndingSession<T>(flow: () => Promise<T>): Promise<T> {
  endingFlows++;
  for (const listener of endingListeners) listener();
  try {
    return await flow();
  } finally {
    endingFlows--;
  }
}

/** Whether a flow that ends the session is under way. */
export function isEndingSession(): boolean {
  return endingFlows > 0;
}

/** What the navigation needs to know about a session. */
export function viewerOf(me: Me): Viewer {
  return me.user ? { signedIn: true, emailVerified: me.user.emailVerified, isAdmin: me.user.isAdmin } : { signedIn: false };
}
