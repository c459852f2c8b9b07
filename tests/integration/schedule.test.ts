import { format, parseISO } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeOff } from '../../src/server/db/schema.ts';
import type { SessionUser } from '../../src/shared/account.ts';
import { businessDateOf, businessDayEnd, businessDayStart, formatAppointmentTime, slotInstant } from '../../src/shared/business-time.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, dayBefore, daylightSavingSundayAfter, upcomingWeekendDays } from '../support/appointments.ts';
import { openEventStream } from '../support/event-stream.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

describe('the owner’s schedule: time off, minimum notice and cut-off', () => {
  let subject: TestApp;
  let admin: Awaited<ReturnType<typeof bookingAdmin>>;
  const app = () => subject.app;
  const days = upcomingWeekendDays(8, 3);
  const day = (index: number) => days[index] ?? '';
  // The daylight-saving cases book the next change days after every day above, each with its own clock: a fixed
  // date would one day fall inside the time off this file leaves on day(3) to day(4) (SLOT_CLOSED, not TOO_SOON).
  const lastDay = days.at(-1) ?? '';
  const springForward = daylightSavingSundayAfter('march', lastDay);
  const fallBack = daylightSavingSundayAfter('november', lastDay);
  /** "March 13, 2027" for 2027-03-13. */
  const longDate = (date: string) => format(parseISO(date), 'MMMM d, yyyy');

  beforeAll(async () => {
    subject = await createTestApp({ SUPPORT_PHONE: '(631) 555-0199' });
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(() => subject.close());

  const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app().inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  const sessionUser = (customer: { id: string; email: string }): SessionUser => ({
    id: customer.id,
    email: customer.email,
    emailVerified: true,
    isAdmin: false,
  });
  const availability = async (cookie: string, date: string) =>
    (await app().inject({ method: 'GET', url: `/api/appointments/availability?month=${date.slice(0, 7)}`, headers: { cookie } })).json();

  it('refuses every schedule route to visitors (401) and customers (403)', async () => {
    const customer = await bookingCustomer(app());
    const routes: Array<['GET' | 'POST' | 'PUT', string, object?]> = [
      ['GET', '/api/admin/time-off'],
      ['POST', '/api/admin/time-off', { kind: 'day', date: day(0), reason: 'x' }],
      ['POST', '/api/admin/time-off/00000000-0000-4000-8000-000000000000/reopen'],
      ['GET', '/api/admin/booking-rules'],
      ['PUT', '/api/admin/booking-rules', { minNoticeHours: 1, cutoffHours: 1 }],
    ];
    for (const [method, url, payload] of routes) {
      const visitor = await app().inject({ method, url, ...(payload ? { payload } : {}) });
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      const refused = await app().inject({ method, url, headers: { cookie: customer.cookie }, ...(payload ? { payload } : {}) });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
    const rules = await asAdmin('GET', '/api/admin/booking-rules');
    expect(rules.json()).toEqual({ minNoticeHours: 12, cutoffHours: 24 });
  });

  it('closes a day over an existing booking: the booking is listed, the day is closed to customers, reopening keeps the trail', async () => {
    const date = day(1);
    const customer = await bookingCustomer(app(), 'affected');
    const booked = await book(app(), customer.cookie, date, '11:00am');
    expect(booked.statusCode).toBe(201);

    const closed = await asAdmin('POST', '/api/admin/time-off', { kind: 'day', date, reason: 'Family wedding' });
    expect(closed.statusCode).toBe(201);
    const closure = closed.json();
    expect(closure).toMatchObject({
      startsAt: businessDayStart(date).toISOString(),
      endsAt: businessDayEnd(date).toISOString(),
      reason: 'Family wedding',
    });
    expect(closure.affected).toEqual([
      expect.objectContaining({ appointmentId: booked.json().id, time: '11:00am', customerEmail: customer.email }),
    ]);

    const listed = (await asAdmin('GET', '/api/admin/time-off')).json();
    expect(listed.find((entry: { id: string }) => entry.id === closure.id)?.affected).toHaveLength(1);

    const other = await bookingCustomer(app(), 'closed-out');
    const seen = await availability(other.cookie, date);
    expect(seen.closed).toEqual([{ startsAt: closure.startsAt, endsAt: closure.endsAt }]);
    const refused = await book(app(), other.cookie, date, '02:00pm');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SLOT_CLOSED');
    expect(refused.json().error.message).toMatch(/closed at that time/);

    const reopened = await asAdmin('POST', `/api/admin/time-off/${closure.id}/reopen`);
    expect(reopened.statusCode).toBe(204);
    expect((await asAdmin('POST', `/api/admin/time-off/${closure.id}/reopen`)).statusCode).toBe(409);
    expect((await asAdmin('GET', '/api/admin/time-off')).json().map((entry: { id: string }) => entry.id)).not.toContain(closure.id);
    expect((await availability(other.cookie, date)).closed).toEqual([]);
    expect((await book(app(), other.cookie, date, '02:00pm')).statusCode).toBe(201);

    const rows = await subject.database.db.select().from(timeOff);
    expect(rows.find((row) => row.id === closure.id)).toMatchObject({ removedBy: admin.email, reason: 'Family wedding' });
  });

  it('closes a single slot (only its 90 minutes) and a range of days (both ends included)', async () => {
    const slot = await asAdmin('POST', '/api/admin/time-off', { kind: 'slot', date: day(2), slot: '12:30pm', reason: 'Dentist' });
    expect(slot.statusCode).toBe(201);
    expect(slot.json()).toMatchObject({
      startsAt: slotInstant(day(2), '12:30pm').toISOString(),
      endsAt: slotInstant(day(2), '02:00pm').toISOString(),
    });
    const customer = await bookingCustomer(app(), 'slot');
    expect((await book(app(), customer.cookie, day(2), '12:30pm')).statusCode).toBe(409);
    expect((await book(app(), customer.cookie, day(2), '11:00am')).statusCode).toBe(201);
    expect((await book(app(), customer.cookie, day(2), '02:00pm')).statusCode).toBe(201);

    const range = await asAdmin('POST', '/api/admin/time-off', { kind: 'range', from: day(3), to: day(4), reason: 'Away' });
    expect(range.statusCode).toBe(201);
    const other = await bookingCustomer(app(), 'range');
    expect((await book(app(), other.cookie, day(3), '08:00am')).statusCode).toBe(409);
    expect((await book(app(), other.cookie, day(4), '06:30pm')).statusCode).toBe(409);

    const backwards = await asAdmin('POST', '/api/admin/time-off', { kind: 'range', from: day(4), to: day(3), reason: '' });
    expect(backwards.statusCode).toBe(400);
    // A year mistyped in the last day (2927 for 2027) would close every weekend for 900 years, in one long transaction
    // that announces each month to every open screen: refused, with the field and the reason.
    const typo = await asAdmin('POST', '/api/admin/time-off', { kind: 'range', from: '2027-01-02', to: '2927-01-03', reason: '' });
    expect(typo.statusCode).toBe(400);
    expect(typo.body).toContain('A closure can cover at most 366 days. Check the year of the last day.');
    // A whole year is allowed: one after the daylight-saving cases' days (a fixed 2028 would close their Sundays
    // from March 2027 on, and they would be refused SLOT_CLOSED instead of TOO_SOON).
    const yearOff = Number(fallBack.slice(0, 4)) + 2;
    const year = await asAdmin('POST', '/api/admin/time-off', {
      kind: 'range',
      from: `${yearOff}-01-01`,
      to: `${yearOff}-12-31`,
      reason: 'A year off',
    });
    expect(year.statusCode).toBe(201);
  });

  it('enforces the minimum notice to the minute across the March change to daylight time', async () => {
    // The March Sunday (e.g. 14 March 2027), 08:00am EDT; twelve hours before is 07:00pm EST on Saturday
    // (13 wall-clock hours).
    const startsAt = slotInstant(springForward, '08:00am');
    expect(formatAppointmentTime(startsAt.getTime() - 12 * HOUR)).toBe(`Saturday, ${longDate(dayBefore(springForward))} at 07:00pm`);
    const late = await bookingCustomer(app(), 'late');
    const input = { date: springForward, slot: '08:00am' as const, isRemote: false };
    await expect(
      app().appointments.book(sessionUser(late), input, new Date(startsAt.getTime() - 12 * HOUR + MINUTE)),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'TOO_SOON',
      message: expect.stringContaining('12 hours'),
    });
    const onTime = await app().appointments.book(sessionUser(late), input, new Date(startsAt.getTime() - 12 * HOUR - MINUTE));
    expect(onTime.startsAt).toBe(startsAt.toISOString());
  });

  it('refuses the customer’s cancellation within the cut-off, to the minute across the November change, with the phone number', async () => {
    // The November Sunday (e.g. 7 November 2027), 08:00am EST; 24 hours before is 09:00am EDT on Saturday
    // (23 wall-clock hours).
    const startsAt = slotInstant(fallBack, '08:00am');
    expect(formatAppointmentTime(startsAt.getTime() - 24 * HOUR)).toBe(`Saturday, ${longDate(dayBefore(fallBack))} at 09:00am`);
    const customer = await bookingCustomer(app(), 'cutoff');
    const viewer = sessionUser(customer);
    const booked = await app().appointments.book(
      viewer,
      { date: fallBack, slot: '08:00am', isRemote: true },
      new Date(startsAt.getTime() - 30 * 24 * HOUR),
    );
    await expect(app().appointments.cancel(viewer, booked.id, new Date(startsAt.getTime() - 24 * HOUR + MINUTE))).rejects.toMatchObject({
      statusCode: 409,
      code: 'NOT_ALLOWED',
      message: expect.stringContaining('(631) 555-0199'),
    });
    await app().appointments.cancel(viewer, booked.id, new Date(startsAt.getTime() - 24 * HOUR - MINUTE));
    const list = await app().inject({ method: 'GET', url: '/api/appointments', headers: { cookie: customer.cookie } });
    expect(list.json()).toEqual([]);
  });

  it('changes the minimum notice and the cut-off, each change written to the configuration change log', async () => {
    const invalid = await asAdmin('PUT', '/api/admin/booking-rules', { minNoticeHours: -1, cutoffHours: 24 });
    expect(invalid.statusCode).toBe(400);
    const changed = await asAdmin('PUT', '/api/admin/booking-rules', { minNoticeHours: 6, cutoffHours: 48 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ minNoticeHours: 6, cutoffHours: 48 });
    expect((await asAdmin('GET', '/api/admin/booking-rules')).json()).toEqual({ minNoticeHours: 6, cutoffHours: 48 });

    const log = (await asAdmin('GET', '/api/admin/config-changes?collection=software')).json();
    const descriptions = log.map((entry: { description: string }) => entry.description);
    expect(descriptions).toContain('Minimum notice for booking changed from 12 to 6 hours.');
    expect(descriptions).toContain("Cut-off for customers' cancellations and changes changed from 24 to 48 hours.");

    const customer = await bookingCustomer(app(), 'rules');
    expect((await availability(customer.cookie, day(5))).minNoticeHours).toBe(6);
    await asAdmin('PUT', '/api/admin/booking-rules', { minNoticeHours: 12, cutoffHours: 24 });
  });
  it('tells an open booking picker that a closed day’s month changed (a slot event), and again on reopening', async () => {
    await app().listen({ port: 0, host: '127.0.0.1' });
    const address = app().server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const watcher = await bookingCustomer(app(), 'watcher');
    const stream = openEventStream(base, watcher.cookie);
    try {
      await stream.ready;
      const date = day(6);
      const closed = (await asAdmin('POST', '/api/admin/time-off', { kind: 'day', date, reason: 'Closed' })).json();
      const inMonth = (event: { kind: string; startsAt?: string }) =>
        event.kind === 'slot' && businessDateOf(new Date(event.startsAt ?? 0)).slice(0, 7) === date.slice(0, 7);
      await stream.waitFor(inMonth, 5000);
      const before = stream.events.filter(inMonth).length;
      await asAdmin('POST', `/api/admin/time-off/${closed.id}/reopen`);
      await expect.poll(() => stream.events.filter(inMonth).length, { timeout: 5000, interval: 10 }).toBe(before + 1);
      expect(JSON.stringify(stream.events)).not.toContain('Closed');
      // Time off does not say whether a slot is taken: the pickers refetch to learn how the month stands.
      for (const event of stream.events.filter(inMonth)) expect(event).not.toHaveProperty('taken');
    } finally {
      stream.close();
    }
  });
});
