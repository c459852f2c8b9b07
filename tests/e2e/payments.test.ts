import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAppointment } from '../../src/shared/appointments.ts';
import { formatAppointmentTime, slotInstant } from '../../src/shared/business-time.ts';
import { PAYMENT_TEXTS } from '../../src/shared/payments.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { routePayPalSdk } from '../support/back-office-paypal-sdk.ts';
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
import { startPayPalStandIn } from '../support/paypal-stand-in.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const ADMIN_EMAIL = 'owner@example.com';
const DAYS = upcomingWeekendDays(3, 2);
const day = (index: number) => DAYS[index] ?? '';
const when = (date: string, slot: Parameters<typeof slotInstant>[1]) => formatAppointmentTime(slotInstant(date, slot));

/**
 * Payments with PayPal configured: the server talks to the PayPal REST stand-in, the browser gets a stand-in
 * of PayPal's JavaScript SDK (tests/support/back-office-paypal-sdk.ts) in place of www.paypal.com.
 */
describe('payments with PayPal, in Chromium against the real server', () => {
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
  let server: ServerProcess;
  let browser: Browser;
  let admin: HttpCustomer;
  let customer: HttpCustomer;
  const windows: Window[] = [];

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    [server, browser] = await Promise.all([
      startServer({
        env: {
          ADMIN_EMAILS: ADMIN_EMAIL,
          PAYPAL_CLIENT_ID: paypal.credentials.clientId,
          PAYPAL_CLIENT_SECRET: paypal.credentials.clientSecret,
          PAYPAL_ENV: 'live',
          PAYPAL_API_URL: paypal.url,
        },
      }),
      workerBrowser(),
    ]);
    [admin, customer] = await Promise.all([
      createVerifiedAccount(server.url, ADMIN_EMAIL),
      createBookingCustomer(server.url, 'payer.with.a.long.address'),
    ]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
    await paypal?.close();
  });

  async function open(person: HttpCustomer, sdk: 'serve' | 'fail', seen: string[] = []): Promise<Window> {
    const window = await openWindow(browser, server.url, person);
    await routePayPalSdk(window.context, sdk, seen);
    windows.push(window);
    return window;
  }
  const banner = (page: Page, text: string) => page.locator('.timed-alert').filter({ hasText: text });
  const payPalButton = (page: Page) => page.getByRole('button', { name: 'PayPal', exact: true });

  it('lets an admin take a payment at /adminpayment: e-mail check, invalid amounts, the amount confirm, paid; the receipt arrives', async () => {
    const later = await bookOverHttp(server.url, customer, day(1), '02:00pm');
    const sooner = await bookOverHttp(server.url, customer, day(0), '08:00am', true);
    const seen: string[] = [];
    const { page } = await open(admin, 'serve', seen);
    await page.goto(`${server.url}/adminpayment`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Take a Payment');
    const email = page.getByLabel('Customer e-mail');

    await email.fill('nobody.here@example.com');
    await page.getByRole('button', { name: 'Check' }).click();
    await banner(page, PAYMENT_TEXTS.userMissing).waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);

    await email.fill(customer.email);
    await page.getByRole('button', { name: 'Check' }).click();
    await banner(page, PAYMENT_TEXTS.userExists).waitFor();
    const choices = page.getByRole('radio');
    await expect.poll(() => choices.count()).toBe(2);
    const labels = await page.locator('.appointment-choice label').allInnerTexts();
    expect(labels.map((label) => label.split('\n')[0])).toEqual([when(day(0), '08:00am'), when(day(1), '02:00pm')]);
    expect(await axeViolations(page)).toEqual([]);

    await choices.first().check();
    const amount = page.getByLabel('Amount in whole dollars');
    await expect.poll(() => payPalButton(page).isDisabled()).toBe(true);
    expect(new URL(seen[0] ?? '').searchParams.toString()).toBe(
      'client-id=test-client&currency=USD&intent=capture&components=buttons%2Cmarks&vault=false&commit=true',
    );
    for (const invalid of ['', '0', '12.50', 'abc']) {
      await amount.fill(invalid);
      await page.getByRole('button', { name: 'Confirm amount' }).click();
      await banner(page, PAYMENT_TEXTS.invalidAmount).waitFor();
      expect(await amount.getAttribute('aria-invalid')).toBe('true');
      await banner(page, PAYMENT_TEXTS.invalidAmount).getByRole('button', { name: 'Close this message' }).click();
    }
    await amount.fill('45');
    await page.getByRole('button', { name: 'Confirm amount' }).click();
    await answerConfirm(page, PAYMENT_TEXTS.confirmAmount('45'), 'Cancel');
    expect(await payPalButton(page).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Confirm amount' }).click();
    await answerConfirm(page, PAYMENT_TEXTS.confirmAmount('45'), 'OK');
    await expect.poll(() => payPalButton(page).isEnabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotIfAsked(page, 'adminpayment-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    // The page lays itself out for the new width when it has handled the resize, a moment after it.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotIfAsked(page, 'adminpayment-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    await payPalButton(page).click();
    await banner(page, PAYMENT_TEXTS.adminPaid).waitFor();
    const order = paypal.requests.find(
      (request) => request.path === '/v2/checkout/orders' && JSON.stringify(request.body).includes(sooner.id),
    );
    expect(JSON.stringify(order?.body)).toContain('"value":"45.00"');
    // Paid, it leaves the customer's list; the other one stays.
    await expect.poll(() => choices.count()).toBe(1);
    expect(await page.locator('.appointment-choice label').textContent()).toContain(when(day(1), '02:00pm'));
    await expect
      .poll(async () => (await mailboxOf(server.url, customer.email)).map((mail) => mail.subject), { timeout: 5000 })
      .toContain('Your TechHelp receipt: $45.00');
    const mine = await callAs<CustomerAppointment[]>(server.url, customer, 'GET', '/api/appointments');
    expect(mine.map((appointment) => appointment.id)).toEqual([later.id]);
    expectQuietConsole(windows[0] as Window);
  });

  it('lets the customer pay at /makepayment with PayPal: a declined card says so, the next try succeeds', async () => {
    const appointment = await bookOverHttp(server.url, customer, day(2), '11:00am');
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${appointment.id}`, { amount: '60.00', isCompleted: true });
    const window = await open(customer, 'serve');
    const { page } = window;
    await page.goto(`${server.url}/makepayment?appointment=${appointment.id}`);
    await expect.poll(() => page.locator('h2').first().textContent()).toBe(PAYMENT_TEXTS.makePayment('60.00'));
    await payPalButton(page).waitFor();
    expect(await page.getByText('Test mode: no money moves').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    paypal.behave('declined');
    await payPalButton(page).click();
    await banner(page, PAYMENT_TEXTS.declined).waitFor();

    // The thank-you counts its 3 seconds by Date: the page's Date stops here and is moved on by hand.
    const paidAt = await stopDate(page);
    await payPalButton(page).click();
    // The stand-in's payer is Mary; PayPal's given name is what the thank-you uses.
    const thanks = await shownDialog(page, PAYMENT_TEXTS.thankYou('Mary'));
    await runCountdown(page, thanks, paidAt);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
    // Chromium logs the declined capture's 402 answer; nothing else may reach the console.
    expectQuietConsole(window, [], [/the server responded with a status of 402 \(Payment Required\)/]);
  });

  it('says so when PayPal’s script cannot be loaded', async () => {
    const appointment = await bookOverHttp(server.url, customer, day(2), '05:00pm');
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${appointment.id}`, { amount: '20', isCompleted: true });
    const window = await open(customer, 'fail');
    const { page } = window;
    await page.goto(`${server.url}/makepayment?appointment=${appointment.id}`);
    await page.getByText(PAYMENT_TEXTS.scriptError).waitFor();
    expect(await payPalButton(page).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // PayPal's React library logs the failed script itself; nothing else may reach the console.
    expectQuietConsole(window, [], [/Failed to load the PayPal JS SDK script/, /Failed to load resource: net::ERR_/]);
  });
});
