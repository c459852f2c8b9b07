import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_TEXTS } from '../../src/shared/appointments.ts';
import { formatAppointmentTime, isWeekendDate, slotInstant } from '../../src/shared/business-time.ts';
import { OFFLINE_AFTER_MS, RECONNECT_MAX_MS } from '../../src/shared/events.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { bookOverHttp, createBookingCustomer, describeOverHttp, type HttpCustomer, signInContext } from '../support/booking-customers.ts';
import {
  afterQueuedTasks,
  axeViolations,
  holdToasts,
  openPage,
  releaseBrowser,
  releaseToasts,
  type WatchedPage,
  WITH_MOTION,
  workerBrowser,
} from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const SUPPORT_PHONE = '(631) 555-0199';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
/** The business's own zone: no "New York time" note. Other tests pick another zone on purpose. */
const NEW_YORK: BrowserContextOptions = { timezoneId: 'America/New_York' };
/** Set BOOKING_SCREENSHOTS=/some/dir to keep pictures of /home for a look by eye. */
const SCREENSHOTS = process.env.BOOKING_SCREENSHOTS;

/** Distinct weekend days, two or more days ahead, so no test's slot collides with another's. */
const DAYS = upcomingWeekendDays(6, 2);
const day = (index: number) => DAYS[index] ?? '';
const when = (date: string, slot: Parameters<typeof slotInstant>[1]) => formatAppointmentTime(slotInstant(date, slot));

describe('booking on /home in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  const opened: WatchedPage[] = [];
  /** One customer per test, made up front and in parallel (sign-up hashes a password, which takes a while). */
  const customers: Record<'flow' | 'keys' | 'limit' | 'live' | 'tokyo', HttpCustomer> = {} as never;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { SUPPORT_PHONE } }), workerBrowser()]);
    const names = ['flow', 'keys', 'limit', 'live', 'tokyo'] as const;
    const made = await Promise.all(names.map((name) => createBookingCustomer(server.url, name)));
    names.forEach((name, index) => {
      customers[name] = made[index] as HttpCustomer;
    });
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  /** /home signed in as the customer; with `fakeClock`, on Playwright's clock (running on until a test stops it). */
  async function openHome(customer: HttpCustomer, options: BrowserContextOptions = {}, { fakeClock = false } = {}): Promise<WatchedPage> {
    const watched = await openPage(browser, { viewport: DESKTOP, ...NEW_YORK, ...WITH_MOTION, ...options });
    opened.push(watched);
    // Fail fast: a missing element should not hold a test until its overall timeout.
    watched.page.setDefaultTimeout(10_000);
    await signInContext(watched.context, server.url, customer);
    if (fakeClock) await watched.page.clock.install();
    await watched.page.goto(`${server.url}/home`);
    await expect.poll(() => liveStatus(watched.page).textContent(), { timeout: 10_000 }).toBe('Live updates: Online');
    // The calendar appears once the month's availability has arrived.
    await watched.page.locator('.booking-calendar .rdp-month_grid').waitFor();
    return watched;
  }

  async function closeAll(): Promise<void> {
    for (const watched of opened.splice(0)) {
      expect(watched.consoleErrors).toEqual([]);
      await watched.context.close();
    }
  }

  const liveStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'Live updates:' });
  const toast = (page: Page) => page.locator('.Toastify__toast');
  const rows = (page: Page) => page.locator('.appointment-table tbody tr');
  const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

  async function chooseDay(page: Page, date: string): Promise<void> {
    const button = page.locator(`td[data-day="${date}"] button`);
    const caption = page.locator('.rdp-caption_label');
    for (let turns = 0; (await button.count()) === 0 && turns < 3; turns++) {
      const shown = await caption.textContent();
      await page.getByRole('button', { name: 'next month' }).click();
      await expect.poll(() => caption.textContent()).not.toBe(shown);
    }
    await button.click();
  }

  async function confirmDialog(page: Page, text: string): Promise<Locator> {
    const confirm = dialog(page, 'Please confirm');
    await expect.poll(() => confirm.locator('.modal-body').textContent()).toBe(text);
    return confirm;
  }

  async function bookInBrowser(page: Page, date: string, slot: string, visit: 'In-Person' | 'Remote') {
    await chooseDay(page, date);
    await page.getByRole('button', { name: slot, exact: true }).click();
    await page.getByRole('radio', { name: visit }).check();
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await (await confirmDialog(page, APPOINTMENT_TEXTS.confirmVisit(visit))).getByRole('button', { name: 'OK' }).click();
    return dialog(page, 'Your visit is booked');
  }

  it('books a visit (toast, confirm text, required description), lists it, edits its description and cancels it', async () => {
    const customer = customers.flow;
    const { page } = await openHome(customer, {}, { fakeClock: true });
    try {
      expect(await page.locator('h1').textContent()).toContain(customer.email);
      expect(await page.locator('h1 .badge').textContent()).toBe('Verified');
      expect(await page.getByRole('link', { name: SUPPORT_PHONE }).first().getAttribute('href')).toBe('tel:+16315550199');
      expect(await page.getByRole('link', { name: 'Have a question? Ask our assistant' }).getAttribute('href')).toBe('/chat');
      expect(await page.getByText('You have no appointments booked.').isVisible()).toBe(true);
      expect(await page.getByText('Times are New York time').count()).toBe(0);
      expect(await page.locator('.rdp-nav').textContent()).toBe('<< prev month' + 'next month >>');

      // Confirm without a time: the top-centre toast, and an alert in the page for screen readers. The toasts are
      // held while the page is read, and let go before the last one is seen to leave by itself.
      await holdToasts(page);
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect.poll(() => toast(page).textContent()).toBe(APPOINTMENT_TEXTS.selectTimeError);
      expect(await page.locator('.Toastify__toast-container--top-center').count()).toBe(1);
      expect(await page.locator('.booking-panel [role="alert"]').textContent()).toContain(APPOINTMENT_TEXTS.selectTimeError);

      // Weekdays cannot be chosen; a weekend day can, and says so in a bottom-right toast that leaves by itself.
      await chooseDay(page, day(0));
      const days = await page
        .locator('td[data-day]:has(button)')
        .evaluateAll((cells) =>
          cells.map((cell) => [cell.getAttribute('data-day') ?? '', cell.querySelector('button')?.disabled ?? false] as const),
        );
      expect(days.length).toBeGreaterThan(27);
      for (const [date, disabled] of days) if (!isWeekendDate(date)) expect(disabled, date).toBe(true);
      expect(days.find(([date]) => date === day(0))?.[1]).toBe(false);
      await expect.poll(() => toast(page).textContent()).toBe(APPOINTMENT_TEXTS.selectTimeToast);
      expect(await page.locator('.Toastify__toast-container--bottom-right').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await releaseToasts(page);
      await expect.poll(() => toast(page).count(), { timeout: 4000 }).toBe(0);

      const slot = page.getByRole('button', { name: '09:30am', exact: true });
      await slot.click();
      await expect.poll(() => slot.getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('radio', { name: 'In-Person' }).isChecked()).toBe(true);
      await page.getByRole('radio', { name: 'Remote' }).check();
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
      const confirm = await confirmDialog(page, 'Are you sure you want a Remote visit? If YES select OK');
      await confirm.getByRole('button', { name: 'OK' }).click();

      // The description is required: no close button, Escape does nothing.
      const describe = dialog(page, 'Your visit is booked');
      await describe.getByLabel('Describe the problem').waitFor();
      expect(await describe.getByRole('button', { name: 'Close' }).count()).toBe(0);
      await page.keyboard.press('Escape');
      // A second on the page's clock: any closing (and the fade's fallback timer) would be over by then.
      await page.clock.runFor(1000);
      await afterQueuedTasks(page);
      expect(await describe.isVisible()).toBe(true);
      expect(await page.locator('.modal.show').count()).toBe(1);
      await describe.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => describe.getByText('Please describe the problem.').isVisible()).toBe(true);
      const problem = 'The printer says <b>offline</b> & will not print.';
      await describe.getByLabel('Describe the problem').fill(problem);
      expect(await describe.getByText(`${problem.length} of 2000 characters`).isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await describe.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => describe.count()).toBe(0);

      await expect.poll(() => rows(page).count()).toBe(1);
      // The dialog closes as the list refetches: the row may show the description a moment later.
      await expect
        .poll(async () => (await rows(page).first().locator('td').allTextContents()).slice(0, 4))
        .toEqual([when(day(0), '09:30am'), 'Remote', `${problem}Edit (visit of ${when(day(0), '09:30am')})`, 'Set after the visit']);
      expect(await page.locator('.appointment-table b').count()).toBe(0);
      await expect.poll(() => page.getByRole('button', { name: '09:30am Booked' }).getAttribute('aria-disabled')).toBe('true');

      await rows(page).first().getByRole('button', { name: /^Edit/ }).click();
      const edit = dialog(page, 'Edit the description');
      await edit.getByLabel('Describe the problem').fill('Printer fixed itself; please check the Wi-Fi instead.');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => rows(page).first().locator('.appointment-description').textContent())
        .toBe('Printer fixed itself; please check the Wi-Fi instead.');

      await rows(page)
        .first()
        .getByRole('button', { name: /^Cancel/ })
        .click();
      await (await confirmDialog(page, APPOINTMENT_TEXTS.cancelConfirm)).getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => page.getByText('You have no appointments booked.').isVisible()).toBe(true);
      expect(await rows(page).count()).toBe(0);
    } finally {
      await closeAll();
    }
  });

  it('books with the keyboard alone (arrows in the calendar, Tab, Enter and Space), then logs out and stays disconnected', async () => {
    const customer = customers.keys;
    const { page } = await openHome(customer, {}, { fakeClock: true });
    try {
      const focusedDay = () => page.evaluate(() => document.activeElement?.closest('td')?.getAttribute('data-day') ?? null);
      // Once loaded, the calendar shows a month with a day to choose (in a month's last days, the next month).
      await page.locator('.booking-calendar:not([aria-busy]) .rdp-month_grid').waitFor();
      await page.locator('.rdp-day_button[tabindex="0"]').focus();
      for (let presses = 0; (await focusedDay()) !== day(1) && presses < 40; presses++) {
        const before = await focusedDay();
        await page.keyboard.press('ArrowRight');
        // Crossing into the next month, the focus leaves the old month's grid and lands on the new one's day once
        // that month's free times have arrived: wait for it to land, not only to leave.
        await expect.poll(async () => ((await focusedDay()) ?? before) !== before).toBe(true);
      }
      expect(await focusedDay()).toBe(day(1));
      await page.keyboard.press('Enter');
      await expect.poll(() => toast(page).textContent()).toBe(APPOINTMENT_TEXTS.selectTimeToast);

      const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      await page.keyboard.press('Tab');
      for (let presses = 0; (await focusedText()) !== '12:30pm' && presses < 10; presses++) await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await expect.poll(() => page.getByRole('button', { name: '12:30pm', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await page.keyboard.press('Tab');
      for (let presses = 0; (await focusedText()) !== 'Confirm' && presses < 10; presses++) await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const confirm = await confirmDialog(page, 'Are you sure you want a In-Person visit? If YES select OK');
      await expect.poll(() => focusedText()).toBe('OK');
      await page.keyboard.press('Enter');

      const describe = dialog(page, 'Your visit is booked');
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
      await page.keyboard.type('Set up my new laptop.');
      await page.keyboard.press('Tab');
      expect(await focusedText()).toBe('Save');
      await page.keyboard.press('Enter');
      await expect.poll(() => describe.count()).toBe(0);
      await expect.poll(() => confirm.count()).toBe(0);
      await expect.poll(() => rows(page).first().locator('td').first().textContent()).toBe(when(day(1), '12:30pm'));

      // Logging out closes the live connection for good: no reconnect attempts follow.
      const streamRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/events') streamRequests.push(request.url());
      });
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
      // Logged out once the login screen is there (the signed-in screens, and their connection, are gone).
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await afterQueuedTasks(page);
      // The longest reconnect backoff and the silence timeout pass on the page's clock; a request the page makes
      // after that reaches the test after any it made before.
      await page.clock.runFor(RECONNECT_MAX_MS + OFFLINE_AFTER_MS);
      await Promise.all([
        page.waitForRequest((request) => new URL(request.url()).pathname === '/healthz'),
        page.evaluate(() => fetch('/healthz')),
      ]);
      expect(streamRequests).toEqual([]);
    } finally {
      await closeAll();
    }
  });

  it('disables the picker at 3 open appointments, explains Pay, and passes axe with the list on a phone and a desktop', async () => {
    const customer = customers.limit;
    const later = await bookOverHttp(server.url, customer, day(3), '02:00pm', true);
    const first = await bookOverHttp(server.url, customer, day(2), '08:00am');
    const second = await bookOverHttp(server.url, customer, day(2), '11:00am');
    await describeOverHttp(server.url, customer, first.id, 'My computer is very slow since the last update. <script>alert(1)</script>');
    await describeOverHttp(server.url, customer, later.id, 'Please help me set up video calls with my grandchildren.');
    expect(second.isCompleted).toBe(false);

    const { page } = await openHome(customer);
    try {
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await page.getByText(APPOINTMENT_TEXTS.limitReached).waitFor();
        expect(await page.locator('fieldset.booking-fieldset').getAttribute('disabled')).not.toBeNull();
        expect(await page.locator('.rdp-day_button').first().isDisabled()).toBe(true);
        expect(await page.getByRole('button', { name: 'Confirm', exact: true }).isDisabled()).toBe(true);

        const list = viewport === DESKTOP ? rows(page) : page.locator('.appointment-card');
        await expect.poll(() => list.count()).toBe(3);
        expect(await list.locator('.appointment-when').allTextContents()).toEqual([
          when(day(2), '08:00am'),
          when(day(2), '11:00am'),
          when(day(3), '02:00pm'),
        ]);
        expect(await list.first().locator('.appointment-description').textContent()).toBe(
          'My computer is very slow since the last update. <script>alert(1)</script>',
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
        expect(await axeViolations(page)).toEqual([]);
        if (SCREENSHOTS) {
          mkdirSync(SCREENSHOTS, { recursive: true });
          await page.screenshot({ path: path.join(SCREENSHOTS, `home-${viewport.width}.png`), fullPage: true });
        }
      }

      await page.locator('.appointment-card').first().getByRole('button', { name: /^Pay/ }).click();
      const refused = dialog(page, APPOINTMENT_TEXTS.payNotAllowedTitle);
      await expect.poll(() => refused.locator('.modal-body').textContent()).toBe(APPOINTMENT_TEXTS.payNotAllowedBody);
      // OK takes the focus once the dialog has faded in; axe judges colours after that.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('OK');
      expect(await axeViolations(page)).toEqual([]);
      await refused.getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => refused.count()).toBe(0);
    } finally {
      await closeAll();
    }
  });

  it('shows a booking made in one window in another window of the same customer, without a reload', async () => {
    const customer = customers.live;
    const first = await openHome(customer);
    const second = await openHome(customer);
    try {
      expect(await rows(second.page).count()).toBe(0);
      const describe = await bookInBrowser(first.page, day(4), '03:30pm', 'In-Person');
      await expect.poll(() => rows(second.page).count(), { timeout: 5000 }).toBe(1);
      expect(await rows(second.page).first().locator('td').first().textContent()).toBe(when(day(4), '03:30pm'));

      await describe.getByLabel('Describe the problem').fill('Both windows should show this.');
      await describe.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => rows(second.page).first().locator('.appointment-description').textContent(), { timeout: 5000 })
        .toBe('Both windows should show this.');
      expect(await liveStatus(second.page).textContent()).toBe('Live updates: Online');
    } finally {
      await closeAll();
    }
  });

  it('shows New York times and says so to a browser in Tokyo', async () => {
    const customer = customers.tokyo;
    await bookOverHttp(server.url, customer, day(5), '08:00am');
    const { page } = await openHome(customer, { timezoneId: 'Asia/Tokyo' });
    try {
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
      await expect.poll(() => rows(page).first().locator('td').first().textContent()).toBe(when(day(5), '08:00am'));
      expect(await page.getByText('Times are New York time').isVisible()).toBe(true);

      await chooseDay(page, day(5));
      const legend = page.locator('.slot-fieldset legend');
      expect(await legend.textContent()).toMatch(new RegExp(`^2\\. Choose a time on ${when(day(5), '08:00am').split(' at ')[0]}$`));
      expect(await page.getByRole('button', { name: '08:00am Booked' }).getAttribute('aria-disabled')).toBe('true');
      expect(await page.getByRole('button', { name: '09:30am', exact: true }).getAttribute('aria-pressed')).toBe('false');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await closeAll();
    }
  });
});
