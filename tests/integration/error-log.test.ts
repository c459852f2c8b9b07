import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLog } from '../../src/server/db/schema.ts';
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
      });
      expect(await fresh.database.db.select().from(errorLog)).toHaveLength(20);
    } finally {
      await fresh.close();
    }
  });
});
