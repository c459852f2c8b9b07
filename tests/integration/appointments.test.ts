import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, user } from '../../src/server/db/schema.ts';
import type { SessionUser } from '../../src/shared/account.ts';
import { slotInstant } from '../../src/shared/business-time.ts';
import { mailbox, uniqueEmail, verifiedCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingCustomer, daysAfter, summerSundayAhead, upcomingWeekendDays } from '../support/appointments.ts';

describe('booking and the customer’s appointments', () => {
  let subject: TestApp;
  let adminEmail: string;
  /** An admin whose address is not verified: told of nothing. */
  let unverifiedAdminEmail: string;
  const [saturdayA, sundayA, saturdayB] = upcomingWeekendDays(3, 3);
  const day = (index: number) => upcomingWeekendDays(12, 3)[index] ?? '';

  beforeAll(async () => {
    subject = await createTestApp({ PUBLIC_URL: 'https://techhelp.test', SUPPORT_PHONE: '(631) 555-0199' });
    const admin = await bookingCustomer(subject.app, 'admin');
    adminEmail = admin.email;
    await subject.database.db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    const unverified = await bookingCustomer(subject.app, 'unverified-admin');
    unverifiedAdminEmail = unverified.email;
    await subject.database.db.update(user).set({ isAdmin: true, emailVerified: false }).where(eq(user.id, unverified.id));
    await subject.app.notices.settle();
  });
  afterAll(() => subject.close());
  const app = () => subject.app;

  it('books a weekend slot: id YYYYMMDD-uuid, listed, confirmed by e-mail with a New York calendar invite', async () => {
    const customer = await bookingCustomer(app());
    const response = await book(app(), customer.cookie, saturdayA ?? '', '09:30am', false);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.id).toMatch(
      new RegExp(`^${(saturdayA ?? '').replaceAll('-', '')}-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`),
    );
    expect(created).toMatchObject({ time: '09:30am', isRemote: false, description: '', amountCents: 0, isCompleted: false, isPaid: false });
    expect(created.startsAt).toBe(slotInstant(saturdayA ?? '', '09:30am').toISOString());

    const list = await app().inject({ method: 'GET', url: '/api/appointments', headers: { cookie: customer.cookie } });
    expect(list.json()).toEqual([created]);

    const [confirmation] = await mailbox(app(), customer.email);
    expect(confirmation?.subject).toMatch(/^Your TechHelp visit on (Saturday|Sunday), /);
    const invite = (confirmation as unknown as { attachments: Array<{ filename: string; content: string }> }).attachments[0];
    expect(invite?.filename).toBe('techhelp-visit.ics');
    const calendar = new ICAL.Component(ICAL.parse(invite?.content ?? ''));
    const vtimezone = calendar.getFirstSubcomponent('vtimezone');
    expect(vtimezone?.getFirstPropertyValue('tzid')).toBe('America/New_York');
    ICAL.TimezoneService.register(vtimezone as ICAL.Component);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') as ICAL.Component);
    expect(event.startDate.zone?.tzid).toBe('America/New_York');
    expect(event.startDate.toJSDate().toISOString()).toBe(created.startsAt);
    expect(event.endDate.toJSDate().getTime() - new Date(created.startsAt).getTime()).toBe(90 * 60 * 1000);
    expect(event.location).toBe('12 Main Street, Bay Shore, NY 11706');
    expect(event.description).toContain('(631) 555-0199');

    const [notice] = await mailbox(app(), adminEmail);
    expect(notice?.subject).toMatch(/^New booking: (Saturday|Sunday), /);
    expect(notice?.text).toContain(customer.email);
    // The owner reads who booked what, with the phone to call them on.
    expect(notice?.text).toMatch(/ booked an in-person visit on (Saturday|Sunday), /);
    expect(notice?.text).toContain('Phone: 631-555-0100.');
    expect((await mailbox(app(), unverifiedAdminEmail)).map((email) => email.subject)).not.toContainEqual(
      expect.stringMatching(/^New booking/),
    );
  });

  it('gives a remote visit "Remote" as its location', async () => {
    const customer = await bookingCustomer(app());
    expect((await book(app(), customer.cookie, sundayA ?? '', '02:00pm', true)).statusCode).toBe(201);
    const [confirmation] = await mailbox(app(), customer.email);
    const invite = (confirmation as unknown as { attachments: Array<{ content: string }> }).attachments[0]?.content ?? '';
    expect(invite).toContain('LOCATION:Remote');
    const notice = (await mailbox(app(), adminEmail)).find((email) => email.text.includes(customer.email));
    expect(notice?.text).toMatch(/ booked a remote visit on (Saturday|Sunday), /);
  });

  it('tells availability by start time only: no names, e-mails or ids', async () => {
    const customer = await bookingCustomer(app());
    const booked = (await book(app(), customer.cookie, saturdayB ?? '', '11:00am')).json();
    const other = await bookingCustomer(app());
    const month = (saturdayB ?? '').slice(0, 7);
    const response = await app().inject({
      method: 'GET',
      url: `/api/appointments/availability?month=${month}`,
      headers: { cookie: other.cookie },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['closed', 'lastBookableDate', 'minNoticeHours', 'month', 'now', 'taken']);
    expect(body.taken).toContain(booked.startsAt);
    const text = JSON.stringify(body);
    expect(text).not.toContain(booked.id);
    expect(text).not.toContain(customer.email);
    expect(text).not.toContain(customer.id);
  });

  it.each([
    [{ slot: '08:15am' }, 400, 'VALIDATION_FAILED'],
    [{ date: 'not-a-date' }, 400, 'VALIDATION_FAILED'],
  ])('refuses %o', async (change, status, code) => {
    const customer = await bookingCustomer(app());
    const response = await app().inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { cookie: customer.cookie },
      payload: { date: saturdayA, slot: '08:00am', isRemote: false, ...change },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
  });

  it('refuses weekdays, past slots and slots beyond the booking window, each with its own message', async () => {
    const customer = await bookingCustomer(app());
    const monday = new Date(slotInstant(saturdayA ?? '', '08:00am').getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const weekday = await book(app(), customer.cookie, monday, '08:00am');
    expect(weekday.statusCode).toBe(400);
    expect(weekday.json().error.message).toBe('date: Visits are on Saturdays and Sundays only.');
    const past = await book(app(), customer.cookie, '2026-01-10', '08:00am');
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toEqual({ code: 'SLOT_CLOSED', message: 'That time can no longer be booked. Please choose another time.' });
    const far = await book(app(), customer.cookie, upcomingWeekendDays(1, 100)[0] ?? '', '08:00am');
    expect(far.statusCode).toBe(400);
    expect(far.json().error.code).toBe('SLOT_CLOSED');
  });

  it('refuses a customer without a service form, and callers who are not verified customers', async () => {
    const noProfile = await verifiedCustomer(app(), uniqueEmail('noprofile'));
    const refused = await book(app(), noProfile.cookie, saturdayA ?? '', '12:30pm');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('PROFILE_REQUIRED');
    expect((await book(app(), '', saturdayA ?? '', '12:30pm')).statusCode).toBe(401);
  });

  it('answers 409 for a taken slot', async () => {
    const first = await bookingCustomer(app());
    const second = await bookingCustomer(app());
    expect((await book(app(), first.cookie, day(4), '05:00pm')).statusCode).toBe(201);
    const taken = await book(app(), second.cookie, day(4), '05:00pm');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: 'SLOT_TAKEN',
      message: 'Sorry, that time was just booked by someone else. Please choose another time.',
    });
  });

  it('allows three open appointments and refuses the fourth', async () => {
    const customer = await bookingCustomer(app());
    for (const slot of ['08:00am', '09:30am', '11:00am']) expect((await book(app(), customer.cookie, day(5), slot)).statusCode).toBe(201);
    const fourth = await book(app(), customer.cookie, day(5), '12:30pm');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error.code).toBe('TOO_MANY_OPEN');
    // The refused fourth was counted by its own insert, which the refusal rolled back: nothing of it is kept.
    const list = await app().inject({ method: 'GET', url: '/api/appointments', headers: { cookie: customer.cookie } });
    expect(list.json()).toHaveLength(3);
    const other = await bookingCustomer(app());
    expect((await book(app(), other.cookie, day(5), '12:30pm')).statusCode).toBe(201);
    // At the limit, a slot someone else holds is refused for the limit too, as the count comes first.
    const taken = await book(app(), customer.cookie, day(5), '12:30pm');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('TOO_MANY_OPEN');
  });

  it('edits the description (at most 2,000 characters, kept as text), only on the owner’s appointment', async () => {
    const customer = await bookingCustomer(app());
    const other = await bookingCustomer(app());
    const created = (await book(app(), customer.cookie, day(6), '08:00am')).json();
    const text = '<script>alert("x")</script> & my printer says "offline"';
    const saved = await app().inject({
      method: 'PUT',
      url: `/api/appointments/${created.id}/description`,
      headers: { cookie: customer.cookie },
      payload: { description: text },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().description).toBe(text);
    const long = await app().inject({
      method: 'PUT',
      url: `/api/appointments/${created.id}/description`,
      headers: { cookie: customer.cookie },
      payload: { description: 'x'.repeat(2001) },
    });
    expect(long.statusCode).toBe(400);
    const stranger = await app().inject({
      method: 'PUT',
      url: `/api/appointments/${created.id}/description`,
      headers: { cookie: other.cookie },
      payload: { description: 'hijacked' },
    });
    expect(stranger.statusCode).toBe(404);
    const [row] = await subject.database.db.select().from(appointments).where(eq(appointments.id, created.id));
    expect(row?.description).toBe(text);
  });

  it('cancels an uncompleted appointment, keeping it marked in the database and freeing the slot', async () => {
    const customer = await bookingCustomer(app());
    const other = await bookingCustomer(app());
    const created = (await book(app(), customer.cookie, day(7), '03:30pm')).json();
    expect(
      (await app().inject({ method: 'POST', url: `/api/appointments/${created.id}/cancel`, headers: { cookie: other.cookie } })).statusCode,
    ).toBe(404);
    const cancelled = await app().inject({
      method: 'POST',
      url: `/api/appointments/${created.id}/cancel`,
      headers: { cookie: customer.cookie },
    });
    expect(cancelled.statusCode).toBe(204);
    const [row] = await subject.database.db.select().from(appointments).where(eq(appointments.id, created.id));
    expect(row?.cancelledAt).toBeInstanceOf(Date);
    expect((await app().inject({ method: 'GET', url: '/api/appointments', headers: { cookie: customer.cookie } })).json()).toEqual([]);
    expect((await mailbox(app(), customer.email))[0]?.subject).toMatch(/is cancelled$/);
    expect((await mailbox(app(), adminEmail))[0]?.subject).toMatch(/^Cancelled: /);
    expect((await book(app(), other.cookie, day(7), '03:30pm')).statusCode).toBe(201);
  });

  it('refuses to cancel a completed job', async () => {
    const customer = await bookingCustomer(app());
    const created = (await book(app(), customer.cookie, day(8), '03:30pm')).json();
    await subject.database.db.update(appointments).set({ completedAt: new Date() }).where(eq(appointments.id, created.id));
    const response = await app().inject({
      method: 'POST',
      url: `/api/appointments/${created.id}/cancel`,
      headers: { cookie: customer.cookie },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({ code: 'NOT_ALLOWED', message: 'You can not cancel a completed job!' });
  });

  it('sends a reminder 24 hours ahead exactly once', async () => {
    const customer = await bookingCustomer(app());
    const soon = new Date(Date.now() + 3 * 3600_000);
    await subject.database.db
      .insert(appointments)
      .values({ id: `20991231-${crypto.randomUUID()}`, userId: customer.id, startsAt: soon, slotLabel: '08:00am' });
    expect(await app().appointments.sendDueReminders()).toBe(1);
    expect(await app().appointments.sendDueReminders()).toBe(0);
    const reminders = (await mailbox(app(), customer.email)).filter((mail) => mail.subject.startsWith('Reminder'));
    expect(reminders).toHaveLength(1);
  });

  const HOUR = 3_600_000;
  const viewerOf = (customer: { id: string; email: string }): SessionUser => ({
    id: customer.id,
    email: customer.email,
    emailVerified: true,
    isAdmin: false,
  });
  const reminderSubjects = async (email: string) =>
    (await mailbox(app(), email)).map((mail) => mail.subject).filter((text) => text.startsWith('Reminder'));

  it('says tomorrow in a reminder sent the day before, and today in one sent late, on the visit’s own day (New York)', async () => {
    const customer = await bookingCustomer(app(), 'reminder-words');
    const service = app().appointments;
    // A Sunday in June, 08:00am, reminded on Saturday at 12:00pm; the Saturday after, 06:30pm, reminded that morning.
    const sundayDate = summerSundayAhead();
    const saturdayDate = daysAfter(sundayDate, 6);
    const sunday = slotInstant(sundayDate, '08:00am');
    const saturday = slotInstant(saturdayDate, '06:30pm');
    const monthBefore = new Date(sunday.getTime() - 30 * 24 * HOUR);
    await service.book(viewerOf(customer), { date: sundayDate, slot: '08:00am', isRemote: false }, monthBefore);
    await service.book(viewerOf(customer), { date: saturdayDate, slot: '06:30pm', isRemote: true }, monthBefore);
    expect(await service.sendDueReminders(new Date(sunday.getTime() - 20 * HOUR))).toBe(1);
    expect(await service.sendDueReminders(new Date(saturday.getTime() - 9 * HOUR))).toBe(1);
    expect(await reminderSubjects(customer.email)).toEqual([
      'Reminder: your TechHelp visit today',
      'Reminder: your TechHelp visit tomorrow',
    ]);
  });

  it('sends no reminder for a visit booked or moved to less than a day ahead: its confirmation or move e-mail says when', async () => {
    const customer = await bookingCustomer(app(), 'reminder-soon');
    const service = app().appointments;
    // Booked on a Saturday in June at 12:00pm for Sunday at 08:00am: confirmed, and not reminded a minute later. (Two
    // weeks after the other reminder case's Sunday, so that neither case's reminder pass finds the other's visits.)
    const sundayDate = daysAfter(summerSundayAhead(), 14);
    const sunday = slotInstant(sundayDate, '08:00am');
    await service.book(viewerOf(customer), { date: sundayDate, slot: '08:00am', isRemote: false }, new Date(sunday.getTime() - 20 * HOUR));
    expect(await service.sendDueReminders(new Date(sunday.getTime() - 20 * HOUR + 60_000))).toBe(0);
    // Booked two weeks ahead, then moved to the next Sunday at 09:30am on the Saturday before: the move's e-mail says when.
    const later = await service.book(
      viewerOf(customer),
      { date: daysAfter(sundayDate, 13), slot: '08:00am', isRemote: false },
      new Date(sunday.getTime() - 20 * HOUR),
    );
    const moveToDate = daysAfter(sundayDate, 7);
    const moveTo = slotInstant(moveToDate, '09:30am');
    await service.reschedule(viewerOf(customer), later.id, { date: moveToDate, slot: '09:30am' }, new Date(moveTo.getTime() - 20 * HOUR));
    expect(await service.sendDueReminders(new Date(moveTo.getTime() - 20 * HOUR + 60_000))).toBe(0);
    expect(await reminderSubjects(customer.email)).toEqual([]);
    // Moved again by the owner (the customer's cut-off has passed), a week ahead: its reminder comes a day before.
    const owner = { ...viewerOf(customer), isAdmin: true };
    const julyDate = daysAfter(sundayDate, 14);
    await service.moveForOwner(owner, later.id, { date: julyDate, slot: '09:30am' }, new Date(moveTo.getTime() - 19 * HOUR));
    const july = slotInstant(julyDate, '09:30am');
    expect(await service.sendDueReminders(new Date(july.getTime() - 25 * HOUR))).toBe(0);
    expect(await service.sendDueReminders(new Date(july.getTime() - 23 * HOUR))).toBe(1);
    expect(await reminderSubjects(customer.email)).toEqual(['Reminder: your TechHelp visit tomorrow']);
  });
});
