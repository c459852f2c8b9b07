import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_LABELS } from '../../src/shared/business.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { createBookingCustomer, createVerifiedAccount, type HttpCustomer, signInContext } from '../support/booking-customers.ts';
import { axeViolations, launchBrowser, openPage, type WatchedPage } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const ADMIN_EMAIL = 'owner@example.com';
/** A weekend day a few days ahead, well past the minimum notice. */
const DAY = upcomingWeekendDays(1, 3)[0] ?? '';

describe('time off: the owner closes a day in the back office and it is gone from a customer’s open picker', () => {
  let server: ServerProcess;
  let browser: Browser;
  const opened: WatchedPage[] = [];
  let admin: HttpCustomer;
  let customer: HttpCustomer;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL } }), launchBrowser()]);
    [admin, customer] = await Promise.all([
      createVerifiedAccount(server.url, ADMIN_EMAIL),
      createBookingCustomer(server.url, 'closed-out'),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const liveStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'Live updates:' });

  async function openAs(person: HttpCustomer, path: string): Promise<Page> {
    const watched = await openPage(browser, { viewport: { width: 1280, height: 900 }, timezoneId: 'America/New_York' });
    opened.push(watched);
    watched.page.setDefaultTimeout(10_000);
    await signInContext(watched.context, server.url, person);
    await watched.page.goto(`${server.url}${path}`);
    return watched.page;
  }

  it('closes the day with a reason (labelled form, errors in words, no axe violations); the picker shows every slot Closed; reopening brings them back', async () => {
    try {
      const picker = await openAs(customer, '/home');
      await expect.poll(() => liveStatus(picker).textContent(), { timeout: 10_000 }).toBe('Live updates: Online');
      await picker.locator('.booking-calendar .rdp-month_grid').waitFor();
      const day = picker.locator(`td[data-day="${DAY}"] button`);
      const caption = picker.locator('.rdp-caption_label');
      for (let turns = 0; (await day.count()) === 0 && turns < 3; turns++) {
        const shown = await caption.textContent();
        await picker.getByRole('button', { name: 'next month' }).click();
        await expect.poll(() => caption.textContent()).not.toBe(shown);
      }
      await day.click();
      await picker.getByRole('button', { name: '08:00am', exact: true }).waitFor();

      const office = await openAs(admin, '/admin/time-off');
      await office.getByRole('heading', { name: 'Time Off', level: 1 }).waitFor();
      await office.getByRole('link', { name: 'Time Off' }).waitFor();
      await office.getByLabel('Minimum notice for booking (hours)').waitFor();
      expect(await axeViolations(office)).toEqual([]);

      // Nothing chosen: the error is in words, tied to the field.
      await office.getByRole('button', { name: 'Close this time' }).click();
      await office.getByText('Choose the day to close.').waitFor();
      expect(await office.getByLabel('Day', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(office)).toEqual([]);

      await office.getByLabel('A single day').check();
      await office.getByLabel('Day', { exact: true }).fill(DAY);
      await office.getByLabel('Reason (private, only the back office sees it)').fill('Family wedding');
      await office.getByRole('button', { name: 'Close this time' }).click();
      const closure = office.locator('li[data-time-off-id]').filter({ hasText: 'Family wedding' });
      await closure.waitFor();
      expect(await axeViolations(office)).toEqual([]);
      await office.setViewportSize({ width: 375, height: 812 });
      expect(await axeViolations(office)).toEqual([]);
      expect(await office.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // The customer's open picker refetches (a slot event) and says why each time is gone.
      for (const label of SLOT_LABELS) {
        await expect.poll(() => picker.getByRole('button', { name: `${label} Closed`, exact: true }).count(), { timeout: 5000 }).toBe(1);
      }
      expect(await picker.getByRole('button', { name: '08:00am Closed', exact: true }).getAttribute('aria-disabled')).toBe('true');
      expect(await picker.getByText('Family wedding').count()).toBe(0);

      await closure.getByRole('button', { name: /^Reopen/ }).click();
      const asked = office.getByRole('dialog', { name: 'Please confirm' });
      await asked.getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => closure.count()).toBe(0);
      await expect.poll(() => picker.getByRole('button', { name: '08:00am', exact: true }).count(), { timeout: 5000 }).toBe(1);
    } finally {
      for (const watched of opened.splice(0)) {
        expect(watched.consoleErrors).toEqual([]);
        await watched.context.close();
      }
    }
  });
});
