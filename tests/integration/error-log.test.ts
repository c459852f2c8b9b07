import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLog } from '../../src/server/db/schema.ts';
import { ANONYMOUS_REPORTS_LIMIT, purgeExpiredErrorLog } from '../../src/server/modules/error-log/error-log-service.ts';
import { verifiedCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

describe('POST /api/errors', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  const rows = () => subject.database.db.select().from(errorLog);

  it('records a browser report with the server-side user id, ignoring any the browser sends', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/errors',
      payload: {
        errorMessage: 'TypeError: x is undefined',
        componentName: 'ErrorBoundary',
        appointmentIdentifier: '/services',
        userId: 'Admin',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(await rows()).toEqual([
      expect.objectContaining({
        userId: 'No user id',
        errorMessage: 'TypeError: x is undefined',
        componentName: 'ErrorBoundary',
        appointmentIdentifier: '/services',
        source: 'browser',
      }),
    ]);
  });

  it('cuts an overlong message rather than losing the report', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/errors',
      payload: { errorMessage: 'e'.repeat(10_000), componentName: 'c'.repeat(500) },
    });
    expect(response.statusCode).toBe(204);
    const last = (await rows()).at(-1);
    expect(last?.errorMessage).toHaveLength(4000);
    expect(last?.componentName).toHaveLength(200);
  });

  it('refuses a report without a message or component, in the standard error shape', async () => {
    const response = await subject.app.inject({ method: 'POST', url: '/api/errors', payload: { errorMessage: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
  });

  it('refuses a body over 16 KB with 413', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/errors',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ errorMessage: 'x'.repeat(20_000), componentName: 'big' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'That request is too large.' } });
  });

  it('limits each client to 20 reports a minute', async () => {
    const fresh = await createTestApp();
    try {
      const send = () =>
        fresh.app.inject({
          method: 'POST',
          url: '/api/errors',
          remoteAddress: '203.0.113.9',
          payload: { errorMessage: 'm', componentName: 'c' },
        });
      for (let i = 0; i < 20; i++) expect((await send()).statusCode).toBe(204);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toEqual({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ (seconds?|minutes?)\.$/),
        params: { count: expect.any(Number), unit: expect.stringMatching(/^(second|minute)$/) },
      });
      expect(await fresh.database.db.select().from(errorLog)).toHaveLength(20);
    } finally {
      await fresh.close();
    }
  });

  it('takes e-mail addresses, card and phone numbers out of every field of a report', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/errors',
      payload: {
        errorMessage: 'Payment for mary.smith@example.com failed: card 4111 1111 1111 1111 declined; call (631) 555-0142',
        componentName: 'Checkout <joe@example.org>',
        appointmentIdentifier: 'card 5555555555554444 of mary%40example.com, +16315550142',
      },
    });
    expect(response.statusCode).toBe(204);
    expect((await rows()).at(-1)).toMatchObject({
      errorMessage: 'Payment for [e-mail] failed: card [card number] declined; call [phone number]',
      componentName: 'Checkout <[e-mail]>',
      appointmentIdentifier: 'card [card number] of [e-mail], [phone number]',
    });
  });

  it("takes a one-time link's code, tokens and a phone number out of a report, keeping the stack readable", async () => {
    const code = 'q3N4x_Zk-9aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456';
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/errors',
      payload: {
        errorMessage: [
          `TypeError: Failed to fetch https://techhelp.example/usermgmt?mode=resetPassword&oobCode=${code}&lang=es for 631-555-0142`,
          '    at verify (https://techhelp.example/assets/index-BzX3k9aQ.js:1:23456) at 2026-11-28T10:00:00Z',
          'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln; Cookie: techhelp.session_token=AbC123.xYz%3D',
        ].join('\n'),
        componentName: 'UserManagement',
        appointmentIdentifier: `/api/auth/reset-password/${code}?callbackURL=%2Fusermgmt`,
      },
    });
    expect(response.statusCode).toBe(204);
    const entry = (await rows()).at(-1);
    expect(entry).toMatchObject({
      errorMessage: [
        'TypeError: Failed to fetch https://techhelp.example/usermgmt?mode=resetPassword&oobCode=[redacted]&lang=es for [phone number]',
        '    at verify (https://techhelp.example/assets/index-BzX3k9aQ.js:1:23456) at 2026-11-28T10:00:00Z',
        'Authorization: [redacted]; Cookie: [redacted]',
      ].join('\n'),
      componentName: 'UserManagement',
      appointmentIdentifier: '/api/auth/reset-password/[redacted]?callbackURL=%2Fusermgmt',
      source: 'browser',
    });
    expect(JSON.stringify(entry)).not.toContain(code);
  });

  it("takes them out of the server's own entries too", async () => {
    await subject.app.recordError({
      errorMessage:
        'SMTP refused ann@example.net; order 1234567890123 kept; link /usermgmt?mode=verifyEmail&oobCode=abc123; text to (631) 555-0142',
      componentName: 'mail',
      appointmentIdentifier: 'receipt for 6011-0009-9013-9424',
      source: 'server',
    });
    expect((await rows()).at(-1)).toMatchObject({
      errorMessage:
        'SMTP refused [e-mail]; order 1234567890123 kept; link /usermgmt?mode=verifyEmail&oobCode=[redacted]; text to [phone number]',
      appointmentIdentifier: 'receipt for [card number]',
      source: 'server',
    });
  });

  it('caps anonymous reports across all clients and instances, in the standard error shape; signed-in users still report', async () => {
    const fresh = await createTestApp();
    try {
      const send = (client: number, cookie?: string) =>
        fresh.app.inject({
          method: 'POST',
          url: '/api/errors',
          remoteAddress: `198.18.${client >> 8}.${client & 255}`,
          headers: cookie ? { cookie } : {},
          payload: { errorMessage: 'm', componentName: 'c' },
        });
      for (let client = 1; client <= ANONYMOUS_REPORTS_LIMIT.max; client++) expect((await send(client)).statusCode).toBe(204);
      const refused = await send(ANONYMOUS_REPORTS_LIMIT.max + 1);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: {
          code: 'RATE_LIMITED',
          message: expect.stringMatching(/^Too many attempts\. Please try again in (\d+ seconds?|1 minute)\.$/),
          params: { count: expect.any(Number), unit: expect.stringMatching(/^(second|minute)$/) },
        },
      });
      expect(await fresh.database.db.select().from(errorLog)).toHaveLength(ANONYMOUS_REPORTS_LIMIT.max);
      const { cookie } = await verifiedCustomer(fresh.app);
      expect((await send(1000, cookie)).statusCode).toBe(204);
    } finally {
      await fresh.close();
    }
  });
});

describe('error log retention', () => {
  const addEntry = (subject: TestApp, errorMessage: string, daysAgo: number) =>
    subject.database.db.insert(errorLog).values({
      errorMessage,
      userId: 'No user id',
      componentName: 'c',
      source: 'browser',
      createdAt: sql`now() - make_interval(days => ${daysAgo})`,
    });
  const messages = async (subject: TestApp) =>
    (await subject.database.db.select({ message: errorLog.errorMessage }).from(errorLog)).map((row) => row.message);

  it('purges the entries older than the retention period and keeps the others', async () => {
    const subject = await createTestApp();
    try {
      await addEntry(subject, 'old', 91);
      await addEntry(subject, 'recent', 89);
      await addEntry(subject, 'today', 0);
      expect(await purgeExpiredErrorLog(subject.database.db, 90)).toBe(1);
      expect((await messages(subject)).sort()).toEqual(['recent', 'today']);
    } finally {
      await subject.close();
    }
  });

  it('purges when the server starts, by ERROR_LOG_RETENTION_DAYS', async () => {
    const subject = await createTestApp({ ERROR_LOG_RETENTION_DAYS: '30' }, { ready: false });
    try {
      await addEntry(subject, 'old', 31);
      await addEntry(subject, 'recent', 29);
      await subject.app.ready();
      expect(await messages(subject)).toEqual(['recent']);
      expect(await subject.database.db.select().from(errorLog).where(eq(errorLog.errorMessage, 'old'))).toEqual([]);
    } finally {
      await subject.close();
    }
  });
});
