import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema.ts';
import { purgeExpiredRateLimits } from '../../src/server/plugins/rate-limit-store.ts';
import { cookieFrom, latestCode, login, PASSWORD, uniqueEmail, verifiedCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/** The review's findings on a deployment's defaults: each one checked as an attacker would try it. */

const signUp = (email: string) => ({ email, confirmEmail: email, password: PASSWORD, confirmPassword: PASSWORD });

describe('TRUST_PROXY with a number of proxies', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => subject.close());

  it('keeps the per-client limit however the client rotates what it writes into X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/account/signup',
        // The client writes the left part; the one proxy in front appends the address it saw.
        headers: { 'x-forwarded-for': `198.51.100.${attempt + 1}, 203.0.113.7` },
        payload: signUp(uniqueEmail('rotate')),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('still tells two real clients behind the proxy apart', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/account/signup',
      headers: { 'x-forwarded-for': '203.0.113.8' },
      payload: signUp(uniqueEmail('other')),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('the defaults: no TRUST_PROXY, no SMTP', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  it('ignores X-Forwarded-For entirely', async () => {
    let last = 0;
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await subject.app.inject({
        method: 'POST',
        url: '/api/account/signup',
        remoteAddress: '192.0.2.44',
        headers: { 'x-forwarded-for': `198.51.100.${attempt + 1}` },
        payload: signUp(uniqueEmail('ignored')),
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });

  it('is served to this machine only: another computer cannot read a reset link', async () => {
    const { email } = await verifiedCustomer(subject.app);
    await subject.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { email } });
    for (const url of [`/dev/mailbox.json?to=${email}`, `/dev/mailbox?to=${email}`]) {
      const remote = await subject.app.inject({ method: 'GET', url, remoteAddress: '192.168.1.23' });
      expect(remote.statusCode, url).toBe(404);
      expect(remote.body).not.toContain('oobCode');
      // A forged header changes nothing: the connection's own address decides.
      const forged = await subject.app.inject({
        method: 'GET',
        url,
        remoteAddress: '192.168.1.23',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forged.statusCode, url).toBe(404);
    }
    expect(await latestCode(subject.app, email, 'resetPassword')).toBeTruthy();
  });

  it('refuses a cross-site change however its path is spelled', async () => {
    for (const url of ['/api/account/login', '/%61pi/account/login', '/%61%70%69/account/login', '/api/%61ccount/login']) {
      const response = await subject.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        payload: { email: 'someone@example.com', password: PASSWORD, rememberMe: false },
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code, url).toBe('CROSS_SITE');
    }
  });

  it('resolves the session on an API route however its path is spelled', async () => {
    const customer = await verifiedCustomer(subject.app);
    const response = await subject.app.inject({ method: 'GET', url: '/%61pi/account/me', headers: { cookie: customer.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().user?.email).toBe(customer.email);
  });
});

describe('what the log keeps', () => {
  const lines: string[] = [];
  let subject: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    subject = await createTestApp({}, { logger: { level: 'info', stream } });
  });
  afterAll(() => subject.close());

  it('never holds a one-time link, a code from a URL or an e-mail address', async () => {
    const { email } = await verifiedCustomer(subject.app);
    await subject.app.inject({ method: 'POST', url: '/api/account/forgot-password', payload: { email } });
    const code = await latestCode(subject.app, email, 'resetPassword');
    await subject.app.inject({ method: 'GET', url: `/usermgmt?mode=resetPassword&oobCode=${code}` });
    await subject.app.inject({ method: 'GET', url: `/api/auth/reset-password/${code}?callbackURL=%2Freset` });
    const log = lines.join('');
    expect(log).toContain('oobCode=[redacted]');
    expect(log).toContain('reset-password/[redacted]');
    expect(log).toContain('e-mail kept in the outbox, not sent');
    expect(log).not.toContain(code);
    expect(log).not.toContain(email);
  });

  it("never holds a session token when the session look-up fails, in better-auth's own error line", async () => {
    const { email } = await verifiedCustomer(subject.app);
    const signedIn = await login(subject.app, email, PASSWORD);
    const cookie = cookieFrom(signedIn);
    const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(token.length).toBeGreaterThan(20);
    const before = lines.length;
    // The session table gone from under the server, as when PostgreSQL cuts the connection mid-query.
    await subject.database.db.execute(sql`alter table "session" rename to "session_away"`);
    try {
      const answer = await subject.app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } });
      expect(answer.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await subject.database.db.execute(sql`alter table "session_away" rename to "session"`);
    }
    const log = lines.slice(before).join('');
    // The failure is logged, with what it was (the query and the database's code), never the values it carried.
    expect(log).toMatch(/auth: |request failed/);
    expect(log).toContain('42P01');
    expect(log).toContain('[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(email);
  });
});

describe('rate-limit counters', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  it('are forgotten a day after their window ends, so the table does not keep every address ever tried', async () => {
    await subject.database.db.insert(rateLimits).values([
      { key: 'login:address:old@example.com', count: 3, resetAt: new Date(Date.now() - 2 * 86_400_000) },
      { key: 'login:address:recent@example.com', count: 3, resetAt: new Date(Date.now() - 3_600_000) },
      { key: 'login:address:current@example.com', count: 3, resetAt: new Date(Date.now() + 600_000) },
    ]);
    expect(await purgeExpiredRateLimits(subject.database.db)).toBe(1);
    const keys = (await subject.database.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).not.toContain('login:address:old@example.com');
    expect(keys).toEqual(expect.arrayContaining(['login:address:recent@example.com', 'login:address:current@example.com']));
  });
});
