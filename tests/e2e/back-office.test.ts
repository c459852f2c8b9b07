import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '../../src/shared/admin.ts';
import { APPOINTMENT_TEXTS, type CustomerAppointment } from '../../src/shared/appointments.ts';
import { businessDateOf, formatAppointmentTime, slotInstant } from '../../src/shared/business-time.ts';
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
import {
  bookOverHttp,
  createBookingCustomer,
  createVerifiedAccount,
  describeOverHttp,
  type HttpCustomer,
} from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { tabTo } from '../support/browser-accounts.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const ADMIN_EMAIL = 'owner@example.com';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

const DAYS = upcomingWeekendDays(3, 2);
const day = (index: number) => DAYS[index] ?? '';
const when = (date: string, slot: Parameters<typeof slotInstant>[1]) => formatAppointmentTime(slotInstant(date, slot));
const THIS_YEAR = businessDateOf(new Date()).slice(0, 4);

describe('a day in the back office, in Chromium against the real server', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: HttpCustomer;
  let customer: HttpCustomer;
  let office: Window;
  let home: Window;
  const booked: Record<'printer' | 'laptop' | 'mistake' | 'phone', CustomerAppointment> = {} as never;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL } }), workerBrowser()]);
    [admin, customer] = await Promise.all([createVerifiedAccount(server.url, ADMIN_EMAIL), createBookingCustomer(server.url, 'dayjob')]);
    [office, home] = await Promise.all([openWindow(browser, server.url, admin), openWindow(browser, server.url, customer)]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  const liveStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'Live updates:' });
  const banner = (page: Page, text: string) => page.locator('.timed-alert').filter({ hasText: text });
  const adminRow = (id: string) => office.page.locator(`.admin-table tbody tr[data-appointment-id="${id}"]`);
  const HEADINGS: Record<string, string> = {
    '/admin': ADMIN_TEXTS.dashboard,
    '/completed-appointments': 'Completed Appointments',
    '/paid-appointments': 'Paid Appointments',
    '/errorlog': 'Error Log',
    '/change-log-form': 'Change Log Form',
    '/config-change-log': 'Config Change Log',
  };
  /** The back office's navigation groups the screens: the group each screen is listed under. */
  const GROUP_OF: Record<string, string> = {
    Completed: 'Visits',
    Paid: 'Money',
    'Error Log': 'Settings',
    'Change Log Form': 'Settings',
    'Config Change Log': 'Settings',
  };
  /**
   * Follows the navigation (its menu opened on a phone, the screen's group opened on a wider screen), and waits for
   * the new screen itself (the old one stays while the new one loads).
   */
  const goTo = async (label: string, pathname: string) => {
    const nav = office.page.getByRole('navigation', { name: 'Back office' });
    const menu = nav.getByRole('button', { name: 'Back office', exact: true });
    const group = GROUP_OF[label];
    if (await menu.isVisible()) await menu.click();
    else if (group) await nav.getByRole('button', { name: group, exact: true }).click();
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect.poll(() => new URL(office.page.url()).pathname).toBe(pathname);
    await expect.poll(() => office.page.locator('h1').textContent(), { timeout: 5000 }).toBe(HEADINGS[pathname]);
    expect(await nav.getByRole('link', { name: label, exact: true, includeHidden: true }).getAttribute('aria-current')).toBe('page');
  };
  const expectNoAxeViolations = async (page: Page) => expect(await axeViolations(page)).toEqual([]);
  const cells = (row: Locator) => row.locator('th, td').allInnerTexts();
  /** A closing dialog fades out over its page; axe judges colours once it has gone. */
  const noDialogOpen = (page: Page) => expect.poll(() => page.locator('.modal, .modal-backdrop').count()).toBe(0);

  it('shows a new booking on /admin live, sets notes and an amount the customer sees live, and completes the job', async () => {
    const { page } = office;
    await page.goto(`${server.url}/admin`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(ADMIN_TEXTS.dashboard);
    await expect.poll(() => liveStatus(page).textContent()).toBe('Live updates: Online');
    // The list arrives after the heading and the live connection: wait for its empty note.
    await expect.poll(() => page.getByText(ADMIN_TEXTS.noPaid).isVisible(), { timeout: 5000 }).toBe(true);
    // Every screen in the navigation, group by group: each group's button shows its own screens.
    const officeNav = page.getByRole('navigation', { name: 'Back office' });
    const listed: Record<string, Array<string | null>> = {};
    for (const group of ['Visits', 'Money', 'Settings']) {
      await officeNav.getByRole('button', { name: group, exact: true }).click();
      listed[group] = await officeNav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    }
    await page.keyboard.press('Escape');
    expect(listed).toEqual({
      Visits: ['/admin', '/completed-appointments', '/admin/waitlist', '/admin/reviews'],
      Money: ['/admin', '/adminpayment', '/paid-appointments', '/sales-tax'],
      Settings: ['/admin', '/admin/time-off', '/errorlog', '/config-change-log', '/change-log-form'],
    });
    expect(await officeNav.getByRole('link').allTextContents()).toEqual(['Today']);
    await expectNoAxeViolations(page);

    await home.page.goto(`${server.url}/home`);
    await expect.poll(() => liveStatus(home.page).textContent()).toBe('Live updates: Online');

    // Booked after the dashboard opened: it arrives through the live connection, without a reload.
    booked.printer = await bookOverHttp(server.url, customer, day(0), '09:30am');
    await describeOverHttp(server.url, customer, booked.printer.id, 'The printer will not print.');
    const row = adminRow(booked.printer.id);
    await expect.poll(() => row.locator('td').nth(2).textContent(), { timeout: 5000 }).toBe('The printer will not print.');
    expect((await cells(row)).slice(0, 7)).toEqual([
      when(day(0), '09:30am'),
      `Mary-Ann O'Neil Smith\n${customer.email}\n631-555-0100\n12 Main Street, Bay Shore, NY 11706\nLanguage: English`,
      'In-Person',
      'The printer will not print.',
      // The notes' stored default and the amount not yet set show as empty.
      '',
      '',
      'Booked',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);
    await expectNoAxeViolations(page);

    await row.getByRole('button', { name: /^Edit/ }).click();
    let dialog = await shownDialog(page, 'Edit appointment');
    await dialog.getByText('No changes yet.').waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Notes').fill('Bring a new router');
    await dialog.getByLabel('Amount in dollars and cents').fill('12.345');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter the amount in dollars and cents, like 75.00.').waitFor();
    await dialog.getByLabel('Amount in dollars and cents').fill('75');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await banner(page, ADMIN_TEXTS.updatedScheduled).waitFor();
    await expect.poll(() => row.locator('.admin-notes').textContent()).toBe('Bring a new router');
    expect(await row.locator('.admin-amount').textContent()).toBe('$75.00');

    // The customer's /home, open in another browser, shows the amount without a reload.
    await expect.poll(() => home.page.locator('.appointment-table tbody tr').first().textContent(), { timeout: 5000 }).toContain('$75.00');

    await row.getByRole('button', { name: /^Edit/ }).click();
    dialog = await shownDialog(page, 'Edit appointment');
    const history = dialog.locator('.admin-history-list > li');
    await expect.poll(() => history.count()).toBe(1);
    const changes = await history.first().locator('.admin-history-change').allTextContents();
    expect(changes).toEqual(['Notes: “Enter notes here” →changed to “Bring a new router”', 'Amount: $0.00 →changed to $75.00']);
    expect(await history.first().textContent()).toContain(`Edited by ${ADMIN_EMAIL}`);
    await dialog.getByLabel('Completed').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await banner(page, ADMIN_TEXTS.createdCompleted).waitFor();
    await expect.poll(() => row.locator('.admin-status').textContent()).toBe('Completed');
  });

  it('lets the customer pay in test mode at /makepayment: thank-you, then /home after 3 seconds', async () => {
    const { page } = home;
    const row = page.locator('.appointment-table tbody tr').first();
    const pay = row.getByRole('button', { name: /^Pay/ });
    // The completion reaches this window over its live connection, after the amount; Pay turns green once the job
    // may be paid (before that, it answers that it cannot be paid yet).
    await expect.poll(() => pay.getAttribute('class')).toContain('btn-success');
    await pay.click();
    await answerConfirm(page, APPOINTMENT_TEXTS.payConfirm('75.00'), 'OK');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/makepayment');
    await expect.poll(() => page.locator('h2').first().textContent()).toBe(PAYMENT_TEXTS.makePayment('75.00'));
    expect(await page.locator('h1').textContent()).toBe(PAYMENT_TEXTS.checkout);
    // The appointment is in the address too, so a reload keeps the checkout.
    expect(new URL(page.url()).searchParams.get('appointment')).toBe(booked.printer.id);
    await page.reload();
    await expect.poll(() => page.locator('h2').first().textContent()).toBe(PAYMENT_TEXTS.makePayment('75.00'));
    const panel = page.getByRole('region', { name: 'Test mode: no money moves' });
    expect(await panel.isVisible()).toBe(true);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      // The page lays itself out for the new width when it has handled the resize, a moment after it.
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width);
      await expectNoAxeViolations(page);
      await screenshotIfAsked(page, `makepayment-${viewport.width}`);
    }

    // The thank-you counts its 3 seconds by Date: the page's Date stops here and is moved on by hand.
    const paidAt = await stopDate(page);
    await panel.getByRole('button', { name: 'Pay $75.00 (test mode)' }).click();
    const thanks = await shownDialog(page, PAYMENT_TEXTS.thankYou("Mary-Ann O'Neil"));
    expect(await thanks.textContent()).toContain('$75.00');
    await expectNoAxeViolations(page);
    await runCountdown(page, thanks, paidAt);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
    await page.clock.setSystemTime(Date.now());
    await page.getByText('You have no appointments booked.').waitFor();
    await expect
      .poll(async () => (await mailboxOf(server.url, customer.email)).map((mail) => mail.subject))
      .toContain('Your TechHelp receipt: $75.00 (TEST: no money was taken)');

    // Paid, it leaves the dashboard live.
    await expect.poll(() => adminRow(booked.printer.id).count(), { timeout: 5000 }).toBe(0);
  });

  it('finds the payment on /paid-appointments with the period total, and in the CSV download', async () => {
    const { page } = office;
    await goTo('Paid', '/paid-appointments');
    const row = page.locator(`.admin-table tbody tr[data-appointment-id="${booked.printer.id}"]`);
    await row.waitFor();
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(`${THIS_YEAR}-01-01`);
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(`${THIS_YEAR}-12-31`);
    // Taken in test mode, the payment is listed but moved no money: the total leaves it out and says so.
    expect(await page.locator('.admin-total').textContent()).toBe(
      `Total from ${THIS_YEAR}-01-01 to ${THIS_YEAR}-12-31: $0.00 (0 payments)`,
    );
    expect(await page.locator('.admin-total-apart').allTextContents()).toEqual([
      'Test payments (no money): $75.00 (1 payment, not in the total)',
    ]);
    const rowCells = await cells(row);
    expect(rowCells.slice(2)).toEqual([
      when(day(0), '09:30am'),
      `Mary-Ann O'Neil Smith\n${customer.email}`,
      'In-Person',
      'TEST\nTest mode',
      // The long reference shortened, the whole of it in the button's name.
      expect.stringMatching(/^SANDBOX-CA…\S{6}\nPayment reference SANDBOX-CAPTURE-/),
      '$75.00\nnot in the total',
      expect.stringMatching(/^Refund/),
    ]);
    await expectNoAxeViolations(page);
    await screenshotIfAsked(page, 'paid-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`techhelp-paid-${THIS_YEAR}-01-01-to-${THIS_YEAR}-12-31.csv`);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\n').find((line) => line.includes(booked.printer.id))).toMatch(
      /,"?TEST \(test mode[^)]*\)"?,SANDBOX-CAPTURE-[^,]+,75\.00,TEST,,,,$/,
    );

    const lastYear = String(Number(THIS_YEAR) - 1);
    await page.getByLabel('From', { exact: true }).fill(`${lastYear}-01-01`);
    await page.getByLabel('To', { exact: true }).fill(`${lastYear}-12-31`);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText(ADMIN_TEXTS.noPaid).waitFor();
    expect(await page.locator('.admin-total').textContent()).toBe(`Total from ${lastYear}-01-01 to ${lastYear}-12-31: $0.00 (0 payments)`);
  });

  it('records a payment by hand from /completed-appointments, with each change in the history, and deletes a booking', async () => {
    const { page } = office;
    booked.laptop = await bookOverHttp(server.url, customer, day(1), '11:00am', true);
    booked.mistake = await bookOverHttp(server.url, customer, day(1), '02:00pm');
    await goTo('Today', '/admin');
    const laptop = adminRow(booked.laptop.id);
    await laptop.waitFor();

    await adminRow(booked.mistake.id)
      .getByRole('button', { name: /^Delete/ })
      .click();
    await answerConfirm(page, ADMIN_TEXTS.deleteConfirm, 'OK');
    await banner(page, ADMIN_TEXTS.deleted).waitFor();
    await expect.poll(() => adminRow(booked.mistake.id).count()).toBe(0);

    await laptop.getByRole('button', { name: /^Edit/ }).click();
    let dialog = await shownDialog(page, 'Edit appointment');
    await dialog.getByLabel('Amount in dollars and cents').fill('40.50');
    await dialog.getByLabel('Completed').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await banner(page, ADMIN_TEXTS.createdCompleted).waitFor();

    await goTo('Completed', '/completed-appointments');
    const row = page.locator(`.admin-table tbody tr[data-appointment-id="${booked.laptop.id}"]`);
    await row.waitFor();
    expect((await cells(row)).slice(2, 7)).toEqual(['Remote', 'No description yet.', '', '$40.50', 'Completed']);
    await expectNoAxeViolations(page);
    await row.getByRole('button', { name: /^Edit/ }).click();
    dialog = await shownDialog(page, 'Edit appointment');
    await expect
      .poll(() => dialog.locator('.admin-history-change').allTextContents())
      .toEqual(['Amount: $0.00 →changed to $40.50', 'Completed: No →changed to Yes']);
    await dialog.getByLabel('Paid (record a payment taken by hand)').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Choose how the customer paid: cash, check or card.').waitFor();
    await expectNoAxeViolations(page);
    await screenshotIfAsked(page, 'completed-edit-1280', { fullPage: false });
    await dialog.getByRole('radio', { name: 'Check' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await banner(page, ADMIN_TEXTS.updated).waitFor();
    await page.getByText(ADMIN_TEXTS.noCompleted).waitFor();
    await noDialogOpen(page);
    await expectNoAxeViolations(page);

    await goTo('Paid', '/paid-appointments');
    await page.locator(`.admin-table tbody tr[data-appointment-id="${booked.laptop.id}"]`).getByText('By hand (check)').waitFor();
    expect(await page.locator('.admin-total').textContent()).toContain('$40.50 (1 payment)');
    const history = await callAs<Array<{ action: string }>>(
      server.url,
      admin,
      'GET',
      `/api/admin/appointments/${booked.laptop.id}/history`,
    );
    expect(history.map((entry) => entry.action)).toEqual(['payment', 'update']);
  });

  it('lists error-log entries, deletes them one by one (the list reloads) down to the empty log', async () => {
    const { page } = office;
    for (const message of ['Printer driver crashed', 'Scanner timed out']) {
      await callAs(server.url, customer, 'POST', '/api/errors', { errorMessage: message, componentName: 'BackOfficeTest' }, 204);
    }
    await goTo('Error Log', '/errorlog');
    const rows = page.locator('.admin-table tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('.admin-table thead th').allInnerTexts()).toEqual([
      '#',
      'errorID',
      'day',
      'time',
      'userId',
      'errorMessage',
      'appointmentIdentifier',
      'componentName',
      'Delete',
    ]);
    const crashed = rows.filter({ hasText: 'Printer driver crashed' });
    expect((await cells(crashed)).slice(6, 8)).toEqual(['', 'BackOfficeTest']);
    expect(await page.getByText(/^Page 1 of 1$/).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshotIfAsked(page, 'errorlog-1280');

    const before = await rows.count();
    await crashed.getByRole('button', { name: /^Delete/ }).click();
    await banner(page, ADMIN_TEXTS.deletedRecords).waitFor();
    await expect.poll(() => rows.count()).toBe(before - 1);
    expect(await crashed.count()).toBe(0);

    while ((await rows.count()) > 0) {
      const count = await rows.count();
      await rows
        .first()
        .getByRole('button', { name: /^Delete/ })
        .click();
      await expect.poll(() => rows.count()).toBe(count - 1);
    }
    const empty = page.locator('.admin-empty');
    await expect.poll(() => empty.locator('p').first().textContent()).toBe(ADMIN_TEXTS.dashboard);
    expect(await empty.textContent()).toContain(ADMIN_TEXTS.noErrors);
    await expectNoAxeViolations(page);
  });

  it('saves a change-log entry through the form, views it, edits it and cancels it', async () => {
    const { page } = office;
    await goTo('Change Log Form', '/change-log-form');
    await page.getByRole('button', { name: 'Save' }).click();
    for (const message of ['Date is required.', 'Time is required.', 'Choose database, hardware or software.', 'Context is required.']) {
      await page.getByText(message).waitFor();
    }
    await expectNoAxeViolations(page);
    await screenshotIfAsked(page, 'change-log-form-1280');
    await page.getByLabel('Date', { exact: true }).fill('2026-11-20');
    await page.getByLabel('Time', { exact: true }).fill('18:30');
    await page.getByLabel('Collection', { exact: true }).selectOption('hardware');
    await page.getByLabel('Context', { exact: true }).fill('Office router');
    await page.getByLabel('Description', { exact: true }).fill('Replaced the router with a Wi-Fi 7 model.');
    await page.getByRole('button', { name: 'Save' }).click();
    await banner(page, ADMIN_TEXTS.changeLogSaved).waitFor();
    expect(await page.getByLabel('Context', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe('');

    await goTo('Config Change Log', '/config-change-log');
    await page.getByLabel('Collection', { exact: true }).selectOption('hardware');
    await page.getByRole('button', { name: 'View' }).click();
    const row = page.locator('.admin-table tbody tr').filter({ hasText: 'Office router' });
    await row.waitFor();
    expect((await cells(row)).slice(0, 6)).toEqual([
      '1',
      '2026-11-20',
      '18:30',
      'hardware',
      'Office router',
      'Replaced the router with a Wi-Fi 7 model.',
    ]);
    await expectNoAxeViolations(page);
    await screenshotIfAsked(page, 'config-change-log-1280');

    await row.getByRole('button', { name: /^Edit/ }).click();
    const dialog = await shownDialog(page, 'Edit change-log entry');
    expect(await dialog.getByLabel('Collection', { exact: true }).inputValue()).toBe('hardware');
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Description', { exact: true }).fill('Replaced the router; the old one went to recycling.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.locator('td').nth(4).textContent()).toBe('Replaced the router; the old one went to recycling.');

    await row.getByRole('button', { name: /^Cancel/ }).click();
    await answerConfirm(page, 'Are you sure you want to delete this change-log entry? If YES select OK', 'OK');
    await banner(page, ADMIN_TEXTS.deletedRecords).waitFor();
    await page.getByText('No entries in the hardware change log.').waitFor();
  });

  it('shows /admin as cards on a phone (nothing wider than the screen, no axe violations), and works by keyboard', async () => {
    const { page } = office;
    booked.phone = await bookOverHttp(server.url, customer, day(2), '08:00am');
    await page.setViewportSize(PHONE);
    await goTo('Today', '/admin');
    const card = page.locator(`.admin-card[data-appointment-id="${booked.phone.id}"]`);
    await card.waitFor();
    expect(await card.locator('h3').textContent()).toBe(when(day(2), '08:00am'));
    expect(await card.locator('.admin-language').textContent()).toBe('English');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await expectNoAxeViolations(page);
    await screenshotIfAsked(page, 'admin-375');
    await page.setViewportSize(DESKTOP);
    await adminRow(booked.phone.id).waitFor();
    await screenshotIfAsked(page, 'admin-1280');

    // By keyboard: the table's scrolling region, then the row's Edit; Escape closes and Edit has the focus again.
    await tabTo(page, page.getByRole('region', { name: 'Open appointments (1)' }));
    const edit = adminRow(booked.phone.id).getByRole('button', { name: /^Edit/ });
    await tabTo(page, edit);
    await page.keyboard.press('Enter');
    const dialog = await shownDialog(page, 'Edit appointment');
    // The dialog moves the focus when its opening transition has ended, which may be just after it shows at full opacity.
    await expect.poll(() => dialog.getByLabel('Description').evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => edit.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('tells a customer who types /admin that they are Not Authorized', async () => {
    const { page } = home;
    await page.goto(`${server.url}/admin`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Not Authorized');
    expect(await page.getByRole('navigation', { name: 'Back office' }).count()).toBe(0);
    expectQuietConsole(home);
    expectQuietConsole(office);
  });
});
