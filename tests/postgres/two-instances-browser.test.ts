import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAppointmentTime, slotInstant } from '../../src/shared/business-time.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { bookOverHttp, createBookingCustomer, signInContext } from '../support/booking-customers.ts';
import { launchBrowser, openPage } from '../support/browser.ts';
import { requirePostgres, TEST_DATABASE_URL } from '../support/database.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

requirePostgres();

/** Two server processes on one PostgreSQL database: a change made through one reaches a screen served by the other. */
describe('live updates in Chromium across two server instances on PostgreSQL', () => {
  let first: ServerProcess;
  let second: ServerProcess;
  let browser: Browser;
  const database = `techhelp_two_${Date.now().toString(36)}`;
  const url = new URL(TEST_DATABASE_URL ?? '');
  url.pathname = `/${database}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const env = { DATABASE_URL: url.toString(), AUTH_SECRET: 'shared-secret-shared-secret-shared-01' };
    first = await startServer({ env });
    second = await startServer({ env });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([first?.stop(), second?.stop()]);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  const rows = (page: Page) => page.locator('.appointment-table tbody tr');

  it('shows on a page served by the second instance a booking made through the first', async () => {
    const customer = await createBookingCustomer(first.url, 'twoservers');
    const { page, context, consoleErrors } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await signInContext(context, second.url, customer);
      await page.goto(`${second.url}/home`);
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'Live updates:' }).textContent(), { timeout: 10_000 })
        .toBe('Live updates: Online');
      expect(await rows(page).count()).toBe(0);

      const [day] = upcomingWeekendDays(1, 3);
      await bookOverHttp(first.url, customer, day ?? '', '02:00pm');
      await expect.poll(() => rows(page).count(), { timeout: 5000 }).toBe(1);
      expect(await rows(page).first().locator('td').first().textContent()).toBe(formatAppointmentTime(slotInstant(day ?? '', '02:00pm')));
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
