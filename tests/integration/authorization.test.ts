import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/server/db/schema.ts';
import { cookieFrom, latestCode, login, me, PROFILE, uniqueEmail, verifiedCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

type Caller = 'anonymous' | 'unverified' | 'customer' | 'otherCustomer' | 'admin';
type Call = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object };

/**
 * Every account endpoint called by every kind of caller. The unverified caller carries a session made before
 * its address changed (the only way an unverified account can hold one).
 */
describe('authorization of the account endpoints', () => {
  let subject: TestApp;
  const cookies = {} as Record<Caller, string>;
  const ids = {} as Record<Caller, string>;

  beforeAll(async () => {
    subject = await createTestApp();
    const app = subject.app;
    cookies.anonymous = '';
    for (const caller of ['customer', 'otherCustomer', 'admin', 'unverified'] as const) {
      const created = await verifiedCustomer(app, uniqueEmail(caller));
      cookies[caller] = created.cookie;
      ids[caller] = (await me(app, created.cookie)).user.id;
    }
    await subject.database.db.update(user).set({ isAdmin: true }).where(eq(user.id, ids.admin));
    await subject.app.notices.settle();
    // An unverified account with a live session: verified, logged in, then marked unverified behind its back.
    await subject.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, ids.unverified));
    await subject.app.notices.settle();
    for (const caller of ['customer', 'otherCustomer'] as const) {
      await app.inject({ method: 'PUT', url: '/api/account/profile', headers: { cookie: cookies[caller] }, payload: PROFILE });
    }
  });
  afterAll(() => subject.close());

  const call = (caller: Caller, request: Call) =>
    subject.app.inject({ ...request, headers: cookies[caller] ? { cookie: cookies[caller] } : {} });

  const GUARDED: Call[] = [
    { method: 'PUT', url: '/api/account/profile', payload: PROFILE },
    {
      method: 'POST',
      url: '/api/account/change-email',
      payload: { email: 'new.address@example.com', confirmEmail: 'new.address@example.com' },
    },
    { method: 'POST', url: '/api/account/password-reset-email' },
  ];

  it.each(GUARDED)('$method $url: 401 for anonymous, 403 for unverified', async (request) => {
    const anonymous = await call('anonymous', request);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    const unverified = await call('unverified', request);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.code).toBe('NOT_VERIFIED');
  });

  it('shows each caller only their own account and profile', async () => {
    expect((await call('anonymous', { method: 'GET', url: '/api/account/me' })).json()).toEqual({ user: null, profile: null });
    const customer = (await call('customer', { method: 'GET', url: '/api/account/me' })).json();
    const other = (await call('otherCustomer', { method: 'GET', url: '/api/account/me' })).json();
    expect(customer.user.id).toBe(ids.customer);
    expect(other.user.id).toBe(ids.otherCustomer);
    expect(JSON.stringify(customer)).not.toContain(ids.otherCustomer);
  });

  it('changes only the caller’s own profile, whatever ids the body carries', async () => {
    const response = await call('customer', {
      method: 'PUT',
      url: '/api/account/profile',
      payload: { ...PROFILE, firstName: 'Changed', userId: ids.otherCustomer, id: ids.otherCustomer },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(subject.app, cookies.otherCustomer)).profile.firstName).toBe(PROFILE.firstName);
    expect((await me(subject.app, cookies.customer)).profile.firstName).toBe('Changed');
  });

  it('never makes anyone an admin from a request: not by profile, sign-up, login or better-auth’s own paths', async () => {
    await call('customer', { method: 'PUT', url: '/api/account/profile', payload: { ...PROFILE, isAdmin: true } });
    const email = uniqueEmail('climber');
    await subject.app.inject({
      method: 'POST',
      url: '/api/account/signup',
      payload: { email, confirmEmail: email, password: 'a long password', confirmPassword: 'a long password', isAdmin: true },
    });
    for (const path of ['/api/auth/update-user', '/api/auth/sign-up/email', '/api/auth/admin/set-role']) {
      const response = await call('customer', {
        method: 'POST',
        url: path,
        payload: { isAdmin: true, role: 'admin', email, password: 'a long password', name: 'x' },
      });
      expect(response.statusCode, path).toBe(404);
    }
    const admins = await subject.database.db.select({ id: user.id }).from(user).where(eq(user.isAdmin, true));
    expect(admins.map((row) => row.id)).toEqual([ids.admin]);
    expect((await me(subject.app, cookies.customer)).user.isAdmin).toBe(false);
    expect((await me(subject.app, cookies.admin)).user.isAdmin).toBe(true);
  });

  it('answers the open endpoints the same for every caller', async () => {
    for (const caller of ['anonymous', 'unverified', 'customer', 'admin'] as const) {
      const forgot = await call(caller, { method: 'POST', url: '/api/account/forgot-password', payload: { email: uniqueEmail('x') } });
      expect(forgot.statusCode).toBe(200);
      const verify = await call(caller, {
        method: 'POST',
        url: '/api/account/verify-email',
        payload: { oobCode: 'not-a-real-code-at-all-0000' },
      });
      expect(verify.statusCode).toBe(400);
    }
  });

  it('refuses a session cookie that was tampered with', async () => {
    const tampered = cookies.customer.replace(/=([^.;]+)/, '=forged$1');
    const response = await subject.app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie: tampered } });
    expect(response.json().user).toBeNull();
  });

  it('ends every session of an account whose password is reset', async () => {
    const { email, cookie: laptop } = await verifiedCustomer(subject.app);
    const phone = cookieFrom(await login(subject.app, email));
    expect((await me(subject.app, phone)).user.email).toBe(email);
    await subject.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { email } });
    const { code } = await latestCode(subject.app, email, 'resetPassword');
    const reset = await subject.app.inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { oobCode: code, newPassword: 'fresh passphrase 1', confirmPassword: 'fresh passphrase 1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(subject.app, laptop)).user).toBeNull();
    expect((await me(subject.app, phone)).user).toBeNull();
  });
});
