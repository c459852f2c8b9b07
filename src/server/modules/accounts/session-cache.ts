import { type ChangeNotices, NoticedCache } from '../../db/change-notices.ts';
import type { ResolvedSession, SessionResolver } from '../../plugins/session.ts';
import { type Auth, SESSION_REFRESH_SECONDS, SESSION_SECONDS } from './auth.ts';

/** How many sessions one process keeps; the least recently stored goes first. */
export const SESSION_CACHE_ENTRIES = 10_000;
/** How long a session is kept without a fresh look at the database, even if nothing was announced. */
export const SESSION_CACHE_MS = 5 * 60 * 1000;

const SESSION_COOKIES = new Set(['techhelp.session_token', '__Secure-techhelp.session_token']);
const DONT_REMEMBER_COOKIES = new Set(['techhelp.dont_remember', '__Secure-techhelp.dont_remember']);

/**
 * The session cookie's signed value, or undefined when the request has none (or two: better-auth decides then);
 * and whether the request also says "don't remember me" (better-auth never refreshes such a session).
 */
function sessionCookies(cookieHeader: string | null): { session: string | undefined; dontRemember: boolean } {
  let session: string | undefined;
  let dontRemember = false;
  let twice = false;
  for (const part of cookieHeader?.split(';') ?? []) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    if (DONT_REMEMBER_COOKIES.has(name)) dontRemember = true;
    if (!SESSION_COOKIES.has(name)) continue;
    twice = session !== undefined;
    session = part.slice(separator + 1).trim();
  }
  return { session: twice ? undefined : session || undefined, dontRemember };
}

/** The session plugin's resolver, answered by better-auth: the signed-in user as the rest of the app sees them. */
export function betterAuthSessions(auth: Auth): SessionResolver {
  return async (headers) => {
    // A look-up cut by a dropped database connection (better-auth answers it as its own 500) is asked once more: the
    // pool has replaced the connection by then (issue 42). A second failure goes to the error handler.
    const result = await auth.api
      .getSession({ headers, returnHeaders: true })
      .catch(() => auth.api.getSession({ headers, returnHeaders: true }));
    const found = result.response;
    if (!found) return { session: null, setCookies: result.headers.getSetCookie() };
    const expiresAt = new Date(found.session.expiresAt).getTime();
    // better-auth moves a remembered session's end forward once it is SESSION_REFRESH_SECONDS old.
    const refreshAt = sessionCookies(headers.get('cookie')).dontRemember
      ? expiresAt
      : expiresAt - (SESSION_SECONDS - SESSION_REFRESH_SECONDS) * 1000;
    return {
      session: {
        viewer: {
          id: found.user.id,
          email: found.user.email,
          emailVerified: found.user.emailVerified,
          isAdmin: Boolean((found.user as { isAdmin?: boolean }).isAdmin),
        },
        sessionId: found.session.id,
      },
      setCookies: result.headers.getSetCookie(),
      timing: { expiresAt, refreshAt },
    };
  };
}

/**
 * Signed-in sessions in memory (decision 025): a request whose session cookie this process has already seen
 * answered by better-auth is served from here, with no query. The key is the cookie's whole signed value, so only
 * a value better-auth has verified is ever found. An entry goes when the database announces a change to its session
 * (`s:`) or its user (`u:`): triggers on both tables, so every writer is heard (this instance, another one, the
 * command line); when the session expires or is due for better-auth's refresh; and after SESSION_CACHE_MS in any
 * case. While the bus is not listening nothing is kept.
 */
export class SessionCache {
  private readonly cache: NoticedCache<string, Kept>;

  constructor(
    private readonly notices: ChangeNotices,
    private readonly lookUp: SessionResolver,
    options: { entries?: number; maxAgeMs?: number; now?: () => number } = {},
  ) {
    this.cache = new NoticedCache<string, Kept>(
      notices,
      (payload, cache) => {
        const id = payload.slice(2);
        if (payload.startsWith('s:')) cache.dropWhere((kept) => kept.session?.sessionId === id);
        else if (payload.startsWith('u:')) cache.dropWhere((kept) => kept.session?.viewer.id === id);
      },
      {
        entries: options.entries ?? SESSION_CACHE_ENTRIES,
        maxAgeMs: options.maxAgeMs ?? SESSION_CACHE_MS,
        ...(options.now ? { now: options.now } : {}),
      },
    );
  }

  get stats() {
    return { hits: this.cache.hits, misses: this.cache.misses };
  }

  get size(): number {
    return this.cache.size;
  }

  /** The plugin's resolver: from memory when it can, otherwise better-auth, whose answer is kept. */
  readonly resolve: SessionResolver = async (headers) => {
    // The key is the signed value better-auth accepted, marked when the request said "don't remember me" (its
    // refresh time differs).
    const cookies = sessionCookies(headers.get('cookie'));
    if (cookies.session === undefined || !this.notices.listening) return this.lookUp(headers);
    let answer: ResolvedSession | undefined;
    const kept = await this.cache.get(`${cookies.session}${cookies.dontRemember ? '|d' : ''}`, async () => {
      answer = await this.lookUp(headers);
      const keep = Boolean(answer.session && answer.timing);
      return {
        value: { session: answer.session },
        until: Math.min(answer.timing?.refreshAt ?? 0, answer.timing?.expiresAt ?? 0),
        keep,
      };
    });
    // better-auth's own answer goes out whole (with any cookie it set); a kept one sets none.
    return answer ?? { session: kept.session, setCookies: [] };
  };
}

type Kept = { session: ResolvedSession['session'] };

/** The cache of a server: sessions looked up with better-auth, dropped on the database's notices. */
export function sessionCacheFor(notices: ChangeNotices, auth: Auth): SessionCache {
  return new SessionCache(notices, betterAuthSessions(auth));
}
