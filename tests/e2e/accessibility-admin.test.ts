import { beforeAll, describe, expect } from 'vitest';
import { ADMIN_TEXTS } from '../../src/shared/admin.ts';
import { PAYMENT_TEXTS } from '../../src/shared/payments.ts';
import {
  banner,
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
import { createVerifiedAccount, type HttpCustomer } from '../support/booking-customers.ts';

/**
 * The accessibility sweep, part three: every route of the back office, first with nothing in it, then with
 * appointments, payments, errors and change-log entries, with its dialogs open and its error messages shown,
 * checked by axe for WCAG 2.2 A and AA (the visitor's routes are in accessibility-visitor.test.ts, the
 * customer's in accessibility-customer.test.ts). The tests run in order, in one admin window.
 */

describe('accessibility of the back office, in Chromium against the real server', () => {
  const sweep = new Sweep(SWEEP_ENV);
  let admin: HttpCustomer;
  /** The customer with appointments (made once the empty back office has been seen). */
  let full: HttpCustomer;
  /** A customer who never books. */
  let idle: HttpCustomer;

  beforeAll(async () => {
    [admin, full, idle] = await Promise.all([
      createVerifiedAccount(sweep.url, SWEEP_ADMIN_EMAIL),
      createVerifiedAccount(sweep.url, uniqueEmail('sweep.full'), { profile: true }),
      createVerifiedAccount(sweep.url, uniqueEmail('sweep.idle')),
    ]);
  });

  const where = (route: string, state: string) => `admin ${route} — ${state}`;
  const office = async () => (await sweep.window('admin', admin)).page;

  describe('with nothing in it', () => {
    for (const [route, heading] of [
      ['/admin', ADMIN_TEXTS.dashboard],
      ['/completed-appointments', 'Completed Appointments'],
      ['/paid-appointments', 'Paid Appointments'],
      ['/errorlog', 'Error Log'],
    ] as const) {
      sweep.test(where(route, 'empty list'), async (findings) => {
        const page = await office();
        await sweep.visit(page, route, heading);
        await page.locator('.admin-empty').waitFor();
        await findings.axe(page, where(route, 'empty list'));
      });
    }

    sweep.test(where('/config-change-log', 'nothing chosen, then an empty collection'), async (findings) => {
      const page = await office();
      await sweep.visit(page, '/config-change-log', 'Config Change Log');
      await findings.axe(page, where('/config-change-log', 'nothing chosen'));
      await button(page, 'View').click();
      await page.getByText('Choose a collection', { exact: false }).last().waitFor();
      await findings.axe(page, where('/config-change-log', 'View without a collection (error shown)'));
      await label(page, 'Collection').selectOption('software');
      await button(page, 'View').click();
      await page.getByText('No entries in the software change log.').waitFor();
      await findings.axe(page, where('/config-change-log', 'empty collection'));
    });

    sweep.test(where('/change-log-form', 'empty, every field in error, saved'), async (findings) => {
      const page = await office();
      await sweep.visit(page, '/change-log-form', 'Change Log Form');
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

    sweep.test(where('/adminpayment', 'empty, no e-mail, unknown customer, no appointments'), async (findings) => {
      const page = await office();
      await sweep.visit(page, '/adminpayment', 'Take a Payment');
      await findings.axe(page, where('/adminpayment', 'empty form'));
      await button(page, 'Check').click();
      await page.getByText("Enter the customer's e-mail address.").waitFor();
      await findings.axe(page, where('/adminpayment', 'no e-mail (error shown)'));
      await label(page, 'Customer e-mail').fill('nobody.here@example.com');
      await button(page, 'Check').click();
      await banner(page, PAYMENT_TEXTS.userMissing);
      await findings.axe(page, where('/adminpayment', 'unknown customer (warning)'));
      await label(page, 'Customer e-mail').fill(idle.email);
      await button(page, 'Check').click();
      await page.getByText('This customer has no unpaid appointments.').waitFor();
      await findings.axe(page, where('/adminpayment', 'customer without appointments'));
    });
  });

  describe('with appointments, payments, errors and change-log entries', () => {
    let booked: SweepAppointments;

    beforeAll(async () => {
      booked = await fillSweepData(sweep.url, admin, full);
    });

    sweep.test(where('/admin', 'full list, its dialogs, as cards and with the menu opened on a phone'), async (findings) => {
      const page = await office();
      await sweep.visit(page, '/admin', ADMIN_TEXTS.dashboard);
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
      await page.setViewportSize(SWEEP_PHONE);
      await page.locator('.admin-card').first().waitFor();
      await findings.axe(page, where('/admin', 'open appointments as cards on a phone'));
      await button(page, 'Menu').click();
      await page.locator('#site-nav.show').waitFor();
      await findings.axe(page, where('/admin', 'menu opened on a phone'));
      await page.setViewportSize(SWEEP_DESKTOP);
    });

    sweep.test(where('/completed-appointments', 'full list'), async (findings) => {
      const page = await office();
      await sweep.visit(page, '/completed-appointments', 'Completed Appointments');
      await page.locator('.admin-table tbody tr').first().waitFor();
      await findings.axe(page, where('/completed-appointments', 'completed appointments'));
    });

    sweep.test(where('/paid-appointments', 'full list, period the wrong way round'), async (findings) => {
      const page = await office();
      await sweep.visit(page, '/paid-appointments', 'Paid Appointments');
      await page.locator('.admin-table tbody tr').first().waitFor();
      await findings.axe(page, where('/paid-appointments', 'payments with their total'));
      await label(page, 'From').fill('2026-12-31');
      await label(page, 'To').fill('2026-01-01');
      await button(page, 'Show').click();
      await page.getByRole('alert').filter({ hasText: 'Choose a first and a last day' }).waitFor();
      await findings.axe(page, where('/paid-appointments', 'period the wrong way round (error)'));
    });

    sweep.test(where('/errorlog', 'full list, an entry deleted'), async (findings) => {
      const page = await office();
      await sweep.visit(page, '/errorlog', 'Error Log');
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

    sweep.test(where('/config-change-log', 'entries listed, edit dialog with an error, delete (confirm dialog)'), async (findings) => {
      const page = await office();
      await sweep.visit(page, '/config-change-log', 'Config Change Log');
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

    sweep.test(where('/adminpayment', "the customer's appointments, amount not valid, confirm, ready to pay"), async (findings) => {
      const page = await office();
      await sweep.visit(page, '/adminpayment', 'Take a Payment');
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

    sweep.test(where('/admin/time-off', 'empty, form in error, a closure over bookings, the feed address'), async (findings) => {
      const page = await office();
      await sweep.visit(page, '/admin/time-off', 'Time Off');
      await page.locator('.admin-empty').waitFor();
      await page.getByText('Your calendar feed is off.').waitFor();
      await findings.axe(page, where('/admin/time-off', 'no time off, rules and feed'));
      await button(page, 'Close this time').click();
      await page.getByText('Choose the day to close.').waitFor();
      await findings.axe(page, where('/admin/time-off', 'form in error'));
      await label(page, 'Day').fill(sweepDay(0));
      await label(page, 'Reason (private, only the back office sees it)').fill('Sweep closure');
      await button(page, 'Close this time').click();
      const closure = page.locator('li[data-time-off-id]').filter({ hasText: 'Sweep closure' });
      await closure.waitFor();
      await findings.axe(page, where('/admin/time-off', 'a closure with the bookings inside it'));
      await button(page, 'Make a feed address').click();
      await page.getByLabel(/^Your feed address/).waitFor();
      await findings.axe(page, where('/admin/time-off', 'the feed address, shown once'));
      await page.setViewportSize(SWEEP_PHONE);
      await findings.axe(page, where('/admin/time-off', 'on a phone'));
      await page.setViewportSize(SWEEP_DESKTOP);
      await closure.getByRole('button', { name: /^Reopen/ }).click();
      await (await openedDialog(page, 'Please confirm')).getByRole('button', { name: 'OK' }).click();
      await expect.poll(() => closure.count()).toBe(0);
    });

    sweep.test(where('/admin', 'the network failed'), async (findings) => {
      const page = await office();
      const api = /\/api\/admin\/appointments$/;
      await page.context().route(api, (route) => route.abort());
      try {
        await sweep.visit(page, '/admin', ADMIN_TEXTS.dashboard);
        await button(page, 'Try again').waitFor({ timeout: 10_000 });
        await findings.axe(page, where('/admin', 'the appointments could not be loaded'));
      } finally {
        await page.context().unroute(api);
      }
    });
  });

  sweep.expectChecked(39);
});
