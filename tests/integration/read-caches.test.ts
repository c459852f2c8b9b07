import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, estimates, timeOff } from '../../src/server/db/schema.ts';
import { slotInstant } from '../../src/shared/business-time.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';

/**
 * The reads kept in memory (decision 025): the free times of a month, a customer's open visits and the booking
 * rules are answered from memory once read, and whatever changes them, through the app or straight in the
 * database, is seen by the very next request. (On PostgreSQL, a direct write is followed by `notices.settle()`, as
 * the app does after each of its own writes.)
 */
describe('reads kept in memory', () => {
  let subject: TestApp;
  let admin: Awaited<ReturnType<typeof bookingAdmin>>;
  let customer: Awaited<ReturnType<typeof bookingCustomer>>;
  let other: Awaited<ReturnType<typeof bookingCustomer>>;
  const days = upcomingWeekendDays(6, 4);
  const day = (index: number) => days[index] ?? '';

  beforeAll(async () => {
    subject = await createTestApp();
    admin = await bookingAdmin(subject.app, subject.database.db);
    customer = await bookingCustomer(subject.app, 'cached');
    other = await bookingCustomer(subject.app, 'cached-other');
  });
  afterAll(() => subject.close());

  const get = async (cookie: string, url: string) => {
    const response = await subject.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const month = (date: string) => `/api/appointments/availability?month=${date.slice(0, 7)}`;
  const taken = async (date: string) => (await get(customer.cookie, month(date))).taken as string[];
  const stats = () => subject.app.appointments.readStats();

  it('answers the free times and the open visits from memory once read', async () => {
    await taken(day(0));
    await get(customer.cookie, '/api/appointments');
    const before = stats();
    await taken(day(0));
    await get(customer.cookie, '/api/appointments');
    const after = stats();
    expect(after.months.hits - before.months.hits).toBe(1);
    expect(after.openOf.hits - before.openOf.hits).toBe(1);
    expect(after.months.misses).toBe(before.months.misses);
    expect(after.openOf.misses).toBe(before.openOf.misses);
  });

  it("shows another customer's booking and cancellation in the free times at once", async () => {
    const instant = slotInstant(day(1), '09:30am').toISOString();
    expect(await taken(day(1))).not.toContain(instant);
    const booked = await book(subject.app, other.cookie, day(1), '09:30am');
    expect(booked.statusCode).toBe(201);
    expect(await taken(day(1))).toContain(instant);
    const cancelled = await subject.app.inject({
      method: 'POST',
      url: `/api/appointments/${booked.json().id}/cancel`,
      headers: { cookie: other.cookie },
    });
    expect(cancelled.statusCode).toBe(204);
    expect(await taken(day(1))).not.toContain(instant);
  });

  it('follows a change written straight into the database: the list and the free times', async () => {
    const booked = await book(subject.app, customer.cookie, day(2), '11:00am');
    const id = booked.json().id as string;
    expect((await get(customer.cookie, '/api/appointments')).map((item: { id: string }) => item.id)).toContain(id);
    const instant = slotInstant(day(2), '11:00am').toISOString();
    expect(await taken(day(2))).toContain(instant);

    await subject.database.db.update(appointments).set({ cancelledAt: new Date() }).where(eq(appointments.id, id));
    await subject.app.notices.settle();
    expect((await get(customer.cookie, '/api/appointments')).map((item: { id: string }) => item.id)).not.toContain(id);
    expect(await taken(day(2))).not.toContain(instant);
  });

  it("follows a job's estimate at once: sent by the owner, then changed straight in the database", async () => {
    const booked = await book(subject.app, customer.cookie, day(3), '02:00pm');
    const id = booked.json().id as string;
    const estimateOf = async () =>
      ((await get(customer.cookie, '/api/appointments')) as { id: string; estimate: { state: string } | null }[]).find(
        (item) => item.id === id,
      )?.estimate ?? null;
    expect(await estimateOf()).toBeNull();
    expect(await estimateOf()).toBeNull();
    const sent = await subject.app.inject({
      method: 'POST',
      url: `/api/admin/appointments/${id}/estimate`,
      headers: { cookie: admin.cookie },
      payload: { kind: 'troubleshooting', minutes: 60, hardware: [] },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    expect(await estimateOf()).toMatchObject({ state: 'sent' });
    const before = stats();
    expect(await estimateOf()).toMatchObject({ state: 'sent' });
    expect(stats().openOf.hits - before.openOf.hits).toBe(1);

    await subject.database.db.update(estimates).set({ state: 'declined', decidedAt: new Date() }).where(eq(estimates.appointmentId, id));
    await subject.app.notices.settle();
    expect(await estimateOf()).toMatchObject({ state: 'declined' });
  });

  it("follows the owner's time off and booking rules at once", async () => {
    const closedBefore = (await get(customer.cookie, month(day(3)))).closed as unknown[];
    const added = await subject.app.inject({
      method: 'POST',
      url: '/api/admin/time-off',
      headers: { cookie: admin.cookie },
      payload: { kind: 'day', date: day(3), reason: 'Closed for a test' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(((await get(customer.cookie, month(day(3)))).closed as unknown[]).length).toBe(closedBefore.length + 1);

    const booked = await book(subject.app, customer.cookie, day(4), '02:00pm');
    const changeBy = async () =>
      (await get(customer.cookie, '/api/appointments')).find((item: { id: string }) => item.id === booked.json().id)?.changeBy;
    const first = await changeBy();
    const rules = (await get(admin.cookie, '/api/admin/booking-rules')) as { minNoticeHours: number; cutoffHours: number };
    const changed = await subject.app.inject({
      method: 'PUT',
      url: '/api/admin/booking-rules',
      headers: { cookie: admin.cookie },
      payload: { ...rules, cutoffHours: rules.cutoffHours + 2 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(new Date(first).getTime() - new Date(await changeBy()).getTime()).toBe(2 * 60 * 60 * 1000);
    expect((await get(customer.cookie, month(day(4)))).minNoticeHours).toBe(rules.minNoticeHours);

    // Straight in the database too.
    await subject.database.db.execute(sql`update business_settings set min_notice_hours = min_notice_hours + 1`);
    await subject.app.notices.settle();
    expect((await get(customer.cookie, month(day(4)))).minNoticeHours).toBe(rules.minNoticeHours + 1);
  });

  it('checks a booking against the time off it keeps, which bookings leave alone and new time off replaces at once', async () => {
    expect((await book(subject.app, customer.cookie, day(5), '08:00am')).statusCode).toBe(201);
    const before = stats();
    expect((await book(subject.app, other.cookie, day(5), '09:30am')).statusCode).toBe(201);
    const after = stats();
    // The first booking's own notices ('m', 'a:') did not empty the month's time off.
    expect(after.timeOff.hits - before.timeOff.hits).toBe(1);
    expect(after.timeOff.misses).toBe(before.timeOff.misses);
    // The month's free times, emptied by that booking, are read again with the time off kept.
    await get(customer.cookie, month(day(5)));
    expect(stats().timeOff).toEqual({ hits: after.timeOff.hits + 1, misses: before.timeOff.misses });

    // Time off written straight into the database is heard ('t') before the next booking is checked.
    await subject.database.db.insert(timeOff).values({
      startsAt: slotInstant(day(5), '11:00am'),
      endsAt: slotInstant(day(5), '12:30pm'),
      reason: 'Closed for a test',
      createdBy: 'a test',
    });
    await subject.app.notices.settle();
    const refused = await book(subject.app, other.cookie, day(5), '11:00am');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('SLOT_CLOSED');
    const shown = (await get(customer.cookie, month(day(5)))) as { closed: { startsAt: string }[] };
    expect(shown.closed.map((span) => span.startsAt)).toContain(slotInstant(day(5), '11:00am').toISOString());
  });
});

/**
 * Why `notices.settle()` sends nothing on the embedded database: PGlite hands a transaction's notices to the
 * listeners before its commit returns to the caller, so a request that has committed has already been heard by this
 * process's caches. If a PGlite upgrade changed that, this test fails and settle must go back to waiting for its own
 * notice there too.
 */
describe.runIf(!process.env.TEST_DATABASE_URL)('the embedded database', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  it('hands every notice of a transaction, and of a single statement, to the listeners before the commit returns', async () => {
    const { db, listen } = subject.database;
    expect(listen.heardAtCommit).toBe(true);
    const heard: string[] = [];
    const stop = await listen('techhelp_cache_test', (payload) => heard.push(payload));
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('techhelp_cache_test', 'first')`);
        await tx.execute(sql`select pg_notify('techhelp_cache_test', 'second')`);
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual(['first', 'second']);
      await db.execute(sql`select pg_notify('techhelp_cache_test', 'third')`);
      expect(heard).toEqual(['first', 'second', 'third']);
    } finally {
      await stop();
    }
  });
});
