import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '../../shared/account.ts';
import { english } from '../../shared/english.ts';
import { HttpError } from './errors.ts';
import { isApiPath, requestPath } from './request-path.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie for API requests; null for visitors. */
    viewer: SessionUser | null;
    /** The id of the viewer's session (a live-update stream lasts as long as it does); null for visitors. */
    sessionId: string | null;
  }
}

export const SESSION_COOKIE_MARKER = 'techhelp.session_token';

export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else headers.set(key, value);
  }
  return headers;
}

export function forwardCookies(reply: FastifyReply, setCookies: string[]): void {
  if (setCookies.length > 0) reply.header('set-cookie', setCookies);
}

/** A request's session as the accounts module finds it, with the cookies that refresh it (sent either way). */
export type ResolvedSession = {
  session: { viewer: SessionUser; sessionId: string } | null;
  setCookies: string[];
  /** When the session ends, and when better-auth will next refresh it (epoch milliseconds), for a cache. */
  timing?: { expiresAt: number; refreshAt: number };
};

/**
 * Finds the session a request's headers carry. The plugin owns this interface and the accounts module answers it
 * (app.ts joins them), so that no plugin depends on a module.
 */
export type SessionResolver = (headers: Headers) => Promise<ResolvedSession>;

/** Resolves the session of every API request that carries a session cookie, and forwards its refresh. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, { resolveSession, settle }: { resolveSession: SessionResolver; settle?: () => Promise<void> }) => {
    app.decorateRequest('viewer', null);
    app.decorateRequest('sessionId', null);
    app.addHook('preHandler', async (request, reply) => {
      if (!isApiPath(requestPath(request)) || !request.headers.cookie?.includes(SESSION_COOKIE_MARKER)) return;
      const { session, setCookies } = await resolveSession(webHeaders(request));
      forwardCookies(reply, setCookies);
      if (!session) return;
      request.viewer = session.viewer;
      request.viewerId = session.viewer.id;
      request.sessionId = session.sessionId;
    });
    // A request that may have changed a session or a user answers only once every instance-local copy of them has
    // heard of the change, so the caller's next request meets it.
    if (settle) {
      app.addHook('onSend', async (request, _reply, payload) => {
        if (request.method !== 'GET' && request.method !== 'HEAD' && isApiPath(requestPath(request))) await settle();
        return payload;
      });
    }
  },
);

/** Guards: signed in with a verified e-mail; admin. They throw the standard error shape. */
export function requireVerifiedUser(request: FastifyRequest): SessionUser {
  const viewer = request.viewer;
  if (!viewer) throw new HttpError(401, 'UNAUTHENTICATED', english('Please log in first.'));
  if (!viewer.emailVerified) throw new HttpError(403, 'NOT_VERIFIED', english('Please verify your email first.'));
  return viewer;
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const viewer = requireVerifiedUser(request);
  if (!viewer.isAdmin) throw new HttpError(403, 'FORBIDDEN', english('Not Authorized'));
  return viewer;
}
