import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyboardUser } from '../support/accessibility.ts';
import { PASSWORD } from '../support/accounts.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { callAs, expectQuietConsole, mailboxOf, openWindow } from '../support/back-office-people.ts';
import { bookOverHttp, createBookingCustomer, createVerifiedAccount, type HttpCustomer } from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/browser-accounts.ts';
import { expectReflow } from '../support/reflow.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const ADMIN_EMAIL = 'owner.history@example.com';
const [DAY = '', LATER = ''] = upcomingWeekendDays(2, 3);

/** "Saturday, December 5": a New York day as the pay link's landing says it. */
const landingDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

/**
 * The customer's history and the pay link (issue 40), in Chromium against the built server: past visits with their
 * invoice and receipt on /home, "Add to calendar", the pay link's landing through the login to the checkout, the
 * owner's landing on the dashboard, and "Copy pay link" and "Resend pay link" on the completed list.
 */
describe('past visits and the pay link, in Chromium against the real server', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: HttpCustomer;
  let customer: HttpCustomer;
  const visits = { paid: '', payable: '', coming: '' };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL } }), workerBrowser()]);
    [admin, customer] = await Promise.all([createVerifiedAccount(server.url, ADMIN_EMAIL), createBookingCustomer(server.url, 'history')]);
    visits.paid = (await bookOverHttp(server.url, customer, DAY, '08:00am')).id;
    visits.payable = (await bookOverHttp(server.url, customer, DAY, '09:30am', true)).id;
    visits.coming = (await bookOverHttp(server.url, customer, LATER, '11:00am')).id;
    const edit = (id: string, body: object) => callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${id}`, body);
    await edit(visits.paid, { isCompleted: true, amount: '75', isPaid: true, paymentMethod: 'cash' });
    await edit(visits.payable, { isCompleted: true, amount: '87.99' });
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  it('keeps a paid visit on the home screen under "Past visits" with its invoice and receipt, and offers "Add to calendar"', async () => {
    const home = await openWindow(browser, server.url, customer);
    try {
      const { page } = home;
      await page.goto(`${server.url}/home`);
      const past = page.getByRole('region', { name: 'Past visits' });
      const row = past.getByRole('table', { name: 'Past visits' }).locator('tbody tr');
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.locator('td').first().textContent()).toMatch(/ at 08:00am$/);
      expect(await row.locator('.status-chip').allTextContents()).toEqual(['Paid']);
      // The receipt is the paid invoice as a PDF.
      const receipt = row.getByRole('link', { name: /^Receipt \(PDF\) \(visit of / });
      const pdf = await page.request.get(`${server.url}${await receipt.getAttribute('href')}`);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      // The visit still to come goes into a calendar; the paid one has left the open list.
      const open = page.getByRole('region', { name: 'Your appointments' });
      const calendar = open.getByRole('table').getByRole('link', { name: /^Add to calendar \(visit of / });
      expect(await calendar.count()).toBe(1);
      const ics = await page.request.get(`${server.url}${await calendar.getAttribute('href')}`);
      expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      expect(await ics.text()).toContain(`UID:${visits.coming}@techhelp`);
      expect(await open.getByText('$75.00').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      // On a phone, and with text at 200%: the visits as cards, nothing scrolls sideways.
      await expectReflow(page);

      // By keyboard to the invoice, which says it is paid.
      const keys = new KeyboardUser(page);
      await keys.tabTo(row.getByRole('link', { name: /^Invoice \d{5} \(visit of / }));
      await keys.press('Enter');
      await waitForPath(page, `/invoice/${visits.paid}`);
      await page.getByRole('heading', { level: 1, name: /^Invoice \d{5}$/ }).waitFor();
      expect(await page.locator('.invoice-facts').textContent()).toContain('Paid');
      expect(keys.missingFocusIndicators).toEqual([]);
      expectQuietConsole(home);
    } finally {
      await home.context.close();
    }
  });

  it('lands a signed-out customer from the pay link on a page that says what it is, then straight on the checkout', async () => {
    const mail = (await mailboxOf(server.url, customer.email)).find((entry) => entry.subject === 'Your visit is complete: $87.99');
    const link = new URL(mail?.links.find((entry) => entry.includes('/makepayment')) ?? '');
    expect(link.searchParams.get('appointment')).toBe(visits.payable);
    const visitor = await openWindow(browser, server.url, undefined);
    try {
      const { page } = visitor;
      await page.goto(`${server.url}${link.pathname}${link.search}`);
      await waitForPath(page, '/login');
      const title = `Log in to pay $87.99 for your visit of ${landingDay(DAY)}`;
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.title()).toBe(`${title} | TechHelp`);
      // Never the guard's refusal on the way.
      expect(await page.getByText('Not Authorized').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await expectReflow(page);

      const keys = new KeyboardUser(page);
      await keys.tabTo(page.getByLabel('E-mail address'));
      await keys.type(customer.email);
      await keys.tabTo(page.getByLabel('Password'));
      await keys.type(PASSWORD);
      await keys.press('Enter');
      await page.waitForURL((url) => url.pathname === '/makepayment' && url.searchParams.get('appointment') === visits.payable);
      await page.getByRole('heading', { name: 'Make a Payment of $87.99' }).waitFor();
      expect(keys.missingFocusIndicators).toEqual([]);
      expectQuietConsole(visitor);
    } finally {
      await visitor.context.close();
    }
  });

  it('lands the owner on the dashboard, where a completed job offers "Copy pay link" and "Resend pay link"', async () => {
    const office = await openWindow(browser, server.url, undefined);
    try {
      const { page, context } = office;
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await page.goto(`${server.url}/login`);
      await page.getByLabel('E-mail address').fill(ADMIN_EMAIL);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await waitForPath(page, '/admin');

      await page.goto(`${server.url}/completed-appointments`);
      const row = page.locator(`.admin-table tbody tr[data-appointment-id="${visits.payable}"]`);
      const copy = row.getByRole('button', { name: /^Copy pay link/ });
      await copy.click();
      const status = row.locator('.pay-link-actions [role="status"]');
      await expect.poll(() => status.textContent()).toBe('Pay link copied. Paste it into a message to the customer.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/makepayment?appointment=${visits.payable}`);

      await row.getByRole('button', { name: /^Resend pay link/ }).click();
      await expect.poll(() => status.textContent()).toBe('Pay link sent again by e-mail.');
      await expect
        .poll(
          async () =>
            (await mailboxOf(server.url, customer.email)).filter((entry) => entry.subject === 'Your visit is complete: $87.99').length,
        )
        .toBe(2);
      // At once again: the server says to wait.
      await row.getByRole('button', { name: /^Resend pay link/ }).click();
      await expect.poll(() => status.textContent()).toMatch(/^Too many attempts/);

      // A browser that will not copy: the link is shown, selected, to copy by hand.
      await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true }));
      await copy.click();
      const shown = row.getByRole('textbox', { name: /^Pay link/ });
      expect(await shown.inputValue()).toBe(`${server.url}/makepayment?appointment=${visits.payable}`);
      expect(await shown.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await expectReflow(page);
      expectQuietConsole(office, [{ path: `/api/admin/appointments/${visits.payable}/pay-link`, status: 429 }]);
    } finally {
      await office.context.close();
    }
  });
});
