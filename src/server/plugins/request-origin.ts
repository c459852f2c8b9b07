import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TAB_ID_HEADER, TAB_ID_PATTERN } from '../../shared/events.ts';

/** Who made a change: the browser tab that sent the request (its tab id), and the signed-in user behind it. */
export type RequestOrigin = { origin: string; actorId: string };

const requests = new AsyncLocalStorage<FastifyRequest>();

/** The tab id a request names, if it is well formed; anything else is ignored. */
export function tabIdOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const value = request.headers[TAB_ID_HEADER];
  return typeof value === 'string' && TAB_ID_PATTERN.test(value) ? value : undefined;
}

/**
 * The origin of the request being handled, wherever the code runs during it (a service, a transaction): read by
 * the live-update hub when it announces a change, so that no service has to pass it along. Undefined outside a
 * request (the reminder and reconciliation timers), for a visitor, and when the request named no valid tab.
 */
export function currentRequestOrigin(): RequestOrigin | undefined {
  const request = requests.getStore();
  if (!request?.viewer) return undefined;
  const origin = tabIdOf(request);
  return origin ? { origin, actorId: request.viewer.id } : undefined;
}

/**
 * Runs each request's handler inside an async context that holds the request. A callback-style preHandler, so
 * that the hooks after it and the handler run inside `run` (the body has been parsed by then: its stream events
 * would have lost the context). The session is read when the origin is asked for, so the order of the preHandler
 * hooks does not matter.
 */
export const requestOriginPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', (request, _reply, done) => {
    requests.run(request, done);
  });
});
