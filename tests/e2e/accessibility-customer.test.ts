import type { Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { APPOINTMENT_TEXTS } from '../../src/shared/appointments.ts';
import { CHAT_TEXTS } from '../../src/shared/chat.ts';
import { PAYMENT_TEXTS } from '../../src/shared/payments.ts';
import {
  button,
  closeWith,
  fillSweepData,
  label,
  noDialog,
  openedDialog,
  SWEEP_ADMIN_EMAIL,
  SWEEP_DESKTOP,
  SWEEP_ENV,
  SWEEP_PHONE,
  Sweep,
  type SweepAppointments,
  sweepDay,
} from '../support/accessibility.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { withDateStopped } from '../support/back-office-people.ts';
import { createVerifiedAccount, type HttpCustomer } from '../support/booking-customers.ts';
import { closeToast, holdToasts, releaseToasts } from '../support/browser.ts';

/**
 * The accessibility sweep, part two: every route a customer can reach, in its empty and full states, with its
 * dialogs open and its error messages shown, checked by axe for WCAG 2.2 A and AA (the visitor's routes are in
 * accessibility-visitor.test.ts, the back office in accessibility-admin.test.ts). Three customers: one who never
 * fills the service form; a fresh one who fills it in the browser, then books and cancels, so is seen with an
 * empty and a one-row list; and a full one with a profile and appointments. The tests of each run in order.
 */

describe('accessibility for a customer, in Chromium against the real server', () => {
  const sweep = new Sweep(SWEEP_ENV);
  let full: HttpCustomer;
  let bare: HttpCustomer;
  let fresh: HttpCustomer;
  let booked: SweepAppointments;

  beforeAll(async () => {
    let admin: HttpCustomer;
    [admin, full, bare, fresh] = await Promise.all([
      createVerifiedAccount(sweep.url, SWEEP_ADMIN_EMAIL),
      createVerifiedAccount(sweep.url, uniqueEmail('sweep.full'), { profile: true }),
      createVerifiedAccount(sweep.url, uniqueEmail('sweep.bare')),
      createVerifiedAccount(sweep.url, uniqueEmail('sweep.fresh')),
    ]);
    booked = await fillSweepData(sweep.url, admin, full);
  });

  describe('without a profile', () => {
    const where = (route: string, state: string) => `customer without profile ${route} — ${state}`;
    const customer = async () => (await sweep.window('bare', bare)).page;

    sweep.test(where('/serviceform', 'empty (sent there from /home), every field in error'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/home', 'Please complete Service Form');
      await findings.axe(page, where('/serviceform', 'empty form (sent there from /home)'));
      await button(page, 'Submit').click();
      await page.locator('.invalid-feedback').first().waitFor();
      await findings.axe(page, where('/serviceform', 'every field in error'));
    });

    sweep.test(where('/emailchange', 'empty, field in error, e-mails differ (dialog)'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/emailchange', 'Change your e-mail address');
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

    sweep.test(where('/chat', 'empty, error, answered, custom chatbot form in error and sent'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/chat', CHAT_TEXTS.title);
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

    sweep.test(where('/makepayment', 'no appointment chosen'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/makepayment', PAYMENT_TEXTS.checkout);
      await page.getByText('No visit was chosen').waitFor();
      await findings.axe(page, where('/makepayment', 'no appointment chosen'));
    });

    sweep.test(where('/admin', 'Not Authorized (signed in, not an admin)'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/admin', 'Not Authorized');
      await findings.axe(page, where('/admin', 'Not Authorized (signed in, not an admin)'));
    });
  });

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

  describe('with an empty list', () => {
    const where = (route: string, state: string) => `customer with an empty list ${route} — ${state}`;
    const customer = async () => (await sweep.window('fresh', fresh)).page;

    sweep.test(where('/serviceform', 'saved (Success! dialog), on to /home'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/serviceform', 'Please complete Service Form');
      await label(page, 'First name').fill('Ruth');
      await label(page, 'Last name').fill('Baker');
      await label(page, 'Phone number').fill('631-555-0111');
      await label(page, 'Street address').fill('3 Elm Street');
      await label(page, 'City').selectOption('Sayville');
      await withDateStopped(page, async () => {
        await button(page, 'Submit').click();
        await openedDialog(page, 'Success!');
        await findings.axe(page, where('/serviceform', 'saved (Success! dialog)'));
        await closeWith(page, 'OK');
        await page.waitForURL(/\/home$/);
      });
    });

    // On from the service form: the fresh customer's /home, as the form left it.
    sweep.test(where('/home', 'empty list, toasts, booking dialogs, one appointment, cancelled'), async (findings) => {
      const page = await customer();
      await page.locator('.booking-calendar .rdp-month_grid').waitFor();
      await page.getByText('You have no appointments booked.').waitFor();
      await findings.axe(page, where('/home', 'empty list'));
      await holdToasts(page);
      await button(page, 'Confirm').click();
      await page.locator('.Toastify__toast').waitFor();
      await findings.axe(page, where('/home', 'Confirm without a time (error toast and alert)'));
      await chooseDay(page, sweepDay(2));
      await expect.poll(() => page.locator('.Toastify__toast').textContent()).toBe(APPOINTMENT_TEXTS.selectTimeToast);
      await findings.axe(page, where('/home', 'a day chosen (times and hint toast)'));
      await closeToast(page);
      await releaseToasts(page);
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
      await page.getByRole('status').filter({ hasText: 'Your visit has been cancelled.' }).waitFor();
      await findings.axe(page, where('/home', 'cancelled (status banner, empty list again)'));
    });
  });

  describe('with a full list', () => {
    const where = (route: string, state: string) => `customer with a full list ${route} — ${state}`;
    const customer = async () => (await sweep.window('full', full)).page;
    const rows = (page: Page) => page.locator('.appointment-table tbody tr');

    sweep.test(where('/home', 'full list and its dialogs, as cards on a phone'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/home', 'Welcome');
      await page.getByText(APPOINTMENT_TEXTS.limitReached).waitFor();
      await expect.poll(() => rows(page).count()).toBe(3);
      await findings.axe(page, where('/home', 'three open appointments (picker disabled)'));
      await rows(page)
        .first()
        .getByRole('button', { name: /^Cancel/ })
        .click();
      await openedDialog(page, APPOINTMENT_TEXTS.cancelNotAllowedTitle);
      await findings.axe(page, where('/home', 'cancel a completed job (refusal dialog)'));
      await closeWith(page, 'OK');
      await rows(page).nth(1).getByRole('button', { name: /^Pay/ }).click();
      await openedDialog(page, APPOINTMENT_TEXTS.payNotAllowedTitle);
      await findings.axe(page, where('/home', 'pay an open job (refusal dialog)'));
      await closeWith(page, 'OK');
      await rows(page)
        .nth(1)
        .getByRole('button', { name: /^Change time/ })
        .click();
      const moving = await openedDialog(page, 'Change the time of your visit');
      await moving.locator('.rdp-month_grid').waitFor();
      await findings.axe(page, where('/home', 'change the time (reschedule dialog)'));
      await moving.locator('.rdp-day_button:not([disabled])').first().click();
      await moving.locator('.slot-grid').waitFor();
      await moving.getByRole('button', { name: 'Move my visit' }).click();
      await moving.getByRole('alert').waitFor();
      await findings.axe(page, where('/home', 'change the time: a day chosen, no time (reschedule dialog)'));
      await page.setViewportSize(SWEEP_PHONE);
      await findings.axe(page, where('/home', 'change the time on a phone (reschedule dialog)'));
      await page.setViewportSize(SWEEP_DESKTOP);
      await closeWith(page, 'Keep the current time');
      await page.setViewportSize(SWEEP_PHONE);
      await page.locator('.appointment-card').first().waitFor();
      await findings.axe(page, where('/home', 'full list as cards on a phone'));
      await page.setViewportSize(SWEEP_DESKTOP);
    });

    sweep.test(where('/makepayment', 'refused, then the test-mode checkout'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, `/makepayment?appointment=${booked.open}`, PAYMENT_TEXTS.checkout);
      await page.locator('.checkout-refused').waitFor();
      await findings.axe(page, where('/makepayment', 'a job not completed (refusal)'));
      await sweep.visit(page, '/home', 'Welcome');
      await rows(page).first().getByRole('button', { name: /^Pay/ }).click();
      await openedDialog(page, 'Please confirm');
      await findings.axe(page, where('/home', 'go to checkout (confirm dialog)'));
      await (await openedDialog(page, 'Please confirm')).getByRole('button', { name: 'OK' }).click();
      await page.getByRole('heading', { name: PAYMENT_TEXTS.makePayment('75.00') }).waitFor();
      await noDialog(page);
      await findings.axe(page, where('/makepayment', 'test-mode checkout'));
    });

    sweep.test(where('/account', 'filled form, fields in error, save (confirm dialog), saved'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/account', 'Your account');
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

    sweep.test(where('/home and /makepayment', 'the network failed'), async (findings) => {
      const page = await customer();
      const api = /\/api\/(appointments|payments\/checkout\/.*)$/;
      await page.context().route(api, (route) => route.abort());
      try {
        await sweep.visit(page, '/home', 'Welcome');
        await button(page, 'Try again').waitFor({ timeout: 10_000 });
        await findings.axe(page, where('/home', 'the appointments could not be loaded'));
        await sweep.visit(page, `/makepayment?appointment=${booked.completed}`, PAYMENT_TEXTS.checkout);
        await button(page, 'Try again').waitFor({ timeout: 10_000 });
        await findings.axe(page, where('/makepayment', 'the checkout could not be loaded'));
      } finally {
        await page.context().unroute(api);
      }
    });

    sweep.test('customer /makepayment — paid (thank-you dialog)', async (findings) => {
      const page = await customer();
      await sweep.visit(page, `/makepayment?appointment=${booked.completed}`, PAYMENT_TEXTS.checkout);
      await button(page, 'Pay $75.00 (test mode)').click();
      await openedDialog(page, /^Thank you for your payment/);
      await findings.axe(page, 'customer /makepayment — paid (thank-you dialog)');
    });
  });

  sweep.expectChecked(39);
});
