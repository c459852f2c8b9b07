import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ChangeNotices } from '../../db/change-notices.ts';
import type { ResolvedSession } from '../../plugins/session.ts';
import { SESSION_CACHE_MS, SessionCache } from './session-cache.ts';

const HOUR = 60 * 60 * 1000;
const silent = { warn: () => {}, error: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

/** A database stand-in: notices go to whoever listens, and the listening connection can be dropped and restored. */
function fakeDatabase() {
  let onMessage: ((payload: string) => void) | undefined;
  let onConnection: ((listening: boolean) => void) | undefined;
  const sent: string[] = [];
  return {
    sent,
    listen: async (_channel: string, message: (payload: string) => void, connection?: (listening: boolean) => void) => {
      onMessage = message;
      onConnection = connection;
      return async () => {
        onMessage = undefined;
      };
    },
    notify: async (payload: string) => {
      sent.push(payload);
      queueMicrotask(() => onMessage?.(payload));
    },
    announce: (payload: string) => onMessage?.(payload),
    drop: () => onConnection?.(false),
    restore: () => onConnection?.(true),
  };
}

/** better-auth stand-in: one session per cookie value, with what the database says of its user right now. */
function fakeAuth(now: () => number) {
  const users = new Map<string, { isAdmin: boolean }>([
    ['u1', { isAdmin: false }],
    ['u2', { isAdmin: false }],
  ]);
  const sessions = new Map<string, { id: string; userId: string; expiresAt: number }>([
    ['tokenA.sigA', { id: 's1', userId: 'u1', expiresAt: now() + 30 * 24 * HOUR }],
    ['tokenB.sigB', { id: 's2', userId: 'u1', expiresAt: now() + 30 * 24 * HOUR }],
    ['tokenC.sigC', { id: 's3', userId: 'u2', expiresAt: now() + 30 * 24 * HOUR }],
  ]);
  let lookUps = 0;
  let pause: Promise<void> | undefined;
  return {
    users,
    sessions,
    get lookUps() {
      return lookUps;
    },
    holdNextLookUp() {
      let release = () => {};
      pause = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    resolve: async (headers: Headers): Promise<ResolvedSession> => {
      lookUps += 1;
      const value = /techhelp\.session_token=([^;]+)/.exec(headers.get('cookie') ?? '')?.[1] ?? '';
      const found = sessions.get(value);
      const user = found && users.get(found.userId);
      const answer: ResolvedSession =
        found && user
          ? {
              session: {
                viewer: { id: found.userId, email: `${found.userId}@example.com`, emailVerified: true, isAdmin: user.isAdmin },
                sessionId: found.id,
              },
              setCookies: [],
              timing: { expiresAt: found.expiresAt, refreshAt: found.expiresAt - 29 * 24 * HOUR },
            }
          : { session: null, setCookies: [] };
      if (pause) {
        const waiting = pause;
        pause = undefined;
        await waiting;
      }
      return answer;
    },
  };
}

function setUp(options: { entries?: number } = {}) {
  let clock = Date.parse('2026-11-24T12:00:00Z');
  const now = () => clock;
  const database = fakeDatabase();
  const auth = fakeAuth(now);
  const notices = new ChangeNotices(database.notify, database.listen, silent);
  const cache = new SessionCache(notices, auth.resolve, { ...options, now });
  const ask = (cookie: string) => cache.resolve(new Headers({ cookie: `other=1; techhelp.session_token=${cookie}` }));
  return { cache, notices, database, auth, ask, advance: (ms: number) => (clock += ms) };
}

describe('the session cache', () => {
  it('reads nothing until it listens, then answers a known session from memory', async () => {
    const { cache, notices, auth, ask } = setUp();
    await ask('tokenA.sigA');
    await ask('tokenA.sigA');
    expect(auth.lookUps).toBe(2);
    await notices.start();
    const first = await ask('tokenA.sigA');
    const second = await ask('tokenA.sigA');
    expect(auth.lookUps).toBe(3);
    expect(second).toEqual({ session: first.session, setCookies: [] });
    expect(cache.stats).toMatchObject({ hits: 1 });
  });

  it('keeps no answer for an unknown cookie, a request without one, or one with two session cookies', async () => {
    const { cache, notices, auth, ask } = setUp();
    await notices.start();
    await ask('forged.value');
    await ask('forged.value');
    await cache.resolve(new Headers({ cookie: 'techhelp.session_token=tokenA.sigA; __Secure-techhelp.session_token=tokenC.sigC' }));
    await cache.resolve(new Headers({ cookie: 'techhelp.session_token=tokenA.sigA; __Secure-techhelp.session_token=tokenC.sigC' }));
    await cache.resolve(new Headers());
    expect(auth.lookUps).toBe(5);
    expect(cache.size).toBe(0);
  });

  it('drops a session the database announces (s:) and every session of a user it announces (u:)', async () => {
    const { cache, notices, database, auth, ask } = setUp();
    await notices.start();
    for (const cookie of ['tokenA.sigA', 'tokenB.sigB', 'tokenC.sigC']) await ask(cookie);
    expect(cache.size).toBe(3);

    auth.sessions.delete('tokenA.sigA');
    database.announce('s:s1');
    expect((await ask('tokenA.sigA')).session).toBeNull();
    expect(cache.size).toBe(2);

    auth.users.set('u1', { isAdmin: true });
    database.announce('u:u1');
    expect((await ask('tokenB.sigB')).session?.viewer.isAdmin).toBe(true);
    // The other user's session was not touched.
    const before = auth.lookUps;
    expect((await ask('tokenC.sigC')).session?.viewer.id).toBe('u2');
    expect(auth.lookUps).toBe(before);

    // Notices of other caches (appointments, free times) leave sessions alone.
    database.announce('a:u2');
    database.announce('m');
    expect(cache.size).toBe(2);
  });

  it('does not keep an answer read before an announcement that arrived while it was being read', async () => {
    const { cache, notices, database, auth, ask } = setUp();
    await notices.start();
    const release = auth.holdNextLookUp();
    const reading = ask('tokenA.sigA');
    auth.users.set('u1', { isAdmin: true });
    database.announce('u:u1');
    release();
    expect((await reading).session?.viewer.isAdmin).toBe(false);
    expect(cache.size).toBe(0);
    expect((await ask('tokenA.sigA')).session?.viewer.isAdmin).toBe(true);
  });

  it('asks better-auth again when the session is due for its refresh, has expired, or was kept too long', async () => {
    const { notices, auth, ask, advance } = setUp();
    await notices.start();
    await ask('tokenA.sigA');
    advance(SESSION_CACHE_MS - 1);
    await ask('tokenA.sigA');
    expect(auth.lookUps).toBe(1);
    advance(2);
    await ask('tokenA.sigA');
    expect(auth.lookUps).toBe(2);

    // Due for refresh a day after it was made: from then on better-auth answers (and moves the end forward).
    advance(24 * HOUR);
    await ask('tokenA.sigA');
    await ask('tokenA.sigA');
    expect(auth.lookUps).toBe(4);
  });

  it('keeps at most its number of entries, dropping the oldest', async () => {
    const { cache, notices, auth, ask } = setUp({ entries: 2 });
    await notices.start();
    await ask('tokenA.sigA');
    await ask('tokenB.sigB');
    await ask('tokenC.sigC');
    expect(cache.size).toBe(2);
    await ask('tokenB.sigB');
    await ask('tokenC.sigC');
    expect(auth.lookUps).toBe(3);
    await ask('tokenA.sigA');
    expect(auth.lookUps).toBe(4);
  });

  it('empties and stops answering while its listening connection is down, and answers again once it is back', async () => {
    const { cache, notices, database, auth, ask } = setUp();
    await notices.start();
    await ask('tokenA.sigA');
    database.drop();
    expect(cache.size).toBe(0);
    await ask('tokenA.sigA');
    await ask('tokenA.sigA');
    expect(auth.lookUps).toBe(3);
    expect(cache.size).toBe(0);
    database.restore();
    await ask('tokenA.sigA');
    await ask('tokenA.sigA');
    expect(auth.lookUps).toBe(4);
  });

  it('settles by hearing its own notice, sent after whatever this instance committed', async () => {
    const { cache, notices, database, ask } = setUp();
    await notices.start();
    // With nothing kept there is nothing to wait for.
    await notices.settle();
    expect(database.sent).toEqual([]);
    await ask('tokenA.sigA');
    await notices.settle();
    await notices.settle();
    expect(database.sent).toHaveLength(2);
    expect(new Set(database.sent).size).toBe(2);
    expect(database.sent.every((payload) => payload.startsWith('sync:'))).toBe(true);
    // Its own notices are not announcements: what it keeps stays.
    expect(cache.size).toBe(1);
  });

  it('sends nothing to settle where notices are heard before a commit returns (the embedded database)', async () => {
    const database = fakeDatabase();
    const notices = new ChangeNotices(database.notify, Object.assign(database.listen, { heardAtCommit: true }), silent);
    const auth = fakeAuth(() => Date.parse('2026-11-24T12:00:00Z'));
    const cache = new SessionCache(notices, auth.resolve);
    await notices.start();
    await cache.resolve(new Headers({ cookie: 'techhelp.session_token=tokenA.sigA' }));
    expect(cache.size).toBe(1);
    await notices.settle();
    expect(database.sent).toEqual([]);
  });
});
