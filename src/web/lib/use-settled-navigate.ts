import { useCallback, useLayoutEffect } from 'react';
import { type NavigateOptions, type To, useLocation, useNavigate } from 'react-router';

type Waiter = { key: string | undefined; resolve: () => void };

/** Navigations asked for through useSettledNavigate and not yet on screen. */
const waiting = new Set<Waiter>();

/**
 * A navigation that never reaches the screen (the routes are not rendered, e.g. the global error screen shows)
 * settles after this long anyway, so that a flow such as Logout never hangs.
 */
const SETTLE_AT_THE_LATEST_MS = 3000;

function historyKey(): string | undefined {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'key' in state && typeof state.key === 'string' ? state.key : undefined;
}

/**
 * A navigate() whose promise resolves once the new location is on screen (its screen, or the spinner while the
 * screen's code arrives), as the data router's did; the declarative router's navigate() returns nothing. A flow
 * that ends the session awaits this before forgetting the session, so the guarded screen is gone before its
 * guard could see the session go (it would show Not Authorized for a moment); a form stays submitting until its
 * screen has been left.
 */
export function useSettledNavigate(): (to: To, options?: NavigateOptions) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    (to: To, options?: NavigateOptions) =>
      new Promise<void>((resolve) => {
        void navigate(to, options);
        // The browser history holds the new entry's key as soon as navigate() returns.
        const waiter: Waiter = { key: historyKey(), resolve };
        waiting.add(waiter);
        window.setTimeout(() => {
          if (waiting.delete(waiter)) resolve();
        }, SETTLE_AT_THE_LATEST_MS);
      }),
    [navigate],
  );
}

/**
 * Settles the waiting navigations when a location is committed: the one that was asked for, or every one when
 * the browser has nothing newer pending (a navigation overtaken by another is settled by the later one). Runs as
 * a layout effect, so that what a flow does next (clearing the session) is rendered before the browser paints.
 * Call it once, in the component that renders the routes.
 */
export function useSettleNavigations(): void {
  const location = useLocation();
  useLayoutEffect(() => {
    const current = historyKey() === location.key;
    for (const waiter of waiting) {
      if (current || waiter.key === undefined || waiter.key === location.key) {
        waiting.delete(waiter);
        waiter.resolve();
      }
    }
  }, [location]);
}
