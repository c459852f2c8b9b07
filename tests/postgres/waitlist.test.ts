import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { appointments, waitlistEntries } from '../../src/server/db/schema.ts';
import { SLOT_LABELS } from '../../src/shared/business.ts';
import { slotInstant } from '../../src/shared/business-time.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';
import { testConfig } from '../support/config.ts';
import { requirePostgres } from '../support/database.ts';

type Person = Awaited<ReturnType<typeof bookingCustomer>>;
const MINUTE = 60 * 1000;

// Two instances need a database server between them: this suite belongs to the PostgreSQL pass (npm run test:db).
requirePostgres();

/**
 * The waitlist's hold under real concurrency (issue 39, decision 039): two app instances on one PostgreSQL, each
 * request on its own connection. The holder of an offer and a rival book the held slot at the same moment: only the
 * holder ever gets it. The minute pass lapses an offer while its holder books it: exactly one of the two happens.
 */
describe('the waitlist’s hold on two instances of one PostgreSQL', () => {
  let first: TestApp;
  let second: FastifyInstance;
  const [raceDay = '', lapseDay = ''] = upcomingWeekendDays(2, 35);
  const slot = '08:00am';
  const db = () => first.database.db;

  const join = (app: FastifyInstance, person: Person, date: string) =>
    app.inject({ method: 'POST', url: '/api/waitlist', headers: { cookie: person.cookie }, payload: { date } });
  const bookOffer = (app: FastifyInstance, person: Person, id: string) =>
    app.inject({ method: 'POST', url: `/api/waitlist/${id}/book`, headers: { cookie: person.cookie }, payload: { isRemote: false } });
  const cancel = (person: Person, id: string) =>
    first.app.inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, headers: { cookie: person.cookie } });
  const entry = async (id: string) => (await db().select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0];
  const activeAt = (date: string) =>
    db()
      .select()
      .from(appointments)
      .where(and(eq(appointments.startsAt, slotInstant(date, slot)), isNull(appointments.cancelledAt), isNull(appointments.deletedAt)));

  /** Every slot of `date` booked by new customers (3 visits each); answers the first slot's visit. */
  async function fill(date: string) {
    let first8: { person: Person; visitId: string } | undefined;
    let filler: Person | undefined;
    for (const [index, label] of SLOT_LABELS.entries()) {
      if (index % 3 === 0) filler = await bookingCustomer(firstApp(), 'pg-filler');
      const booked = await book(firstApp(), (filler as Person).cookie, date, label);
      expect(booked.statusCode, booked.body).toBe(201);
      if (label === slot) first8 = { person: filler as Person, visitId: booked.json().id };
    }
    return first8 as { person: Person; visitId: string };
  }
  const firstApp = () => first.app;
  /** `count` new customers waiting for `date`, in this order. */
  async function line(date: string, count: number) {
    const people: { person: Person; entryId: string }[] = [];
    for (let index = 0; index < count; index++) {
      const person = await bookingCustomer(firstApp(), 'pg-waiting');
      const joined = await join(firstApp(), person, date);
      expect(joined.statusCode, joined.body).toBe(201);
      people.push({ person, entryId: joined.json().id });
    }
    return people;
  }

  beforeAll(async () => {
    first = await createTestApp();
    const handle = await openDatabase({ databaseUrl: first.database.url, dataDir: undefined });
    second = await buildApp({ config: testConfig(), db: handle.db, listen: handle.listen, logger: false });
    second.addHook('onClose', async () => handle.close());
    await second.ready();
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('gives a held slot to its holder only, when a rival books it on the other instance at the same moment (20 rounds)', async () => {
    let occupant = await fill(raceDay);
    const holders = await line(raceDay, 20);
    const rival = await bookingCustomer(firstApp(), 'pg-rival');
    for (const [round, holder] of holders.entries()) {
      expect((await cancel(occupant.person, occupant.visitId)).statusCode, `round ${round}`).toBe(204);
      expect((await entry(holder.entryId))?.state, `round ${round}`).toBe('offered');
      const [mine, theirs] = await Promise.all([
        bookOffer(firstApp(), holder.person, holder.entryId),
        book(second, rival.cookie, raceDay, slot),
      ]);
      expect(mine.statusCode, `round ${round}: ${mine.body}`).toBe(201);
      expect(theirs.statusCode, `round ${round}: ${theirs.body}`).toBe(409);
      expect((await activeAt(raceDay)).map((row) => row.userId)).toEqual([holder.person.id]);
      expect(await entry(holder.entryId)).toMatchObject({ state: 'booked', appointmentId: mine.json().id });
      occupant = { person: holder.person, visitId: mine.json().id };
    }
    expect(await db().select().from(appointments).where(eq(appointments.userId, rival.id))).toEqual([]);
  }, 300_000);

  it('either books an offer or lapses it, never both, when the minute pass and its holder meet (20 holders)', async () => {
    let occupant = await fill(lapseDay);
    const waiting = await line(lapseDay, 21);
    const outcomes = { booked: 0, lapsed: 0 };
    let index = 0;
    while (index < waiting.length - 1) {
      const holder = waiting[index] as { person: Person; entryId: string };
      const next = waiting[index + 1] as { person: Person; entryId: string };
      expect((await cancel(occupant.person, occupant.visitId)).statusCode).toBe(204);
      expect((await entry(holder.entryId))?.state).toBe('offered');
      // The booking on one instance, with the offer in force; the pass on the other, its clock past the offer's end.
      const [mine] = await Promise.all([
        bookOffer(firstApp(), holder.person, holder.entryId),
        second.waitlist.sweep(new Date(Date.now() + 31 * MINUTE)),
      ]);
      const held = await entry(holder.entryId);
      const visits = await activeAt(lapseDay);
      if (mine.statusCode === 201) {
        outcomes.booked++;
        expect(held).toMatchObject({ state: 'booked', appointmentId: mine.json().id });
        expect(visits.map((row) => row.userId)).toEqual([holder.person.id]);
        // Not offered on to the next.
        expect((await entry(next.entryId))?.state).toBe('waiting');
        occupant = { person: holder.person, visitId: mine.json().id };
        index += 1;
      } else {
        outcomes.lapsed++;
        expect(mine.statusCode, mine.body).toBe(409);
        expect(mine.json().error.code).toBe('OFFER_ENDED');
        expect(held?.state).toBe('lapsed');
        expect(visits).toEqual([]);
        // Handed on: the next books it, and waits no longer.
        expect((await entry(next.entryId))?.state).toBe('offered');
        const theirs = await bookOffer(firstApp(), next.person, next.entryId);
        expect(theirs.statusCode, theirs.body).toBe(201);
        occupant = { person: next.person, visitId: theirs.json().id };
        index += 2;
      }
    }
    // Both outcomes are possible; each round had exactly one.
    expect(outcomes.booked + outcomes.lapsed).toBeGreaterThan(0);
  }, 300_000);
});
