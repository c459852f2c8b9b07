import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '../../src/shared/admin.ts';
import { APPOINTMENT_TEXTS } from '../../src/shared/appointments.ts';
import { formatAppointmentTime, slotInstant } from '../../src/shared/business-time.ts';
import { fillIn } from '../../src/shared/english.ts';
import { formatAppointmentTimeIn, spanishTime } from '../../src/shared/locale-format.ts';
import { PAYMENT_TEXTS } from '../../src/shared/payments.ts';
import { KeyboardUser, noDialog, openedDialog } from '../support/accessibility.ts';
import { nextClient, PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { callAs, expectQuietConsole, openWindow, type Window } from '../support/back-office-people.ts';
import { bookOverHttp, createVerifiedAccount, describeOverHttp, type HttpCustomer } from '../support/booking-customers.ts';
import { releaseBrowser, WITH_MOTION, workerBrowser } from '../support/browser.ts';
import { waitForActionLink } from '../support/browser-accounts.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import { es, loadCatalogues, type Part, SPANISH_BROWSER } from '../support/spanish.ts';

/**
 * The flows of the accounts, booking, payments and back office, by keyboard alone: once a page is opened, only
 * page.keyboard (Tab, Shift+Tab, Enter, Space, arrows, typing) drives it, and every control the focus stops at
 * must show a focus indicator. Signing up, verifying and logging in by keyboard are in accounts.test.ts, the
 * chatbot request in chat.test.ts.
 */

const ADMIN_EMAIL = 'owner.keys@example.com';
const DAYS = upcomingWeekendDays(4, 2);
const day = (index: number) => DAYS[index] ?? '';
const when = (date: string, slot: Parameters<typeof slotInstant>[1]) => formatAppointmentTime(slotInstant(date, slot));

/**
 * The customer's journey in one language: its texts come from the catalogues (`say`, the English message itself in
 * English), and what the customer types is theirs.
 */
type Say = (part: Part, english: string, values?: Record<string, string>) => string;
type Journey = {
  language: 'en' | 'es';
  say: Say;
  /** The browser's language and time zone. */
  browser: { locale: string; timezoneId?: string };
  /** A slot's button, and a visit's time in the appointments list, as the screens show them. */
  slotName: (date: string, slot: Parameters<typeof slotInstant>[1]) => string;
  appointmentTime: (date: string, slot: Parameters<typeof slotInstant>[1]) => string;
  descriptions: [string, string];
  /** The slot booked on the second day (each journey its own, so that one cannot hold up the other). */
  slot: Parameters<typeof slotInstant>[1];
};
const JOURNEYS: Record<Journey['language'], Journey> = {
  en: {
    language: 'en',
    say: (_part, english, values = {}) => fillIn(english, values),
    browser: { locale: 'en-US' },
    slotName: (_date, slot) => slot,
    appointmentTime: when,
    descriptions: ['My e-mail stopped arriving.', 'E-mail stopped arriving on the tablet too.'],
    slot: '02:00pm',
  },
  es: {
    language: 'es',
    say: es,
    browser: SPANISH_BROWSER,
    slotName: (date, slot) => spanishTime(slotInstant(date, slot), 'meridiem'),
    appointmentTime: (date, slot) => formatAppointmentTimeIn(slotInstant(date, slot), 'es', 'all'),
    descriptions: ['Mi correo dejó de llegar.', 'El correo tampoco llega a la tableta.'],
    slot: '03:30pm',
  },
};

describe('every flow by keyboard alone, in Chromium against the real server', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: HttpCustomer;
  let newcomer: HttpCustomer;
  /** A newcomer who chose Spanish: their account keeps it, and the app shows it once they log in. */
  let recienLlegado: HttpCustomer;
  let regular: HttpCustomer;
  let forgetful: HttpCustomer;
  const windows: Window[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: '1' } }),
      workerBrowser(),
      loadCatalogues(),
    ]);
    [admin, newcomer, regular, forgetful, recienLlegado] = await Promise.all([
      createVerifiedAccount(server.url, ADMIN_EMAIL),
      createVerifiedAccount(server.url, uniqueEmail('keys.newcomer')),
      createVerifiedAccount(server.url, uniqueEmail('keys.regular'), { profile: true }),
      createVerifiedAccount(server.url, uniqueEmail('keys.forgetful'), { profile: true }),
      createVerifiedAccount(server.url, uniqueEmail('keys.recien.llegado')),
    ]);
    await callAs(server.url, recienLlegado, 'PUT', '/api/account/locale', { locale: 'es' });
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  /**
   * A window from a client address of its own, in New York time and US English (date and time fields type so),
   * or in the browser language given.
   */
  async function open(
    person: HttpCustomer | undefined,
    path: string,
    language: { locale: string; timezoneId?: string } = { locale: 'en-US' },
  ): Promise<{ page: Page; keys: KeyboardUser }> {
    const window = await openWindow(browser, server.url, person, {
      ...WITH_MOTION,
      ...language,
      extraHTTPHeaders: { 'x-forwarded-for': nextClient() },
    });
    windows.push(window);
    await window.page.goto(`${server.url}${path}`);
    return { page: window.page, keys: new KeyboardUser(window.page) };
  }

  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' });
  const field = (scope: Page | Locator, name: string) => scope.getByLabel(name, { exact: true });
  const banner = (page: Page, text: string) => page.locator('.timed-alert').filter({ hasText: text }).waitFor();
  const mainNav = (page: Page, say: Say = JOURNEYS.en.say) => page.getByRole('navigation', { name: say('web', 'Main') });
  /**
   * Goes to a back-office screen by its navigation: Shift+Tab back to the screen's group, Enter opens it, Tab on to
   * the screen's link, Enter follows it.
   */
  async function officeScreen(page: Page, keys: KeyboardUser, group: string, name: string) {
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await keys.tabTo(nav.getByRole('button', { name: group, exact: true }), { backwards: true });
    await keys.press('Enter');
    await keys.tabTo(nav.getByRole('link', { name, exact: true }));
    await keys.press('Enter');
  }

  /** Answers the open confirm dialog with OK, which has the focus once the dialog has opened. */
  async function confirmWithEnter(page: Page, keys: KeyboardUser, question: string, say: Say = JOURNEYS.en.say) {
    const dialog = await openedDialog(page, say('web', 'Please confirm'));
    expect((await dialog.locator('.modal-body').textContent())?.trim()).toBe(question);
    await keys.waitForFocus(button(dialog, say('web', 'OK')));
    await keys.press('Enter');
    await expect.poll(() => page.getByRole('dialog', { name: say('web', 'Please confirm') }).count()).toBe(0);
  }

  function expectFocusAlwaysVisible(keys: KeyboardUser) {
    expect(keys.stops).toBeGreaterThan(10);
    expect(keys.missingFocusIndicators).toEqual([]);
  }

  /**
   * Logs in, fills the service form, books, edits the description, cancels, updates the account and logs out, in
   * the journey's language; every screen on the way is in that language.
   */
  async function customerJourney(journey: Journey, person: HttpCustomer) {
    const { say, slotName, appointmentTime, descriptions, slot: time } = journey;
    const [described, edited] = descriptions;
    const inLanguage = async (page: Page) => expect(await page.evaluate(() => document.documentElement.lang)).toBe(journey.language);
    const { page, keys } = await open(undefined, '/login', journey.browser);
    await keys.tabTo(field(page, say('accounts', 'E-mail address')));
    await inLanguage(page);
    await keys.type(person.email);
    await keys.tabTo(field(page, say('accounts', 'Password')));
    await keys.type(PASSWORD);
    await keys.tabTo(button(page, say('accounts', 'Log in')));
    await keys.press('Enter');
    await page.getByRole('heading', { name: say('accounts', 'Please complete Service Form') }).waitFor();
    await inLanguage(page);

    // The service form; the city is a select, chosen by typing its name.
    for (const [label, text] of [
      ['First name', 'Ruth'],
      ['Last name', 'Baker'],
      ['Phone number', '631-555-0111'],
      ['Street address', '3 Elm Street'],
    ] as const) {
      await keys.tabTo(field(page, say('accounts', label)));
      await keys.type(text);
    }
    await keys.tabTo(field(page, say('accounts', 'City')));
    await keys.type('Sayville');
    expect(await field(page, say('accounts', 'Zip code')).inputValue()).toBe('11782');
    await keys.tabTo(button(page, say('accounts', 'Submit')));
    await keys.press('Enter');
    const saved = await openedDialog(page, say('shared', 'Success!'));
    await keys.waitForFocus(button(saved, say('web', 'OK')));
    await keys.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/home');
    await inLanguage(page);

    // A day by the arrows of the calendar, a time, Remote by the arrows of the radio group, Confirm, OK.
    // Once loaded, the calendar shows a month with a day to choose (in a month's last days, the next month).
    await page.locator('.booking-calendar:not([aria-busy]) .rdp-month_grid').waitFor();
    await keys.tabTo(page.locator('.rdp-day_button[tabindex="0"]'));
    const focusedDay = () => page.evaluate(() => document.activeElement?.closest('td')?.getAttribute('data-day') ?? null);
    for (let presses = 0; (await focusedDay()) !== day(1) && presses < 60; presses++) {
      const before = await focusedDay();
      await keys.press('ArrowRight');
      // Crossing into the next month, the focus leaves the old month's grid and lands on the new one's day once
      // that month's free times have arrived: wait for it to land, not only to leave.
      await expect.poll(async () => ((await focusedDay()) ?? before) !== before).toBe(true);
    }
    expect(await focusedDay()).toBe(day(1));
    await keys.press('Enter');
    const slot = button(page, slotName(day(1), time));
    await keys.tabTo(slot);
    await keys.press('Space');
    await expect.poll(() => slot.getAttribute('aria-pressed')).toBe('true');
    await keys.tabTo(page.getByRole('radio', { name: say('appointments', 'In-Person') }));
    await keys.press('ArrowRight');
    expect(await page.getByRole('radio', { name: say('appointments', 'Remote') }).isChecked()).toBe(true);
    await keys.tabTo(button(page, say('appointments', 'Confirm')));
    await keys.press('Enter');
    await confirmWithEnter(page, keys, say('appointments', APPOINTMENT_TEXTS.confirmVisit('Remote')), say);

    const describe = await openedDialog(page, say('appointments', 'Your visit is booked'));
    await keys.waitForFocus(describe.getByLabel(say('appointments', 'Describe the problem')));
    await keys.type(described);
    await keys.tabTo(button(describe, say('appointments', 'Save')));
    await keys.press('Enter');
    await noDialog(page);
    const row = page.locator('.appointment-table tbody tr').first();
    await expect.poll(() => row.locator('.appointment-description').textContent()).toBe(described);
    expect(await row.locator('td').first().textContent()).toBe(appointmentTime(day(1), time));

    // Edit the description.
    await keys.tabTo(button(row, new RegExp(`^${say('appointments', 'Edit')}`)));
    await keys.press('Enter');
    const edit = await openedDialog(page, say('appointments', 'Edit the description'));
    await keys.waitForFocus(edit.getByLabel(say('appointments', 'Describe the problem')));
    await keys.retype(edited);
    await keys.tabTo(button(edit, say('appointments', 'Save')));
    await keys.press('Enter');
    await noDialog(page);
    await expect.poll(() => row.locator('.appointment-description').textContent()).toBe(edited);

    // Cancel it.
    await keys.tabTo(button(row, new RegExp(`^${say('appointments', 'Cancel')}`)));
    await keys.press('Enter');
    await confirmWithEnter(page, keys, say('shared', APPOINTMENT_TEXTS.cancelConfirm), say);
    await page.getByText(say('appointments', 'You have no appointments booked.')).waitFor();

    // The account: from the top navigation, a new phone number, Save, OK.
    await keys.tabTo(mainNav(page, say).getByRole('link', { name: say('site', 'Account') }), { backwards: true });
    await keys.press('Enter');
    const phone = field(page, say('accounts', 'Phone number'));
    await expect.poll(() => phone.inputValue()).toBe('631-555-0111');
    await inLanguage(page);
    await keys.tabTo(phone);
    await keys.retype('631-555-0123');
    await keys.tabTo(button(page, say('accounts', 'Save')));
    await keys.press('Enter');
    await confirmWithEnter(page, keys, say('shared', 'Are you sure you want to change your information? If YES select OK'), say);
    await page
      .getByRole('status')
      .filter({ hasText: say('shared', 'Your information has been updated.') })
      .waitFor();

    await keys.tabTo(button(mainNav(page, say), say('site', 'Logout')), { backwards: true });
    await keys.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/login');
    await inLanguage(page);
    expectFocusAlwaysVisible(keys);
    expectQuietConsole(windows.at(-1) as Window);
  }

  it('logs in, fills the service form, books, edits the description, cancels, updates the account and logs out', async () => {
    await customerJourney(JOURNEYS.en, newcomer);
  });

  it('does the same in Spanish, for a customer who chose Spanish: every name from the Spanish catalogues', async () => {
    await customerJourney(JOURNEYS.es, recienLlegado);
  });

  it('recovers a forgotten password by the e-mailed link, logs in with it and changes the e-mail address', async () => {
    const { page, keys } = await open(undefined, '/login');
    await keys.tabTo(page.getByRole('link', { name: 'Forgot your password?' }));
    await keys.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/forgot-password');
    await keys.tabTo(field(page, 'E-mail address'));
    await keys.type(forgetful.email);
    await keys.press('Enter');
    const sent = await openedDialog(page, 'Success!');
    await keys.waitForFocus(button(sent, 'OK'));
    await keys.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/login');

    // The link in the e-mail opens the reset form.
    await page.goto(await waitForActionLink(server.url, forgetful.email, 'resetPassword'));
    const newPassword = 'a brand new passphrase';
    await keys.tabTo(field(page, 'New password'));
    await keys.type(newPassword);
    await keys.tabTo(field(page, 'Repeat new password'));
    await keys.type(newPassword);
    await keys.press('Enter');
    const reset = await openedDialog(page, 'Success!');
    await keys.waitForFocus(button(reset, 'OK'));
    await keys.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/login');

    await keys.tabTo(field(page, 'E-mail address'));
    await keys.type(forgetful.email);
    await keys.tabTo(field(page, 'Password'));
    await keys.type(newPassword);
    await keys.press('Enter');
    await expect.poll(() => pathOf(page), { timeout: 5000 }).toBe('/home');

    await keys.tabTo(mainNav(page).getByRole('link', { name: 'Account' }), { backwards: true });
    await keys.press('Enter');
    await keys.tabTo(page.getByRole('main').getByRole('link', { name: 'Change Email' }));
    await keys.press('Enter');
    const moved = uniqueEmail('keys.moved');
    await keys.tabTo(field(page, 'New e-mail address'));
    await keys.type(moved);
    await keys.tabTo(field(page, 'Repeat new e-mail address'));
    await keys.type(moved);
    await keys.press('Enter');
    const updated = await openedDialog(page, 'Email Updated');
    await keys.waitForFocus(button(updated, 'OK'));
    await keys.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/login');
    await waitForActionLink(server.url, moved, 'verifyEmail');
    expectFocusAlwaysVisible(keys);
    expectQuietConsole(windows.at(-1) as Window);
  });

  it('pays a completed job in test mode', async () => {
    const appointment = await bookOverHttp(server.url, regular, day(0), '08:00am');
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${appointment.id}`, { amount: '60', isCompleted: true });
    const { page, keys } = await open(regular, '/home');
    const row = page.locator('.appointment-table tbody tr').filter({ hasText: when(day(0), '08:00am') });
    await row.waitFor();
    await keys.tabTo(button(row, /^Pay/));
    await keys.press('Enter');
    await confirmWithEnter(page, keys, APPOINTMENT_TEXTS.payConfirm('60.00'));
    await expect.poll(() => pathOf(page)).toBe('/makepayment');
    const pay = button(page, 'Pay $60.00 (test mode)');
    await keys.tabTo(pay);
    await keys.press('Enter');
    const thanks = await openedDialog(page, PAYMENT_TEXTS.thankYou("Mary-Ann O'Neil"));
    await keys.waitForFocus(button(thanks, 'OK'));
    await keys.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/home');
    await expect.poll(() => row.count()).toBe(0);
    expectFocusAlwaysVisible(keys);
    expectQuietConsole(windows.at(-1) as Window);
  });

  it('runs the back office: edits and completes a job, deletes one, takes payments by hand and for a customer, clears an error, keeps the change log', async () => {
    const appointment = await bookOverHttp(server.url, regular, day(2), '09:30am');
    await describeOverHttp(server.url, regular, appointment.id, 'The printer will not print.');
    const mistake = await bookOverHttp(server.url, regular, day(2), '11:00am');
    const phoned = await bookOverHttp(server.url, regular, day(3), '08:00am', true);
    await callAs(server.url, regular, 'POST', '/api/errors', { errorMessage: 'Scanner timed out', componentName: 'KeyboardTest' }, 204);

    const { page, keys } = await open(admin, '/admin');
    const adminRow = (id: string) => page.locator(`.admin-table tbody tr[data-appointment-id="${id}"]`);
    await adminRow(appointment.id).waitFor();

    // Edit: notes, an amount and Completed, in the dialog.
    await keys.tabTo(button(adminRow(appointment.id), /^Edit/));
    await keys.press('Enter');
    let dialog = await openedDialog(page, 'Edit appointment');
    await keys.waitForFocus(dialog.getByLabel('Description'));
    await keys.tabTo(dialog.getByLabel('Notes'));
    await keys.retype('Bring a new cartridge');
    await keys.tabTo(dialog.getByLabel('Amount in dollars and cents'));
    await keys.retype('75');
    await keys.tabTo(dialog.getByLabel('Completed'));
    await keys.press('Space');
    await keys.tabTo(button(dialog, 'Save'));
    await keys.press('Enter');
    await banner(page, ADMIN_TEXTS.createdCompleted);
    await noDialog(page);

    // Delete a booking made by mistake.
    await keys.tabTo(button(adminRow(mistake.id), /^Delete/));
    await keys.press('Enter');
    await confirmWithEnter(page, keys, ADMIN_TEXTS.deleteConfirm);
    await banner(page, ADMIN_TEXTS.deleted);
    await expect.poll(() => adminRow(mistake.id).count()).toBe(0);

    // A payment by hand, from the completed list: Paid, then Check among the methods by the arrows.
    await officeScreen(page, keys, 'Visits', 'Completed');
    await adminRow(appointment.id).waitFor();
    await keys.tabTo(button(adminRow(appointment.id), /^Edit/));
    await keys.press('Enter');
    dialog = await openedDialog(page, 'Edit appointment');
    await keys.waitForFocus(dialog.getByLabel('Description'));
    await keys.tabTo(dialog.getByLabel('Paid (record a payment taken by hand)'));
    await keys.press('Space');
    await keys.tabTo(dialog.getByRole('radio', { name: 'Cash' }));
    await keys.press('ArrowRight');
    expect(await dialog.getByRole('radio', { name: 'Check' }).isChecked()).toBe(true);
    await keys.tabTo(button(dialog, 'Save'));
    await keys.press('Enter');
    await banner(page, ADMIN_TEXTS.updated);
    await page.getByText(ADMIN_TEXTS.noCompleted).waitFor();
    await noDialog(page);

    // A payment for a customer on the phone: find them, choose the visit, confirm the amount, pay.
    await officeScreen(page, keys, 'Money', 'Take a Payment');
    await keys.tabTo(field(page, 'Customer e-mail'));
    await keys.type(regular.email);
    await keys.press('Enter');
    await banner(page, PAYMENT_TEXTS.userExists);
    const choice = page.getByRole('radio', { name: new RegExp(when(day(3), '08:00am')) });
    await choice.waitFor();
    await keys.tabTo(choice);
    await keys.press('Space');
    expect(await choice.isChecked()).toBe(true);
    await keys.tabTo(field(page, 'Amount in whole dollars'));
    await keys.type('45');
    await keys.press('Enter');
    await confirmWithEnter(page, keys, PAYMENT_TEXTS.confirmAmount('45'));
    const pay = button(page, 'Pay $45.00 (test mode)');
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await keys.tabTo(pay);
    await keys.press('Enter');
    await banner(page, PAYMENT_TEXTS.adminPaid);
    const paid = await callAs<Array<{ id: string }>>(server.url, regular, 'GET', '/api/appointments');
    expect(paid.map((appointment) => appointment.id)).not.toContain(phoned.id);

    // The error log: delete the entry.
    await officeScreen(page, keys, 'Settings', 'Error Log');
    const errorRow = page.locator('.admin-table tbody tr').filter({ hasText: 'Scanner timed out' });
    await errorRow.waitFor();
    await keys.tabTo(button(errorRow, /^Delete/));
    await keys.press('Enter');
    await banner(page, ADMIN_TEXTS.deletedRecords);
    await expect.poll(() => errorRow.count()).toBe(0);

    // The change log: a new entry (date and time typed into their fields, the collection by the arrows).
    await officeScreen(page, keys, 'Settings', 'Change Log Form');
    await keys.tabTo(field(page, 'Date'));
    await keys.type('11202026');
    await keys.tabTo(field(page, 'Time'));
    await keys.type('0630P');
    await keys.tabTo(field(page, 'Collection'));
    await keys.press('ArrowDown');
    await keys.press('ArrowDown');
    expect(await field(page, 'Collection').inputValue()).toBe('hardware');
    await keys.tabTo(field(page, 'Context'));
    await keys.type('Office router');
    await keys.tabTo(field(page, 'Description'));
    await keys.type('Replaced the router.');
    await keys.tabTo(button(page, 'Save'));
    await keys.press('Enter');
    await banner(page, ADMIN_TEXTS.changeLogSaved);

    // ... found in the log, then deleted there (the log's Cancel).
    await officeScreen(page, keys, 'Settings', 'Config Change Log');
    await keys.tabTo(field(page, 'Collection'));
    await keys.press('ArrowDown');
    await keys.press('ArrowDown');
    await keys.tabTo(button(page, 'View'));
    await keys.press('Enter');
    const entry = page.locator('.admin-table tbody tr').filter({ hasText: 'Office router' });
    await entry.waitFor();
    expect((await entry.locator('td').allTextContents()).slice(0, 3)).toEqual(['2026-11-20', '18:30', 'hardware']);
    await keys.tabTo(button(entry, /^Cancel/));
    await keys.press('Enter');
    await confirmWithEnter(page, keys, 'Are you sure you want to delete this change-log entry? If YES select OK');
    await page.getByText('No entries in the hardware change log.').waitFor();

    expectFocusAlwaysVisible(keys);
    expectQuietConsole(windows.at(-1) as Window);
  });
});
