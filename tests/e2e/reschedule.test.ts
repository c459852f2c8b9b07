import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_TEXTS } from '../../src/shared/appointments.ts';
import { formatAppointmentTime, slotInstant } from '../../src/shared/business-time.ts';
import { tabUntil } from '../support/accessibility.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { callAs } from '../support/back-office-people.ts';
import {
  bookOverHttp,
  createBookingCustomer,
  createVerifiedAccount,
  type HttpCustomer,
  openSignedIn,
} from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, type WatchedPage, workerBrowser } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const ADMIN_EMAIL = 'owner.moves@example.com';
const SUPPORT_PHONE = '(631) 555-0199';
/** Weekend days a few days ahead, well past the minimum notice and the default cut-off. */
const DAYS = upcomingWeekendDays(2, 4);
const day = (index: number) => DAYS[index] ?? '';
const when = (date: string, slot: Parameters<typeof slotInstant>[1]) => formatAppointmentTime(slotInstant(date, slot));

describe('rescheduling from /home in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;
  const opened: WatchedPage[] = [];
  let admin: HttpCustomer;
  let mover: HttpCustomer;
  let late: HttpCustomer;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL, SUPPORT_PHONE } }), workerBrowser()]);
    [admin, mover, late] = await Promise.all([
      createVerifiedAccount(server.url, ADMIN_EMAIL),
      createBookingCustomer(server.url, 'mover'),
      createBookingCustomer(server.url, 'late'),
    ]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  async function openAs(person: HttpCustomer, path: string): Promise<Page> {
    const watched = await openSignedIn(browser, server.url, person, path);
    opened.push(watched);
    await expect.poll(() => liveStatus(watched.page).textContent(), { timeout: 10_000 }).toBe('Live updates: Online');
    return watched.page;
  }

  async function closeAll(): Promise<void> {
    for (const watched of opened.splice(0)) {
      expect(watched.consoleErrors).toEqual([]);
      await watched.context.close();
    }
  }

  const liveStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'Live updates:' });
  const rows = (page: Page) => page.locator('.appointment-table tbody tr');

  it('moves a visit by keyboard (Enter, Tab and Space): the dialog passes axe, a time taken meanwhile shows Booked at once, the new time shows on /home and live on /admin', async () => {
    try {
      const booked = await bookOverHttp(server.url, mover, day(0), '12:30pm');
      // Someone else holds a time the mover will try first.
      await bookOverHttp(server.url, late, day(1), '09:30am');
      const office = await openAs(admin, '/admin');
      await expect.poll(() => office.getByText(when(day(0), '12:30pm')).count()).toBeGreaterThan(0);

      const home = await openAs(mover, '/home');
      await expect.poll(() => rows(home).first().locator('td').first().textContent()).toBe(when(day(0), '12:30pm'));
      const change = home.getByRole('button', { name: `Change time (visit of ${when(day(0), '12:30pm')})` });
      await tabUntil(home, change);
      await home.keyboard.press('Enter');
      const dialog = home.getByRole('dialog', { name: 'Change the time of your visit' });
      await dialog.getByText(`Your In-Person visit is now on ${when(day(0), '12:30pm')}.`, { exact: false }).waitFor();
      await dialog.locator('.rdp-month_grid').waitFor();
      expect(await axeViolations(home)).toEqual([]);

      // Nothing chosen yet: the dialog says what is missing, and the reader's place moves to the message (after its
      // render: the test's next key must not land before the focus does).
      const saidWithFocus = async (message: Locator) => {
        await message.waitFor();
        await expect.poll(() => message.evaluate((shown) => shown === document.activeElement)).toBe(true);
      };
      await tabUntil(home, dialog.getByRole('button', { name: 'Move my visit' }));
      await home.keyboard.press('Enter');
      await saidWithFocus(dialog.getByRole('alert').filter({ hasText: APPOINTMENT_TEXTS.selectTimeError }));

      // The day by keyboard: focus the calendar's day, then the slot.
      const chooseDay = async (date: string) => {
        const target = dialog.locator(`td[data-day="${date}"] button`);
        for (let turns = 0; (await target.count()) === 0 && turns < 3; turns++) {
          const caption = await dialog.locator('.rdp-caption_label').textContent();
          await dialog.getByRole('button', { name: 'next month' }).focus();
          await home.keyboard.press('Enter');
          await expect.poll(() => dialog.locator('.rdp-caption_label').textContent()).not.toBe(caption);
        }
        await target.focus();
        await home.keyboard.press('Enter');
      };
      // The visit's own time is marked as its own, not as someone's booking.
      await chooseDay(day(0));
      await dialog.getByRole('button', { name: '12:30pm Your visit', exact: true }).waitFor();
      await chooseDay(day(1));
      const taken = dialog.getByRole('button', { name: '09:30am Booked', exact: true });
      await taken.waitFor();
      expect(await taken.getAttribute('aria-disabled')).toBe('true');

      // The chosen time is taken by someone else meanwhile: the open dialog shows it Booked at once, and the choice goes.
      await tabUntil(home, dialog.getByRole('button', { name: '11:00am', exact: true }));
      await home.keyboard.press('Space');
      await expect.poll(() => dialog.getByRole('button', { name: '11:00am', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await bookOverHttp(server.url, late, day(1), '11:00am');
      await expect.poll(() => dialog.getByRole('button', { name: '11:00am Booked', exact: true }).count(), { timeout: 2000 }).toBe(1);
      await dialog.getByRole('alert').filter({ hasText: APPOINTMENT_TEXTS.selectTimeError }).waitFor();
      await tabUntil(home, dialog.getByRole('button', { name: 'Move my visit' }));
      await home.keyboard.press('Enter');
      await saidWithFocus(dialog.getByRole('alert').filter({ hasText: APPOINTMENT_TEXTS.selectTimeError }));
      expect(await rows(home).first().locator('td').first().textContent()).toBe(when(day(0), '12:30pm'));

      await tabUntil(home, dialog.getByRole('button', { name: '02:00pm', exact: true }));
      await home.keyboard.press('Space');
      await expect.poll(() => dialog.getByRole('button', { name: '02:00pm', exact: true }).getAttribute('aria-pressed')).toBe('true');
      await tabUntil(home, dialog.getByRole('button', { name: 'Move my visit' }));
      await home.keyboard.press('Enter');

      await expect.poll(() => dialog.count()).toBe(0);
      const moved = when(day(1), '02:00pm');
      await home
        .locator('.timed-alert')
        .filter({ hasText: APPOINTMENT_TEXTS.rescheduled(moved) })
        .waitFor();
      await expect.poll(() => rows(home).first().locator('td').first().textContent()).toBe(moved);
      expect(await rows(home).count()).toBe(1);
      // The reader's place: the list's heading, not the page's top.
      expect(await home.evaluate(() => document.activeElement?.textContent)).toBe('Your appointments');

      // The owner's dashboard follows without a reload.
      await expect.poll(() => office.getByText(moved).count()).toBeGreaterThan(0);
      expect(await office.getByText(when(day(0), '12:30pm')).count()).toBe(0);
      const history = await callAs<Array<{ action: string }>>(server.url, admin, 'GET', `/api/admin/appointments/${booked.id}/history`);
      expect(history.map((entry) => entry.action)).toContain('reschedule');
    } finally {
      await closeAll();
    }
  });

  it('past the cut-off, Change time and Cancel say to call, with the phone number, and change nothing', async () => {
    try {
      // The first weekend day at least four days away is at most ten days away, whatever today is.
      await bookOverHttp(server.url, late, day(0), '08:00am');
      // The owner sets the longest cut-off, two weeks: that visit is past it.
      await callAs(server.url, admin, 'PUT', '/api/admin/booking-rules', { minNoticeHours: 12, cutoffHours: 24 * 14 });
      const home = await openAs(late, '/home');
      const at = when(day(0), '08:00am');
      await home.getByRole('button', { name: `Change time (visit of ${at})` }).click();
      const refusal = home.getByRole('dialog', { name: APPOINTMENT_TEXTS.cancelNotAllowedTitle });
      await expect.poll(() => refusal.textContent()).toContain(APPOINTMENT_TEXTS.pastCutoff(24 * 14, SUPPORT_PHONE));
      expect(await axeViolations(home)).toEqual([]);
      expect(await home.getByRole('dialog', { name: 'Change the time of your visit' }).count()).toBe(0);
      await home.keyboard.press('Escape');
      await expect.poll(() => refusal.count()).toBe(0);

      await home.getByRole('button', { name: `Cancel (visit of ${at})` }).click();
      await expect.poll(() => refusal.textContent()).toContain(APPOINTMENT_TEXTS.pastCutoff(24 * 14, SUPPORT_PHONE));
      expect(await home.getByRole('dialog', { name: 'Please confirm' }).count()).toBe(0);
      await home.keyboard.press('Escape');
      await expect.poll(() => refusal.count()).toBe(0);
      expect(await home.getByRole('button', { name: `Cancel (visit of ${at})` }).count()).toBe(1);
    } finally {
      await callAs(server.url, admin, 'PUT', '/api/admin/booking-rules', { minNoticeHours: 12, cutoffHours: 24 });
      await closeAll();
    }
  });
});
