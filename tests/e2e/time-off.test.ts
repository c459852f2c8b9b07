import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_LABELS } from '../../src/shared/business.ts';
import { openAdminScreen } from '../support/admin-nav.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { mailboxOf } from '../support/back-office-people.ts';
import {
  bookOverHttp,
  createBookingCustomer,
  createVerifiedAccount,
  type HttpCustomer,
  openSignedIn,
} from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, type WatchedPage, workerBrowser } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const ADMIN_EMAIL = 'owner@example.com';
/** A weekend day a few days ahead, well past the minimum notice. */
const [DAY = '', BOOKED_DAY = ''] = upcomingWeekendDays(2, 3);

describe('time off: the owner closes a day in the back office and it is gone from a customer’s open picker', () => {
  let server: ServerProcess;
  let browser: Browser;
  const opened: WatchedPage[] = [];
  let admin: HttpCustomer;
  let customer: HttpCustomer;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL } }), workerBrowser()]);
    [admin, customer] = await Promise.all([
      createVerifiedAccount(server.url, ADMIN_EMAIL),
      createBookingCustomer(server.url, 'closed-out'),
    ]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  const liveStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'Live updates:' });

  async function openAs(person: HttpCustomer, path: string): Promise<Page> {
    const watched = await openSignedIn(browser, server.url, person, path);
    opened.push(watched);
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

      const office = await openAs(admin, '/admin');
      await openAdminScreen(office, 'Time Off', '/admin/time-off');
      await office.getByRole('heading', { name: 'Time Off', level: 1 }).waitFor();
      const navLink = office
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Time Off', exact: true, includeHidden: true });
      expect(await navLink.getAttribute('aria-current')).toBe('page');
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

  it('makes the private calendar feed address by keyboard, shows it once, and a new one retires the old', async () => {
    try {
      const office = await openAs(admin, '/admin/time-off');
      const section = office.getByRole('region', { name: 'Calendar feed for your phone' });
      await section.getByText('Your calendar feed is off.').waitFor();
      const make = section.getByRole('button', { name: 'Make a feed address' });
      await make.focus();
      await office.keyboard.press('Enter');
      const address = section.getByLabel(/^Your feed address/);
      await address.waitFor();
      const first = await address.inputValue();
      expect(first).toMatch(/^https?:\/\/[^/]+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      await section.getByText(/^Your calendar feed is on/).waitFor();
      expect(await axeViolations(office)).toEqual([]);

      // A subscribed phone reads the feed: the customer's booking is in it, under the invite's UID.
      const appointment = await bookOverHttp(server.url, customer, DAY, '03:30pm');
      // The address is made of the server's PUBLIC_URL; the test server is reached at its own address.
      const feedOf = async (url: string) => {
        const response = await fetch(`${server.url}${new URL(url).pathname}`);
        return { status: response.status, text: await response.text() };
      };
      const read = await feedOf(first);
      expect(read.status).toBe(200);
      const uids = new ICAL.Component(ICAL.parse(read.text))
        .getAllSubcomponents('vevent')
        .map((event) => String(event.getFirstPropertyValue('uid')));
      expect(uids).toContain(`${appointment.id}@techhelp`);

      await section.getByRole('button', { name: 'Make a new address' }).click();
      await office.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => address.inputValue()).not.toBe(first);
      expect((await feedOf(first)).status).toBe(404);
      expect((await feedOf(await address.inputValue())).status).toBe(200);

      await section.getByRole('button', { name: 'Turn the feed off' }).click();
      await office.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'OK' }).click();
      await section.getByText('Your calendar feed is off.').waitFor();
      expect(await address.count()).toBe(0);
    } finally {
      for (const watched of opened.splice(0)) {
        expect(watched.consoleErrors).toEqual([]);
        await watched.context.close();
      }
    }
  });

  it('lists the bookings inside a new closure with their phone; the owner moves one and cancels the other, and the customer is e-mailed each time', async () => {
    try {
      const appointment = await bookOverHttp(server.url, customer, BOOKED_DAY, '09:30am');
      const toMove = await bookOverHttp(server.url, customer, BOOKED_DAY, '02:00pm');
      const office = await openAs(admin, '/admin/time-off');
      await office.getByRole('heading', { name: 'Time Off', level: 1 }).waitFor();
      await office.getByLabel('A single day').check();
      await office.getByLabel('Day', { exact: true }).fill(BOOKED_DAY);
      await office.getByLabel('Reason (private, only the back office sees it)').fill('Doctor');
      await office.getByRole('button', { name: 'Close this time' }).click();
      const closure = office.locator('li[data-time-off-id]').filter({ hasText: 'Doctor' });
      await closure.getByText('2 bookings fall in this time: call, reschedule or cancel them.').waitFor();
      expect(await closure.getByRole('link', { name: '631-555-0100' }).first().getAttribute('href')).toBe('tel:+16315550100');
      expect(await axeViolations(office)).toEqual([]);

      // The owner moves the 2:00pm visit out of the closure, after a call: the form explains what is missing first.
      const moveButton = closure.getByRole('button', { name: /^Move the visit .* 02:00pm$/ });
      await moveButton.click();
      expect(await moveButton.getAttribute('aria-expanded')).toBe('true');
      const submit = closure.getByRole('button', { name: 'Move the visit and e-mail the customer' });
      await submit.click();
      await closure.getByText('Choose a date as YYYY-MM-DD.').waitFor();
      expect(await axeViolations(office)).toEqual([]);
      await closure.getByLabel('New day').fill(DAY);
      await closure.getByLabel('New time').selectOption('11:00am');
      await submit.click();
      await office.getByText('The visit is moved; the customer has been e-mailed.').waitFor();
      await closure.getByText('1 booking falls in this time: call, reschedule or cancel it.').waitFor();
      expect((await mailboxOf(server.url, customer.email)).some((entry) => entry.subject.includes('has moved to'))).toBe(true);
      const afterMove = await fetch(`${server.url}/api/appointments`, { headers: { cookie: customer.cookieHeader } });
      const moved = ((await afterMove.json()) as Array<{ id: string; date: string; time: string }>).find((entry) => entry.id === toMove.id);
      expect(moved).toMatchObject({ date: DAY.replaceAll('-', ''), time: '11:00am' });

      await closure.getByRole('button', { name: /^Cancel the visit/ }).click();
      await office.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'OK' }).click();
      await closure.getByText('No bookings fall in this time.').waitFor();
      await office.getByText('The visit is cancelled; the customer has been e-mailed.').waitFor();
      const mail = await mailboxOf(server.url, customer.email);
      expect(mail.some((entry) => entry.subject.endsWith('is cancelled') && entry.text.includes('we had to cancel'))).toBe(true);
      const list = await fetch(`${server.url}/api/appointments`, { headers: { cookie: customer.cookieHeader } });
      expect(((await list.json()) as Array<{ id: string }>).map((entry) => entry.id)).not.toContain(appointment.id);
    } finally {
      for (const watched of opened.splice(0)) {
        expect(watched.consoleErrors).toEqual([]);
        await watched.context.close();
      }
    }
  });
});
