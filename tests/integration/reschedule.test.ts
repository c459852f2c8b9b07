import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../src/server/db/schema.ts';
import type { SessionUser } from '../../src/shared/account.ts';
import { SLOT_LABELS } from '../../src/shared/business.ts';
import { formatAppointmentTime, slotInstant } from '../../src/shared/business-time.ts';
import { mailbox } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';
import { openEventStream } from '../support/event-stream.ts';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const DAY = 24 * HOUR;
const PHONE = '(631) 555-0199';

type Slot = { date: string; slot: string };

describe('rescheduling a visit', () => {
  let subject: TestApp;
  let admin: Awaited<ReturnType<typeof bookingAdmin>>;
  const app = () => subject.app;
  // Day 0 (3 to 9 days ahead) is kept for the minimum-notice test; every other test takes slots from the later days.
  const days = upcomingWeekendDays(18, 3);
  const noticeDay = days[0] ?? '';
  // The daylight-saving cases book these dates with their own clock; the fresh slots leave them out, or on the runs
  // a few weeks before them a fresh slot would be one of theirs (SLOT_TAKEN on either side).
  const FIXED_DATES = ['2026-11-01', '2026-11-14', '2027-03-14', '2027-03-27'];
  const slotDays = days.slice(1).filter((date) => !FIXED_DATES.includes(date));
  let nextSlotIndex = 0;
  /** A slot no other test in this file uses. */
  const freshSlot = (): Slot => {
    const index = nextSlotIndex++;
    const date = slotDays[Math.floor(index / SLOT_LABELS.length)];
    const slot = SLOT_LABELS[index % SLOT_LABELS.length];
    if (!date || !slot) throw new Error('out of test slots');
    return { date, slot };
  };
  const instantOf = (at: Slot) => slotInstant(at.date, at.slot as (typeof SLOT_LABELS)[number]).toISOString();

  beforeAll(async () => {
    subject = await createTestApp({ SUPPORT_PHONE: PHONE });
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(() => subject.close());

  const reschedule = (cookie: string | undefined, id: string, to: Slot) =>
    app().inject({
      method: 'POST',
      url: `/api/appointments/${id}/reschedule`,
      headers: cookie ? { cookie } : {},
      payload: { date: to.date, slot: to.slot },
    });
  const bookAt = async (cookie: string, at: Slot, isRemote = false) => {
    const response = await book(app(), cookie, at.date, at.slot, isRemote);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; startsAt: string; time: string };
  };
  const listOf = async (cookie: string) =>
    (await app().inject({ method: 'GET', url: '/api/appointments', headers: { cookie } })).json() as Array<{
      id: string;
      startsAt: string;
      time: string;
    }>;
  const takenIn = async (cookie: string, date: string): Promise<string[]> => {
    const response = await app().inject({
      method: 'GET',
      url: `/api/appointments/availability?month=${date.slice(0, 7)}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json().taken;
  };
  const activeAt = (instant: string) =>
    subject.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.startsAt, new Date(instant)), isNull(appointments.cancelledAt), isNull(appointments.deletedAt)));
  const sessionUser = (customer: { id: string; email: string }): SessionUser => ({
    id: customer.id,
    email: customer.email,
    emailVerified: true,
    isAdmin: false,
  });
  const expectError = (
    response: { statusCode: number; json(): { error: { code: string; message: string } } },
    status: number,
    code: string,
  ) => {
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
  };

  it('moves an uncompleted visit to another open slot: same id, old slot freed, new slot taken, the kind of visit kept', async () => {
    const customer = await bookingCustomer(app(), 'mover');
    const watcher = await bookingCustomer(app(), 'onlooker');
    const from = freshSlot();
    const to = freshSlot();
    const booked = await bookAt(customer.cookie, from, true);
    expect(await takenIn(watcher.cookie, from.date)).toContain(instantOf(from));

    const moved = await reschedule(customer.cookie, booked.id, to);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: booked.id, startsAt: instantOf(to), time: to.slot, isRemote: true, isCompleted: false });

    expect(await listOf(customer.cookie)).toEqual([moved.json()]);
    const takenFrom = await takenIn(watcher.cookie, from.date);
    const takenTo = await takenIn(watcher.cookie, to.date);
    expect(takenFrom).not.toContain(instantOf(from));
    expect(takenTo).toContain(instantOf(to));
    // The old slot is really free: someone else books it.
    await bookAt(watcher.cookie, from);
    expect(await activeAt(instantOf(to))).toEqual([expect.objectContaining({ id: booked.id, userId: customer.id })]);
  });

  it('keeps the count of open visits: a customer with three can move one, and still can not book a fourth', async () => {
    const customer = await bookingCustomer(app(), 'three');
    const booked = [await bookAt(customer.cookie, freshSlot()), await bookAt(customer.cookie, freshSlot())];
    booked.push(await bookAt(customer.cookie, freshSlot()));
    const to = freshSlot();
    const moved = await reschedule(customer.cookie, booked[1]?.id ?? '', to);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await listOf(customer.cookie)).toHaveLength(3);
    const fourth = freshSlot();
    const refused = await book(app(), customer.cookie, fourth.date, fourth.slot);
    expectError(refused, 409, 'TOO_MANY_OPEN');
    expect((await listOf(customer.cookie)).map((appointment) => appointment.id).sort()).toEqual(booked.map((visit) => visit.id).sort());
  });

  it('refuses the same slot (SAME_SLOT) and a slot someone else holds (SLOT_TAKEN), leaving the visit where it was', async () => {
    const customer = await bookingCustomer(app(), 'stayer');
    const other = await bookingCustomer(app(), 'holder');
    const at = freshSlot();
    const held = freshSlot();
    const booked = await bookAt(customer.cookie, at);
    await bookAt(other.cookie, held);

    const same = await reschedule(customer.cookie, booked.id, at);
    expectError(same, 409, 'SAME_SLOT');
    expect(same.json().error.message).toBe('Your visit is already at that time. Please choose another time.');

    const taken = await reschedule(customer.cookie, booked.id, held);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      error: { code: 'SLOT_TAKEN', message: 'Sorry, that time was just booked by someone else. Please choose another time.' },
    });
    expect((await listOf(customer.cookie)).map((appointment) => appointment.startsAt)).toEqual([instantOf(at)]);
    expect(await activeAt(instantOf(held))).toEqual([expect.objectContaining({ userId: other.id })]);
  });

  it('refuses the owner’s time off (SLOT_CLOSED), a slot within the minimum notice (TOO_SOON), and slots no one may book (400)', async () => {
    const customer = await bookingCustomer(app(), 'closed');
    const at = freshSlot();
    const booked = await bookAt(customer.cookie, at);

    const off = freshSlot();
    const closed = await app().inject({
      method: 'POST',
      url: '/api/admin/time-off',
      headers: { cookie: admin.cookie },
      payload: { kind: 'slot', date: off.date, slot: off.slot, reason: 'Dentist' },
    });
    expect(closed.statusCode).toBe(201);
    const intoTimeOff = await reschedule(customer.cookie, booked.id, off);
    expectError(intoTimeOff, 409, 'SLOT_CLOSED');
    expect(intoTimeOff.json().error.message).toMatch(/closed at that time/);

    // With 14 days' notice, every slot of the first weekend (3 to 9 days ahead) is too soon.
    const rules = (payload: object) =>
      app().inject({ method: 'PUT', url: '/api/admin/booking-rules', headers: { cookie: admin.cookie }, payload });
    expect((await rules({ minNoticeHours: 336, cutoffHours: 24 })).statusCode).toBe(200);
    try {
      const tooSoon = await reschedule(customer.cookie, booked.id, { date: noticeDay, slot: '06:30pm' });
      expectError(tooSoon, 409, 'TOO_SOON');
      expect(tooSoon.json().error.message).toContain('336 hours');
      // The value comes apart too, so that the browser says the same refusal in the customer's language.
      expect(tooSoon.json().error.params).toEqual({ hours: 336 });
    } finally {
      expect((await rules({ minNoticeHours: 12, cutoffHours: 24 })).statusCode).toBe(200);
    }

    expectError(await reschedule(customer.cookie, booked.id, { date: '2026-01-10', slot: '08:00am' }), 400, 'SLOT_CLOSED');
    expectError(
      await reschedule(customer.cookie, booked.id, { date: upcomingWeekendDays(1, 100)[0] ?? '', slot: '08:00am' }),
      400,
      'SLOT_CLOSED',
    );
    expectError(await reschedule(customer.cookie, booked.id, { date: at.date, slot: '08:15am' }), 400, 'VALIDATION_FAILED');
    expect((await listOf(customer.cookie)).map((appointment) => appointment.startsAt)).toEqual([instantOf(at)]);
  });

  it('refuses a visit less than 24 hours away (the cut-off of the visit as it stands), with the support phone number', async () => {
    const customer = await bookingCustomer(app(), 'cutoff');
    const id = `20991231-${crypto.randomUUID()}`;
    const soon = new Date(Date.now() + 3 * HOUR);
    await subject.database.db.insert(appointments).values({ id, userId: customer.id, startsAt: soon, slotLabel: '08:00am' });
    const to = freshSlot();
    const refused = await reschedule(customer.cookie, id, to);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'NOT_ALLOWED',
      message: `Your visit is less than 24 hours away, so it can no longer be changed or cancelled online. Please call us at ${PHONE}.`,
      params: { hours: 24, phone: PHONE },
    });
    expect(await activeAt(instantOf(to))).toEqual([]);
    expect((await listOf(customer.cookie)).map((appointment) => appointment.startsAt)).toEqual([soon.toISOString()]);
  });

  it('refuses a completed visit (NOT_ALLOWED), a cancelled one and another customer’s (404), and a visitor (401)', async () => {
    const customer = await bookingCustomer(app(), 'done');
    const stranger = await bookingCustomer(app(), 'stranger');
    const at = freshSlot();
    const to = freshSlot();
    const booked = await bookAt(customer.cookie, at);

    expectError(await reschedule(stranger.cookie, booked.id, to), 404, 'NOT_FOUND');
    expect((await reschedule(undefined, booked.id, to)).statusCode).toBe(401);
    expect((await listOf(customer.cookie)).map((appointment) => appointment.startsAt)).toEqual([instantOf(at)]);

    const cancelled = await bookAt(customer.cookie, freshSlot());
    expect(
      (await app().inject({ method: 'POST', url: `/api/appointments/${cancelled.id}/cancel`, headers: { cookie: customer.cookie } }))
        .statusCode,
    ).toBe(204);
    expectError(await reschedule(customer.cookie, cancelled.id, to), 404, 'NOT_FOUND');

    await subject.database.db.update(appointments).set({ completedAt: new Date() }).where(eq(appointments.id, booked.id));
    const completed = await reschedule(customer.cookie, booked.id, to);
    expect(completed.statusCode).toBe(409);
    expect(completed.json().error).toEqual({ code: 'NOT_ALLOWED', message: 'A completed or paid visit can not be moved.' });
    expect(await activeAt(instantOf(to))).toEqual([]);
  });

  it('applies the cut-off to the current visit to the second across the November change (24 real hours, 23 on the clock)', async () => {
    // Sunday 1 November 2026, 08:00am EST; 24 hours before is 09:00am EDT on Saturday.
    const current = slotInstant('2026-11-01', '08:00am');
    const cutoff = current.getTime() - DAY;
    expect(formatAppointmentTime(cutoff)).toBe('Saturday, October 31, 2026 at 09:00am');
    const customer = await bookingCustomer(app(), 'fallback');
    const viewer = sessionUser(customer);
    const service = app().appointments;
    const booked = await service.book(viewer, { date: '2026-11-01', slot: '08:00am', isRemote: false }, new Date(cutoff - 20 * DAY));

    const target = { date: '2026-11-14', slot: '11:00am' as const };
    // One second inside the cut-off (23 hours 59 minutes 59 seconds ahead): refused, with the phone number.
    await expect(service.reschedule(viewer, booked.id, target, new Date(cutoff + SECOND))).rejects.toMatchObject({
      statusCode: 409,
      code: 'NOT_ALLOWED',
      message: expect.stringContaining(PHONE),
    });
    // One second before it: 24 hours and a second ahead, though the wall clocks are only 23 hours apart.
    const moved = await service.reschedule(viewer, booked.id, target, new Date(cutoff - SECOND));
    expect(moved).toMatchObject({ id: booked.id, startsAt: slotInstant('2026-11-14', '11:00am').toISOString() });

    // Exactly 24 hours ahead is still allowed.
    const second = await service.book(viewer, { date: '2026-11-01', slot: '09:30am', isRemote: false }, new Date(cutoff - 20 * DAY));
    const exact = slotInstant('2026-11-01', '09:30am').getTime() - DAY;
    const movedExactly = await service.reschedule(viewer, second.id, { date: '2026-11-14', slot: '12:30pm' }, new Date(exact));
    expect(movedExactly.startsAt).toBe(slotInstant('2026-11-14', '12:30pm').toISOString());
  });

  it('applies the minimum notice to the new slot to the second across the March change (12 real hours, 13 on the clock)', async () => {
    // Sunday 14 March 2027, 08:00am EDT; twelve hours before is 07:00pm EST on Saturday.
    const target = slotInstant('2027-03-14', '08:00am');
    const notice = target.getTime() - 12 * HOUR;
    expect(formatAppointmentTime(notice)).toBe('Saturday, March 13, 2027 at 07:00pm');
    const customer = await bookingCustomer(app(), 'springforward');
    const viewer = sessionUser(customer);
    const service = app().appointments;
    const booked = await service.book(viewer, { date: '2027-03-27', slot: '08:00am', isRemote: true }, new Date(notice - 20 * DAY));
    const input = { date: '2027-03-14', slot: '08:00am' as const };

    await expect(service.reschedule(viewer, booked.id, input, new Date(notice + SECOND))).rejects.toMatchObject({
      statusCode: 409,
      code: 'TOO_SOON',
      message: expect.stringContaining('12 hours'),
    });
    const moved = await service.reschedule(viewer, booked.id, input, new Date(notice));
    expect(moved).toMatchObject({ id: booked.id, startsAt: target.toISOString(), isRemote: true });
  });

  it('lets the owner move a visit the customer no longer may (inside the cut-off): e-mailed, in the history; never for customers or visitors, never into time off', async () => {
    const customer = await bookingCustomer(app(), 'owner-moves');
    const id = `20991231-${crypto.randomUUID()}`;
    const soon = new Date(Date.now() + 3 * HOUR);
    await subject.database.db.insert(appointments).values({ id, userId: customer.id, startsAt: soon, slotLabel: '08:00am' });
    const to = freshSlot();
    const asOwner = (cookie: string | undefined, at: Slot) =>
      app().inject({
        method: 'POST',
        url: `/api/admin/appointments/${id}/reschedule`,
        headers: cookie ? { cookie } : {},
        payload: { date: at.date, slot: at.slot },
      });
    expect((await asOwner(undefined, to)).statusCode).toBe(401);
    expect((await asOwner(customer.cookie, to)).statusCode).toBe(403);

    const closedAt = freshSlot();
    const closed = await app().inject({
      method: 'POST',
      url: '/api/admin/time-off',
      headers: { cookie: admin.cookie },
      payload: { kind: 'slot', date: closedAt.date, slot: closedAt.slot, reason: 'Errand' },
    });
    expect(closed.statusCode).toBe(201);
    const refused = await asOwner(admin.cookie, closedAt);
    expect(refused.statusCode).toBe(409);
    // In the owner's words, not the customer's ("Sorry, we are closed", "your visit").
    expect(refused.json().error).toEqual({
      code: 'SLOT_CLOSED',
      message: 'That time is closed on your schedule (Time off). Choose another time, or reopen it first.',
    });
    const other = await bookingCustomer(app(), 'owner-moves-other');
    const taken = freshSlot();
    expect((await bookAt(other.cookie, taken)).id).toBeDefined();
    expect((await asOwner(admin.cookie, taken)).json().error).toEqual({
      code: 'SLOT_TAKEN',
      message: 'Another visit is booked at that time. Choose another time, or move that visit first.',
    });
    expect((await asOwner(admin.cookie, { date: '2020-06-06', slot: '08:00am' })).json().error).toEqual({
      code: 'SLOT_CLOSED',
      message: 'That time has passed or is more than 90 days ahead. Choose another time.',
      params: { windowDays: 90 },
    });

    const before = (await mailbox(app(), customer.email)).length;
    const moved = await asOwner(admin.cookie, to);
    expect(moved.statusCode, moved.body).toBe(204);
    expect((await listOf(customer.cookie)).map((appointment) => appointment.startsAt)).toEqual([instantOf(to)]);
    const mails = await mailbox(app(), customer.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.some((mail) => mail.subject.includes('has moved to'))).toBe(true);
    expect((await asOwner(admin.cookie, to)).json().error).toEqual({
      code: 'SAME_SLOT',
      message: 'The visit is already at that time. Choose another time.',
    });
    const history = await app().inject({ method: 'GET', url: `/api/admin/appointments/${id}/history`, headers: { cookie: admin.cookie } });
    expect(history.json()[0]).toMatchObject({ action: 'reschedule', actorEmail: admin.email });
  });

  it('records a reschedule history entry with the times before and after', async () => {
    const customer = await bookingCustomer(app(), 'historic');
    const from = freshSlot();
    const to = freshSlot();
    const booked = await bookAt(customer.cookie, from);
    expect((await reschedule(customer.cookie, booked.id, to)).statusCode).toBe(200);

    const history = await app().inject({
      method: 'GET',
      url: `/api/admin/appointments/${booked.id}/history`,
      headers: { cookie: admin.cookie },
    });
    expect(history.statusCode).toBe(200);
    const entries = history.json().filter((entry: { action: string }) => entry.action === 'reschedule');
    expect(entries).toEqual([
      {
        at: expect.any(String),
        actorEmail: customer.email,
        action: 'reschedule',
        changes: {
          startsAt: { before: formatAppointmentTime(new Date(instantOf(from))), after: formatAppointmentTime(new Date(instantOf(to))) },
        },
      },
    ]);
    const forCustomer = await app().inject({
      method: 'GET',
      url: `/api/admin/appointments/${booked.id}/history`,
      headers: { cookie: customer.cookie },
    });
    expect(forCustomer.statusCode).toBe(403);
  });

  it('two customers moving into the same free slot at once: exactly one gets it, the other keeps their visit (5 rounds)', async () => {
    const first = await bookingCustomer(app(), 'racer-a');
    const second = await bookingCustomer(app(), 'racer-b');
    const appointmentA = await bookAt(first.cookie, freshSlot());
    const appointmentB = await bookAt(second.cookie, freshSlot());
    for (let round = 0; round < 5; round++) {
      const [beforeA] = await listOf(first.cookie);
      const [beforeB] = await listOf(second.cookie);
      const target = freshSlot();
      const responses = await Promise.all([
        reschedule(first.cookie, appointmentA.id, target),
        reschedule(second.cookie, appointmentB.id, target),
      ]);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses, `round ${round + 1}`).toEqual([200, 409]);
      const loser = responses.find((response) => response.statusCode === 409);
      expect(loser?.json().error.code).toBe('SLOT_TAKEN');
      const winnerIsA = responses[0]?.statusCode === 200;
      const stored = await activeAt(instantOf(target));
      expect(stored).toEqual([expect.objectContaining({ id: winnerIsA ? appointmentA.id : appointmentB.id })]);
      const [afterA] = await listOf(first.cookie);
      const [afterB] = await listOf(second.cookie);
      expect(afterA?.startsAt).toBe(winnerIsA ? instantOf(target) : beforeA?.startsAt);
      expect(afterB?.startsAt).toBe(winnerIsA ? beforeB?.startsAt : instantOf(target));
    }
  });

  it('a booking and a reschedule racing for one slot: exactly one wins (5 rounds)', async () => {
    const mover = await bookingCustomer(app(), 'race-mover');
    const appointment = await bookAt(mover.cookie, freshSlot());
    for (let round = 0; round < 5; round++) {
      const booker = await bookingCustomer(app(), `race-booker${round}`);
      const [before] = await listOf(mover.cookie);
      const target = freshSlot();
      const moving = () => reschedule(mover.cookie, appointment.id, target);
      const booking = () => book(app(), booker.cookie, target.date, target.slot);
      // Each goes first in turn, so neither always has the head start.
      const [moved, booked] =
        round % 2 === 0 ? await Promise.all([moving(), booking()]) : (await Promise.all([booking(), moving()])).reverse();
      const wins = [moved?.statusCode === 200, booked?.statusCode === 201];
      expect(wins.filter(Boolean), `round ${round + 1}: ${moved?.statusCode} ${booked?.statusCode}`).toHaveLength(1);
      const loser = wins[0] ? booked : moved;
      expect(loser?.statusCode).toBe(409);
      expect(loser?.json().error.code).toBe('SLOT_TAKEN');
      const stored = await activeAt(instantOf(target));
      expect(stored).toHaveLength(1);
      expect(stored[0]?.userId).toBe(wins[0] ? mover.id : booker.id);
      expect((await listOf(mover.cookie))[0]?.startsAt).toBe(wins[0] ? instantOf(target) : before?.startsAt);
    }
  });

  it('tells the admin’s stream of the change, and another customer’s stream of both the freed and the taken slot', async () => {
    await app().listen({ port: 0, host: '127.0.0.1' });
    const address = app().server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const customer = await bookingCustomer(app(), 'streamed');
    const onlooker = await bookingCustomer(app(), 'stream-onlooker');
    const from = freshSlot();
    const to = freshSlot();
    const booked = await bookAt(customer.cookie, from);

    const adminStream = openEventStream(base, admin.cookie);
    const otherStream = openEventStream(base, onlooker.cookie);
    try {
      await Promise.all([adminStream.ready, otherStream.ready]);
      expect((await reschedule(customer.cookie, booked.id, to)).statusCode).toBe(200);
      await adminStream.waitFor(
        (event) => event.kind === 'appointment' && event.appointmentId === booked.id && event.userId === customer.id,
        5000,
      );
      // Each slot's event says how it stands now: the one left free, the one taken.
      expect(await otherStream.waitFor((event) => event.kind === 'slot' && event.startsAt === instantOf(from), 5000)).toEqual({
        kind: 'slot',
        startsAt: instantOf(from),
        taken: false,
      });
      expect(await otherStream.waitFor((event) => event.kind === 'slot' && event.startsAt === instantOf(to), 5000)).toEqual({
        kind: 'slot',
        startsAt: instantOf(to),
        taken: true,
      });
      // The other customer learns only the slots: never whose visit or which one.
      expect(JSON.stringify(otherStream.events)).not.toContain(booked.id);
      expect(JSON.stringify(otherStream.events)).not.toContain(customer.id);
    } finally {
      adminStream.close();
      otherStream.close();
    }
  });
});
