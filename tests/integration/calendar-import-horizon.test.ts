import { addDays } from 'date-fns';
import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { calendarBusyTimes } from '../../src/server/db/schema.ts';
import { ConfigLogService } from '../../src/server/modules/config-log/index.ts';
import { CalendarImportService } from '../../src/server/modules/schedule/index.ts';
import type { SessionUser } from '../../src/shared/account.ts';
import { businessDateOf } from '../../src/shared/business-time.ts';
import { me } from '../support/accounts.ts';
import { bookingAdmin, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';
import { testConfig } from '../support/config.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { openEventStream } from '../support/event-stream.ts';
import { calendarFile, IcsServer, icsDate, vevent } from '../support/ics-server.ts';
import { CHEAP_PASSWORD_HASHING } from '../support/password-hashing.ts';

/** A 304 does not freeze the busy times at the horizon of the last 200: the far days are read once it is stale. */
describe("the owner's calendar keeps its far days and the open booking pickers current", () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let ics: IcsServer;
  const config = testConfig({ CALENDAR_IMPORT_ALLOW_PRIVATE: 'true' });

  beforeAll(async () => {
    ics = await new IcsServer().start();
    database = await createTestDatabase();
    app = await buildApp({
      config,
      db: database.db,
      listen: database.listen,
      logger: false,
      webRoot: inject('testWebRoot') || undefined,
      passwordHashing: CHEAP_PASSWORD_HASHING,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await ics.stop();
  });

  it('after ten days of 304s the next fetch sends no validators, and the busy times reach the new far days', async () => {
    // Busy every day at 3 p.m. UTC, from a day ago on, forever.
    const start = addDays(new Date(), -1).toISOString().slice(0, 10).replaceAll('-', '');
    const text = calendarFile(vevent('daily@test', `DTSTART:${start}T150000Z`, 'DURATION:PT1H', 'RRULE:FREQ=DAILY'));
    ics.on('/owner.ics', (response, headers) => {
      if (headers['if-none-match'] === '"v1"') response.writeHead(304).end();
      else response.writeHead(200, { 'content-type': 'text/calendar', etag: '"v1"' }).end(text);
    });
    const admin = await bookingAdmin(app, database.db);
    const service = new CalendarImportService(database.db, new ConfigLogService(database.db), async () => [], app.recordError, app.log, {
      ...config.calendarImport,
      bookingWindowDays: config.bookingWindowDays,
    });
    const lastBusyEnd = async () =>
      (await database.db.select().from(calendarBusyTimes).orderBy(desc(calendarBusyTimes.endsAt)).limit(1))[0]?.endsAt.getTime() ?? 0;

    const now = new Date();
    await service.setAddress((await me(app, admin.cookie)).user as SessionUser, ics.url('/owner.ics'), now);
    const firstHorizon = await lastBusyEnd();
    expect(firstHorizon).toBeGreaterThan(addDays(now, config.bookingWindowDays).getTime());

    for (let day = 1; day <= 7; day += 1) {
      await service.fetchNow(addDays(now, day));
      expect(ics.requestsTo('/owner.ics').at(-1)?.headers['if-none-match']).toBe('"v1"');
    }
    expect(await lastBusyEnd()).toBe(firstHorizon);

    await service.fetchNow(addDays(now, 10));
    expect(ics.requestsTo('/owner.ics').at(-1)?.headers['if-none-match']).toBeUndefined();
    expect(await lastBusyEnd()).toBeGreaterThan(addDays(new Date(firstHorizon), 9).getTime());
    expect((await service.status(addDays(now, 10))).error).toBeNull();
  });

  it('a fetch that closes a slot tells an open booking picker (a slot event in that month), and so does removing it', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const [date = ''] = upcomingWeekendDays(1, 5);
    ics.serve('/picker.ics', calendarFile(vevent('busy@test', `DTSTART;VALUE=DATE:${icsDate(date)}`)));
    const admin = await bookingAdmin(app, database.db);
    const watcher = await bookingCustomer(app, 'watcher');
    const stream = openEventStream(base, watcher.cookie);
    const inMonth = (event: { kind: string; startsAt?: string }) =>
      event.kind === 'slot' && businessDateOf(new Date(event.startsAt ?? 0)).slice(0, 7) === date.slice(0, 7);
    try {
      await stream.ready;
      const saved = await app.inject({
        method: 'PUT',
        url: '/api/admin/calendar-import',
        headers: { cookie: admin.cookie },
        payload: { url: ics.url('/picker.ics') },
      });
      expect(saved.json()).toMatchObject({ busyCount: 1, error: null });
      await stream.waitFor(inMonth, 5000);
      const before = stream.events.filter(inMonth).length;
      await app.inject({ method: 'DELETE', url: '/api/admin/calendar-import', headers: { cookie: admin.cookie } });
      await expect.poll(() => stream.events.filter(inMonth).length, { timeout: 5000, interval: 10 }).toBeGreaterThan(before);
    } finally {
      stream.close();
    }
  });

  it('two instances passing at once fetch once in an interval', async () => {
    ics.serve('/shared.ics', calendarFile(vevent('one@test', 'DTSTART:20261205T150000Z', 'DURATION:PT1H')));
    const admin = await bookingAdmin(app, database.db);
    const instance = () =>
      new CalendarImportService(database.db, new ConfigLogService(database.db), async () => [], app.recordError, app.log, {
        ...config.calendarImport,
        intervalMinutes: 30,
        bookingWindowDays: config.bookingWindowDays,
      });
    const [first, second] = [instance(), instance()];
    const now = new Date();
    await first.setAddress((await me(app, admin.cookie)).user as SessionUser, ics.url('/shared.ics'), now);
    expect(ics.requestsTo('/shared.ics')).toHaveLength(1);
    const later = new Date(now.getTime() + 31 * 60_000);
    await Promise.all([first.fetchIfDue(later), second.fetchIfDue(later), first.fetchIfDue(later)]);
    expect(ics.requestsTo('/shared.ics')).toHaveLength(2);
    // Within the interval: nobody fetches.
    await Promise.all([first.fetchIfDue(new Date(later.getTime() + 60_000)), second.fetchIfDue(new Date(later.getTime() + 60_000))]);
    expect(ics.requestsTo('/shared.ics')).toHaveLength(2);
  });
});
