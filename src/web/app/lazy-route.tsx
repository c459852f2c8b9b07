import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router';
import { loadMessages, type Part } from '../lib/i18n.ts';

/** What a lazily loaded route module exports: its screen or layout as `Component`. */
export type RouteModule = { Component: ComponentType };

/** Starts the download of a lazily loaded route; kept in the route's `handle`. */
export type RouteHandle = { preload: () => Promise<RouteModule> };

/**
 * A route whose element is loaded on first use (React.lazy), and a `handle.preload` that starts the download
 * early: the router starts every matched route's download at once, because React.lazy alone would wait for a
 * guard to arrive before it even asks for the screen inside it. The screen comes with its messages in the active
 * language: `messages`, the catalogue parts it needs (i18n.ts); the signed-out forms need only theirs (decision 019).
 */
export function lazyRoute(
  load: () => Promise<RouteModule>,
  messages: Part[] = ['forms', 'rules', 'screens'],
): Pick<RouteObject, 'element' | 'handle'> {
  let loading: Promise<RouteModule> | undefined;
  const preload = () => {
    if (!loading) {
      loading = Promise.all([load(), loadMessages(messages)]).then(([module]) => module);
      // A preload whose route is never rendered (its guard failed to load first) must not become an unhandled
      // rejection: the screen that renders it reports the failure through the error boundary.
      loading.catch(() => {});
    }
    return loading;
  };
  const Screen = lazy(() => preload().then((module) => ({ default: module.Component })));
  const handle: RouteHandle = { preload };
  return { element: <Screen />, handle };
}

/** Starts the download of every lazily loaded route among the matched ones. */
export function preloadMatches(matches: { route: RouteObject }[] | null): void {
  for (const match of matches ?? []) (match.route.handle as RouteHandle | undefined)?.preload();
}
