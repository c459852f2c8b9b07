import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '../../src/shared/admin.ts';
import { APPOINTMENT_TEXTS } from '../../src/shared/appointments.ts';
import { CHAT_TEXTS } from '../../src/shared/chat.ts';
import { PAYMENT_TEXTS } from '../../src/shared/payments.ts';
import { Findings, noDialog, openedDialog } from '../support/accessibility.ts';
import { nextClient, PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { callAs, openWindow, type Window } from '../support/back-office-people.ts';
import { bookOverHttp, createVerifiedAccount, describeOverHttp, type HttpCustomer } from '../support/booking-customers.ts';
import { launchBrowser } from '../support/browser.ts';
import { waitForActionLink } from '../support/browser-accounts.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

/**
 * Every route of the route table, as each viewer it is meant for, in its empty and full states, with its
 * dialogs open and its error messages shown, checked by axe for WCAG 2.2 A and AA. Every finding of the whole
 * run is collected and reported by one assertion, so one run shows everything there is to fix.
 */

const ADMIN_EMAIL = 'owner.sweep@example.com';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const DAYS = upcomingWeekendDays(4, 2);
const day = (index: number) => DAYS[index] ?? '';

describe('accessibility of every screen in every state, in Chromium against the real server', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: HttpCustomer;
  let full: HttpCustomer;
  let bare: HttpCustomer;
  let fresh: HttpCustomer;
  const findings = new Findings();

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL, SUPPORT_PHONE: '(631) 555-0199', TRUST_PROXY: '1' } }),
      launchBrowser(),
    ]);
    // The full customer gets a profile and appointments; the bare one never fills the service form; the fresh
    // one fills it in the browser, then books and cancels, so it is seen with an empty and a one-row list.
    [admin, full, bare, fresh] = await Promise.all([
      createVerifiedAccount(server.url, ADMIN_EMAIL),
      createVerifiedAccount(server.url, uniqueEmail('sweep.full'), { profile: true }),
      createVerifiedAccount(server.url, uniqueEmail('sweep.bare')),
      createVerifiedAccount(server.url, uniqueEmail('sweep.fresh')),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * A browser window for one viewer, from a client address of its own (honoured with TRUST_PROXY): the sweep
   * loads pages far faster than a person would, and the server's per-client rate limit counts each viewer apart.
   */
  async function open(person: HttpCustomer | undefined): Promise<Window> {
    const window = await openWindow(browser, server.url, person, {
      viewport: DESKTOP,
      extraHTTPHeaders: { 'x-forwarded-for': nextClient() },
    });
    window.page.setDefaultTimeout(8000);
    return window;
  }

  /** Opens `path` and waits for its h1 (or the given text) before the check. */
  async function visit(page: Page, path: string, ready: string | RegExp = /./): Promise<void> {
    await page.goto(`${server.url}${path}`);
    await page.locator('h1').filter({ hasText: ready }).first().waitFor();
    await page.locator('.page-spinner').waitFor({ state: 'detached' });
  }

  const banner = (page: Page, text: string | RegExp) => page.locator('.timed-alert').filter({ hasText: text }).waitFor();
  const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
  const label = (page: Page, name: string) => page.getByLabel(name, { exact: true });

  /** Closes the open dialog with its named button and waits until it has gone. */
  async function closeWith(page: Page, name: string) {
    const dialog = await openedDialog(page);
    await dialog.getByRole('button', { name, exact: true }).last().click();
    await noDialog(page);
  }

  async function adminEmptyStates() {
    const { page, context } = await open(admin);
    const where = (route: string, state: string) => `admin ${route} — ${state}`;
    try {
      for (const [route, heading] of [
        ['/admin', ADMIN_TEXTS.dashboard],
        ['/completed-appointments', 'Completed Appointments'],
        ['/paid-appointments', 'Paid Appointments'],
        ['/errorlog', 'Error Log'],
      ] as const) {
        await findings.step(where(route, 'empty list'), async () => {
          await visit(page, route, heading);
          await page.locator('.admin-empty').waitFor();
          await findings.axe(page, where(route, 'empty list'));
        });
      }
      await findings.step(where('/config-change-log', 'nothing chosen, then an empty collection'), async () => {
        await visit(page, '/config-change-log', 'Config Change Log');
        await findings.axe(page, where('/config-change-log', 'nothing chosen'));
        await button(page, 'View').click();
        await page.getByText('Choose a collection', { exact: false }).last().waitFor();
        await findings.axe(page, where('/config-change-log', 'View without a collection (error shown)'));
        await label(page, 'Collection').selectOption('software');
        await button(page, 'View').click();
        await page.getByText('No entries in the software change log.').waitFor();
        await findings.axe(page, where('/config-change-log', 'empty collection'));
      });
      await findings.step(where('/change-log-form', 'empty, errors, saved'), async () => {
        await visit(page, '/change-log-form', 'Change Log Form');
        await findings.axe(page, where('/change-log-form', 'empty form'));
        await button(page, 'Save').click();
        await page.getByText('Context is required.').waitFor();
        await findings.axe(page, where('/change-log-form', 'every field in error'));
        await label(page, 'Date').fill('2026-11-20');
        await label(page, 'Time').fill('18:30');
        await label(page, 'Collection').selectOption('hardware');
        await label(page, 'Context').fill('Office router');
        await label(page, 'Description').fill('Replaced the router.');
        await button(page, 'Save').click();
        await banner(page, ADMIN_TEXTS.changeLogSaved);
        await findings.axe(page, where('/change-log-form', 'saved (success banner)'));
      });
      await findings.step(where('/adminpayment', 'empty, errors, no appointments'), async () => {
        await visit(page, '/adminpayment', 'Take a Payment');
        await findings.axe(page, where('/adminpayment', 'empty form'));
        await button(page, 'Check').click();
        await page.getByText("Enter the customer's e-mail address.").waitFor();
        await findings.axe(page, where('/adminpayment', 'no e-mail (error shown)'));
        await label(page, 'Customer e-mail').fill('nobody.here@example.com');
        await button(page, 'Check').click();
        await banner(page, PAYMENT_TEXTS.userMissing);
        await findings.axe(page, where('/adminpayment', 'unknown customer (warning)'));
        await label(page, 'Customer e-mail').fill(fresh.email);
        await button(page, 'Check').click();
        await page.getByText('This customer has no unpaid appointments.').waitFor();
        await findings.axe(page, where('/adminpayment', 'customer without appointments'));
      });
    } finally {
      await context.close();
    }
  }

  async function visitorStates() {
    const { page, context } = await open(undefined);
    const where = (route: string, state: string) => `visitor ${route} — ${state}`;
    try {
      for (const [route, heading] of [
        ['/', /./],
        ['/services', 'Our services'],
        ['/securified', 'Stay safe online'],
        ['/remotesupport', 'Remote support'],
        ['/maintenance', /maintenance/],
        ['/no/such/page', 'Page not found'],
      ] as const) {
        await findings.step(where(route, 'as shown'), async () => {
          await visit(page, route, heading);
          await findings.axe(page, where(route, 'as shown'));
        });
      }
      await findings.step(where('/securified', 'a video opened'), async () => {
        await context.route(/youtube/, (route) =>
          route.fulfill({
            status: 200,
            contentType: 'text/html',
            body: '<!doctype html><html lang="en"><title>player</title><p>Video</p></html>',
          }),
        );
        await visit(page, '/securified', 'Stay safe online');
        await page
          .getByRole('button', { name: /^Play the video/ })
          .first()
          .click();
        await page.locator('iframe').waitFor();
        await findings.axe(page, where('/securified', 'a video opened'));
      });
      await findings.step(where('/', 'menu opened on a phone'), async () => {
        await page.setViewportSize(PHONE);
        await visit(page, '/');
        await button(page, 'Menu').click();
        await page.locator('#site-nav.show').waitFor();
        await findings.axe(page, where('/', 'menu opened on a phone'));
        await page.setViewportSize(DESKTOP);
      });

      await findings.step(where('/signup', 'empty, errors, mismatch dialog'), async () => {
        await visit(page, '/signup', 'Create your account');
        await findings.axe(page, where('/signup', 'empty form'));
        await button(page, 'Register').click();
        await page.locator('.invalid-feedback').first().waitFor();
        await findings.axe(page, where('/signup', 'every field in error'));
        const address = uniqueEmail('sweep.mismatch');
        await label(page, 'E-mail address').fill(address);
        await label(page, 'Repeat e-mail address').fill(`x${address}`);
        await label(page, 'Password').fill(PASSWORD);
        await label(page, 'Repeat password').fill(PASSWORD);
        await button(page, 'Register').click();
        await openedDialog(page, 'Emails do not match');
        await findings.axe(page, where('/signup', 'e-mails do not match (dialog)'));
        await closeWith(page, 'OK');
      });

      await findings.step(where('/login', 'empty, errors, wrong password, unverified'), async () => {
        await visit(page, '/login', 'Log in');
        await findings.axe(page, where('/login', 'empty form'));
        await button(page, 'Log in').click();
        await page.locator('.invalid-feedback').first().waitFor();
        await findings.axe(page, where('/login', 'fields in error'));
        await label(page, 'E-mail address').fill(full.email);
        await label(page, 'Password').fill(`${PASSWORD}-wrong`);
        await button(page, 'Log in').click();
        await page.getByRole('alert').filter({ hasText: 'Oh snap!' }).waitFor();
        await findings.axe(page, where('/login', 'wrong password (alert and Refresh Page)'));

        const unverified = uniqueEmail('sweep.unverified');
        const signup = await fetch(`${server.url}/api/account/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: unverified, confirmEmail: unverified, password: PASSWORD, confirmPassword: PASSWORD }),
        });
        expect(signup.status).toBe(201);
        await label(page, 'E-mail address').fill(unverified);
        await label(page, 'Password').fill(PASSWORD);
        await button(page, 'Log in').click();
        await page.getByRole('alert').filter({ hasText: 'You must verify' }).waitFor();
        await findings.axe(page, where('/login', 'e-mail not verified (warning)'));

        await page.goto(await waitForActionLink(server.url, unverified, 'verifyEmail'));
        await page.getByRole('status').filter({ hasText: 'Email has been verified' }).waitFor();
        await findings.axe(page, where('/usermgmt?mode=verifyEmail', 'verified'));
      });

      await findings.step(where('/forgot-password', 'empty, error, sent'), async () => {
        await visit(page, '/forgot-password', 'Forgot your password?');
        await findings.axe(page, where('/forgot-password', 'empty form'));
        await button(page, 'Send').click();
        await page.locator('.invalid-feedback').first().waitFor();
        await findings.axe(page, where('/forgot-password', 'field in error'));
        await label(page, 'E-mail address').fill(bare.email);
        await button(page, 'Send').click();
        await openedDialog(page, 'Success!');
        await findings.axe(page, where('/forgot-password', 'sent (Success! dialog)'));
        await closeWith(page, 'OK');
      });

      await findings.step(where('/usermgmt', 'each mode'), async () => {
        await visit(page, '/usermgmt?mode=somethingElse', 'Invalid mode!');
        await findings.axe(page, where('/usermgmt', 'invalid mode'));

        await visit(page, '/usermgmt?mode=verifyEmail&oobCode=not-a-real-code-0123456789', 'Verify your e-mail address');
        await openedDialog(page, 'Error');
        await findings.axe(page, where('/usermgmt?mode=verifyEmail', 'bad link (error dialog)'));
        await closeWith(page, 'OK');
        await findings.axe(page, where('/usermgmt?mode=verifyEmail', 'bad link, new-link form'));
        await button(page, 'Send a new link').click();
        await page.locator('.invalid-feedback').first().waitFor();
        await findings.axe(page, where('/usermgmt?mode=verifyEmail', 'new-link form in error'));
        await label(page, 'E-mail address').fill(uniqueEmail('sweep.nobody'));
        await button(page, 'Send a new link').click();
        await page.getByRole('status').filter({ hasText: 'a new link is on its way' }).waitFor();
        await findings.axe(page, where('/usermgmt?mode=verifyEmail', 'new link sent'));

        await visit(page, '/usermgmt?mode=resetPassword&oobCode=not-a-real-code-0123456789', 'Choose a new password');
        await findings.axe(page, where('/usermgmt?mode=resetPassword', 'form'));
        await button(page, 'Reset Password').click();
        await page.locator('.invalid-feedback').first().waitFor();
        await findings.axe(page, where('/usermgmt?mode=resetPassword', 'fields in error'));
        await label(page, 'New password').fill('a brand new passphrase');
        await label(page, 'Repeat new password').fill('another passphrase');
        await button(page, 'Reset Password').click();
        await openedDialog(page, 'Oops!');
        await findings.axe(page, where('/usermgmt?mode=resetPassword', 'passwords differ (dialog)'));
        await closeWith(page, 'OK');
        await label(page, 'Repeat new password').fill('a brand new passphrase');
        await button(page, 'Reset Password').click();
        await page.getByRole('main').locator('.alert-danger').waitFor();
        await findings.axe(page, where('/usermgmt?mode=resetPassword', 'refused by the server'));

        await visit(page, '/usermgmt?mode=recoverEmail&oobCode=not-a-real-code-0123456789', 'Restore your e-mail address');
        await openedDialog(page, 'Error recovering email');
        await findings.axe(page, where('/usermgmt?mode=recoverEmail', 'bad link (error dialog)'));
        await closeWith(page, 'OK');
        await findings.axe(page, where('/usermgmt?mode=recoverEmail', 'bad link'));
      });

      // The guard's screen (the same for every guarded route; accounts.test.ts visits them all).
      for (const route of ['/home', '/admin']) {
        await findings.step(where(route, 'Not Authorized'), async () => {
          await visit(page, route, 'Not Authorized');
          await findings.axe(page, where(route, 'Not Authorized'));
        });
      }

      await findings.step(where('/signup', 'the screen failed to load (error screen)'), async () => {
        await context.route(/\/assets\/signup-page-[^/]+\.js$/, (route) => route.abort());
        await visit(page, '/signup', 'Oops!');
        await findings.axe(page, where('/signup', 'the screen failed to load (error screen)'));
        await context.unroute(/\/assets\/signup-page-[^/]+\.js$/);
      });
    } finally {
      await context.close();
    }
  }

  async function bareCustomerStates() {
    const { page, context } = await open(bare);
    const where = (route: string, state: string) => `customer without profile ${route} — ${state}`;
    try {
      await findings.step(where('/serviceform', 'empty, errors'), async () => {
        await visit(page, '/home', 'Please complete Service Form');
        await findings.axe(page, where('/serviceform', 'empty form (sent there from /home)'));
        await button(page, 'Submit').click();
        await page.locator('.invalid-feedback').first().waitFor();
        await findings.axe(page, where('/serviceform', 'every field in error'));
      });
      await findings.step(where('/emailchange', 'empty, errors, mismatch dialog'), async () => {
        await visit(page, '/emailchange', 'Change your e-mail address');
        await findings.axe(page, where('/emailchange', 'empty form'));
        await button(page, 'Change Email').click();
        await page.locator('.invalid-feedback').first().waitFor();
        await findings.axe(page, where('/emailchange', 'field in error'));
        await label(page, 'New e-mail address').fill(uniqueEmail('sweep.moved'));
        await label(page, 'Repeat new e-mail address').fill(uniqueEmail('sweep.typo'));
        await button(page, 'Change Email').click();
        await openedDialog(page, 'Error');
        await findings.axe(page, where('/emailchange', 'e-mails differ (dialog)'));
        await closeWith(page, 'OK');
      });
      await findings.step(where('/chat', 'empty, error, answered, custom chatbot form'), async () => {
        await visit(page, '/chat', CHAT_TEXTS.title);
        await findings.axe(page, where('/chat', 'empty conversation'));
        await button(page, CHAT_TEXTS.send).click();
        await page.getByText('Please type a question.').waitFor();
        await findings.axe(page, where('/chat', 'empty question (error shown)'));
        await label(page, CHAT_TEXTS.inputLabel).fill('How much would 90 minutes of troubleshooting be?');
        await button(page, CHAT_TEXTS.send).click();
        await expect.poll(() => page.getByRole('log').textContent()).toContain('$75');
        await findings.axe(page, where('/chat', 'an answer shown'));
        await button(page, CHAT_TEXTS.customAsk).click();
        await button(page, CHAT_TEXTS.inquirySend).click();
        await page.locator('.invalid-feedback').first().waitFor();
        await findings.axe(page, where('/chat', 'custom chatbot form in error'));
        await label(page, CHAT_TEXTS.organisationLabel).fill('Bayport Garden Club');
        await label(page, CHAT_TEXTS.inquiryLabel).fill('Answer members about meetings.');
        await button(page, CHAT_TEXTS.inquirySend).click();
        await page.getByRole('status').filter({ hasText: CHAT_TEXTS.inquirySent }).waitFor();
        await findings.axe(page, where('/chat', 'custom chatbot request sent'));
      });
      await findings.step(where('/makepayment', 'no appointment chosen'), async () => {
        await visit(page, '/makepayment', PAYMENT_TEXTS.checkout);
        await page.getByText('No appointment was chosen').waitFor();
        await findings.axe(page, where('/makepayment', 'no appointment chosen'));
      });
      await findings.step(where('/admin', 'Not Authorized'), async () => {
        await visit(page, '/admin', 'Not Authorized');
        await findings.axe(page, where('/admin', 'Not Authorized (signed in, not an admin)'));
      });
    } finally {
      await context.close();
    }
  }

  async function chooseDay(page: Page, date: string) {
    const target = page.locator(`td[data-day="${date}"] button`);
    const caption = page.locator('.rdp-caption_label');
    for (let turns = 0; (await target.count()) === 0 && turns < 3; turns++) {
      const shown = await caption.textContent();
      await button(page, 'next month').click();
      await expect.poll(() => caption.textContent()).not.toBe(shown);
    }
    await target.click();
  }

  async function freshCustomerStates() {
    const { page, context } = await open(fresh);
    const where = (route: string, state: string) => `customer with an empty list ${route} — ${state}`;
    try {
      await findings.step(where('/serviceform', 'saved (Success! dialog)'), async () => {
        await visit(page, '/serviceform', 'Please complete Service Form');
        await label(page, 'First name').fill('Ruth');
        await label(page, 'Last name').fill('Baker');
        await label(page, 'Phone number').fill('631-555-0111');
        await label(page, 'Street address').fill('3 Elm Street');
        await label(page, 'City').selectOption('Sayville');
        await button(page, 'Submit').click();
        await openedDialog(page, 'Success!');
        await findings.axe(page, where('/serviceform', 'saved (Success! dialog)'));
        await closeWith(page, 'OK');
      });
      await findings.step(where('/home', 'empty list, toasts, booking dialogs'), async () => {
        await page.waitForURL(/\/home$/);
        await page.locator('.booking-calendar .rdp-month_grid').waitFor();
        await page.getByText('You have no appointments booked.').waitFor();
        await findings.axe(page, where('/home', 'empty list'));
        await button(page, 'Confirm').click();
        await page.locator('.Toastify__toast').waitFor();
        await page.locator('.Toastify__toast').hover();
        await findings.axe(page, where('/home', 'Confirm without a time (error toast and alert)'));
        await chooseDay(page, day(2));
        await expect.poll(() => page.locator('.Toastify__toast').textContent()).toBe(APPOINTMENT_TEXTS.selectTimeToast);
        await page.locator('.Toastify__toast').hover();
        await findings.axe(page, where('/home', 'a day chosen (times and hint toast)'));
        await page.mouse.move(1, 1);
        await button(page, '02:00pm').click();
        await page.getByRole('radio', { name: 'Remote' }).check();
        await button(page, 'Confirm').click();
        await openedDialog(page, 'Please confirm');
        await findings.axe(page, where('/home', 'confirm the visit (dialog)'));
        await (await openedDialog(page, 'Please confirm')).getByRole('button', { name: 'OK' }).click();
        const describe = await openedDialog(page, 'Your visit is booked');
        await findings.axe(page, where('/home', 'booked: the required description (dialog)'));
        await describe.getByRole('button', { name: 'Save' }).click();
        await describe.getByText('Please describe the problem.').waitFor();
        await findings.axe(page, where('/home', 'description left empty (dialog with error)'));
        await describe.getByLabel('Describe the problem').fill('My e-mail stopped arriving.');
        await describe.getByRole('button', { name: 'Save' }).click();
        await noDialog(page);
        await page.locator('.appointment-table tbody tr').first().waitFor();
        await findings.axe(page, where('/home', 'one appointment'));
        await page.locator('.appointment-table').getByRole('button', { name: /^Edit/ }).click();
        await openedDialog(page, 'Edit the description');
        await findings.axe(page, where('/home', 'edit the description (dialog)'));
        await closeWith(page, 'Cancel');
        await page
          .locator('.appointment-table')
          .getByRole('button', { name: /^Cancel/ })
          .click();
        await (await openedDialog(page, 'Please confirm')).getByRole('button', { name: 'OK' }).click();
        await noDialog(page);
        await page.getByRole('status').filter({ hasText: 'Your appointment has been cancelled.' }).waitFor();
        await findings.axe(page, where('/home', 'cancelled (status banner, empty list again)'));
      });
    } finally {
      await context.close();
    }
  }

  /** The full customer's appointments: one paid (gone from the list), one completed with an amount, two open. */
  const booked: Record<'paid' | 'completed' | 'open' | 'remote', string> = { paid: '', completed: '', open: '', remote: '' };
  async function fillData() {
    booked.paid = (await bookOverHttp(server.url, full, day(0), '08:00am')).id;
    await describeOverHttp(server.url, full, booked.paid, 'Install a new printer.');
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${booked.paid}`, {
      amount: '40',
      isCompleted: true,
      isPaid: true,
      paymentMethod: 'cash',
    });
    booked.completed = (await bookOverHttp(server.url, full, day(0), '09:30am')).id;
    await describeOverHttp(server.url, full, booked.completed, 'The laptop is very slow since the last update.');
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${booked.completed}`, {
      amount: '75',
      isCompleted: true,
      notes: 'Bring a new charger',
    });
    booked.open = (await bookOverHttp(server.url, full, day(0), '11:00am')).id;
    await describeOverHttp(server.url, full, booked.open, 'Please help me set up video calls with my grandchildren.');
    booked.remote = (await bookOverHttp(server.url, full, day(1), '08:00am', true)).id;
    for (const message of ['Printer driver crashed', 'Scanner timed out']) {
      await callAs(server.url, full, 'POST', '/api/errors', { errorMessage: message, componentName: 'SweepTest' }, 204);
    }
    await callAs(
      server.url,
      admin,
      'POST',
      '/api/admin/config-changes',
      {
        date: '2026-11-21',
        time: '09:00',
        collectionName: 'software',
        context: 'Accounting database',
        description: 'Upgraded to the new version.',
      },
      201,
    );
  }

  async function fullCustomerStates() {
    const { page, context } = await open(full);
    const where = (route: string, state: string) => `customer with a full list ${route} — ${state}`;
    const rows = page.locator('.appointment-table tbody tr');
    try {
      await findings.step(where('/home', 'full list and its dialogs'), async () => {
        await visit(page, '/home', 'Welcome');
        await page.getByText(APPOINTMENT_TEXTS.limitReached).waitFor();
        await expect.poll(() => rows.count()).toBe(3);
        await findings.axe(page, where('/home', 'three open appointments (picker disabled)'));
        await rows
          .first()
          .getByRole('button', { name: /^Cancel/ })
          .click();
        await openedDialog(page, APPOINTMENT_TEXTS.cancelNotAllowedTitle);
        await findings.axe(page, where('/home', 'cancel a completed job (refusal dialog)'));
        await closeWith(page, 'OK');
        await rows.nth(1).getByRole('button', { name: /^Pay/ }).click();
        await openedDialog(page, APPOINTMENT_TEXTS.payNotAllowedTitle);
        await findings.axe(page, where('/home', 'pay an open job (refusal dialog)'));
        await closeWith(page, 'OK');
        await page.setViewportSize(PHONE);
        await page.locator('.appointment-card').first().waitFor();
        await findings.axe(page, where('/home', 'full list as cards on a phone'));
        await page.setViewportSize(DESKTOP);
      });
      await findings.step(where('/makepayment', 'refused, then the test-mode checkout'), async () => {
        await visit(page, `/makepayment?appointment=${booked.open}`, PAYMENT_TEXTS.checkout);
        await page.locator('.checkout-refused').waitFor();
        await findings.axe(page, where('/makepayment', 'a job not completed (refusal)'));
        await visit(page, '/home', 'Welcome');
        await rows.first().getByRole('button', { name: /^Pay/ }).click();
        await openedDialog(page, 'Please confirm');
        await findings.axe(page, where('/home', 'go to checkout (confirm dialog)'));
        await (await openedDialog(page, 'Please confirm')).getByRole('button', { name: 'OK' }).click();
        await page.getByRole('heading', { name: PAYMENT_TEXTS.makePayment('75.00') }).waitFor();
        await noDialog(page);
        await findings.axe(page, where('/makepayment', 'test-mode checkout'));
      });
      await findings.step(where('/account', 'form, errors, confirm, saved'), async () => {
        await visit(page, '/account', 'Your account');
        await expect.poll(() => label(page, 'Phone number').inputValue()).toBe('631-555-0100');
        await findings.axe(page, where('/account', 'filled form'));
        await label(page, 'First name').fill('R2-D2');
        await label(page, 'Phone number').fill('12');
        await button(page, 'Save').click();
        await page.locator('.invalid-feedback').first().waitFor();
        await findings.axe(page, where('/account', 'fields in error'));
        await label(page, 'First name').fill('Mary');
        await label(page, 'Phone number').fill('631-555-0100');
        await button(page, 'Save').click();
        await openedDialog(page, 'Please confirm');
        await findings.axe(page, where('/account', 'save (confirm dialog)'));
        await (await openedDialog(page, 'Please confirm')).getByRole('button', { name: 'OK' }).click();
        await noDialog(page);
        await page.getByRole('status').filter({ hasText: 'Your information has been updated.' }).waitFor();
        await findings.axe(page, where('/account', 'saved (status banner)'));
      });
      await findings.step(where('/home and /makepayment', 'the network failed'), async () => {
        await context.route(/\/api\/(appointments|payments\/checkout\/.*)$/, (route) => route.abort());
        await visit(page, '/home', 'Welcome');
        await button(page, 'Try again').waitFor({ timeout: 10_000 });
        await findings.axe(page, where('/home', 'the appointments could not be loaded'));
        await visit(page, `/makepayment?appointment=${booked.completed}`, PAYMENT_TEXTS.checkout);
        await button(page, 'Try again').waitFor({ timeout: 10_000 });
        await findings.axe(page, where('/makepayment', 'the checkout could not be loaded'));
        await context.unroute(/\/api\/(appointments|payments\/checkout\/.*)$/);
      });
    } finally {
      await context.close();
    }
  }

  async function adminFullStates() {
    const { page, context } = await open(admin);
    const where = (route: string, state: string) => `admin ${route} — ${state}`;
    try {
      await findings.step(where('/admin', 'full list and its dialogs'), async () => {
        await visit(page, '/admin', ADMIN_TEXTS.dashboard);
        const row = page.locator(`.admin-table tbody tr[data-appointment-id="${booked.completed}"]`);
        await row.waitFor();
        await findings.axe(page, where('/admin', 'open appointments'));
        await row.getByRole('button', { name: /^Edit/ }).click();
        let dialog = await openedDialog(page, 'Edit appointment');
        await dialog.locator('.admin-history-list > li').first().waitFor();
        await findings.axe(page, where('/admin', 'edit dialog with its history'));
        await dialog.getByLabel('Amount in dollars and cents').fill('12.345');
        await dialog.getByLabel('Paid (record a payment taken by hand)').check();
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.locator('.invalid-feedback').first().waitFor();
        await findings.axe(page, where('/admin', 'edit dialog with errors'));
        await closeWith(page, 'Cancel');
        const open = page.locator(`.admin-table tbody tr[data-appointment-id="${booked.open}"]`);
        await open.getByRole('button', { name: /^Edit/ }).click();
        dialog = await openedDialog(page, 'Edit appointment');
        await dialog.getByText('No changes yet.').waitFor();
        await dialog.getByLabel('Notes').fill('Call before coming');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await banner(page, ADMIN_TEXTS.updatedScheduled);
        await noDialog(page);
        await findings.axe(page, where('/admin', 'saved (success banner)'));
        await open.getByRole('button', { name: /^Delete/ }).click();
        await openedDialog(page, 'Please confirm');
        await findings.axe(page, where('/admin', 'delete (confirm dialog)'));
        await closeWith(page, 'Cancel');
        await page.setViewportSize(PHONE);
        await page.locator('.admin-card').first().waitFor();
        await findings.axe(page, where('/admin', 'open appointments as cards on a phone'));
        await button(page, 'Menu').click();
        await page.locator('#site-nav.show').waitFor();
        await findings.axe(page, where('/admin', 'menu opened on a phone'));
        await page.setViewportSize(DESKTOP);
      });
      await findings.step(where('/completed-appointments', 'full list'), async () => {
        await visit(page, '/completed-appointments', 'Completed Appointments');
        await page.locator('.admin-table tbody tr').first().waitFor();
        await findings.axe(page, where('/completed-appointments', 'completed appointments'));
      });
      await findings.step(where('/paid-appointments', 'full list, bad period'), async () => {
        await visit(page, '/paid-appointments', 'Paid Appointments');
        await page.locator('.admin-table tbody tr').first().waitFor();
        await findings.axe(page, where('/paid-appointments', 'payments with their total'));
        await label(page, 'From').fill('2026-12-31');
        await label(page, 'To').fill('2026-01-01');
        await button(page, 'Show').click();
        await page.getByRole('alert').filter({ hasText: 'Choose a first and a last day' }).waitFor();
        await findings.axe(page, where('/paid-appointments', 'period the wrong way round (error)'));
      });
      await findings.step(where('/errorlog', 'full list, deleted'), async () => {
        await visit(page, '/errorlog', 'Error Log');
        const rows = page.locator('.admin-table tbody tr');
        await rows.first().waitFor();
        await findings.axe(page, where('/errorlog', 'errors listed'));
        await rows
          .filter({ hasText: 'Scanner timed out' })
          .getByRole('button', { name: /^Delete/ })
          .click();
        await banner(page, ADMIN_TEXTS.deletedRecords);
        await findings.axe(page, where('/errorlog', 'an entry deleted (success banner)'));
      });
      await findings.step(where('/config-change-log', 'full list, edit, delete'), async () => {
        await visit(page, '/config-change-log', 'Config Change Log');
        await label(page, 'Collection').selectOption('software');
        await button(page, 'View').click();
        const row = page.locator('.admin-table tbody tr').first();
        await row.waitFor();
        await findings.axe(page, where('/config-change-log', 'entries listed'));
        await row.getByRole('button', { name: /^Edit/ }).click();
        const dialog = await openedDialog(page, 'Edit change-log entry');
        await dialog.getByLabel('Context', { exact: true }).fill('');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.getByText('Context is required.').waitFor();
        await findings.axe(page, where('/config-change-log', 'edit dialog with an error'));
        await closeWith(page, 'Cancel');
        await row.getByRole('button', { name: /^Cancel/ }).click();
        await openedDialog(page, 'Please confirm');
        await findings.axe(page, where('/config-change-log', 'delete (confirm dialog)'));
        await closeWith(page, 'Cancel');
      });
      await findings.step(where('/adminpayment', 'appointments, bad amount, confirm, ready'), async () => {
        await visit(page, '/adminpayment', 'Take a Payment');
        await label(page, 'Customer e-mail').fill(full.email);
        await button(page, 'Check').click();
        await banner(page, PAYMENT_TEXTS.userExists);
        const choices = page.getByRole('radio');
        await expect.poll(() => choices.count()).toBe(3);
        await findings.axe(page, where('/adminpayment', "the customer's appointments"));
        await choices.nth(1).check();
        await label(page, 'Amount in whole dollars').fill('12.50');
        await button(page, 'Confirm amount').click();
        await banner(page, PAYMENT_TEXTS.invalidAmount);
        await findings.axe(page, where('/adminpayment', 'amount not valid (error)'));
        await label(page, 'Amount in whole dollars').fill('45');
        await button(page, 'Confirm amount').click();
        await openedDialog(page, 'Please confirm');
        await findings.axe(page, where('/adminpayment', 'confirm the amount (dialog)'));
        await (await openedDialog(page, 'Please confirm')).getByRole('button', { name: 'OK' }).click();
        await noDialog(page);
        await expect.poll(() => page.locator('.test-mode-panel button').isEnabled()).toBe(true);
        await findings.axe(page, where('/adminpayment', 'ready to pay'));
      });
      await findings.step(where('/admin', 'the network failed'), async () => {
        await context.route(/\/api\/admin\/appointments$/, (route) => route.abort());
        await visit(page, '/admin', ADMIN_TEXTS.dashboard);
        await button(page, 'Try again').waitFor({ timeout: 10_000 });
        await findings.axe(page, where('/admin', 'the appointments could not be loaded'));
        await context.unroute(/\/api\/admin\/appointments$/);
      });
    } finally {
      await context.close();
    }
  }

  async function payment() {
    const { page, context } = await open(full);
    try {
      await findings.step('customer /makepayment — paid (thank-you dialog)', async () => {
        await visit(page, `/makepayment?appointment=${booked.completed}`, PAYMENT_TEXTS.checkout);
        await button(page, 'Pay $75.00 (test mode)').click();
        await openedDialog(page, /^Thank you for your payment/);
        await findings.axe(page, 'customer /makepayment — paid (thank-you dialog)');
      });
    } finally {
      await context.close();
    }
  }

  it('finds no axe violation on any route, for any viewer, in any state', { timeout: 240_000 }, async () => {
    await adminEmptyStates();
    await visitorStates();
    await bareCustomerStates();
    await freshCustomerStates();
    await fillData();
    await fullCustomerStates();
    await adminFullStates();
    await payment();
    expect(findings.report()).toEqual([]);
    expect(findings.checked).toBeGreaterThan(100);
  });
});
