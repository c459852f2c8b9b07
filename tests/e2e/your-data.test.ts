import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../support/accounts.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { expectQuietConsole, openWindow, shownDialog, type Window } from '../support/back-office-people.ts';
import { bookOverHttp, createBookingCustomer, type HttpCustomer } from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const DAY = upcomingWeekendDays(1, 3)[0] ?? '';

/**
 * "Your data" on the account screen (issue 19), in Chromium against the built server: the download of everything
 * held about the customer, and deleting the account behind its password, in a dialog that says what it does.
 */
describe('a customer downloads their data and deletes their account', () => {
  let server: ServerProcess;
  let browser: Browser;
  let customer: HttpCustomer;
  let window: Window;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), workerBrowser()]);
    customer = await createBookingCustomer(server.url, 'your-data');
    await bookOverHttp(server.url, customer, DAY, '11:00am');
    window = await openWindow(browser, server.url, customer);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  it('downloads a JSON file with the profile and the visit', async () => {
    const { page } = window;
    await page.goto(`${server.url}/account`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^techhelp-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8'));
    expect(data.account.email).toBe(customer.email);
    expect(data.profile.lastName).toBe('Smith');
    expect(data.appointments).toHaveLength(1);
  });

  it('asks for the password, says what is wrong in the dialog, then deletes, says so, and signs out', async () => {
    const { page } = window;
    await page.goto(`${server.url}/account`);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = await shownDialog(page, 'Delete your account?');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('That password is not right, so your account was not deleted.').waitFor();
    expect(await dialog.getByLabel('Your password').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    const done = await shownDialog(page, 'Your account is deleted');
    expect(await done.textContent()).toContain('Your visits still to come are cancelled (1)');
    await done.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    const me = await (await fetch(`${server.url}/api/account/me`, { headers: { cookie: customer.cookieHeader } })).json();
    expect(me.user).toBeNull();
    expectQuietConsole(window, [{ path: '/api/account/delete', status: 403 }]);
  });
});
