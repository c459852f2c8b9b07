import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { CalendarImportStatus } from '../../src/shared/schedule.ts';
import { bookingAdmin, upcomingWeekendDays } from '../support/appointments.ts';
import { testConfig } from '../support/config.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { calendarFile, IcsServer, icsDate, vevent } from '../support/ics-server.ts';
import { CHEAP_PASSWORD_HASHING } from '../support/password-hashing.ts';

/** The scheduler fetches the owner's calendar when CALENDAR_IMPORT_MINUTES have passed, and keeps going when it fails. */
describe("the scheduler fetches the owner's calendar on its interval", () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let ics: IcsServer;
  let admin: Awaited<ReturnType<typeof bookingAdmin>>;
  const [day = ''] = upcomingWeekendDays(1, 3);
  const busy = (count: number) =>
    calendarFile(...Array.from({ length: count }, (_, index) => vevent(`e${index}@test`, `DTSTART;VALUE=DATE:${icsDate(day)}`)));

  beforeAll(async () => {
    ics = await new IcsServer().start();
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ CALENDAR_IMPORT_ALLOW_PRIVATE: 'true', CALENDAR_IMPORT_MINUTES: '5' }),
      db: database.db,
      listen: database.listen,
      logger: false,
      webRoot: inject('testWebRoot') || undefined,
      passwordHashing: CHEAP_PASSWORD_HASHING,
      // The scheduler's minute pass every 100 ms instead of every minute.
      reminderIntervalMs: 100,
    });
    await app.ready();
    admin = await bookingAdmin(app, database.db);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await ics.stop();
  });

  const status = async (): Promise<CalendarImportStatus> =>
    (await app.inject({ method: 'GET', url: '/api/admin/calendar-import', headers: { cookie: admin.cookie } })).json();
  const requests = () => ics.requestsTo('/cal.ics').length;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('waits out the interval, then fetches again; a failing fetch does not stop it', async () => {
    ics.serve('/cal.ics', busy(1));
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/admin/calendar-import',
      headers: { cookie: admin.cookie },
      payload: { url: ics.url('/cal.ics') },
    });
    expect(saved.json()).toMatchObject({ busyCount: 1, intervalMinutes: 5 });
    expect(requests()).toBe(1);

    // Many minute passes within the five minutes: no fetch.
    ics.serve('/cal.ics', busy(2));
    await pause(600);
    expect(requests()).toBe(1);

    // Five minutes later (the last fetch moved back): the next pass fetches.
    await database.db.execute(sql`update calendar_import set fetched_at = now() - interval '5 minutes'`);
    await expect.poll(async () => (await status()).busyCount, { timeout: 5000 }).toBe(2);
    expect(requests()).toBe(2);

    // It fails: recorded, and the passes go on.
    ics.on('/cal.ics', (response) => response.writeHead(503).end());
    await database.db.execute(sql`update calendar_import set fetched_at = now() - interval '5 minutes'`);
    await expect.poll(async () => (await status()).error, { timeout: 5000 }).toBe('The calendar address answered 503 Service Unavailable.');
    ics.serve('/cal.ics', busy(3));
    await database.db.execute(sql`update calendar_import set fetched_at = now() - interval '5 minutes'`);
    await expect.poll(async () => (await status()).busyCount, { timeout: 5000 }).toBe(3);
    expect((await status()).error).toBeNull();
  });
});
