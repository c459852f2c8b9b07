import type { FastifyPluginAsync } from 'fastify';
import { sendError } from '../../plugins/errors.ts';
import { webHeaders } from '../../plugins/session.ts';
import { AUTH_HANDLER_PATHS } from './auth.ts';

/** better-auth's own HTTP handler, for Google sign-in and its callback only; every other path is ours. */
export const authHandlerRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (!app.config.google || !AUTH_HANDLER_PATHS.some((allowed) => pathname === allowed)) {
        return sendError(reply, 404, 'NOT_FOUND', `Not found: ${request.method} ${pathname}`);
      }
      const response = await app.auth.handler(
        new Request(new URL(request.url, app.config.publicUrl), {
          method: request.method,
          headers: webHeaders(request),
          body: request.method === 'POST' && request.body !== undefined ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.code(response.status);
      for (const [key, value] of response.headers) if (key !== 'set-cookie') reply.header(key, value);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
};
