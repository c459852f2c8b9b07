import { TZDate } from '@date-fns/tz';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appointments, outboxTexts, profiles, user, waitlistEntries } from '../../src/server/db/schema.ts';
import { SLOT_LABELS, type SlotLabel } from '../../src/shared/business.ts';
import { businessDateOf, slotInstant } from '../../src/shared/business-time.ts';
import { toE164 } from '../../src/shared/text-messages.ts';
import { mailbox, PASSWORD } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, daysAfter, upcomingWeekendDays } from '../support/appointments.ts';
import { openEventStream } from '../support/event-stream.ts';

type Person = Awaited<ReturnType<typeof bookingCustomer>>;
const MINUTE = 60 * 1000;

/**
 * The waitlist for full days (issue 39): who may join and when not; a cancellation offers the slot to the first
 * customer waiting, by e-mail and (with consent) text in their language; the held slot is nobody else's; the offer
 * runs out after 30 minutes (the scheduler's pass with a fixed clock) and passes to the next, who books it; a race
 * for a held slot never gives it twice; leaving; the owner's view; one customer cannot touch another's entry; a day
 * gone by closes its line.
 */
describe('the waitlist for full days', () => {
  let subject: TestApp;
  let admin: Person;
  let fillers: Person[];
  /** Waiting for the full day, in this order: Spanish with texts, English with texts, English without. */
  let ana: Person;
  let bob: Person;
  let cy: Person;
  const [fullDay = '', freeDay = '', closedA = '', closedB = '', closedC = ''] = upcomingWeekendDays(5, 21);
  const ids: Record<string, string> = {};
  const app = () => subject.app;
  const db = () => subject.database.db;

  const join = (person: Person, date: string) =>
    app().inject({ method: 'POST', url: '/api/waitlist', headers: { cookie: person.cookie }, payload: { date } });
  const list = async (person: Person) =>
    (await app().inject({ method: 'GET', url: '/api/waitlist', headers: { cookie: person.cookie } })).json();
  const availability = async (person: Person, date: string) =>
    (
      await app().inject({
        method: 'GET',
        url: `/api/appointments/availability?month=${date.slice(0, 7)}`,
        headers: { cookie: person.cookie },
      })
    ).json() as { taken: string[] };
  const bookOffer = (person: Person, id: string) =>
    app().inject({ method: 'POST', url: `/api/waitlist/${id}/book`, headers: { cookie: person.cookie }, payload: { isRemote: false } });
  const entry = async (id: string) => (await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0];
  const textsAbout = (person: Person) => db().select().from(outboxTexts).where(eq(outboxTexts.aboutUserId, person.id));
  const offerMails = async (person: Person) =>
    (await mailbox(app(), person.email)).filter((mail) => mail.links.some((link) => link.includes('/book/offer/')));
  /** Agreed to texts at a number proved with its code (as the texts module requires). */
  const agreeToTexts = (person: Person) =>
    db()
      .update(profiles)
      .set({ wantsTexts: true, textsConfirmedNumber: toE164('631-555-0100') })
      .where(eq(profiles.userId, person.id));
  /** Every slot of `date` booked, by customers of three visits each. */
  async function fill(date: string, people: Person[]) {
    const visits: Record<string, { id: string; by: Person }> = {};
    for (const [index, slot] of SLOT_LABELS.entries()) {
      const by = people[Math.floor(index / 3)] as Person;
      const booked = await book(app(), by.cookie, date, slot);
      expect(booked.statusCode, booked.body).toBe(201);
      visits[slot] = { id: booked.json().id, by };
    }
    return visits;
  }
  const cancel = (person: Person, id: string) =>
    app().inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, headers: { cookie: person.cookie } });
  let visits: Record<string, { id: string; by: Person }>;

  beforeAll(async () => {
    // Offers are made in texting hours only (decision 039): the clock is set to 10 a.m. New York tomorrow, and runs on.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const tomorrow = businessDateOf(new Date(Date.now() + 24 * 60 * MINUTE))
      .split('-')
      .map(Number);
    vi.setSystemTime(new TZDate(tomorrow[0] ?? 0, (tomorrow[1] ?? 1) - 1, tomorrow[2] ?? 1, 10, 0, 'America/New_York').getTime());
    subject = await createTestApp({ PUBLIC_URL: 'https://techhelp.test', SUPPORT_PHONE: '(631) 555-0199' });
    admin = await bookingAdmin(app(), db());
    fillers = [];
    for (let index = 0; index < 3; index++) fillers.push(await bookingCustomer(app(), `filler${index}`));
    ana = await bookingCustomer(app(), 'ana');
    bob = await bookingCustomer(app(), 'bob');
    cy = await bookingCustomer(app(), 'cy');
    await db().update(user).set({ locale: 'es' }).where(eq(user.id, ana.id));
    await agreeToTexts(ana);
    await agreeToTexts(bob);
    visits = await fill(fullDay, fillers);
    for (const date of [closedA, closedB, closedC]) {
      const closed = await app().inject({
        method: 'POST',
        url: '/api/admin/time-off',
        headers: { cookie: admin.cookie },
        payload: { kind: 'day', date, reason: 'Family' },
      });
      expect(closed.statusCode, closed.body).toBe(201);
    }
    await app().notices.settle();
  }, 120_000);
  afterAll(async () => {
    await subject.close();
    vi.useRealTimers();
  });

  it('refuses a day with a free time, and lets customers wait for a full one, once each', async () => {
    const free = await join(ana, freeDay);
    expect(free.statusCode).toBe(409);
    expect(free.json().error).toMatchObject({
      code: 'DAY_NOT_FULL',
      message: 'There is still a free time on that day. Please book it instead.',
    });

    for (const person of [ana, bob, cy]) {
      const joined = await join(person, fullDay);
      expect(joined.statusCode, joined.body).toBe(201);
      expect(joined.json()).toMatchObject({ date: fullDay, state: 'waiting', offer: null });
      ids[person.email] = joined.json().id;
    }
    const twice = await join(ana, fullDay);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('ALREADY_WAITING');
    // A day the owner closed is full too.
    expect((await join(ana, closedA)).statusCode).toBe(201);
    expect((await join(ana, closedB)).statusCode).toBe(201);
    const fourth = await join(ana, closedC);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toMatchObject({
      code: 'TOO_MANY_DAYS',
      message: 'You can wait for at most 3 days at a time. Leave one of them first.',
      params: { max: 3 },
    });
    expect((await list(ana)).entries.map((row: { date: string }) => row.date)).toEqual([fullDay, closedA, closedB]);
  });

  it('lets a customer leave a day, and nobody else see or leave their entries', async () => {
    const closedEntry = (await list(ana)).entries.find((row: { date: string }) => row.date === closedB).id as string;
    for (const request of [
      { method: 'DELETE' as const, url: `/api/waitlist/${closedEntry}` },
      { method: 'GET' as const, url: `/api/waitlist/${closedEntry}/offer` },
    ]) {
      const foreign = await app().inject({ ...request, headers: { cookie: bob.cookie } });
      expect(foreign.statusCode).toBe(404);
    }
    expect((await bookOffer(bob, closedEntry)).statusCode).toBe(404);
    const left = await app().inject({ method: 'DELETE', url: `/api/waitlist/${closedEntry}`, headers: { cookie: ana.cookie } });
    expect(left.statusCode).toBe(204);
    expect((await entry(closedEntry))?.state).toBe('left');
    expect((await list(ana)).entries.map((row: { date: string }) => row.date)).toEqual([fullDay, closedA]);
    // A place freed: a third day again.
    expect((await join(ana, closedC)).statusCode).toBe(201);
  });

  it('offers a cancelled slot to the first customer waiting, in Spanish, by e-mail and text; it is nobody else’s meanwhile', async () => {
    const freed = visits['11:00am'];
    const startsAt = slotInstant(fullDay, '11:00am');
    const before = Date.now();
    expect((await cancel(freed?.by as Person, freed?.id ?? '')).statusCode).toBe(204);

    const offered = await entry(ids[ana.email] ?? '');
    expect(offered).toMatchObject({ state: 'offered', offeredStartsAt: startsAt });
    const expires = offered?.offerExpiresAt?.getTime() ?? 0;
    expect(expires - before).toBeGreaterThanOrEqual(30 * MINUTE);
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * MINUTE);
    expect((await entry(ids[bob.email] ?? ''))?.state).toBe('waiting');
    expect((await list(ana)).entries[0]).toMatchObject({ state: 'offered', offer: { slot: '11:00am', startsAt: startsAt.toISOString() } });

    const [mail] = await offerMails(ana);
    expect(mail?.subject).toMatch(/^Se abrió un horario: /);
    expect(mail?.text).toMatch(/a las 11:00/);
    expect(mail?.links).toContain(`https://techhelp.test/book/offer/${ids[ana.email]}?lang=es`);
    const texts = (await textsAbout(ana)).filter((text) => text.kind === 'waitlist-offer');
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toMatch(/^TechHelp: se abrió un horario: .*a las 11:00 a\. m\..*https:\/\/techhelp\.test\/book\/offer\//);

    // Held: taken for everyone else, free for Ana.
    expect((await availability(ana, fullDay)).taken).not.toContain(startsAt.toISOString());
    for (const other of [bob, cy, fillers[0] as Person]) {
      expect((await availability(other, fullDay)).taken).toContain(startsAt.toISOString());
      const refused = await book(app(), other.cookie, fullDay, '11:00am');
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        code: 'SLOT_HELD',
        message: 'Sorry, that time is being held for another customer for a few minutes. Please choose another time.',
      });
    }
  });

  it('hands the offer on after 30 minutes (the scheduler’s pass), in English; the second books it in one tap', async () => {
    const startsAt = slotInstant(fullDay, '11:00am');
    // Still held at 29 minutes.
    await app().waitlist.sweep(new Date(Date.now() + 29 * MINUTE));
    expect((await entry(ids[ana.email] ?? ''))?.state).toBe('offered');

    await app().waitlist.sweep(new Date(Date.now() + 31 * MINUTE));
    expect((await entry(ids[ana.email] ?? ''))?.state).toBe('lapsed');
    const second = await entry(ids[bob.email] ?? '');
    expect(second).toMatchObject({ state: 'offered', offeredStartsAt: startsAt });
    expect((await entry(ids[cy.email] ?? ''))?.state).toBe('waiting');
    // Ana's link now says the offer ended.
    const late = await bookOffer(ana, ids[ana.email] ?? '');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('OFFER_ENDED');

    const [mail] = await offerMails(bob);
    expect(mail?.subject).toMatch(/^A time opened up: (Saturday|Sunday), .* at 11:00am$/);
    expect(mail?.text).toContain('We are holding it for you until');
    const link = mail?.links.find((candidate) => candidate.includes('/book/offer/')) ?? '';
    expect(link).toBe(`https://techhelp.test/book/offer/${ids[bob.email]}`);
    expect((await textsAbout(bob)).filter((text) => text.kind === 'waitlist-offer')[0]?.body).toMatch(
      /^TechHelp: a time opened up: .* at 11:00am\. It is held for you until .*\. Book it: https:\/\/techhelp\.test\/book\/offer\//,
    );

    const read = await app().inject({ method: 'GET', url: `/api/waitlist/${ids[bob.email]}/offer`, headers: { cookie: bob.cookie } });
    expect(read.json()).toMatchObject({ state: 'offered', offer: { slot: '11:00am' } });
    const booked = await bookOffer(bob, ids[bob.email] ?? '');
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ startsAt: startsAt.toISOString(), time: '11:00am' });
    expect(await entry(ids[bob.email] ?? '')).toMatchObject({ state: 'booked', appointmentId: booked.json().id });
    expect((await entry(ids[cy.email] ?? ''))?.state).toBe('waiting');
    expect((await list(bob)).entries).toEqual([]);
  });

  it('texts nobody who has not agreed to texts', async () => {
    // Cy never agreed: the next freed slot is offered by e-mail only.
    const freed = visits['02:00pm'];
    expect((await cancel(freed?.by as Person, freed?.id ?? '')).statusCode).toBe(204);
    expect((await entry(ids[cy.email] ?? ''))?.state).toBe('offered');
    expect(await offerMails(cy)).toHaveLength(1);
    expect(await textsAbout(cy)).toEqual([]);
    // Cy books it from the picker as any booking (the hold is theirs): the entry is booked with it.
    const booked = await book(app(), cy.cookie, fullDay, '02:00pm');
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await entry(ids[cy.email] ?? '')).toMatchObject({ state: 'booked', appointmentId: booked.json().id });
  });

  it('never lets two customers both book a held slot (20 races of the holder and another)', async () => {
    const raceDay = daysAfter(fullDay, 28);
    const racers: Person[] = [];
    for (let index = 0; index < 3; index++) racers.push(await bookingCustomer(app(), `race-filler${index}`));
    const raceVisits = await fill(raceDay, racers);
    const holders: { person: Person; entryId: string }[] = [];
    for (let round = 0; round < 20; round++) {
      const person = await bookingCustomer(app(), `holder${round}`);
      const joined = await join(person, raceDay);
      expect(joined.statusCode, joined.body).toBe(201);
      holders.push({ person, entryId: joined.json().id });
    }
    const rival = await bookingCustomer(app(), 'rival');
    const slot = '08:00am';
    let occupant = { person: raceVisits[slot]?.by as Person, visitId: raceVisits[slot]?.id ?? '' };
    for (const [round, holder] of holders.entries()) {
      expect((await cancel(occupant.person, occupant.visitId)).statusCode, `round ${round}`).toBe(204);
      expect((await entry(holder.entryId))?.state).toBe('offered');
      const [mine, theirs] = await Promise.all([bookOffer(holder.person, holder.entryId), book(app(), rival.cookie, raceDay, slot)]);
      expect(mine.statusCode, mine.body).toBe(201);
      expect(theirs.statusCode).toBe(409);
      const active = await db()
        .select()
        .from(appointments)
        .where(
          and(eq(appointments.startsAt, slotInstant(raceDay, slot)), isNull(appointments.cancelledAt), isNull(appointments.deletedAt)),
        );
      expect(active.map((row) => row.userId)).toEqual([holder.person.id]);
      occupant = { person: holder.person, visitId: mine.json().id };
    }
    expect(await db().select().from(appointments).where(eq(appointments.userId, rival.id))).toEqual([]);
  }, 120_000);

  it('shows the owner every day’s line, and nobody else', async () => {
    const owner = await app().inject({ method: 'GET', url: '/api/admin/waitlist', headers: { cookie: admin.cookie } });
    expect(owner.statusCode).toBe(200);
    const day = owner.json().days.find((row: { date: string }) => row.date === fullDay);
    expect(day.entries.map((row: { email: string; state: string }) => [row.email, row.state])).toEqual([
      [ana.email, 'lapsed'],
      [bob.email, 'booked'],
      [cy.email, 'booked'],
    ]);
    expect(day.entries[0]).toMatchObject({ name: "Mary-Ann O'Neil Smith", offeredStartsAt: slotInstant(fullDay, '11:00am').toISOString() });
    const customer = await app().inject({ method: 'GET', url: '/api/admin/waitlist', headers: { cookie: ana.cookie } });
    expect(customer.statusCode).toBe(403);
  });

  it('puts the entries in the customer’s data download', async () => {
    const download = await app().inject({ method: 'GET', url: '/api/account/export', headers: { cookie: ana.cookie } });
    expect(download.statusCode).toBe(200);
    const dates = download.json().waitlist.map((row: { date: string; state: string }) => [row.date, row.state]);
    expect(dates).toEqual(
      expect.arrayContaining([
        [fullDay, 'lapsed'],
        [closedB, 'left'],
        [closedA, 'waiting'],
        [closedC, 'waiting'],
      ]),
    );
  });

  it('offers a day the owner reopens to the first waiting, at the scheduler’s next pass', async () => {
    const waiting = (await list(ana)).entries.find((row: { date: string }) => row.date === closedC).id as string;
    const closures = (await app().inject({ method: 'GET', url: '/api/admin/time-off', headers: { cookie: admin.cookie } })).json();
    const first = slotInstant(closedC, '08:00am').getTime();
    const closure = closures.find(
      (row: { startsAt: string; endsAt: string }) => Date.parse(row.startsAt) <= first && first < Date.parse(row.endsAt),
    );
    expect(closure, JSON.stringify(closures)).toBeDefined();
    const reopened = await app().inject({
      method: 'POST',
      url: `/api/admin/time-off/${closure.id}/reopen`,
      headers: { cookie: admin.cookie },
    });
    expect(reopened.statusCode).toBe(204);
    expect((await entry(waiting))?.state).toBe('waiting');
    await app().notices.settle();
    await app().waitlist.sweep(new Date());
    expect(await entry(waiting)).toMatchObject({ state: 'offered', offeredStartsAt: slotInstant(closedC, '08:00am') });
    // One time per customer: the day's other seven times are free for anyone.
    const taken = (await availability(bob, closedC)).taken;
    expect(taken).toContain(slotInstant(closedC, '08:00am').toISOString());
    expect(taken).not.toContain(slotInstant(closedC, '09:30am').toISOString());
  });

  it('takes a deleted account off every waiting list (the account row stays, so no cascade would)', async () => {
    const leaving = await bookingCustomer(app(), 'leaving');
    expect((await join(leaving, closedA)).statusCode).toBe(201);
    const deleted = await app().inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { cookie: leaving.cookie },
      payload: { confirmation: PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await db().select().from(waitlistEntries).where(eq(waitlistEntries.userId, leaving.id))).toEqual([]);
  });

  it('closes a day’s line once the day has passed', async () => {
    const waiting = (await list(ana)).entries.find((row: { date: string }) => row.date === closedA).id as string;
    await app().waitlist.sweep(new Date(slotInstant(daysAfter(closedA, 1), '08:00am')));
    expect((await entry(waiting))?.state).toBe('closed');
    expect((await list(ana)).entries.map((row: { date: string }) => row.date)).not.toContain(closedA);
  });
});

/**
 * A visit moved away from a full day frees its slot as a cancellation does (issue 39): moved by its customer or by the
 * owner, the slot is offered at once to the first customer waiting, by e-mail and (with consent) text. Every other
 * signed-in screen hears the slot (the live slot events) when the waitlist holds it, and again when the hold runs out
 * with nobody else waiting, so that an open picker shows it taken, then free.
 */
describe('a slot freed from a full day: moves, and the live slot events', () => {
  let subject: TestApp;
  let admin: Person;
  const [movedDay = '', ownerDay = '', liveDay = '', freeDay = ''] = upcomingWeekendDays(4, 35);
  const app = () => subject.app;
  const db = () => subject.database.db;

  const join = async (person: Person, date: string) => {
    const joined = await app().inject({ method: 'POST', url: '/api/waitlist', headers: { cookie: person.cookie }, payload: { date } });
    expect(joined.statusCode, joined.body).toBe(201);
    return joined.json().id as string;
  };
  const entry = async (id: string) => (await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0];
  const offerMails = async (person: Person) =>
    (await mailbox(app(), person.email)).filter((mail) => mail.links.some((link) => link.includes('/book/offer/')));
  const offerTexts = async (person: Person) =>
    (await db().select().from(outboxTexts).where(eq(outboxTexts.aboutUserId, person.id))).filter((text) => text.kind === 'waitlist-offer');
  const taken = async (person: Person, date: string) => {
    const answer = await app().inject({
      method: 'GET',
      url: `/api/appointments/availability?month=${date.slice(0, 7)}`,
      headers: { cookie: person.cookie },
    });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { taken: string[] }).taken;
  };
  /** Every slot of `date` booked by three new customers (three visits each at most). */
  async function fill(date: string, prefix: string) {
    const people: Person[] = [];
    for (let index = 0; index < 3; index++) people.push(await bookingCustomer(app(), `${prefix}${index}`));
    const visits: Record<string, { id: string; by: Person }> = {};
    for (const [index, slot] of SLOT_LABELS.entries()) {
      const by = people[Math.floor(index / 3)] as Person;
      const booked = await book(app(), by.cookie, date, slot);
      expect(booked.statusCode, booked.body).toBe(201);
      visits[slot] = { id: booked.json().id, by };
    }
    return visits;
  }
  /** Two customers waiting for `date`, the first agreed to texts. */
  async function line(date: string, prefix: string) {
    const first = await bookingCustomer(app(), `${prefix}-first`);
    const second = await bookingCustomer(app(), `${prefix}-second`);
    await db()
      .update(profiles)
      .set({ wantsTexts: true, textsConfirmedNumber: toE164('631-555-0100') })
      .where(eq(profiles.userId, first.id));
    return { first, firstEntry: await join(first, date), second, secondEntry: await join(second, date) };
  }
  /** The first waiting was offered `slot` of `date` (held, e-mailed and texted); the second still waits. */
  async function expectOffered(waiting: Awaited<ReturnType<typeof line>>, date: string, slot: SlotLabel) {
    const startsAt = slotInstant(date, slot);
    expect(await entry(waiting.firstEntry)).toMatchObject({ state: 'offered', offeredStartsAt: startsAt });
    expect((await entry(waiting.secondEntry))?.state).toBe('waiting');
    const mails = await offerMails(waiting.first);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(new RegExp(`^A time opened up: (Saturday|Sunday), .* at ${slot}$`));
    expect(mails[0]?.links).toContain(`https://techhelp.test/book/offer/${waiting.firstEntry}`);
    const texts = await offerTexts(waiting.first);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toMatch(new RegExp(`^TechHelp: a time opened up: .* at ${slot}\\. It is held for you until `));
    expect(await offerMails(waiting.second)).toEqual([]);
    // Held: taken for the second in line, free for the first.
    expect(await taken(waiting.second, date)).toContain(startsAt.toISOString());
    expect(await taken(waiting.first, date)).not.toContain(startsAt.toISOString());
  }

  beforeAll(async () => {
    // Offers are made in texting hours only (decision 039): the clock is set to 10 a.m. New York tomorrow, and runs on.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const tomorrow = businessDateOf(new Date(Date.now() + 24 * 60 * MINUTE))
      .split('-')
      .map(Number);
    vi.setSystemTime(new TZDate(tomorrow[0] ?? 0, (tomorrow[1] ?? 1) - 1, tomorrow[2] ?? 1, 10, 0, 'America/New_York').getTime());
    subject = await createTestApp({ PUBLIC_URL: 'https://techhelp.test', SUPPORT_PHONE: '(631) 555-0199' });
    admin = await bookingAdmin(app(), db());
  }, 120_000);
  afterAll(async () => {
    await subject.close();
    vi.useRealTimers();
  });

  it('offers the slot a customer moves their visit away from to the first customer waiting', async () => {
    const visits = await fill(movedDay, 'moved-filler');
    const waiting = await line(movedDay, 'moved');
    const moving = visits['11:00am'];
    const moved = await app().inject({
      method: 'POST',
      url: `/api/appointments/${moving?.id}/reschedule`,
      headers: { cookie: moving?.by.cookie ?? '' },
      payload: { date: freeDay, slot: '11:00am' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectOffered(waiting, movedDay, '11:00am');
  });

  it('offers the slot the owner moves a visit away from to the first customer waiting', async () => {
    const visits = await fill(ownerDay, 'owner-filler');
    const waiting = await line(ownerDay, 'owner');
    const moved = await app().inject({
      method: 'POST',
      url: `/api/admin/appointments/${visits['02:00pm']?.id}/reschedule`,
      headers: { cookie: admin.cookie },
      payload: { date: freeDay, slot: '02:00pm' },
    });
    expect(moved.statusCode, moved.body).toBe(204);
    await expectOffered(waiting, ownerDay, '02:00pm');
  });

  it('tells every other screen the slot is held, and free again when the hold runs out with nobody else waiting', async () => {
    await app().listen({ port: 0, host: '127.0.0.1' });
    const address = app().server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const visits = await fill(liveDay, 'live-filler');
    const holder = await bookingCustomer(app(), 'live-holder');
    const holderEntry = await join(holder, liveDay);
    const onlooker = await bookingCustomer(app(), 'live-onlooker');
    const slot = slotInstant(liveDay, '12:30pm').toISOString();
    const stream = openEventStream(base, onlooker.cookie);
    const slotEvents = () => stream.events.filter((event) => event.kind === 'slot' && event.startsAt === slot);
    try {
      await stream.ready;
      const freed = visits['12:30pm'];
      const cancelled = await app().inject({
        method: 'POST',
        url: `/api/appointments/${freed?.id}/cancel`,
        headers: { cookie: freed?.by.cookie ?? '' },
      });
      expect(cancelled.statusCode).toBe(204);
      expect((await entry(holderEntry))?.state).toBe('offered');
      // The cancellation says the slot is free; the hold, made in the same change, then has every picker read it again.
      await expect.poll(() => slotEvents().length, { timeout: 5000, interval: 20 }).toBe(2);
      expect(slotEvents()).toEqual([
        { kind: 'slot', startsAt: slot, taken: false },
        { kind: 'slot', startsAt: slot },
      ]);
      expect(await taken(onlooker, liveDay)).toContain(slot);
      expect(await taken(holder, liveDay)).not.toContain(slot);

      // The offer runs out (the scheduler's pass, 31 minutes on); nobody else waits, so the slot is free for anyone.
      await app().waitlist.sweep(new Date(Date.now() + 31 * MINUTE));
      expect((await entry(holderEntry))?.state).toBe('lapsed');
      await expect.poll(() => slotEvents().length, { timeout: 5000, interval: 20 }).toBe(3);
      expect(slotEvents()[2]).toEqual({ kind: 'slot', startsAt: slot });
      expect(await taken(onlooker, liveDay)).not.toContain(slot);
      expect((await book(app(), onlooker.cookie, liveDay, '12:30pm')).statusCode).toBe(201);
      // The onlooker learns only the slots: never whose visit or whose offer.
      expect(JSON.stringify(stream.events)).not.toContain(holder.id);
      expect(JSON.stringify(stream.events)).not.toContain(freed?.id ?? 'no visit');
    } finally {
      stream.close();
    }
  });
});
