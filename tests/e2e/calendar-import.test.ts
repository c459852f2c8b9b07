import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { calendarImport } from '../../src/server/db/schema.ts';
import { formatAppointmentTime } from '../../src/shared/business-time.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import {
  bookOverHttp,
  createBookingCustomer,
  createVerifiedAccount,
  type HttpCustomer,
  openSignedIn,
} from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, type WatchedPage, workerBrowser } from '../support/browser.ts';
import { calendarFile, IcsServer, icsDate, vevent } from '../support/ics-server.ts';
import { expectReflow } from '../support/reflow.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const ADMIN_EMAIL = 'owner@example.com';
const ENV = { ADMIN_EMAILS: ADMIN_EMAIL, CALENDAR_IMPORT_ALLOW_PRIVATE: 'true' };
const [DAY = '', OTHER_DAY = ''] = upcomingWeekendDays(2, 3);

describe("the owner's own calendar on the time-off screen, by keyboard, and the dashboard's notice when it fails", () => {
  let server: ServerProcess;
  let browser: Browser;
  let ics: IcsServer;
  let admin: HttpCustomer;
  let customer: HttpCustomer;
  const opened: WatchedPage[] = [];

  beforeAll(async () => {
    ics = await new IcsServer().start();
    ics.serve(
      '/secret-abc123/basic.ics',
      calendarFile(
        vevent('one@test', `DTSTART;TZID=America/New_York:${icsDate(DAY)}T100000`, 'DURATION:PT1H'),
        vevent('two@test', `DTSTART;VALUE=DATE:${icsDate(OTHER_DAY)}`),
      ),
    );
    [server, browser] = await Promise.all([startServer({ env: ENV }), workerBrowser()]);
    admin = await createVerifiedAccount(server.url, ADMIN_EMAIL);
    // Booked before the calendar is connected: 9:30 to 11am, inside its 10 to 11am busy time.
    customer = await createBookingCustomer(server.url, 'inside-busy-time');
    await bookOverHttp(server.url, customer, DAY, '09:30am');
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
    await ics.stop();
  });

  async function openAs(person: HttpCustomer, path: string): Promise<Page> {
    const watched = await openSignedIn(browser, server.url, person, path);
    opened.push(watched);
    return watched.page;
  }

  it('pastes an address, fetches it, and shows the count, the last fetch and an error in words (axe clean in each state)', async () => {
    const office = await openAs(admin, '/admin/time-off');
    const section = office.getByTestId('calendar-import');
    await section.getByRole('heading', { name: 'Your own calendar blocks slots' }).waitFor();
    await section.getByText('No calendar is connected.').waitFor();
    expect(await axeViolations(office)).toEqual([]);

    // Keyboard only: the field, typed into, Enter submits.
    const field = section.getByLabel('Secret address of your calendar');
    await field.focus();
    await office.keyboard.type('my calendar');
    await office.keyboard.press('Enter');
    await section.getByText('That is not a calendar address: it starts with https:// or webcal://.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(office)).toEqual([]);

    await office.keyboard.press('ControlOrMeta+a');
    await office.keyboard.type(ics.url('/secret-abc123/basic.ics'));
    await office.keyboard.press('Enter');
    await section.getByText('Calendar address saved and fetched.').waitFor();
    await expect.poll(() => section.getByTestId('calendar-import-count').textContent()).toBe('2');
    expect(await section.getByTestId('calendar-import-fetched').textContent()).toMatch(/\d{4} at \d\d:\d\d[ap]m/);
    expect(await section.getByText(`http://127.0.0.1:${ics.port}/••••••••`).count()).toBe(1);
    // The visit booked inside the busy time stays booked and is listed, with a way to move it.
    await section.getByText('1 booked visit falls in busy time on your calendar.', { exact: false }).waitFor();
    await section
      .getByRole('listitem')
      .filter({ hasText: customer.email })
      .getByRole('button', { name: /^Move the visit/ })
      .waitFor();
    // The secret part of the address is never shown back.
    expect(await office.content()).not.toContain('secret-abc123');
    expect(await axeViolations(office)).toEqual([]);
    // The section with its list reflows at 320 px and with text at 200%.
    await expectReflow(office);

    // The calendar now fails: Tab to "Fetch now" and press Enter.
    ics.on('/secret-abc123/basic.ics', (response) => response.writeHead(404).end());
    const fetchNow = section.getByRole('button', { name: 'Fetch now' });
    await section.getByLabel('Replace the address with another').focus();
    for (let presses = 0; presses < 4 && !(await fetchNow.evaluate((element) => element === document.activeElement)); presses++) {
      await office.keyboard.press('Tab');
    }
    expect(await fetchNow.evaluate((element) => element === document.activeElement)).toBe(true);
    await office.keyboard.press('Enter');
    await section.getByText('The calendar address answered 404 Not Found.').first().waitFor();
    // The live region says the fetch failed, never that it was fetched.
    await expect
      .poll(() => section.getByRole('status').last().textContent())
      .toBe('The calendar could not be fetched: The calendar address answered 404 Not Found.');
    expect(await section.getByText('Calendar fetched.', { exact: true }).count()).toBe(0);
    // The busy times of the last good fetch are kept and said so.
    await section.getByText('Busy times from the last good fetch still close slots.').waitFor();
    expect(await section.getByTestId('calendar-import-count').textContent()).toMatch(/^2 \(from the last good fetch/);
    expect(await axeViolations(office)).toEqual([]);
    await expectReflow(office);
  });
  it("after an hour of failing, the dashboard's notice says so: axe clean, and it fits 320 px and text at 200%", async () => {
    // The feed still answers 404 (the test before). An hour of failing, as the integration test makes it: the failure
    // is moved an hour and a minute back in the database, between two starts of the server (which fetches again at
    // its start, failing again, keeping the failure's start).
    const since = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 61 * 60_000);
    const { dataDir } = server;
    await server.stop();
    const handle = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const moved = await handle.db.update(calendarImport).set({ failingSince: since }).returning({ error: calendarImport.error });
      expect(moved).toEqual([{ error: 'The calendar address answered 404 Not Found.' }]);
    } finally {
      await handle.close();
    }
    server = await startServer({ env: ENV, dataDir });

    const office = await openAs(admin, '/admin');
    const notice = office.getByRole('alert').filter({ hasText: 'Your own calendar has not loaded since' });
    await notice.waitFor({ timeout: 15_000 });
    expect((await notice.textContent())?.replace(/\s+/g, ' ')).toBe(
      `Your own calendar has not loaded since ${formatAppointmentTime(since)}: The calendar address answered 404 Not Found. ` +
        'Slots still close by the busy times of its last good fetch. See it on the Time Off page.',
    );
    expect(await notice.getByRole('link', { name: 'See it on the Time Off page.' }).getAttribute('href')).toBe('/admin/time-off');
    expect(await axeViolations(office)).toEqual([]);
    await expectReflow(office);
  });
});
