import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountTokens, user, verification } from '../../src/server/db/schema.ts';
import {
  cookieFrom,
  latestCode,
  login,
  mailbox,
  me,
  nextClient,
  PASSWORD,
  PROFILE,
  signUp,
  uniqueEmail,
  verifiedCustomer,
  verify,
} from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { passRateLimitTime, TestClock } from '../support/test-clock.ts';

const PUBLIC_URL = 'http://techhelp.test:3000';

describe('the account life cycle', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({
      PUBLIC_URL,
      ADMIN_EMAILS: 'owner@example.com,partner.owner@example.com',
      SUPPORT_PHONE: '(631) 555-0177',
    });
  });
  afterAll(() => subject.close());
  const app = () => subject.app;

  it('signs up, mails a verification link to /usermgmt built from PUBLIC_URL, with text and HTML parts', async () => {
    const email = uniqueEmail();
    const response = await signUp(app(), email);
    expect(response.statusCode).toBe(201);
    const { mail, link } = await latestCode(app(), email, 'verifyEmail');
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/usermgmt\\?mode=verifyEmail&oobCode=[\\w-]{40,}$`));
    expect(mail.subject).toBe('Verify your e-mail address for TechHelp');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('TechHelp');
      expect(part).toContain('(631) 555-0177');
      expect(part).toContain('support@techhelp.local');
    }
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(link.replaceAll('&', '&amp;'));
  });

  it('refuses an unverified login without a session, re-sending the link', async () => {
    const email = uniqueEmail();
    await signUp(app(), email);
    const response = await login(app(), email);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await mailbox(app(), email)).filter((mail) => mail.subject.startsWith('Verify'))).toHaveLength(2);
  });

  it('verifies once: the same link a second time is refused', async () => {
    const email = uniqueEmail();
    await signUp(app(), email);
    const { code } = await latestCode(app(), email, 'verifyEmail');
    const first = await app().inject({ method: 'POST', url: '/api/account/verify-email', payload: { oobCode: code } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ email });
    const again = await app().inject({ method: 'POST', url: '/api/account/verify-email', payload: { oobCode: code } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_CODE');
  });

  it('logs in with an HttpOnly session cookie: a browser-session cookie unless "keep me signed in"', async () => {
    const { email } = await verifiedCustomer(app());
    const shortLived = await login(app(), email, PASSWORD, false);
    const sessionCookie = [shortLived.headers['set-cookie']].flat().find((cookie) => cookie?.startsWith('techhelp.session_token='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Max-Age|Expires/i);
    expect(shortLived.json()).toEqual({
      user: { id: expect.any(String), email, emailVerified: true, isAdmin: false },
      profile: null,
      locale: 'en',
      // Outside production without Twilio, texts go to the development outbox: the opt-in is offered.
      textsAvailable: true,
      hasPassword: true,
    });

    const remembered = await login(app(), email, PASSWORD, true);
    const persistent = [remembered.headers['set-cookie']].flat().find((cookie) => cookie?.startsWith('techhelp.session_token='));
    expect(persistent).toMatch(/Max-Age=2592000/);
  });

  it('refuses a wrong password with the spec message', async () => {
    const { email } = await verifiedCustomer(app());
    const response = await login(app(), email, 'wrong password!!');
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Either you provided the wrong email or password. Please try again.',
    });
  });

  it('answers a sign-up with a registered address the same, mailing its owner instead of making a second account', async () => {
    const { email } = await verifiedCustomer(app());
    const response = await signUp(app(), email, 'another password 123');
    expect(response.statusCode).toBe(201);
    expect((await mailbox(app(), email))[0]?.subject).toBe('You already have a TechHelp account');
    expect(await subject.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    expect((await login(app(), email)).statusCode).toBe(200);
  });

  it('saves the profile with the zip derived from the city and state NY, and never an isAdmin sent by the browser', async () => {
    const { cookie } = await verifiedCustomer(app());
    const saved = await app().inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { cookie },
      payload: { ...PROFILE, isAdmin: true, zipCode: '99999', state: 'CA' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...PROFILE, state: 'NY', zipCode: '11706', isAdmin: false, isCompleted: true });
    const current = await me(app(), cookie);
    expect(current.user.isAdmin).toBe(false);
    expect(current.profile.zipCode).toBe('11706');
  });

  it.each([
    [{ city: 'Select a City' }, 'city'],
    [{ city: 'Manhattan' }, 'city'],
    [{ firstName: '' }, 'firstName'],
    [{ firstName: 'x'.repeat(33) }, 'firstName'],
    [{ lastName: 'Smith3' }, 'lastName'],
    [{ phoneNumber: '631 555 0100' }, 'phoneNumber'],
    [{ streetAddress: '   ' }, 'streetAddress'],
  ])('refuses a profile with %o', async (change, field) => {
    const { cookie } = await verifiedCustomer(app());
    const response = await app().inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { cookie },
      payload: { ...PROFILE, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(new RegExp(`^${field}: `));
  });

  it('resets a forgotten password once, signing out every session', async () => {
    const { email, cookie } = await verifiedCustomer(app());
    const unknown = await app().inject({ method: 'POST', url: '/api/account/forgot-password', payload: { email: uniqueEmail('nobody') } });
    const known = await app().inject({ method: 'POST', url: '/api/account/forgot-password', payload: { email } });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    const { link, code, mail } = await latestCode(app(), email, 'resetPassword');
    expect(link.startsWith(`${PUBLIC_URL}/usermgmt?mode=resetPassword&oobCode=`)).toBe(true);
    expect(mail.text).toContain('1 hour');
    const newPassword = 'a brand new passphrase';
    const mismatch = await app().inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { oobCode: code, newPassword, confirmPassword: newPassword.toUpperCase() },
    });
    expect(mismatch.statusCode).toBe(400);
    const reset = await app().inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { oobCode: code, newPassword, confirmPassword: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(app(), cookie)).user).toBeNull();
    expect((await login(app(), email)).statusCode).toBe(401);
    expect((await login(app(), email, newPassword)).statusCode).toBe(200);
    const replay = await app().inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { oobCode: code, newPassword: 'yet another passphrase', confirmPassword: 'yet another passphrase' },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('INVALID_CODE');
  });

  it('from /account: mails a reset link to the own address and signs out', async () => {
    const { email, cookie } = await verifiedCustomer(app());
    const response = await app().inject({ method: 'POST', url: '/api/account/password-reset-email', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/techhelp\.session_token=;/);
    expect((await me(app(), cookie)).user).toBeNull();
    expect((await latestCode(app(), email, 'resetPassword')).code).not.toBe('');
  });

  it('changes the e-mail: unverified new address, a revert link to the old one, every session ended; the revert restores it', async () => {
    const { email: oldEmail, cookie } = await verifiedCustomer(app());
    const newEmail = uniqueEmail('moved');
    const mismatch = await app().inject({
      method: 'POST',
      url: '/api/account/change-email',
      headers: { cookie },
      payload: { email: newEmail, confirmEmail: uniqueEmail() },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe('confirmEmail: Emails do not match.');

    const changed = await app().inject({
      method: 'POST',
      url: '/api/account/change-email',
      headers: { cookie },
      payload: { email: newEmail, confirmEmail: newEmail.toUpperCase() },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(app(), cookie)).user).toBeNull();
    expect((await login(app(), oldEmail)).statusCode).toBe(401);
    expect((await login(app(), newEmail)).statusCode).toBe(403);

    const recover = await latestCode(app(), oldEmail, 'recoverEmail');
    expect(recover.mail.text).toContain(`from ${oldEmail} to ${newEmail}`);
    expect((await verify(app(), newEmail)).statusCode).toBe(200);
    const newSession = cookieFrom(await login(app(), newEmail));
    expect((await me(app(), newSession)).user.email).toBe(newEmail);

    const reverted = await app().inject({ method: 'POST', url: '/api/account/recover-email', payload: { oobCode: recover.code } });
    expect(reverted.statusCode).toBe(200);
    expect(reverted.json()).toEqual({ email: oldEmail });
    expect((await me(app(), newSession)).user).toBeNull();
    expect((await login(app(), newEmail)).statusCode).toBe(401);
    const back = await login(app(), oldEmail);
    expect(back.statusCode).toBe(200);
    expect(back.json().user).toMatchObject({ email: oldEmail, emailVerified: true });
    const again = await app().inject({ method: 'POST', url: '/api/account/recover-email', payload: { oobCode: recover.code } });
    expect(again.statusCode).toBe(400);
  });

  it('refuses to change to an address another account has', async () => {
    const { cookie } = await verifiedCustomer(app());
    const { email: taken } = await verifiedCustomer(app());
    const response = await app().inject({
      method: 'POST',
      url: '/api/account/change-email',
      headers: { cookie },
      payload: { email: taken, confirmEmail: taken },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('EMAIL_TAKEN');
  });

  it('makes an ADMIN_EMAILS address an admin when it is verified, and only then', async () => {
    const email = 'owner@example.com';
    await signUp(app(), email);
    const [before] = await subject.database.db.select().from(user).where(eq(user.email, email));
    expect(before?.isAdmin).toBe(false);
    await verify(app(), email);
    const response = await login(app(), email);
    expect(response.json().user.isAdmin).toBe(true);
  });

  it('never makes an admin of an account moved onto an ADMIN_EMAILS address: whoever moved it chose its password', async () => {
    const target = 'partner.owner@example.com';
    const { cookie } = await verifiedCustomer(app(), uniqueEmail('mover'), 'a password the mover chose');
    const moved = await app().inject({
      method: 'POST',
      url: '/api/account/change-email',
      headers: { cookie },
      payload: { email: target, confirmEmail: target },
    });
    expect(moved.statusCode).toBe(200);
    // The owner opens the link that arrives at their address (or a mail scanner does).
    expect((await verify(app(), target)).statusCode).toBe(200);
    const response = await login(app(), target, 'a password the mover chose');
    expect(response.statusCode).toBe(200);
    expect(response.json().user.isAdmin).toBe(false);
    expect((await app().inject({ url: '/api/admin/appointments', headers: { cookie: cookieFrom(response) } })).statusCode).toBe(403);
  });

  it('expires a verification link after 24 hours and a reset link after 1 hour', async () => {
    const email = uniqueEmail();
    await signUp(app(), email);
    const [token] = await subject.database.db.select().from(accountTokens).where(eq(accountTokens.email, email));
    expect(token?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000 - 60_000);
    expect(token?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3600_000 + 60_000);
    await subject.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.email, email));
    const expired = await verify(app(), email);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('INVALID_CODE');

    const { email: customer } = await verifiedCustomer(app());
    await app().inject({ method: 'POST', url: '/api/account/forgot-password', payload: { email: customer } });
    const [resetToken] = await subject.database.db
      .select()
      .from(verification)
      .where(sql`${verification.expiresAt} > now()`)
      .orderBy(sql`${verification.createdAt} desc`)
      .limit(1);
    expect(resetToken?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3600_000 - 60_000);
    expect(resetToken?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000 + 60_000);
    await subject.database.db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verification.id, resetToken?.id ?? ''));
    const { code } = await latestCode(app(), customer, 'resetPassword');
    const late = await app().inject({
      method: 'POST',
      url: '/api/account/reset-password',
      payload: { oobCode: code, newPassword: 'too late passphrase', confirmPassword: 'too late passphrase' },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('INVALID_CODE');
  });

  it('logs out, ending the session', async () => {
    const { cookie } = await verifiedCustomer(app());
    const response = await app().inject({ method: 'POST', url: '/api/account/logout', headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect((await me(app(), cookie)).user).toBeNull();
  });
});

describe('account rate limits', () => {
  // The sign-in delays are waited on this clock: it records each wait the server asks for and ends it at once.
  const clock = new TestClock();
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({}, { clock });
  });
  afterAll(() => subject.close());

  /**
   * One sign-in from the given client: its answer, the waits the server asked the clock for (only its own when no
   * other sign-in runs meanwhile), and when it began and ended in real time.
   */
  async function signIn(email: string, password: string, client: string) {
    const firstWait = clock.waits.length;
    const started = performance.now();
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/account/login',
      remoteAddress: client,
      payload: { email, password, rememberMe: false },
    });
    return {
      status: response.statusCode,
      error: response.statusCode >= 400 ? response.json().error : undefined,
      waits: clock.waits.slice(firstWait),
      started,
      ended: performance.now(),
    };
  }
  const WRONG = 'wrong password!!';

  it('refuses a client its ninth sign-in for an address after 8 failures, for 15 minutes and even with the right password; other clients still get in', async () => {
    const { email } = await verifiedCustomer(subject.app);
    const failures = await Promise.all(Array.from({ length: 8 }, () => signIn(email, WRONG, '198.51.100.1')));
    expect(failures.map((attempt) => attempt.status)).toEqual(Array(8).fill(401));
    const refused = await signIn(email, PASSWORD, '198.51.100.1');
    expect(refused.status).toBe(429);
    expect(refused.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please try again in 15 minutes.',
      params: { count: 15, unit: 'minute' },
    });
    expect((await signIn(email, PASSWORD, '198.51.100.2')).status).toBe(200);

    // The windows are the database's: move them on to a minute and a half before the end, then to the end.
    await passRateLimitTime(subject.database.db, 15 * 60 - 90);
    const later = await signIn(email, PASSWORD, '198.51.100.1');
    expect(later.status).toBe(429);
    expect(later.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please try again in 2 minutes.',
      params: { count: 2, unit: 'minute' },
    });
    await passRateLimitTime(subject.database.db, 90);
    expect((await signIn(email, PASSWORD, '198.51.100.1')).status).toBe(200);
  });

  // No delay is sat out here (nor below), but 100 password checks can take more than the usual 30 s on a busy machine.
  it('lets the owner in from their own client within 30 s after an attacker failed 100 times from 20 other clients', async () => {
    const { email } = await verifiedCustomer(subject.app);
    const attackStarted = performance.now();
    const attack = await Promise.all(Array.from({ length: 100 }, (_, i) => signIn(email, WRONG, `198.51.101.${1 + (i % 20)}`)));
    expect(attack.map((attempt) => attempt.status)).toEqual(Array(100).fill(401));
    const owner = await signIn(email, PASSWORD, '198.51.101.200');
    expect(owner.status).toBe(200);
    // The owner waits out the longest delay, 30 s after a failure of the attack, and no more.
    expect(owner.waits).toHaveLength(1);
    expect(owner.waits[0]).toBeLessThanOrEqual(30_000);
    expect(owner.waits[0]).toBeGreaterThanOrEqual(30_000 - (owner.ended - attackStarted));
  }, 120_000);

  it('slows sign-ins for an address after 5 failures from any clients: 1 s, 2 s, 4 s ... at most 30 s after the last failure', async () => {
    const { email } = await verifiedCustomer(subject.app);
    // The wait before each attempt, in seconds, when each follows the one before.
    const delays = [0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 30, 30];
    const attempts: Awaited<ReturnType<typeof signIn>>[] = [];
    for (const [i, delay] of delays.entries()) {
      const attempt = await signIn(email, WRONG, `198.51.102.${i + 1}`);
      expect(attempt.status).toBe(401);
      attempts.push(attempt);
      if (delay === 0) {
        expect(attempt.waits, `attempt ${i + 1}`).toEqual([]);
        continue;
      }
      // The delay runs from the previous failure; the wait is what is left of it when this attempt looks.
      const sincePreviousBegan = attempt.ended - (attempts[i - 1]?.started ?? 0);
      expect(attempt.waits, `attempt ${i + 1}`).toHaveLength(1);
      expect(attempt.waits[0], `attempt ${i + 1}`).toBeLessThanOrEqual(delay * 1000);
      expect(attempt.waits[0], `attempt ${i + 1}`).toBeGreaterThanOrEqual(delay * 1000 - sincePreviousBegan);
    }
  }, 60_000);

  it('clears the failures of an address from a client when that client signs in', async () => {
    const { email } = await verifiedCustomer(subject.app);
    const client = '198.51.103.1';
    const before = await Promise.all(Array.from({ length: 7 }, () => signIn(email, WRONG, client)));
    expect(before.map((attempt) => attempt.status)).toEqual(Array(7).fill(401));
    expect((await signIn(email, PASSWORD, client)).status).toBe(200);
    const after = await Promise.all(Array.from({ length: 7 }, () => signIn(email, WRONG, client)));
    expect(after.map((attempt) => attempt.status)).toEqual(Array(7).fill(401));
  }, 60_000);

  it('ends a sign-in waiting out its delay with 503 when the server closes, instead of holding the shutdown', async () => {
    const closingClock = new TestClock();
    const closing = await createTestApp({}, { clock: closingClock });
    try {
      const { email } = await verifiedCustomer(closing.app);
      const attempt = (client: string) =>
        closing.app.inject({
          method: 'POST',
          url: '/api/account/login',
          remoteAddress: client,
          payload: { email, password: WRONG, rememberMe: false },
        });
      await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(`198.51.104.${i + 1}`)));
      // From now on a wait lasts until the server ends it: this sign-in would wait for ever otherwise.
      closingClock.hold();
      const waiting = attempt('198.51.104.100');
      await vi.waitFor(() => expect(closingClock.waiting).toBe(1));
      await closing.app.close();
      const answer = await waiting;
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error.code).toBe('UNAVAILABLE');
      expect(closingClock.waiting).toBe(0);
    } finally {
      await closing.database.destroy();
    }
  }, 60_000);

  it('limits sign-in attempts per client across addresses', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/account/login',
        remoteAddress: '203.0.113.50',
        payload: { email: uniqueEmail('probe'), password: 'wrong password!!', rememberMe: false },
      });
      last = response.statusCode;
      if (i < 20) expect(response.statusCode).toBe(401);
    }
    expect(last).toBe(429);
  });

  it('limits forgot-password and resend-verification per address, answering the same for unknown addresses', async () => {
    const email = uniqueEmail('nobody');
    for (const url of ['/api/account/forgot-password', '/api/account/resend-verification']) {
      for (let i = 0; i < 3; i++) {
        const response = await subject.app.inject({ method: 'POST', url, remoteAddress: `192.0.2.${i + 1}`, payload: { email } });
        expect(response.statusCode).toBe(200);
      }
      const refused = await subject.app.inject({ method: 'POST', url, remoteAddress: '192.0.2.99', payload: { email } });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe('Too many attempts. Please try again in 60 minutes.');
    }
  });

  it('limits sign-ups per address', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await signUp(subject.app, email)).statusCode).toBe(201);
    expect((await signUp(subject.app, email)).statusCode).toBe(429);
  });
});

describe('sign-in delays on the real clock', () => {
  it('holds the sixth sign-in in a row for an address back 1 s in real time: an app given no clock waits on Node’s timers', async () => {
    const real = await createTestApp();
    try {
      const { email } = await verifiedCustomer(real.app);
      const attempt = () =>
        real.app.inject({
          method: 'POST',
          url: '/api/account/login',
          remoteAddress: nextClient(),
          payload: { email, password: 'wrong password!!', rememberMe: false },
        });
      for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
      const started = performance.now();
      expect((await attempt()).statusCode).toBe(401);
      expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    } finally {
      await real.close();
    }
  }, 60_000);
});
