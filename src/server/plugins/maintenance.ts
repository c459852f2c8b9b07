import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAINTENANCE_MESSAGE } from '../../shared/messages.ts';
import { sendError } from './errors.ts';
import { isApiPath, requestPath } from './request-path.ts';

export const MAINTENANCE_PATH = '/maintenance';

/**
 * MAINTENANCE_MODE=true: every page leads to /maintenance and the API answers 503, while /healthz keeps
 * answering so that the process is not restarted by its supervisor.
 */
export const maintenancePlugin = fp(async (app: FastifyInstance) => {
  if (!app.config.maintenanceMode) return;
  app.addHook('onRequest', async (request, reply) => {
    const pathname = requestPath(request);
    if (pathname === '/healthz' || pathname === MAINTENANCE_PATH || pathname.startsWith('/assets/') || hasFileExtension(pathname)) return;
    if (isApiPath(pathname)) {
      reply.header('Retry-After', '600');
      return sendError(reply, 503, 'MAINTENANCE', MAINTENANCE_MESSAGE);
    }
    return reply.redirect(MAINTENANCE_PATH, 302);
  });
});

function hasFileExtension(pathname: string): boolean {
  return /\.[a-z0-9]+$/i.test(pathname);
}
