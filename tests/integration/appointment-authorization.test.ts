import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';

type Caller = 'anonymous' | 'unverified' | 'customer' | 'otherCustomer';

describe('authorization of the appointment endpoints', () => {
  let subject: TestApp;
  const cookies = {} as Record<Caller, string>;
  let appointmentId: string;
  const [date] = upcomingWeekendDays(1, 3);

  beforeAll(async () => {
    subject = await createTestApp();
    cookies.anonymous = '';
    for (const caller of ['customer', 'otherCustomer', 'unverified'] as const) {
      const created = await bookingCustomer(subject.app, caller);
      cookies[caller] = created.cookie;
      if (caller === 'unverified') {
        await subject.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, created.id));
        await subject.app.notices.settle();
      }
    }
    appointmentId = (await book(subject.app, cookies.customer, date ?? '', '08:00am')).json().id;
  });
  afterAll(() => subject.close());

  const call = (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    subject.app.inject({ method, url, payload, headers: cookies[caller] ? { cookie: cookies[caller] } : {} });

  const endpoints = () =>
    [
      ['GET', `/api/appointments/availability?month=${(date ?? '').slice(0, 7)}`, undefined],
      ['GET', '/api/appointments', undefined],
      ['POST', '/api/appointments', { date, slot: '09:30am', isRemote: false }],
      ['PUT', `/api/appointments/${appointmentId}/description`, { description: 'x' }],
      ['POST', `/api/appointments/${appointmentId}/cancel`, undefined],
      ['GET', '/api/events', undefined],
    ] as const;

  it('answers 401 to visitors and 403 to unverified accounts on every endpoint', async () => {
    for (const [method, url, payload] of endpoints()) {
      const anonymous = await call('anonymous', method, url, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
      const unverified = await call('unverified', method, url, payload);
      expect(unverified.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('never lets another customer read, change or cancel an appointment', async () => {
    const list = await call('otherCustomer', 'GET', '/api/appointments');
    expect(list.json()).toEqual([]);
    const describe = await call('otherCustomer', 'PUT', `/api/appointments/${appointmentId}/description`, { description: 'mine now' });
    expect(describe.statusCode).toBe(404);
    const cancel = await call('otherCustomer', 'POST', `/api/appointments/${appointmentId}/cancel`);
    expect(cancel.statusCode).toBe(404);
    const own = (await call('customer', 'GET', '/api/appointments')).json();
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ id: appointmentId, description: '' });
  });
});
