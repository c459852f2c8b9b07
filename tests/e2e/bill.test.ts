import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '../../src/shared/admin.ts';
import { PASSWORD } from '../support/accounts.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { callAs, expectQuietConsole, openWindow, shownDialog, type Window } from '../support/back-office-people.ts';
import { bookOverHttp, createBookingCustomer, createVerifiedAccount, type HttpCustomer } from '../support/booking-customers.ts';
import { axeViolations, openPage, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { mailbox } from '../support/browser-accounts.ts';
import { readPdf } from '../support/pdf.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const ADMIN_EMAIL = 'owner@example.com';
const DAY = upcomingWeekendDays(1, 2)[0] ?? '';

describe('the bill from the clock in the back office, in Chromium against the real server', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: HttpCustomer;
  let customer: HttpCustomer;
  let office: Window;
  let appointmentId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL } }), workerBrowser()]);
    [admin, customer] = await Promise.all([createVerifiedAccount(server.url, ADMIN_EMAIL), createBookingCustomer(server.url, 'billed')]);
    office = await openWindow(browser, server.url, admin);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  it('completes a job with its time and a part, shows the lines as they are typed, and charges a different amount only with a reason', async () => {
    const { page } = office;
    const appointment = await bookOverHttp(server.url, customer, DAY, '09:30am');
    appointmentId = appointment.id;
    await page.goto(`${server.url}/admin`);
    const row = page.locator(`.admin-table tbody tr[data-appointment-id="${appointment.id}"]`);
    await row.getByRole('button', { name: /^Edit/ }).click();
    let dialog = await shownDialog(page, 'Edit appointment');

    // The clock is offered for a completed job.
    expect(await dialog.getByLabel('Bill from the clock: kind of work, time and hardware').count()).toBe(0);
    await dialog.getByLabel('Completed').check();
    await dialog.getByLabel('Bill from the clock: kind of work, time and hardware').check();
    expect(await dialog.getByLabel('Amount in dollars and cents').count()).toBe(0);
    await dialog.getByText('Choose the kind of work and when it started and ended.').waitFor();

    // Saving without the time says what is missing, on the fields.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Choose troubleshooting or consulting.').waitFor();

    await dialog.getByLabel('Troubleshooting').check();
    await dialog.getByLabel('Work started').fill('09:30');
    await dialog.getByLabel('Work ended').fill('11:10');
    await dialog.getByRole('button', { name: 'Add a part' }).click();
    await dialog.getByLabel('Part 1', { exact: true }).fill('Replacement power adapter');
    await dialog.getByLabel('Price of part 1 ($)').fill('39.99');
    const bill = dialog.locator('.admin-bill-lines');
    await expect
      .poll(() => bill.locator('tbody tr').allInnerTexts())
      .toEqual(['First hour of troubleshooting\t$50.00', '1 extra half-hour\t$25.00', 'Replacement power adapter\t$39.99']);
    expect(await bill.locator('thead th').first().textContent()).toBe('1 h 40 min of work');
    // The part is taxable goods: Suffolk's 8.625% on $39.99 is $3.45, stated apart (decision 035).
    expect(await bill.locator('tfoot tr').allInnerTexts()).toEqual([
      'Subtotal\t$114.99',
      'Sales tax (Suffolk County 8.625%)\t$3.45',
      'Total\t$118.44',
    ]);
    expect(await axeViolations(page)).toEqual([]);
    // On the owner's phone the fields and the lines fit the dialog.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect
      .poll(() => dialog.evaluate((element) => [document.documentElement.scrollWidth, element.scrollWidth - element.clientWidth]))
      .toEqual([375, 0]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.locator('.timed-alert').filter({ hasText: ADMIN_TEXTS.createdCompleted }).waitFor();

    // The job is on the completed list with the bill's amount; the dialog opens with the bill as saved.
    await page.goto(`${server.url}/completed-appointments`);
    const done = page.locator(`.admin-table tbody tr[data-appointment-id="${appointment.id}"]`);
    await expect.poll(() => done.locator('.admin-amount').textContent()).toBe('$118.44');
    await done.getByRole('button', { name: /^Edit/ }).click();
    dialog = await shownDialog(page, 'Edit appointment');
    expect(await dialog.getByLabel('Work started').inputValue()).toBe('09:30');
    expect(await dialog.getByLabel('Price of part 1 ($)').inputValue()).toBe('39.99');

    // A different amount needs a reason, which the history keeps.
    await dialog.getByLabel('Charge a different amount').check();
    await dialog.getByLabel('Amount to charge ($)').fill('100');
    await dialog.getByLabel('Why (kept in the history)').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Say why the amount differs from the bill.').waitFor();
    expect(await dialog.getByLabel('Why (kept in the history)').getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Why (kept in the history)').fill('Returning customer: the adapter at cost');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // $100 before tax: the part's share, $34.78, is taxed $3.00.
    await expect.poll(() => done.locator('.admin-amount').textContent()).toBe('$103.00');

    await done.getByRole('button', { name: /^Edit/ }).click();
    dialog = await shownDialog(page, 'Edit appointment');
    const newest = dialog.locator('.admin-history-list > li').first();
    await expect
      .poll(() => newest.locator('.admin-history-change').allTextContents())
      .toContain('Amount set by hand: (empty) →changed to “$100.00 instead of $114.99: Returning customer: the adapter at cost”');
    expectQuietConsole(office, [{ path: `/api/admin/appointments/${appointment.id}`, status: 400 }]);

    // The customer's checkout says what the amount is made of, the owner's change as an adjustment.
    const home = await openWindow(browser, server.url, customer);
    try {
      await home.page.goto(`${server.url}/makepayment?appointment=${encodeURIComponent(appointment.id)}`);
      const lines = home.page.getByRole('table', { name: 'What you pay for' });
      await lines.waitFor();
      expect(await lines.locator('tbody tr').allInnerTexts()).toEqual([
        'First hour of troubleshooting\t$50.00',
        '1 extra half-hour (1 × $25.00)\t$25.00',
        'Replacement power adapter\t$39.99',
        'Adjustment\t-$14.99',
        'Subtotal\t$100.00',
        'Sales tax (Suffolk County 8.625%)\t$3.00',
      ]);
      expect(await lines.locator('tfoot tr').allInnerTexts()).toEqual(['Total\t$103.00']);
      expect(await axeViolations(home.page)).toEqual([]);
      expectQuietConsole(home);
    } finally {
      await home.context.close();
    }
  });

  it("takes a signed-out customer from the pay link's e-mail through the sign-in straight to that job's payment", async () => {
    // Completing the job e-mailed its pay link, with the bill's amount as it then was.
    const mail = (await mailbox(server.url, customer.email)).find((entry) => entry.subject.startsWith('Your visit is complete'));
    expect(mail?.subject).toBe('Your visit is complete: $118.44');
    const link = new URL(mail?.links.find((entry) => entry.includes('/makepayment')) ?? '');
    expect(link.searchParams.get('appointment')).toBe(appointmentId);

    const visitor = await openPage(browser);
    try {
      const { page } = visitor;
      await page.goto(`${server.url}${link.pathname}${link.search}`);
      // Straight to the login page, which says what the link is for (issue 40).
      await page.waitForURL(/\/login\?next=/);
      await page.getByRole('heading', { level: 1, name: /^Log in to pay \$103\.00 for your visit of / }).waitFor();
      await page.getByLabel('E-mail address').fill(customer.email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname === '/makepayment' && url.searchParams.get('appointment') === appointmentId);
      const lines = page.getByRole('table', { name: 'What you pay for' });
      await lines.waitFor();
      expect(await lines.locator('tfoot tr').allInnerTexts()).toEqual(['Total\t$103.00']);
      expect(visitor.consoleErrors).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });

  it('shows the invoice to the customer from their list and to the owner: readable, printable alone, and as a PDF', async () => {
    const home = await openWindow(browser, server.url, customer);
    try {
      const { page } = home;
      await page.goto(`${server.url}/home`);
      await page.getByRole('link', { name: /^Invoice \(visit of / }).click();
      await page.waitForURL(`${server.url}/invoice/${encodeURIComponent(appointmentId)}`);
      const title = page.getByRole('heading', { level: 1, name: /^Invoice \d{5}$/ });
      await title.waitFor();
      const number = ((await title.textContent()) ?? '').replace('Invoice ', '');
      expect(await page.title()).toContain(`Invoice ${number}`);
      const lines = page.getByRole('table', { name: 'What you pay for' });
      expect(await lines.locator('tfoot tr').allInnerTexts()).toEqual(['Total\t$103.00']);
      // The sales tax on its own row, with its amount; the header has the brand's mark beside the name.
      const tax = lines.getByRole('row', { name: 'Sales tax (Suffolk County 8.625%) $3.00' });
      expect(await tax.isVisible()).toBe(true);
      expect(await page.locator('.invoice-header .invoice-mark').isVisible()).toBe(true);
      expect(await page.locator('.invoice-facts').textContent()).toContain('Due');
      expect(await page.getByText('Not paid yet. You can pay online from your appointments page.').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);

      // On a phone 375 px wide with Chrome's text size doubled: nothing of the invoice reaches past the screen, and
      // the tax row still shows its amount.
      const devtools = await home.context.newCDPSession(page);
      await devtools.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
      await page.setViewportSize({ width: 375, height: 812 });
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('36px');
      const outside = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.invoice, .invoice *')]
            .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
        );
      await expect.poll(outside).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
      expect(await tax.isVisible()).toBe(true);
      expect(await tax.locator('td').last().textContent()).toBe('$3.00');
      await devtools.send('Page.setFontSizes', { fontSizes: { standard: 16, fixed: 13 } });
      await page.setViewportSize({ width: 1280, height: 900 });

      // The PDF behind the button is this invoice.
      const pdf = await page.request.get(`${server.url}${await page.getByRole('link', { name: 'Download the PDF' }).getAttribute('href')}`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-disposition']).toBe(`attachment; filename="techhelp-invoice-${number}.pdf"`);
      expect((await readPdf(await pdf.body())).pages.flat()).toContain('Total (USD)  $103.00');

      // On paper, the invoice alone: no site header or footer, no buttons.
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.invoice').isVisible()).toBe(true);
      for (const selector of ['header:not(.invoice-header)', '.site-footer', '.invoice-actions', '.live-status']) {
        const shown = await page
          .locator(selector)
          .evaluateAll((elements) => elements.filter((element) => element.checkVisibility()).length);
        expect(shown, selector).toBe(0);
      }
      expect(await page.locator('.invoice').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(0, 0, 0)');
      await page.emulateMedia({ media: 'screen' });
      expectQuietConsole(home);
    } finally {
      await home.context.close();
    }

    // The owner opens it from the paid list once the job is paid; a stranger's address is refused with a message.
    const { page } = office;
    await page.goto(`${server.url}/invoice/${encodeURIComponent(appointmentId)}`);
    await page.getByRole('heading', { level: 1, name: /^Invoice \d{5}$/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${server.url}/invoice/no-such-job`);
    await page.getByText('That invoice was not found.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expectQuietConsole(office, [
      { path: `/api/admin/appointments/${appointmentId}`, status: 400 },
      { path: '/api/invoices/no-such-job', status: 404 },
    ]);
  });

  it('thanks the customer once the job is paid, takes their rating on the page the e-mail links to, and shows it to the owner', async () => {
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${appointmentId}`, { isPaid: true, paymentMethod: 'cash' });
    await expect
      .poll(
        async () =>
          (await mailbox(server.url, customer.email)).filter((mail) => mail.subject === 'Thank you from TechHelp: how did we do?').length,
      )
      .toBe(1);
    const mail = (await mailbox(server.url, customer.email)).find((entry) => entry.subject === 'Thank you from TechHelp: how did we do?');
    const link = new URL(mail?.links.find((entry) => entry.includes('/review/')) ?? '');

    const home = await openWindow(browser, server.url, customer);
    try {
      const { page } = home;
      await page.goto(`${server.url}${link.pathname}`);
      await page.getByRole('heading', { level: 1, name: 'Rate your visit' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // Sent without a choice: the page says what is missing, in the group it belongs to.
      await page.getByRole('button', { name: 'Send my rating' }).click();
      await page.getByRole('alert').filter({ hasText: 'Please choose from 1 to 5 stars.' }).waitFor();
      expect(await page.getByRole('group', { name: 'How did we do?' }).getAttribute('aria-describedby')).toBe('review-problem');
      expect(await axeViolations(page)).toEqual([]);
      // By keyboard: the first star, then the arrow keys to the fourth.
      await page.getByRole('radio', { name: '1 star: poor' }).focus();
      await page.keyboard.press('Space');
      for (let press = 0; press < 3; press++) await page.keyboard.press('ArrowDown');
      expect(await page.getByRole('radio', { name: '4 stars: very good' }).isChecked()).toBe(true);
      await page.getByLabel('Anything you would like to tell us? (optional)').fill('Patient, and explained every step.');
      // Showing the review on the website is the customer's own choice: unticked until they tick it (issue 40).
      const mayShow = page.getByRole('checkbox', { name: 'You may show my review on our website, with my first name and town.' });
      expect(await mayShow.isChecked()).toBe(false);
      await mayShow.focus();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Send my rating' }).click();
      const thanks = page.getByRole('status').filter({ hasText: 'Thank you! You rated this visit 4 out of 5.' });
      await thanks.waitFor();
      await thanks.getByText('Your review may appear on our website with your first name and town.').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // A change of mind, both ways, from the same page.
      await page.getByRole('button', { name: 'Stop showing my review' }).click();
      await thanks.getByText('Your review stays between you and us: it is not shown on our website.').waitFor();
      await page.getByRole('button', { name: 'Show my review on the website' }).click();
      await thanks.getByText('Your review may appear on our website with your first name and town.').waitFor();
      expectQuietConsole(home);
    } finally {
      await home.context.close();
    }

    const { page } = office;
    await page.goto(`${server.url}/admin/reviews`);
    await page.getByText('Average 4.0 out of 5, from 1 rating').waitFor();
    expect(await page.locator('.admin-table tbody tr').allInnerTexts()).toEqual([
      expect.stringContaining('4 of 5\tPatient, and explained every step.\tAllowed'),
    ]);
    expect(await axeViolations(page)).toEqual([]);
  });
});
