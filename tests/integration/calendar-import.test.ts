import { BlockList } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { calendarBusyTimes, configChanges, errorLog } from '../../src/server/db/schema.ts';
import { isInTimeOff, slotsOf } from '../../src/shared/business-time.ts';
import type { CalendarImportStatus } from '../../src/shared/schedule.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, daysAfter, upcomingWeekendDays } from '../support/appointments.ts';
import { testConfig } from '../support/config.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { calendarFile, IcsServer, icsDate, usTimezone, vevent } from '../support/ics-server.ts';
import { CHEAP_PASSWORD_HASHING } from '../support/password-hashing.ts';

const NEW_YORK = usTimezone('America/New_York', '-0500', '-0400');
const LOS_ANGELES = usTimezone('America/Los_Angeles', '-0800', '-0700');

describe("the owner's own calendar closes the slots its busy times overlap", () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let ics: IcsServer;
  let admin: Awaited<ReturnType<typeof bookingAdmin>>;
  let customer: Awaited<ReturnType<typeof bookingCustomer>>;

  // Four Saturdays in a row, and the Sundays after the first three, from three days ahead (past the minimum notice).
  const weekend = upcomingWeekendDays(12, 3);
  const saturdays = weekend.filter((date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 6).slice(0, 4);
  const sunday = (index: number) => daysAfter(saturdays[index] ?? '', 1);
  const saturday = (index: number) => saturdays[index] ?? '';

  beforeAll(async () => {
    ics = await new IcsServer().start();
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ CALENDAR_IMPORT_ALLOW_PRIVATE: 'true' }),
      db: database.db,
      listen: database.listen,
      logger: false,
      webRoot: inject('testWebRoot') || undefined,
      passwordHashing: CHEAP_PASSWORD_HASHING,
      calendarImport: { timeoutMs: 2000 },
    });
    await app.ready();
    admin = await bookingAdmin(app, database.db);
    customer = await bookingCustomer(app, 'calendar');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await ics.stop();
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  const status = async (): Promise<CalendarImportStatus> => (await asAdmin('GET', '/api/admin/calendar-import')).json();
  const fetchNow = async (): Promise<CalendarImportStatus> => {
    const answer = await asAdmin('POST', '/api/admin/calendar-import/fetch');
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  /** The slots of `date` a customer's availability answer shows closed (the same answer as any closed slot). */
  const closedSlots = async (date: string) => {
    await app.notices.settle();
    const answer = await app.inject({
      method: 'GET',
      url: `/api/appointments/availability?month=${date.slice(0, 7)}`,
      headers: { cookie: customer.cookie },
    });
    expect(answer.statusCode).toBe(200);
    const closed = (answer.json().closed as Array<{ startsAt: string; endsAt: string }>).map((span) => ({
      startsAt: new Date(span.startsAt),
      endsAt: new Date(span.endsAt),
    }));
    return slotsOf(date)
      .filter((slot) => isInTimeOff(slot.startsAt, closed))
      .map((slot) => slot.label);
  };

  /** The owner's calendar: a weekly series with a moved and a cancelled occurrence, an all-day event, one in Los Angeles, a free one. */
  const ownerCalendar = () =>
    calendarFile(
      NEW_YORK,
      LOS_ANGELES,
      vevent(
        'weekly@test',
        'SUMMARY:Choir practice',
        `DTSTART;TZID=America/New_York:${icsDate(saturday(0))}T120000`,
        `DTEND;TZID=America/New_York:${icsDate(saturday(0))}T130000`,
        'RRULE:FREQ=WEEKLY;COUNT=4',
        `EXDATE;TZID=America/New_York:${icsDate(saturday(2))}T120000`,
      ),
      vevent(
        'weekly@test',
        `RECURRENCE-ID;TZID=America/New_York:${icsDate(saturday(1))}T120000`,
        `DTSTART;TZID=America/New_York:${icsDate(saturday(1))}T150000`,
        `DTEND;TZID=America/New_York:${icsDate(saturday(1))}T160000`,
      ),
      vevent(
        'all-day@test',
        'SUMMARY:Family day',
        `DTSTART;VALUE=DATE:${icsDate(sunday(0))}`,
        `DTEND;VALUE=DATE:${icsDate(daysAfter(sunday(0), 1))}`,
      ),
      vevent(
        'west@test',
        'SUMMARY:Call with my sister',
        `DTSTART;TZID=America/Los_Angeles:${icsDate(sunday(1))}T060000`,
        `DTEND;TZID=America/Los_Angeles:${icsDate(sunday(1))}T063000`,
      ),
      vevent('free@test', 'SUMMARY:Reminder only', 'TRANSP:TRANSPARENT', `DTSTART;VALUE=DATE:${icsDate(sunday(2))}`),
    );

  it('reads recurrences, a moved and a cancelled occurrence, an all-day event, another time zone, and ignores free time', async () => {
    ics.serve('/owner.ics', ownerCalendar(), { etag: '"v1"', lastModified: 'Sun, 29 Nov 2026 12:00:00 GMT' });
    const saved = await asAdmin('PUT', '/api/admin/calendar-import', { url: ics.url('/owner.ics') });
    expect(saved.statusCode).toBe(200);
    const answer: CalendarImportStatus = saved.json();
    expect(answer).toMatchObject({ isSet: true, error: null, busyCount: 5, host: `127.0.0.1:${ics.port}` });
    expect(answer.maskedAddress).not.toContain('owner.ics');
    expect(JSON.stringify(answer)).not.toContain('/owner.ics');

    // Noon to 1pm closes the 11:00am and 12:30pm slots; the moved occurrence (3 to 4pm) closes 2:00pm and 3:30pm.
    expect(await closedSlots(saturday(0))).toEqual(['11:00am', '12:30pm']);
    expect(await closedSlots(saturday(1))).toEqual(['02:00pm', '03:30pm']);
    expect(await closedSlots(saturday(2))).toEqual([]);
    expect(await closedSlots(saturday(3))).toEqual(['11:00am', '12:30pm']);
    // The whole New York day, and not the day after nor the Saturday before it.
    expect(await closedSlots(sunday(0))).toEqual(slotsOf(sunday(0)).map((slot) => slot.label));
    // 6 to 6:30am in Los Angeles is 9 to 9:30am in New York: only the 8:00am slot (to 9:30) overlaps.
    expect(await closedSlots(sunday(1))).toEqual(['08:00am']);
    expect(await closedSlots(sunday(2))).toEqual([]);

    // A customer cannot book a closed slot, and hears what any closed slot says; an open one books.
    const refused = await book(app, customer.cookie, saturday(0), '12:30pm');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SLOT_CLOSED');
    expect(JSON.stringify(refused.json())).not.toMatch(/choir|calendar/i);
    expect((await book(app, customer.cookie, saturday(0), '02:00pm')).statusCode).toBe(201);

    // Only instants are stored: nothing of an event's words.
    const stored = await database.db.select().from(calendarBusyTimes);
    expect(stored).toHaveLength(5);
    expect(JSON.stringify(stored)).not.toMatch(/choir|family|sister/i);

    // The change log has the connection, never the secret path.
    const logged = await database.db.select().from(configChanges);
    const entry = logged.find((row) => row.context === 'Calendar import (back office)');
    expect(entry?.description).toContain(`127.0.0.1:${ics.port}`);
    expect(JSON.stringify(logged)).not.toContain('owner.ics');
  });

  it('sends the last validators; a 304 keeps the busy times', async () => {
    let notModified = 0;
    ics.on('/owner.ics', (response, headers) => {
      if (headers['if-none-match'] === '"v1"' && headers['if-modified-since'] === 'Sun, 29 Nov 2026 12:00:00 GMT') {
        notModified += 1;
        response.writeHead(304).end();
      } else response.writeHead(500).end();
    });
    const after = await fetchNow();
    expect(notModified).toBe(1);
    const last = ics.requestsTo('/owner.ics').at(-1);
    expect(last?.headers).toMatchObject({ 'if-none-match': '"v1"', 'if-modified-since': 'Sun, 29 Nov 2026 12:00:00 GMT' });
    expect(after).toMatchObject({ error: null, busyCount: 5 });
    expect(await closedSlots(saturday(0))).toEqual(['11:00am', '12:30pm']);
  });

  it('a calendar that does not answer in time: the error in words, the old busy times kept', async () => {
    ics.on('/owner.ics', () => {
      // Never answers.
    });
    const started = Date.now();
    const after = await fetchNow();
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(after.error).toBe('The calendar took longer than 2 seconds to answer.');
    expect(after.busyCount).toBe(5);
    expect(await closedSlots(sunday(1))).toEqual(['08:00am']);
  });

  it('a 50 MB calendar is refused by the 5 MB cap without being read whole', async () => {
    let sent = 0;
    let closedEarly = false;
    ics.on('/owner.ics', (response) => {
      response.writeHead(200, { 'content-type': 'text/calendar' });
      const event = `${vevent('big@test', `DTSTART:${icsDate(saturday(3))}T080000`, 'DURATION:PT1H', `SUMMARY:${'x'.repeat(900)}`)}\r\n`;
      const chunk = Buffer.from(event.repeat(64));
      response.write('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n');
      const pump = () => {
        while (sent < 50_000_000) {
          if (response.destroyed) return;
          sent += chunk.length;
          if (!response.write(chunk)) {
            response.once('drain', pump);
            return;
          }
        }
        response.end('END:VCALENDAR\r\n');
      };
      response.on('close', () => {
        closedEarly = sent < 50_000_000;
      });
      pump();
    });
    const after = await fetchNow();
    expect(after.error).toBe('The calendar is larger than 5 MB.');
    expect(after.busyCount).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closedEarly).toBe(true);
    expect(sent).toBeLessThan(20_000_000);
    expect(await closedSlots(saturday(1))).toEqual(['02:00pm', '03:30pm']);
  });

  it('a file that is not a calendar, and a 404, are told in words', async () => {
    ics.on('/owner.ics', (response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in</html>'));
    expect((await fetchNow()).error).toBe('The file is not an iCalendar file.');
    ics.on('/owner.ics', (response) => response.writeHead(404).end());
    expect((await fetchNow()).error).toBe('The calendar address answered 404 Not Found.');
    expect(await closedSlots(saturday(0))).toEqual(['11:00am', '12:30pm']);
  });

  it('a feed failing for over an hour is logged once, without its address, and reported to the dashboard', async () => {
    ics.on('/owner.ics', (response) => response.writeHead(404).end());
    const before = await status();
    expect(before.failingForAnHour).toBe(false);
    expect(before.failingSince).not.toBeNull();
    await database.db.execute(sql`update calendar_import set failing_since = now() - interval '61 minutes'`);
    const failing = await fetchNow();
    expect(failing.failingForAnHour).toBe(true);
    await fetchNow();
    const entries = (await database.db.select().from(errorLog)).filter((row) => row.componentName === 'CalendarImport');
    expect(entries).toHaveLength(1);
    expect(entries[0]?.errorMessage).toContain('The calendar address answered 404 Not Found.');
    expect(entries[0]?.errorMessage).not.toMatch(/owner\.ics|127\.0\.0\.1|http/);
    expect((await status()).failingForAnHour).toBe(true);

    // A good fetch clears the failure.
    ics.serve('/owner.ics', ownerCalendar(), { etag: '"v2"' });
    expect(await fetchNow()).toMatchObject({ error: null, failingSince: null, failingForAnHour: false, busyCount: 5 });
  });

  it('lists a visit booked before a new busy time covers it; the visit stays booked', async () => {
    const booked = await book(app, customer.cookie, saturday(3), '08:00am');
    expect(booked.statusCode).toBe(201);
    expect((await status()).affected).toEqual([]);
    ics.serve(
      '/owner.ics',
      calendarFile(
        ownerCalendar().split('\r\n').slice(3, -2).join('\r\n'),
        vevent('dentist@test', `DTSTART;TZID=America/New_York:${icsDate(saturday(3))}T090000`, 'DURATION:PT1H'),
      ),
      { etag: '"v3"' },
    );
    const after = await fetchNow();
    expect(after.busyCount).toBe(6);
    expect(after.affected).toEqual([
      expect.objectContaining({ appointmentId: booked.json().id, time: '08:00am', customerEmail: customer.email }),
    ]);
    // 9 to 10am closes the booked 8:00am slot (to 9:30) and the 9:30am one.
    expect(await closedSlots(saturday(3))).toEqual(['08:00am', '09:30am', '11:00am', '12:30pm']);
    const mine = await app.inject({ method: 'GET', url: '/api/appointments', headers: { cookie: customer.cookie } });
    expect(mine.json().map((visit: { id: string }) => visit.id)).toContain(booked.json().id);
  });

  it('is for the owner only: a customer gets 403 and a visitor 401 on every route', async () => {
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', '/api/admin/calendar-import'],
      ['PUT', '/api/admin/calendar-import', { url: 'https://calendar.example.com/x.ics' }],
      ['DELETE', '/api/admin/calendar-import'],
      ['POST', '/api/admin/calendar-import/fetch'],
    ];
    for (const [method, url, payload] of routes) {
      const visitor = await app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      const refused = await app.inject({ method, url, headers: { cookie: customer.cookie }, ...(payload ? { payload } : {}) });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await status()).isSet).toBe(true);
  });

  it('refuses what is not a web address; removing the calendar reopens its slots', async () => {
    const bad = await asAdmin('PUT', '/api/admin/calendar-import', { url: 'ftp://calendar.example.com/x.ics' });
    expect(bad.statusCode).toBe(400);
    expect((await status()).isSet).toBe(true);
    expect((await asAdmin('DELETE', '/api/admin/calendar-import')).statusCode).toBe(204);
    expect(await status()).toMatchObject({ isSet: false, busyCount: 0, maskedAddress: null });
    expect(await closedSlots(saturday(0))).toEqual([]);
    expect(await database.db.select().from(calendarBusyTimes)).toEqual([]);
  });
});

/**
 * The whole import with private addresses NOT allowed (as in production): the calendar's server redirects to this
 * machine (127.0.0.1, or "localhost"), and the redirect is refused, told in words, and closes no slot. The calendar's
 * server itself must be reachable under the guard, so 127.0.0.2 stands for a public server here: Node's BlockList,
 * which the guard's public-address check (isPublicAddress) asks, answers "not blocked" for that one address during
 * this test (the same stand-in as the guard's own test, through the whole import rather than around safeFetch).
 */
describe('the calendar import refuses a redirect to this machine', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let ics: IcsServer;
  let admin: Awaited<ReturnType<typeof bookingAdmin>>;
  let customer: Awaited<ReturnType<typeof bookingCustomer>>;
  const [saturday = ''] = upcomingWeekendDays(6, 3).filter((date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 6);
  const STANDS_FOR_PUBLIC = '127.0.0.2';

  beforeAll(async () => {
    // On every address, so that both 127.0.0.2 (the "public" server) and 127.0.0.1 (the redirect's target) answer.
    ics = await new IcsServer('0.0.0.0').start();
    // 9 to 10am New York: the 08:00am and 09:30am slots, were it ever read.
    ics.serve(
      '/cal.ics',
      calendarFile(
        NEW_YORK,
        vevent(
          'dentist@test',
          `DTSTART;TZID=America/New_York:${icsDate(saturday)}T090000`,
          `DTEND;TZID=America/New_York:${icsDate(saturday)}T100000`,
        ),
      ),
    );
    ics.on('/moved.ics', (response) => response.writeHead(302, { location: ics.url('/cal.ics', '127.0.0.1') }).end());
    ics.on('/named.ics', (response) => response.writeHead(301, { location: ics.url('/cal.ics', 'localhost') }).end());
    subject = await createTestApp();
    app = subject.app;
    admin = await bookingAdmin(app, subject.database.db);
    customer = await bookingCustomer(app, 'calendar-guard');
  });
  afterAll(async () => {
    await subject.close();
    await ics.stop();
  });

  const paste = async (url: string): Promise<CalendarImportStatus> => {
    const answer = await app.inject({
      method: 'PUT',
      url: '/api/admin/calendar-import',
      headers: { cookie: admin.cookie },
      payload: { url },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const fetchNow = async (): Promise<CalendarImportStatus> => {
    const answer = await app.inject({ method: 'POST', url: '/api/admin/calendar-import/fetch', headers: { cookie: admin.cookie } });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const closedSlots = async (date: string) => {
    await app.notices.settle();
    const answer = await app.inject({
      method: 'GET',
      url: `/api/appointments/availability?month=${date.slice(0, 7)}`,
      headers: { cookie: customer.cookie },
    });
    expect(answer.statusCode).toBe(200);
    const closed = (answer.json().closed as Array<{ startsAt: string; endsAt: string }>).map((span) => ({
      startsAt: new Date(span.startsAt),
      endsAt: new Date(span.endsAt),
    }));
    return slotsOf(date)
      .filter((slot) => isInTimeOff(slot.startsAt, closed))
      .map((slot) => slot.label);
  };

  it('refuses the redirect to 127.0.0.1 and to localhost, says so in words, and closes no slot', async () => {
    // Private addresses are not allowed for this app: 127.0.0.2 itself is refused without the stand-in.
    expect(await paste(ics.url('/cal.ics', STANDS_FOR_PUBLIC))).toMatchObject({
      error: 'That address is not a public web address.',
      busyCount: 0,
    });
    expect(ics.requests).toEqual([]);

    const check = BlockList.prototype.check;
    const standIn = vi.spyOn(BlockList.prototype, 'check').mockImplementation(function (this: BlockList, address, family) {
      return address === STANDS_FOR_PUBLIC ? false : check.call(this, address, family);
    });
    try {
      for (const path of ['/moved.ics', '/named.ics']) {
        const refused = await paste(ics.url(path, STANDS_FOR_PUBLIC));
        expect(refused, path).toMatchObject({ isSet: true, error: 'That address is not a public web address.', busyCount: 0 });
        expect(refused.failingSince, path).not.toBeNull();
        expect(await fetchNow(), path).toMatchObject({ error: 'That address is not a public web address.', busyCount: 0 });
        expect(ics.requestsTo(path), path).toHaveLength(2);
      }
      // The calendar's server answered each time; the guard, not the server, stopped the redirect.
      expect(ics.requestsTo('/cal.ics')).toEqual([]);
      expect(await closedSlots(saturday)).toEqual([]);
      expect(await subject.database.db.select().from(calendarBusyTimes)).toEqual([]);

      // The same calendar, asked of the "public" server directly, is read and closes its slots.
      expect(await paste(ics.url('/cal.ics', STANDS_FOR_PUBLIC))).toMatchObject({ error: null, busyCount: 1 });
      expect(await closedSlots(saturday)).toEqual(['08:00am', '09:30am']);
    } finally {
      standIn.mockRestore();
    }
  });
});
