import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Executor } from '../../src/server/db/client.ts';
import { appointments, outboxTexts, profiles, user, waitlistEntries } from '../../src/server/db/schema.ts';
import { translatorFor } from '../../src/server/i18n.ts';
import { offerText } from '../../src/server/modules/waitlist/waitlist-messages.ts';
import { SLOT_LABELS, type SlotLabel } from '../../src/shared/business.ts';
import { businessDateOf, slotInstant } from '../../src/shared/business-time.ts';
import { toE164 } from '../../src/shared/text-messages.ts';
import type { AdminWaitlist } from '../../src/shared/waitlist.ts';
import { mailbox } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer } from '../support/appointments.ts';
import { openEventStream } from '../support/event-stream.ts';

type Person = Awaited<ReturnType<typeof bookingCustomer>>;
const MINUTE = 60 * 1000;

/** A New York wall-clock time on a date (YYYY-MM-DD). */
function at(date: string, hour: number, minute = 0): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, day, hour, minute, 'America/New_York').getTime());
}
const plusDays = (date: string, days: number) => format(addDays(at(date, 12), days), 'yyyy-MM-dd');

/** The Wednesday at least 3 days from the real clock: the test's days are fixed from it. */
function wednesdayAhead(): string {
  let day = businessDateOf(addDays(new Date(), 3));
  while (at(day, 12).getUTCDay() !== 3) day = plusDays(day, 1);
  return day;
}

/**
 * The waitlist's rules of fairness (issue 39, decision 039), on a fixed clock: no offer is made, texted or run out at
 * night (the slot is held for the first in line until 8 a.m., when they are told with the full 30 minutes); a customer
 * who cannot book is neither let in line nor offered a slot; any visit of the day (booked from the picker, or moved
 * into the held time) ends the customer's wait; no slot is offered that the minimum notice would close before the
 * offer ends; a failure of the waitlist never undoes a cancellation; the offer's clock times read "8:30am" and, in
 * Spanish, "las 8:30 a. m." / "la 1:05 p. m.".
 */
describe('the waitlist’s rules of fairness', () => {
  let subject: TestApp;
  let admin: Person;
  const wednesday = wednesdayAhead();
  const thursday = plusDays(wednesday, 1);
  const friday = plusDays(wednesday, 2);
  /** Saturday this week (the minimum notice), Sunday (a free day), and next weekend's two full days. */
  const soonDay = plusDays(wednesday, 3);
  const freeDay = plusDays(wednesday, 4);
  const nightDay = plusDays(wednesday, 10);
  const ruleDay = plusDays(wednesday, 11);
  const app = () => subject.app;
  const db = () => subject.database.db;
  const clock = (instant: Date) => vi.setSystemTime(instant);

  const join = (person: Person, date: string) =>
    app().inject({ method: 'POST', url: '/api/waitlist', headers: { cookie: person.cookie }, payload: { date } });
  const entryOf = async (person: Person, date: string) =>
    (await db().select().from(waitlistEntries).where(eq(waitlistEntries.userId, person.id))).find((row) => row.date === date);
  const offerMails = async (person: Person) =>
    (await mailbox(app(), person.email)).filter((mail) => mail.links.some((link) => link.includes('/book/offer/')));
  const offerTexts = async (person: Person) =>
    (await db().select().from(outboxTexts).where(eq(outboxTexts.aboutUserId, person.id))).filter((text) => text.kind === 'waitlist-offer');
  const cancel = (person: Person, id: string) =>
    app().inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, headers: { cookie: person.cookie } });
  const takenFor = async (person: Person, date: string) =>
    (
      await app().inject({
        method: 'GET',
        url: `/api/appointments/availability?month=${date.slice(0, 7)}`,
        headers: { cookie: person.cookie },
      })
    ).json().taken as string[];
  const visitAt = async (date: string, slot: SlotLabel) =>
    (
      await db()
        .select()
        .from(appointments)
        .where(eq(appointments.startsAt, slotInstant(date, slot)))
    ).find((row) => row.cancelledAt === null && row.deletedAt === null);

  /** Every slot of `date` booked: `first` takes the first slots given, new customers (3 visits each) the rest. */
  async function fill(date: string, first: { person: Person; slots: number }[] = []) {
    const bookers = first.flatMap(({ person, slots }) => Array.from({ length: slots }, () => person));
    while (bookers.length < SLOT_LABELS.length) {
      const filler = await bookingCustomer(app(), 'filler');
      bookers.push(filler, filler, filler);
    }
    const visits: Record<string, { id: string; by: Person }> = {};
    for (const [index, slot] of SLOT_LABELS.entries()) {
      const by = bookers[index] as Person;
      const booked = await book(app(), by.cookie, date, slot);
      expect(booked.statusCode, booked.body).toBe(201);
      visits[slot] = { id: booked.json().id, by };
    }
    return visits;
  }

  let ana: Person;
  let bob: Person;
  let carl: Person;
  let eve: Person;
  let dana: Person;
  let gus: Person;
  let nightVisits: Record<string, { id: string; by: Person }>;
  let ruleVisits: Record<string, { id: string; by: Person }>;
  let soonVisits: Record<string, { id: string; by: Person }>;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    clock(at(wednesday, 10));
    subject = await createTestApp({ PUBLIC_URL: 'https://techhelp.test' });
    admin = await bookingAdmin(app(), db());
    const people: Person[] = [];
    for (const name of ['ana', 'bob', 'carl', 'eve', 'dana', 'gus']) people.push(await bookingCustomer(app(), name));
    [ana, bob, carl, eve, dana, gus] = people as [Person, Person, Person, Person, Person, Person];
    await db()
      .update(profiles)
      .set({ wantsTexts: true, textsConfirmedNumber: toE164('631-555-0100') })
      .where(eq(profiles.userId, ana.id));
    nightVisits = await fill(nightDay);
    // Eve has a visit on the day she waits for.
    ruleVisits = await fill(ruleDay, [{ person: eve, slots: 1 }]);
    soonVisits = await fill(soonDay);
    expect((await join(gus, soonDay)).statusCode).toBe(201);
    await app().notices.settle();
  }, 240_000);
  afterAll(async () => {
    await subject?.close();
    vi.useRealTimers();
  });

  it('makes no offer at night: the slot is held for the first in line, who is told at 8 a.m. with the full 30 minutes', async () => {
    for (const person of [ana, bob]) expect((await join(person, nightDay)).statusCode).toBe(201);
    clock(at(wednesday, 23));
    // Ana's home screen is open: it hears that her list changed (the held time shows there before any message).
    await app().listen({ port: 0, host: '127.0.0.1' });
    const address = app().server.address();
    const anasScreen = openEventStream(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, ana.cookie);
    await anasScreen.ready;
    const freed = nightVisits['11:00am'];
    expect((await cancel(freed?.by as Person, freed?.id ?? '')).statusCode).toBe(204);
    try {
      await anasScreen.waitFor((event) => event.kind === 'appointment', 5000);
    } finally {
      anasScreen.close();
    }
    const startsAt = slotInstant(nightDay, '11:00am');
    // Nothing sent; the time is Ana's, not anyone's who looks at night.
    expect(await offerMails(ana)).toEqual([]);
    expect(await offerTexts(ana)).toEqual([]);
    expect(await takenFor(bob, nightDay)).toContain(startsAt.toISOString());
    expect((await book(app(), bob.cookie, nightDay, '11:00am')).statusCode).toBe(409);

    await app().waitlist.sweep(at(thursday, 2));
    expect((await entryOf(ana, nightDay))?.state).toBe('offered');
    expect((await entryOf(bob, nightDay))?.state).toBe('waiting');
    expect(await offerMails(ana)).toEqual([]);

    clock(at(thursday, 8));
    await app().waitlist.sweep(at(thursday, 8));
    const offered = await entryOf(ana, nightDay);
    expect(offered).toMatchObject({ state: 'offered', offeredStartsAt: startsAt, offeredAt: at(thursday, 8) });
    expect(offered?.offerExpiresAt).toEqual(new Date(at(thursday, 8).getTime() + 30 * MINUTE));
    const mails = await offerMails(ana);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('We are holding it for you until 8:30am.');
    expect((await offerTexts(ana)).map((text) => text.body)).toEqual([expect.stringContaining('held for you until 8:30am.')]);
    expect((await entryOf(bob, nightDay))?.state).toBe('waiting');
  });

  it('ends the wait of a holder who moves a visit into the held time', async () => {
    clock(at(thursday, 8, 5));
    const elsewhere = await book(app(), ana.cookie, freeDay, '08:00am');
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const moved = await app().inject({
      method: 'POST',
      url: `/api/appointments/${elsewhere.json().id}/reschedule`,
      headers: { cookie: ana.cookie },
      payload: { date: nightDay, slot: '11:00am' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await entryOf(ana, nightDay)).toMatchObject({ state: 'booked', appointmentId: elsewhere.json().id });
    expect((await entryOf(bob, nightDay))?.state).toBe('waiting');
  });

  it('lets nobody at the limit of open visits wait, with the booking’s own words', async () => {
    const full = ruleVisits['05:00pm']?.by as Person;
    const refused = await join(full, ruleDay);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'TOO_MANY_OPEN',
      message: 'You have 3 open visits, the most you can have at once. You can book again once one is completed or cancelled.',
    });
  });

  it('skips customers who could not book the slot (at the limit, or with a visit that day), and leaves them waiting', async () => {
    for (const person of [carl, eve, dana]) expect((await join(person, ruleDay)).statusCode).toBe(201);
    // Carl now has 3 open visits elsewhere.
    for (const slot of ['09:30am', '11:00am', '12:30pm']) expect((await book(app(), carl.cookie, freeDay, slot)).statusCode).toBe(201);
    const freed = ruleVisits['09:30am'];
    expect((await cancel(freed?.by as Person, freed?.id ?? '')).statusCode).toBe(204);
    expect((await entryOf(carl, ruleDay))?.state).toBe('waiting');
    expect((await entryOf(eve, ruleDay))?.state).toBe('waiting');
    expect(await entryOf(dana, ruleDay)).toMatchObject({ state: 'offered', offeredStartsAt: slotInstant(ruleDay, '09:30am') });
  });

  it('ends the wait of a holder who books another time of the day from the picker; the held time is not offered to them again', async () => {
    const freed = ruleVisits['12:30pm'];
    expect((await cancel(freed?.by as Person, freed?.id ?? '')).statusCode).toBe(204);
    // Nobody left who could take it: free for anyone, and Dana takes it instead of the time held for her.
    const booked = await book(app(), dana.cookie, ruleDay, '12:30pm');
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await entryOf(dana, ruleDay)).toMatchObject({ state: 'booked', appointmentId: booked.json().id });
    await app().waitlist.sweep(new Date());
    expect(await entryOf(dana, ruleDay)).toMatchObject({ state: 'booked', appointmentId: booked.json().id });
    expect(await takenFor(bob, ruleDay)).not.toContain(slotInstant(ruleDay, '09:30am').toISOString());
  });

  it('never lets a failure of the waitlist undo a cancellation', async () => {
    const waitlist = app().waitlist as unknown as { refreshDay(tx: Executor): Promise<number> };
    const broken = vi.spyOn(waitlist, 'refreshDay').mockImplementationOnce(async (tx) => {
      await tx.execute(sql`select * from no_such_table`);
      return 0;
    });
    const freed = ruleVisits['02:00pm'];
    try {
      const cancelled = await cancel(freed?.by as Person, freed?.id ?? '');
      expect(cancelled.statusCode, cancelled.body).toBe(204);
      expect(broken).toHaveBeenCalledOnce();
    } finally {
      broken.mockRestore();
    }
    expect(await visitAt(ruleDay, '02:00pm')).toBeUndefined();
  });

  it('offers no slot that the minimum notice would close before the offer ends', async () => {
    // Friday 7:45 p.m.: Saturday 8:00 a.m. is 12¼ hours ahead, inside 12 hours' notice before 30 minutes pass.
    clock(at(friday, 19, 45));
    // The owner signs in again (a back-office session ends sooner).
    admin = await bookingAdmin(app(), db());
    const freed = soonVisits['08:00am'];
    const removed = await app().inject({
      method: 'DELETE',
      url: `/api/admin/appointments/${freed?.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await entryOf(gus, soonDay))?.state).toBe('waiting');
    await app().waitlist.sweep(at(friday, 19, 46));
    expect((await entryOf(gus, soonDay))?.state).toBe('waiting');
  });

  it('says the clock time as people do: 8:30am; "las 8:30 a. m.", "la 1:05 p. m."', async () => {
    await db().update(user).set({ locale: 'es' }).where(eq(user.id, bob.id));
    const facts = (expiresAt: Date) => ({
      name: 'Bob',
      startsAt: slotInstant(nightDay, '02:00pm'),
      expiresAt,
      url: 'https://techhelp.test/x',
      phone: '1',
    });
    expect(offerText(translatorFor('en'), facts(at(thursday, 8, 30)))).toContain('held for you until 8:30am.');
    expect(offerText(translatorFor('es'), facts(at(thursday, 8, 30)))).toContain('hasta las 8:30 a. m.');
    expect(offerText(translatorFor('es'), facts(at(thursday, 13, 5)))).toContain('hasta la 1:05 p. m.');
  });

  it('keeps the order of joining when customers join in the same millisecond, and offers the first of them', async () => {
    const sameDay = plusDays(wednesday, 17);
    const sameVisits = await fill(sameDay);
    const line: Person[] = [];
    for (const name of ['first', 'second', 'third', 'fourth', 'fifth']) line.push(await bookingCustomer(app(), name));
    // The clock stands still while they join: every entry has the same joining time.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: false });
    clock(at(wednesday, 11));
    for (const person of line) expect((await join(person, sameDay)).statusCode).toBe(201);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    clock(at(wednesday, 11, 1));
    const view = await app().inject({ method: 'GET', url: '/api/admin/waitlist', headers: { cookie: admin.cookie } });
    const day = (view.json() as AdminWaitlist).days.find((found) => found.date === sameDay);
    expect(day?.entries.map((entry) => entry.email)).toEqual(line.map((person) => person.email));
    const freed = sameVisits['02:00pm'];
    expect((await cancel(freed?.by as Person, freed?.id ?? '')).statusCode).toBe(204);
    expect(await entryOf(line[0] as Person, sameDay)).toMatchObject({ state: 'offered', offeredStartsAt: slotInstant(sameDay, '02:00pm') });
  });
});
