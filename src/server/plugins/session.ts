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
  interface FastifyContextConfig {
    /**
     * Who may call the route: a signed-in user with a verified e-mail, or an admin. Checked as the request arrives,
     * before its body is read or validated, so that a caller without the right learns nothing of what the route
     * accepts. Every route under /api/admin is `admin` without saying so.
     */
    access?: Access;
  }
}

export type Access = 'verified' | 'admin';

/** What a route asks of its caller: its own `access`, or `admin` for every route under /api/admin. */
export function accessOf(request: FastifyRequest): Access | undefined {
  const declared = request.routeOptions.config?.access;
  if (declared) return declared;
  const url = request.routeOptions.url;
  return url === '/api/admin' || url?.startsWith('/api/admin/') ? 'admin' : undefined;
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
    // As the request arrives (after the rate limits and the origin check), so that the route's guard below, and
    // every hook after it, knows the caller before the body is parsed and validated.
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiPath(requestPath(request)) || !request.headers.cookie?.includes(SESSION_COOKIE_MARKER)) return;
      const { session, setCookies } = await resolveSession(webHeaders(request));
      forwardCookies(reply, setCookies);
      if (!session) return;
      request.viewer = session.viewer;
      request.viewerId = session.viewer.id;
      request.sessionId = session.sessionId;
    });
    // Authorization before validation: a route for signed-in users or admins refuses anyone else with 401 or 403
    // whatever they sent, never with a 400 that would tell them what the route accepts.
    app.addHook('onRequest', async (request) => {
      const access = accessOf(request);
      if (access === 'admin') requireAdmin(request);
      else if (access === 'verified') requireVerifiedUser(request);
    });
    // Personal answers are never kept by a browser or a proxy: every answer of the API, and every answer to a
    // signed-in request. (The built app's files, public and cached, are not the API and carry no session.)
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.viewer && !isApiPath(requestPath(request))) return payload;
      if (!String(reply.getHeader('cache-control') ?? '').includes('no-store')) reply.header('cache-control', 'no-store');
      return payload;
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
