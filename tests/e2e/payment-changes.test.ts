import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_TEXTS, type CustomerAppointment } from '../../src/shared/appointments.ts';
import { businessDateOf, formatBusinessDay } from '../../src/shared/business-time.ts';
import { PAYMENT_TEXTS } from '../../src/shared/payments.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import {
  answerConfirm,
  callAs,
  expectQuietConsole,
  mailboxOf,
  openWindow,
  runCountdown,
  screenshotIfAsked,
  shownDialog,
  stopDate,
  type Window,
} from '../support/back-office-people.ts';
import { bookOverHttp, createBookingCustomer, createVerifiedAccount, type HttpCustomer } from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const ADMIN_EMAIL = 'owner.changes@example.com';
const CUSTOMER_NAME = "Mary-Ann O'Neil Smith";
const DAYS = upcomingWeekendDays(2, 2);
const day = (index: number) => DAYS[index] ?? '';
const THIS_YEAR = businessDateOf(new Date()).slice(0, 4);
const PERIOD = `${THIS_YEAR}-01-01 to ${THIS_YEAR}-12-31`;
const REFUND_CONSEQUENCES = 'The job goes back to completed and unpaid, and the customer is e-mailed.';

/** Requests stopped in the browser, each until the test lets it go on (`continue`); `stop` lets the next ones pass. */
async function holdRequests(page: Page, pattern: string) {
  const held: Route[] = [];
  const arrived: Array<(route: Route) => void> = [];
  await page.route(pattern, (route) => {
    const waiter = arrived.shift();
    if (waiter) waiter(route);
    else held.push(route);
  });
  return {
    next: (): Promise<Route> => {
      const route = held.shift();
      return route ? Promise.resolve(route) : new Promise((resolve) => arrived.push(resolve));
    },
    stop: () => page.unroute(pattern),
  };
}

/**
 * The owner changes a job while its customer is paying, and gives a payment back. Test mode (no PayPal
 * credentials): the checkout's button runs the server's real create and capture, so the race between the
 * customer's order and the owner's change is played out against the real server, made certain by holding the
 * customer's capture request in the browser until the owner's change is saved.
 */
describe('a job changed during its payment, and a refund, in Chromium against the real server', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: HttpCustomer;
  let customer: HttpCustomer;
  let changed: CustomerAppointment;
  let byHand: CustomerAppointment;
  /** The owner's /paid-appointments and the customer's /home, kept open from one test to the next. */
  let office: Window;
  let home: Window;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL } }), workerBrowser()]);
    [admin, customer] = await Promise.all([createVerifiedAccount(server.url, ADMIN_EMAIL), createBookingCustomer(server.url, 'changes')]);
    changed = await bookOverHttp(server.url, customer, day(0), '09:30am');
    byHand = await bookOverHttp(server.url, customer, day(1), '11:00am', true);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  const open = (person: HttpCustomer) => openWindow(browser, server.url, person);
  const banner = (page: Page, text: string) => page.locator('.timed-alert').filter({ hasText: text });
  const heading = (page: Page) => page.getByRole('main').locator('h2').first();
  const payButton = (page: Page, dollars: string) =>
    page.getByRole('region', { name: 'Test mode: no money moves' }).getByRole('button', { name: `Pay $${dollars} (test mode)` });
  const mine = async () =>
    (await callAs<CustomerAppointment[]>(server.url, customer, 'GET', '/api/appointments')).find(
      (appointment) => appointment.id === changed.id,
    );
  const paidRows = (page: Page, appointmentId: string) => page.locator(`.admin-table tbody tr[data-appointment-id="${appointmentId}"]`);
  const refundButton = (page: Page, dollars: string) =>
    page.getByRole('button', { name: `Refund $${dollars} to ${CUSTOMER_NAME}`, exact: true });
  const cellTexts = (row: Locator) => row.locator('th, td').allInnerTexts();

  it('tells a customer whose job changed during the payment to start again, shows the new amount at once, and takes it', async () => {
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${changed.id}`, { amount: '50', isCompleted: true });
    const window = await open(customer);
    const { page } = window;
    // This tab hears no live updates (its change stream is held unanswered): the owner's change reaches the server
    // before it reaches the customer's screen, so only the checkout's own reading after the refusal can show it.
    await page.route('**/api/events', () => undefined);
    const captures = await holdRequests(page, '**/api/payments/orders/*/capture');

    await page.goto(`${server.url}/makepayment?appointment=${changed.id}`);
    await expect.poll(() => heading(page).textContent(), { timeout: 10_000 }).toBe(PAYMENT_TEXTS.makePayment('50.00'));
    await payButton(page, '50.00').click();
    // The order for $50 is made; its capture waits in the browser while the owner raises the amount to $200.
    const capture = await captures.next();
    const staleOrder = new URL(capture.request().url()).pathname;
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${changed.id}`, { amount: '200' });
    await capture.continue();

    await banner(page, PAYMENT_TEXTS.orderStale).waitFor();
    expect(await banner(page, PAYMENT_TEXTS.orderStale).getAttribute('role')).toBe('alert');
    expect(await page.getByText(PAYMENT_TEXTS.approvalError).count()).toBe(0);
    await expect.poll(() => heading(page).textContent(), { timeout: 5000 }).toBe(PAYMENT_TEXTS.makePayment('200.00'));
    expect(await page.locator('.checkout-amount-note').textContent()).toBe(
      'The amount for this job is now $200.00; that is what you will pay.',
    );
    await payButton(page, '200.00').waitFor();
    expect(await mine()).toMatchObject({ amountCents: 20000, isCompleted: true, isPaid: false });
    expect(await axeViolations(page)).toEqual([]);
    await screenshotIfAsked(page, 'makepayment-order-stale-1280');

    await captures.stop();
    // The thank-you counts its 3 seconds by Date: the page's Date stops here and is moved on by hand.
    const paidAt = await stopDate(page);
    await payButton(page, '200.00').click();
    const thanks = await shownDialog(page, PAYMENT_TEXTS.thankYou("Mary-Ann O'Neil"));
    expect(await thanks.textContent()).toContain('We received $200.00');
    expect(await mine()).toBeUndefined();
    await expect
      .poll(async () => (await mailboxOf(server.url, customer.email)).map((mail) => mail.subject), { timeout: 5000 })
      .toContain('Your TechHelp receipt: $200.00 (TEST: no money was taken)');
    await runCountdown(page, thanks, paidAt);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
    // Chromium logs the refused capture's 409 answer; nothing else may reach the console.
    expectQuietConsole(window, [{ path: staleOrder, status: 409 }]);
  });

  it('lists the TEST payment apart from the total, refunds it after the confirm (toast, Refunded, the job payable again)', async () => {
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${byHand.id}`, {
      amount: '40',
      isCompleted: true,
      isPaid: true,
      paymentMethod: 'check',
    });
    office = await open(admin);
    const { page } = office;
    await page.goto(`${server.url}/paid-appointments`);
    const row = paidRows(page, changed.id);
    await row.waitFor();
    expect((await cellTexts(row)).slice(5)).toEqual([
      'TEST\nTest mode',
      // The long reference shortened, the whole of it in the button's name.
      expect.stringMatching(/^SANDBOX-CA…\S{6}\nPayment reference SANDBOX-CAPTURE-\S+\nInvoice\n/),
      '$200.00\nnot in the total',
      expect.stringMatching(/^Refund/),
    ]);
    expect(await row.locator('.status-chip-test').textContent()).toBe(PAYMENT_TEXTS.testLabel);
    expect(await page.locator('.admin-total').textContent()).toBe(`Total from ${PERIOD}: $40.00 (1 payment)`);
    expect(await page.locator('.admin-total-apart').allTextContents()).toEqual([
      'Test payments (no money): $200.00 (1 payment, not in the total)',
    ]);
    expect(await page.locator('.admin-table tfoot td').first().textContent()).toBe('$40.00');

    // Cancel changes nothing.
    await refundButton(page, '200.00').click();
    await answerConfirm(
      page,
      `Refund $200.00 to ${CUSTOMER_NAME}? ${REFUND_CONSEQUENCES} This was a test-mode payment: no money moves.`,
      'Cancel',
    );
    expect(await refundButton(page, '200.00').isVisible()).toBe(true);

    // OK refunds; the button waits while the refund is under way (its request held here to see it).
    const refunds = await holdRequests(page, '**/api/admin/payments/*/refund');
    await refundButton(page, '200.00').click();
    await answerConfirm(
      page,
      `Refund $200.00 to ${CUSTOMER_NAME}? ${REFUND_CONSEQUENCES} This was a test-mode payment: no money moves.`,
      'OK',
    );
    const refund = await refunds.next();
    expect(await refundButton(page, '200.00').getAttribute('aria-disabled')).toBe('true');
    expect(await refundButton(page, '40.00').getAttribute('aria-disabled')).toBe('true');
    await refund.continue();
    await refunds.stop();
    await page.getByRole('status').filter({ hasText: 'Refund recorded: $200.00' }).waitFor();
    const refundedOn = `Refunded ${formatBusinessDay(new Date())}`;
    await expect.poll(() => row.locator('.admin-refunded').textContent()).toBe(refundedOn);
    // The note took the place of the button, and its focus.
    await expect.poll(() => row.locator('.admin-refunded').evaluate((note) => note === document.activeElement)).toBe(true);
    expect(await refundButton(page, '200.00').count()).toBe(0);
    expect(
      await row
        .locator('.admin-id-cell')
        .getByRole('button', { name: /^Refund reference SANDBOX-REFUND-/ })
        .count(),
    ).toBe(1);
    expect(await page.locator('.admin-total').textContent()).toBe(`Total from ${PERIOD}: $40.00 (1 payment)`);
    // A refunded TEST payment counts in no total: not the TEST one either.
    await expect.poll(() => page.locator('.admin-total-apart').allTextContents()).toEqual([]);

    // The payment by hand, refunded too: the total is left with nothing, and says what it left out.
    await refundButton(page, '40.00').click();
    await answerConfirm(page, `Refund $40.00 to ${CUSTOMER_NAME}? ${REFUND_CONSEQUENCES} Give the money back by hand (check).`, 'OK');
    await page.getByRole('status').filter({ hasText: 'Refund recorded: $40.00' }).waitFor();
    await expect.poll(() => page.locator('.admin-total').textContent()).toBe(`Total from ${PERIOD}: $0.00 (0 payments)`);
    expect(await page.locator('.admin-total-apart').allTextContents()).toEqual(['Refunded: $40.00 (1 payment, not in the total)']);
    expect(await page.locator('.admin-table tfoot td').first().textContent()).toBe('$0.00');
    expect(await paidRows(page, byHand.id).locator('.admin-refunded').textContent()).toBe(refundedOn);

    // The customer's job is completed and unpaid again: /home offers to pay it.
    expect(await mine()).toMatchObject({ amountCents: 20000, isCompleted: true, isPaid: false });
    await expect
      .poll(async () => (await mailboxOf(server.url, customer.email)).filter((mail) => /refund/i.test(mail.subject)).length, {
        timeout: 5000,
      })
      .toBe(2);
    home = await open(customer);
    await home.page.goto(`${server.url}/home`);
    const appointment = home.page.locator('.appointment-table tbody tr').filter({ hasText: '$200.00' });
    await appointment.getByRole('button', { name: /^Pay/ }).click();
    await answerConfirm(home.page, APPOINTMENT_TEXTS.payConfirm('200.00'), 'Cancel');
    expectQuietConsole(office);
    expectQuietConsole(home);
  });

  it('keeps a refunded payment and the next one of the same job as two rows; the page passes axe and fits 412 px at 200% text', async () => {
    const appointment = home.page.locator('.appointment-table tbody tr').filter({ hasText: '$200.00' });
    await appointment.getByRole('button', { name: /^Pay/ }).click();
    await answerConfirm(home.page, APPOINTMENT_TEXTS.payConfirm('200.00'), 'OK');
    await payButton(home.page, '200.00').click();
    await shownDialog(home.page, PAYMENT_TEXTS.thankYou("Mary-Ann O'Neil"));

    const { page } = office;
    // The paid list hears of the new payment live: the refunded one stays, the new one joins it.
    await expect.poll(() => paidRows(page, changed.id).count(), { timeout: 5000 }).toBe(2);
    const [refundedRow, newRow] = [paidRows(page, changed.id).first(), paidRows(page, changed.id).last()];
    expect(await refundedRow.locator('.admin-refunded').count()).toBe(1);
    expect(await newRow.getByRole('button', { name: `Refund $200.00 to ${CUSTOMER_NAME}` }).isVisible()).toBe(true);
    expect(await page.locator('.admin-total-apart').allTextContents()).toEqual([
      'Refunded: $40.00 (1 payment, not in the total)',
      // The refunded TEST payment is in no total: only the new one is.
      'Test payments (no money): $200.00 (1 payment, not in the total)',
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotIfAsked(page, 'paid-refunded-and-test-1280');

    // Chrome's text size doubled (its font-size setting) on a phone 412 px wide: the screen's content stays within
    // the width; the table scrolls sideways in its own labelled region.
    const devtools = await office.context.newCDPSession(page);
    await devtools.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await page.setViewportSize({ width: 412, height: 915 });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('36px');
    // Only the table may reach past the screen, inside its own scrolling region.
    const outside = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('main *')]
          .filter(
            (element) =>
              !element.closest('.admin-table-region') && element.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
          )
          .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
      );
    await expect.poll(outside).toEqual([]);
    expect(await page.locator('.admin-table-region').evaluate((region) => region.getBoundingClientRect().right)).toBeLessThanOrEqual(412);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotIfAsked(page, 'paid-refunded-and-test-412-text200');
    await devtools.send('Page.setFontSizes', { fontSizes: { standard: 16, fixed: 13 } });
    await page.setViewportSize({ width: 1280, height: 900 });
    expectQuietConsole(office);
    expectQuietConsole(home);
  });
});
