import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { expectQuietConsole, openWindow, shownDialog, type Window } from '../support/back-office-people.ts';
import { bookOverHttp, createBookingCustomer, createVerifiedAccount, type HttpCustomer } from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { mailbox } from '../support/browser-accounts.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const ADMIN_EMAIL = 'owner@example.com';
const DAY = upcomingWeekendDays(1, 2)[0] ?? '';

/**
 * Estimates the customer approves (issue 38), end to end: the owner sends one from the appointment's dialog, the
 * customer approves it from the e-mailed link, the owner's bill goes over it and is confirmed, and the customer pays
 * (test mode) with the approved estimate beside the bill.
 */
describe('estimates, in Chromium against the real server', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: HttpCustomer;
  let customer: HttpCustomer;
  let office: Window;
  let appointmentId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL } }), workerBrowser()]);
    [admin, customer] = await Promise.all([createVerifiedAccount(server.url, ADMIN_EMAIL), createBookingCustomer(server.url, 'estimated')]);
    office = await openWindow(browser, server.url, admin);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  it('the owner sends an estimate of the time and a part, previewed with the tax as the bill would be', async () => {
    const { page } = office;
    const appointment = await bookOverHttp(server.url, customer, DAY, '09:30am');
    appointmentId = appointment.id;
    await page.goto(`${server.url}/admin`);
    const row = page.locator(`.admin-table tbody tr[data-appointment-id="${appointmentId}"]`);
    await row.getByRole('button', { name: /^Edit/ }).click();
    const dialog = await shownDialog(page, 'Edit appointment');
    const section = dialog.getByRole('region', { name: 'Send an estimate' });
    await section.getByText('No estimate sent yet.').waitFor();
    await section.getByRole('button', { name: 'Write an estimate' }).click();
    await section.getByLabel('Troubleshooting').check();
    await section.getByLabel('Hours').fill('1');
    await section.getByLabel('Minutes').fill('0');
    await section.getByRole('button', { name: 'Add an expected part' }).click();
    await section.getByLabel('Expected part 1', { exact: true }).fill('Replacement hard drive');
    await section.getByLabel('Price of expected part 1 ($)').fill('100');
    const preview = section.getByRole('table', { name: 'The estimate, line by line' });
    await expect
      .poll(() => preview.locator('tbody tr, tfoot tr').allInnerTexts())
      .toEqual([
        'First hour of troubleshooting\t$50.00',
        'Replacement hard drive\t$100.00',
        'Subtotal\t$150.00',
        'Sales tax (Suffolk County 8.625%)\t$8.63',
        'Estimated total\t$158.63',
      ]);
    expect(await axeViolations(page)).toEqual([]);

    await section.getByRole('button', { name: 'Send the estimate' }).click();
    await section.getByRole('status').filter({ hasText: 'Estimate sent to the customer.' }).waitFor();
    await section.getByText(/Sent on \d\d\/\d\d\/\d{4}: \$158\.63, waiting for the customer\./).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => row.locator('.admin-estimate-badge').textContent()).toBe('Estimate sent: $158.63');
    // The dialog read the job's estimate before there was one: no estimate is no failed request.
    expectQuietConsole(office);
  });

  it('the customer opens the e-mailed link, reads the lines with the tax, and approves by typing their name', async () => {
    await expect
      .poll(async () => (await mailbox(server.url, customer.email)).some((mail) => mail.subject === 'An estimate for your visit: $158.63'))
      .toBe(true);
    const mail = (await mailbox(server.url, customer.email)).find((entry) => entry.subject === 'An estimate for your visit: $158.63');
    const link = new URL(mail?.links.find((entry) => entry.includes('/estimate/')) ?? '');
    expect(link.pathname).toBe(`/estimate/${appointmentId}`);

    const home = await openWindow(browser, server.url, customer);
    try {
      const { page } = home;
      await page.goto(`${server.url}${link.pathname}`);
      await page.getByRole('heading', { level: 1, name: 'Your estimate' }).waitFor();
      const lines = page.getByRole('table', { name: 'The estimate, line by line' });
      expect(await lines.locator('tbody tr').allInnerTexts()).toEqual([
        'First hour of troubleshooting\t$50.00',
        'Replacement hard drive\t$100.00',
        'Subtotal\t$150.00',
        'Sales tax (Suffolk County 8.625%)\t$8.63',
      ]);
      expect(await lines.locator('tfoot tr').allInnerTexts()).toEqual(['Total\t$158.63']);
      expect(await axeViolations(page)).toEqual([]);

      // Sent empty: the field says what it needs.
      await page.getByRole('button', { name: 'Approve the estimate' }).click();
      await page.getByText('Type your name to approve.').waitFor();
      expect(await page.getByLabel('Type your name to approve').getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel('Type your name to approve').fill('Mary Estimated');
      await page.getByRole('button', { name: 'Approve the estimate' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Thank you. You approved the estimate, and the technician has been told.' })
        .waitFor();
      await page.getByText(/^Approved by Mary Estimated on .+: \$158\.63\.$/).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expectQuietConsole(home);
    } finally {
      await home.context.close();
    }
  });

  it('the owner completes the job above the estimate, sees the warning, and bills it anyway', async () => {
    const { page } = office;
    await page.goto(`${server.url}/admin`);
    const row = page.locator(`.admin-table tbody tr[data-appointment-id="${appointmentId}"]`);
    await expect.poll(() => row.locator('.admin-estimate-badge').textContent()).toBe('Estimate approved: $158.63');
    await row.getByRole('button', { name: /^Edit/ }).click();
    const dialog = await shownDialog(page, 'Edit appointment');
    await dialog.getByText(/Approved by Mary Estimated on \d\d\/\d\d\/\d{4}: \$158\.63\./).waitFor();

    // Two hours and the part: $200.00 before tax, well over the $158.63 approved.
    await dialog.getByLabel('Completed').check();
    await dialog.getByLabel('Bill from the clock: kind of work, time and hardware').check();
    await dialog.getByLabel('Troubleshooting', { exact: true }).first().check();
    await dialog.getByLabel('Work started').fill('09:30');
    await dialog.getByLabel('Work ended').fill('11:30');
    await dialog.getByRole('button', { name: 'Add a part' }).click();
    await dialog.getByLabel('Part 1', { exact: true }).fill('Replacement hard drive');
    await dialog.getByLabel('Price of part 1 ($)').fill('100');
    await expect.poll(() => dialog.locator('.admin-bill tfoot tr').last().allInnerTexts()).toEqual(['Total\t$208.63']);
    await dialog.getByRole('button', { name: 'Save' }).click();

    const warning = dialog.getByRole('alert').filter({ hasText: 'This bill is over the approved estimate.' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('$158.63');
    expect(await axeViolations(page)).toEqual([]);
    await warning.getByRole('button', { name: 'Bill it anyway' }).click();
    await page.locator('.timed-alert').waitFor();
    expect(await page.getByRole('dialog', { name: 'Edit appointment' }).count()).toBe(0);
    expectQuietConsole(office, [{ path: `/api/admin/appointments/${appointmentId}`, status: 409 }]);
  });

  it('the customer pays (test mode) with the approved estimate beside the bill', async () => {
    const home = await openWindow(browser, server.url, customer);
    try {
      const { page } = home;
      await page.goto(`${server.url}/makepayment?appointment=${encodeURIComponent(appointmentId)}`);
      const lines = page.getByRole('table', { name: 'What you pay for' });
      await lines.waitFor();
      expect(await lines.locator('tfoot tr').allInnerTexts()).toEqual(['Total\t$208.63']);
      await page.getByText('Approved estimate: $158.63').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Pay $208.63 (test mode)' }).click();
      await page.getByRole('dialog', { name: /^Thank you for your payment/ }).waitFor();
      expectQuietConsole(home);
    } finally {
      await home.context.close();
    }
  });
});
