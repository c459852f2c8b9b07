import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { clientErrorMessage, sendError } from '../../plugins/errors.ts';
import { webHeaders } from '../../plugins/session.ts';
import { AUTH_HANDLER_PATHS } from './auth.ts';

/** A path of this site (never another origin's address, never empty): where a Google sign-in comes back to. */
const LocalPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/);

/**
 * What our browser app sends to start a Google sign-in. Only these fields reach better-auth, checked first: its
 * own handling of unexpected or empty fields ended in a 500.
 */
const SocialSignInSchema = z.object({
  provider: z.literal('google'),
  callbackURL: LocalPathSchema.optional(),
  errorCallbackURL: LocalPathSchema.optional(),
  newUserCallbackURL: LocalPathSchema.optional(),
  disableRedirect: z.boolean().optional(),
});

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
      let body: string | undefined;
      if (request.method === 'POST' && pathname === '/api/auth/sign-in/social') {
        const parsed = SocialSignInSchema.safeParse(request.body);
        if (!parsed.success) return sendError(reply, 400, 'VALIDATION_FAILED', clientErrorMessage(400));
        body = JSON.stringify(parsed.data);
      } else if (request.method === 'POST' && request.body !== undefined) {
        body = JSON.stringify(request.body);
      }
      const response = await app.auth.handler(
        new Request(new URL(request.url, app.config.publicUrl), { method: request.method, headers: webHeaders(request), body }),
      );
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (response.status >= 400) return sendAuthError(reply, response);
      reply.code(response.status);
      for (const [key, value] of response.headers) if (key !== 'set-cookie') reply.header(key, value);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
};

/**
 * better-auth answers its errors as { code, message } (or with no body at all); ours are { error: { code, message } }.
 * A failure of its own (5xx) goes to the central handler, which logs it and hides the details.
 */
async function sendAuthError(reply: FastifyReply, response: Response) {
  const text = await response.text();
  if (response.status >= 500) throw new Error(`better-auth answered ${response.status}: ${text.slice(0, 500)}`);
  let body: { code?: unknown; message?: unknown } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    // No JSON body: the status speaks for itself.
  }
  const code = typeof body?.code === 'string' && body.code ? body.code : response.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
  const message = typeof body?.message === 'string' && body.message ? body.message : clientErrorMessage(response.status);
  return sendError(reply, response.status, code, message);
}
