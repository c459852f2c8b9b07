import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { session, user } from '../../src/server/db/schema.ts';
import { DELETE_REAUTH_MINUTES, DELETE_TEXTS } from '../../src/shared/account.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { signInWithGoogle, standInForGoogle } from '../support/google-stand-in.ts';

const ORIGIN = 'https://techhelp.example.com';
const CLIENT_ID = 'client-123.apps.googleusercontent.com';

/**
 * Deleting an account that signs in with Google only (issue 36): it has no password to confirm with, and its e-mail
 * address is no secret from a stolen session, so only a Google sign-in made within DELETE_REAUTH_MINUTES confirms it.
 */
describe('deleting an account that signs in with Google only', () => {
  let subject: TestApp;
  beforeAll(async () => {
    standInForGoogle(CLIENT_ID);
    subject = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'secret', PUBLIC_URL: ORIGIN });
  });
  afterAll(async () => {
    await subject.close();
    vi.unstubAllGlobals();
  });

  const app = () => subject.app;
  const db = () => subject.database.db;
  let people = 0;
  const googlePerson = (prefix: string) => {
    people += 1;
    return { email: uniqueEmail(prefix), sub: `google-${prefix}-${people}-${Date.now()}` };
  };
  const deleteAccount = (cookie: string, payload: { confirmation?: string } = {}) =>
    app().inject({ method: 'POST', url: '/api/account/delete', headers: { cookie }, payload });
  /** Moves the user's sessions' sign-in back by `minutes`, as if it had been made then. */
  const signedInMinutesAgo = async (userId: string, minutes: number) => {
    await db()
      .update(session)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(session.userId, userId));
    await app().notices.settle();
  };
  const accountOf = async (email: string) => {
    const [row] = await db().select().from(user).where(eq(user.email, email));
    return row;
  };

  it('deletes it when the session was signed in with Google just now', async () => {
    const person = googlePerson('fresh');
    const { cookie } = await signInWithGoogle(app(), ORIGIN, person);
    const me = await app().inject({ url: '/api/account/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ user: { email: person.email, emailVerified: true }, hasPassword: false });
    const id = me.json().user.id as string;

    const deleted = await deleteAccount(cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ cancelled: 0 });
    const [row] = await db().select().from(user).where(eq(user.id, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await app().inject({ url: '/api/account/me', headers: { cookie } })).json().user).toBeNull();
  });

  it(`refuses with REAUTH_REQUIRED when the sign-in is older than ${DELETE_REAUTH_MINUTES} minutes, typed e-mail address or not, and deletes nothing`, async () => {
    const person = googlePerson('stale');
    const { cookie } = await signInWithGoogle(app(), ORIGIN, person);
    const id = (await accountOf(person.email))?.id ?? '';
    await signedInMinutesAgo(id, DELETE_REAUTH_MINUTES + 1);

    for (const payload of [{ confirmation: person.email }, {}, { confirmation: 'anything' }]) {
      const refused = await deleteAccount(cookie, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
      expect(refused.json().error).toEqual({ code: 'REAUTH_REQUIRED', message: DELETE_TEXTS.reauthRequired });
    }
    const row = await accountOf(person.email);
    expect(row?.id).toBe(id);
    expect(row?.deletedAt).toBeNull();
    // Still signed in, with the same session.
    const me = await app().inject({ url: '/api/account/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ id, email: person.email });
  });

  it('deletes it once the customer has signed in with Google again, coming back to the account screen', async () => {
    const person = googlePerson('again');
    const first = await signInWithGoogle(app(), ORIGIN, person);
    const id = (await accountOf(person.email))?.id ?? '';
    await signedInMinutesAgo(id, 60);
    expect((await deleteAccount(first.cookie)).statusCode).toBe(403);

    const again = await signInWithGoogle(app(), ORIGIN, person, '/account?delete=confirm');
    expect(again.location.pathname + again.location.search).toBe('/account?delete=confirm');
    // The old session still cannot: the fresh sign-in belongs to the new one.
    expect((await deleteAccount(first.cookie)).json().error.code).toBe('REAUTH_REQUIRED');
    const deleted = await deleteAccount(again.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await db().select().from(user).where(eq(user.id, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await db().select().from(session).where(eq(session.userId, id))).toEqual([]);
  });

  it('still allows it a moment before the window closes', async () => {
    const person = googlePerson('edge');
    const { cookie } = await signInWithGoogle(app(), ORIGIN, person);
    const id = (await accountOf(person.email))?.id ?? '';
    await signedInMinutesAgo(id, DELETE_REAUTH_MINUTES - 1);
    const deleted = await deleteAccount(cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});
