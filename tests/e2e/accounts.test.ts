import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS, MESSAGES } from '../../src/shared/account.ts';
import { PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { withDateStopped } from '../support/back-office-people.ts';
import { axeViolations, releaseBrowser, workerBrowser } from '../support/browser.ts';
import {
  actionLinks,
  closeDialog,
  descriptionOf,
  dialogBody,
  expectCleanConsole,
  navigationEntries,
  openDialog,
  openPerson,
  pathOf,
  registerAccount,
  signedInCustomer,
  tabTo,
  waitForActionLink,
  waitForPath,
  whoAmI,
} from '../support/browser-accounts.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

const SUPPORT_PHONE = '(631) 555-0199';
const VISITOR_NAVIGATION = ['Services', 'Security Tips', 'Remote Support', 'Register', 'Login'];
const CUSTOMER_NAVIGATION = ['Services', 'Security Tips', 'Remote Support', 'Home', 'Account', 'Logout'];

type NotAuthorizedWatch = { seen: boolean };

/**
 * Starts recording whether the guard's Not Authorized reaches the page, however briefly: a flow that ends the
 * session must leave its guarded screen before the session goes.
 */
async function watchForNotAuthorized(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const watch: NotAuthorizedWatch = { seen: false };
    (window as unknown as { notAuthorizedWatch: NotAuthorizedWatch }).notAuthorizedWatch = watch;
    new MutationObserver((records) => {
      for (const record of records) {
        const texts = [record.target.textContent, ...Array.from(record.addedNodes, (node) => node.textContent)];
        if (texts.some((text) => text?.includes('Not Authorized'))) watch.seen = true;
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { notAuthorizedWatch: NotAuthorizedWatch }).notAuthorizedWatch.seen);
}

/**
 * Presses `button`, reads the Success! dialog's `message` (and runs `whileOpen`, an axe check say), presses OK and
 * waits for `path`. The page's Date stands still until OK is pressed: the dialog moves on by itself after 3 s, which
 * on a busy machine could come before the checks end.
 */
async function pressForSuccess(page: Page, button: string, message: string, path: string, whileOpen?: () => Promise<void>) {
  await withDateStopped(page, async () => {
    await page.getByRole('button', { name: button }).click();
    const success = await openDialog(page, 'Success!');
    expect(await dialogBody(success)).toBe(message);
    await whileOpen?.();
    await closeDialog(success);
    await waitForPath(page, path);
  });
}

describe('accounts in Chromium, against the real server', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { TRUST_PROXY: '1', SUPPORT_PHONE } }), workerBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  it('signs up: lower-case e-mail rule, password hint, both mismatch dialogs, then Success! and /login after 3 s', async () => {
    const visitor = await openPerson(browser, server.url);
    const { page } = visitor;
    try {
      await page.goto(`${server.url}/signup`);
      const email = page.getByLabel('E-mail address', { exact: true });
      const repeatEmail = page.getByLabel('Repeat e-mail address', { exact: true });
      const password = page.getByLabel('Password', { exact: true });
      const repeatPassword = page.getByLabel('Repeat password', { exact: true });
      const register = page.getByRole('button', { name: 'Register' });
      expect(await page.locator('h1').textContent()).toBe('Create your account');
      expect(await descriptionOf(password)).toBe('Must be 10 characters or more');

      await email.fill('Jane.Doe@Example.com');
      await repeatEmail.fill('Jane.Doe@Example.com');
      await password.fill('too short');
      await repeatPassword.fill('too short');
      await register.click();
      await expect.poll(() => descriptionOf(email), { timeout: 10_000 }).toBe(MESSAGES.emailInvalid);
      // Said once: the error is the hint's own text.
      expect(await descriptionOf(password)).toBe('Must be 10 characters or more');
      expect(await page.getByText('Must be 10 characters or more').count()).toBe(1);
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      const address = uniqueEmail('signup');
      await email.fill(address);
      await repeatEmail.fill(uniqueEmail('other'));
      await password.fill(PASSWORD);
      await repeatPassword.fill(PASSWORD);
      await register.click();
      const emailsDialog = await openDialog(page, 'Emails do not match');
      expect(await dialogBody(emailsDialog)).toBe('Please try again.');
      await closeDialog(emailsDialog);
      expect(pathOf(page)).toBe('/signup');

      await repeatEmail.fill(address);
      await repeatPassword.fill(`${PASSWORD}!`);
      await register.click();
      const passwordsDialog = await openDialog(page, 'Passwords do not match');
      expect(await dialogBody(passwordsDialog)).toBe('Please try again.');
      await closeDialog(passwordsDialog);
      expect(await actionLinks(server.url, address, 'verifyEmail')).toEqual([]);

      await repeatPassword.fill(PASSWORD);
      // The dialog counts its 3 seconds by Date; the page's Date stands still from here and is moved on by hand.
      const submitted = Date.now();
      await page.clock.setFixedTime(submitted);
      await register.click();
      const success = await openDialog(page, 'Success!');
      expect(await dialogBody(success)).toBe(ACCOUNT_TEXTS.signUpSuccessBody);
      const countdown = success.getByText(/^Continuing in/);
      expect(await countdown.textContent()).toBe('Continuing in 3 seconds.');
      await page.clock.setFixedTime(submitted + 2999);
      await expect.poll(() => countdown.textContent()).toBe('Continuing in 1 second.');
      expect(pathOf(page)).toBe('/signup');
      await page.clock.setFixedTime(submitted + 3000);
      await waitForPath(page, '/login');
      await waitForActionLink(server.url, address, 'verifyEmail');
      expectCleanConsole(visitor);
    } finally {
      await visitor.context.close();
    }
  });

  it('refuses an unverified login with the warning, mails a new link, and clears the form after 5 s', async () => {
    const visitor = await openPerson(browser, server.url);
    const { page } = visitor;
    try {
      const { email: address } = await registerAccount(visitor, { verified: false });
      await page.clock.install();
      await page.goto(`${server.url}/login`);
      const email = page.getByLabel('E-mail address', { exact: true });
      const password = page.getByLabel('Password', { exact: true });
      await email.fill(address);
      await password.fill(PASSWORD);
      // The page's clock stands still from before the refusal, so that its 5 seconds are counted by the test alone,
      // however long a busy machine takes to show the warning.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      const warning = page.getByRole('alert');
      await warning.waitFor();
      expect(await warning.locator('.alert-heading').textContent()).toBe('You must verify your email address before login!');
      expect(await warning.textContent()).toContain(ACCOUNT_TEXTS.unverifiedBody);
      // 4 seconds after the refusal the form is still filled; at 5 it is cleared.
      await page.clock.runFor(4000);
      expect(await email.inputValue()).toBe(address);
      expect(await password.inputValue()).toBe(PASSWORD);
      await page.clock.runFor(1000);
      await expect.poll(() => email.inputValue()).toBe('');
      expect(await password.inputValue()).toBe('');
      await page.clock.resume();
      expect(pathOf(page)).toBe('/login');
      await expect.poll(() => navigationEntries(page), { timeout: 5000 }).toEqual(VISITOR_NAVIGATION);
      expect(await actionLinks(server.url, address, 'verifyEmail')).toHaveLength(2);
      expectCleanConsole(visitor, [{ path: '/api/account/login', status: 403 }]);
    } finally {
      await visitor.context.close();
    }
  });

  it('verifies the address by the e-mailed link once; the same link again fails with its dialog', async () => {
    const visitor = await openPerson(browser, server.url);
    const { page } = visitor;
    try {
      const { email } = await registerAccount(visitor, { verified: false });
      const link = await waitForActionLink(server.url, email, 'verifyEmail');
      expect(new URL(link).pathname).toBe('/usermgmt');
      expect(new URL(link).searchParams.get('oobCode')).toMatch(/.{16,}/);

      await page.goto(link);
      const confirmed = page.getByRole('status').filter({ hasText: 'Email has been verified' });
      await confirmed.waitFor();
      expect(await confirmed.textContent()).toContain(email);
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(link);
      const dialog = await openDialog(page, 'Error');
      expect(await dialogBody(dialog)).toBe('Please try to verify your email again. If the problem persists, please contact us.');
      expect(await axeViolations(page)).toEqual([]);
      await closeDialog(dialog);
      expect(await page.getByText('Error Verifying email, please try again.').isVisible()).toBe(true);
      expect(await page.getByText('Email has been verified').count()).toBe(0);
      expectCleanConsole(visitor, [{ path: '/api/account/verify-email', status: 400 }]);
    } finally {
      await visitor.context.close();
    }
  });

  it('shows the login error for a wrong password, then logs in to /home after 0.5 s with the customer navigation', async () => {
    const visitor = await openPerson(browser, server.url);
    const { page } = visitor;
    try {
      const { email: address } = await signedInCustomer(visitor);
      await visitor.context.clearCookies();
      await page.goto(`${server.url}/login`);
      const email = page.getByLabel('E-mail address', { exact: true });
      const password = page.getByLabel('Password', { exact: true });
      const logIn = page.getByRole('button', { name: 'Log in', exact: true });
      await email.fill(address);
      await expect.poll(() => navigationEntries(page), { timeout: 5000 }).toEqual(VISITOR_NAVIGATION);
      await password.fill(`${PASSWORD}-wrong`);
      await logIn.click();
      const error = page.getByRole('alert');
      await error.waitFor();
      expect(await error.locator('.alert-heading').textContent()).toBe('Oh snap! You got a Login error!');
      expect(await error.textContent()).toContain('Either you provided the wrong email or password. Please try again.');
      expect(await page.getByRole('button', { name: 'Refresh Page' }).isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      await password.fill(PASSWORD);
      // The page's clock stops: the server's answer arrives and is shown (the customer navigation), and the 0.5 s
      // before /home start then; the clock is run on by hand.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      await logIn.click();
      await expect.poll(() => navigationEntries(page), { timeout: 5000 }).toEqual(CUSTOMER_NAVIGATION);
      await page.clock.runFor(499);
      expect(pathOf(page)).toBe('/login');
      await page.clock.runFor(1);
      await waitForPath(page, '/home');
      await page.clock.resume();
      await page.getByRole('heading', { name: `Welcome, ${address} Verified` }).waitFor();
      await expect.poll(() => navigationEntries(page), { timeout: 5000 }).toEqual(CUSTOMER_NAVIGATION);
      const navigation = page.getByRole('navigation', { name: 'Main' });
      expect(await navigation.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
      expect(await navigation.getByRole('link', { name: 'Register' }).count()).toBe(0);
      expect(await navigation.getByRole('link', { name: 'Login' }).count()).toBe(0);
      expectCleanConsole(visitor, [{ path: '/api/account/login', status: 401 }]);
    } finally {
      await visitor.context.close();
    }
  });

  it('signs up and logs in with the keyboard alone', async () => {
    const visitor = await openPerson(browser, server.url);
    const { page } = visitor;
    try {
      const address = uniqueEmail('keyboard');
      await page.goto(`${server.url}/signup`);
      await tabTo(page, page.getByLabel('E-mail address', { exact: true }));
      await page.keyboard.type(address);
      await page.keyboard.press('Tab');
      await page.keyboard.type(address);
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await openDialog(page, 'Success!');
      await page.keyboard.press('Enter');
      await waitForPath(page, '/login');

      await page.goto(await waitForActionLink(server.url, address, 'verifyEmail'));
      await page.getByText('Email has been verified').waitFor();
      await tabTo(page, page.getByRole('main').getByRole('link', { name: 'log in' }));
      await page.keyboard.press('Enter');
      await waitForPath(page, '/login');

      await tabTo(page, page.getByLabel('E-mail address', { exact: true }));
      await page.keyboard.type(address);
      await page.keyboard.press('Tab');
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Tab');
      expect(await page.getByLabel('Keep me logged in').evaluate((box) => box === document.activeElement)).toBe(true);
      await page.keyboard.press('Space');
      expect(await page.getByLabel('Keep me logged in').isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await waitForPath(page, '/serviceform');
      await page.getByRole('heading', { name: 'Please complete Service Form' }).waitFor();
      await expect.poll(() => navigationEntries(page), { timeout: 5000 }).toEqual(CUSTOMER_NAVIGATION);
      const session = (await visitor.context.cookies()).find((cookie) => cookie.name.includes('session_token'));
      expect(session?.expires).toBeGreaterThan(Date.now() / 1000);
      expectCleanConsole(visitor);
    } finally {
      await visitor.context.close();
    }
  });

  it('tells a visitor who types a customer screen Not Authorized, and at /admin or /adminpayment shows the guard, no admin screen', async () => {
    const visitor = await openPerson(browser, server.url);
    const { page } = visitor;
    try {
      for (const path of ['/account', '/home', '/emailchange', '/serviceform']) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { name: 'Not Authorized' }).waitFor();
        // Once signed in, the screen asked for comes back (/home is where a sign-in goes anyway).
        const back = path === '/home' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
        expect(await page.getByRole('link', { name: 'Go to the login page' }).getAttribute('href')).toBe(back);
        expect(await page.getByRole('main').getByRole('textbox').count()).toBe(0);
        expect(await page.getByText('Welcome,').count()).toBe(0);
        expect(pathOf(page)).toBe(path);
      }
      expect(await axeViolations(page)).toEqual([]);
      for (const path of ['/admin', '/adminpayment']) {
        await page.goto(`${server.url}${path}`);
        await page.locator('h1').waitFor();
        expect(await page.locator('h1').textContent()).toBe('Not Authorized');
        expect(await page.getByRole('table').count()).toBe(0);
        expect(await page.getByRole('main').getByRole('textbox').count()).toBe(0);
        expect(
          await page
            .getByRole('main')
            .getByText(/Admin Dashboard|appointments|Error Log|Payment/i)
            .count(),
        ).toBe(0);
      }
      expectCleanConsole(visitor);
    } finally {
      await visitor.context.close();
    }
  });

  it('answers an e-mail link with an unknown mode with Invalid mode!', async () => {
    const visitor = await openPerson(browser, server.url);
    const { page } = visitor;
    try {
      await page.goto(`${server.url}/usermgmt?mode=somethingElse`);
      await page.getByRole('heading', { name: 'Invalid mode!' }).waitFor();
      expect(await page.title()).toMatch(/^Invalid mode!/);
      expect(await axeViolations(page)).toEqual([]);
      expectCleanConsole(visitor);
    } finally {
      await visitor.context.close();
    }
  });

  it('sends a customer without a profile from /home to the service form, validates it, and welcomes them home', async () => {
    const customer = await openPerson(browser, server.url);
    const { page } = customer;
    try {
      const { email } = await signedInCustomer(customer, { withProfile: false });
      await page.goto(`${server.url}/home`);
      await waitForPath(page, '/serviceform');
      await page.getByRole('heading', { name: 'Please complete Service Form' }).waitFor();

      const city = page.getByLabel('City');
      const firstOption = city.locator('option').first();
      expect(await firstOption.textContent()).toBe('Select a City');
      expect(await firstOption.isDisabled()).toBe(true);
      expect(await city.locator('option').count()).toBe(26);
      expect(await page.getByLabel('State').inputValue()).toBe('NY');
      expect(await page.getByLabel('State').getAttribute('readonly')).not.toBeNull();

      await page.getByLabel('First name').fill('R2-D2');
      await page.getByLabel('Last name').fill('Smith');
      await page.getByLabel('Phone number').fill('631-555-01');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => descriptionOf(page.getByLabel('First name')), { timeout: 10_000 }).toBe(MESSAGES.firstName);
      expect(await descriptionOf(page.getByLabel('Phone number'))).toBe(`10 digits, for example 631-555-0142 | ${MESSAGES.phoneNumber}`);
      expect(await descriptionOf(page.getByLabel('Street address'))).toBe(MESSAGES.streetAddress);
      expect(await descriptionOf(city)).toBe(MESSAGES.city);
      expect(await axeViolations(page)).toEqual([]);
      expect(pathOf(page)).toBe('/serviceform');

      await page.getByLabel('First name').fill("Mary-Ann O'Neil");
      await page.getByLabel('Phone number').fill('631-555-0100');
      await page.getByLabel('Street address').fill('12 Main Street');
      await city.selectOption('Bay Shore');
      const zip = page.getByLabel('Zip code');
      expect(await zip.inputValue()).toBe('11706');
      expect(await zip.getAttribute('readonly')).not.toBeNull();
      await pressForSuccess(page, 'Submit', 'Service Form is completed!', '/home');

      const welcome = page.getByRole('heading', { level: 1 });
      await welcome.filter({ hasText: email }).waitFor();
      expect(await welcome.locator('.badge').textContent()).toBe('Verified');
      const phone = page.getByRole('main').getByRole('link', { name: SUPPORT_PHONE });
      expect(await phone.getAttribute('href')).toBe('tel:+16315550199');
      expect(await axeViolations(page)).toEqual([]);
      expectCleanConsole(customer);
    } finally {
      await customer.context.close();
    }
  });

  it('changes account details only after the confirm dialog says OK', async () => {
    const customer = await openPerson(browser, server.url);
    const { page } = customer;
    try {
      await signedInCustomer(customer);
      await page.goto(`${server.url}/account`);
      const phone = page.getByLabel('Phone number');
      await expect.poll(() => phone.inputValue(), { timeout: 10_000 }).toBe('631-555-0100');
      expect(await page.getByLabel('Zip code').inputValue()).toBe('11706');

      await phone.fill('631-555-0123');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const confirm = await openDialog(page, 'Please confirm');
      expect(await dialogBody(confirm)).toBe('Are you sure you want to change your information? If YES select OK');
      expect(await axeViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: 'Cancel' }).last().click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await page.getByText('Your information has been updated.').count()).toBe(0);
      expect((await whoAmI(customer)).profile?.phoneNumber).toBe('631-555-0100');

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await (await openDialog(page, 'Please confirm')).getByRole('button', { name: 'OK' }).click();
      await page.getByRole('status').filter({ hasText: 'Your information has been updated.' }).waitFor();
      expect((await whoAmI(customer)).profile?.phoneNumber).toBe('631-555-0123');
      await page.reload();
      await expect.poll(() => page.getByLabel('Phone number').inputValue(), { timeout: 10_000 }).toBe('631-555-0123');
      expectCleanConsole(customer);
    } finally {
      await customer.context.close();
    }
  });

  it('changes the e-mail at /emailchange, and the old address’s link reverts it so the old login works again', async () => {
    const customer = await openPerson(browser, server.url);
    const { page } = customer;
    try {
      const { email: oldAddress } = await signedInCustomer(customer);
      const newAddress = uniqueEmail('moved');
      await page.goto(`${server.url}/account`);
      await page.getByRole('link', { name: 'Change Email' }).click();
      await waitForPath(page, '/emailchange');
      const email = page.getByLabel('New e-mail address', { exact: true });
      const repeat = page.getByLabel('Repeat new e-mail address', { exact: true });

      await email.fill(newAddress);
      await repeat.fill(uniqueEmail('typo'));
      await page.getByRole('button', { name: 'Change Email' }).click();
      const mismatch = await openDialog(page, 'Error');
      expect(await dialogBody(mismatch)).toBe('Emails do not match.');
      expect(await axeViolations(page)).toEqual([]);
      await closeDialog(mismatch);

      await repeat.fill(newAddress);
      const sawNotAuthorized = await watchForNotAuthorized(page);
      await page.getByRole('button', { name: 'Change Email' }).click();
      const updated = await openDialog(page, 'Email Updated');
      expect(await dialogBody(updated)).toBe('Please check your email for verification link.');
      await closeDialog(updated);
      await waitForPath(page, '/login');
      await expect.poll(() => navigationEntries(page), { timeout: 5000 }).toEqual(VISITOR_NAVIGATION);
      expect(await sawNotAuthorized()).toBe(false);
      await waitForActionLink(server.url, newAddress, 'verifyEmail');

      await page.goto(await waitForActionLink(server.url, oldAddress, 'recoverEmail'));
      const reverted = page.getByRole('status').filter({ hasText: 'Your Email has been reverted' });
      await reverted.waitFor();
      expect(await reverted.textContent()).toContain(oldAddress);
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(`${server.url}/login`);
      await page.getByLabel('E-mail address', { exact: true }).fill(oldAddress);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await waitForPath(page, '/home');
      await page.getByRole('heading', { name: `Welcome, ${oldAddress} Verified` }).waitFor();
      expectCleanConsole(customer);
    } finally {
      await customer.context.close();
    }
  });

  it('resets a forgotten password by the e-mailed link, once', async () => {
    const visitor = await openPerson(browser, server.url);
    const { page } = visitor;
    const newPassword = 'a brand new passphrase';
    try {
      const { email: address } = await registerAccount(visitor);
      await page.goto(`${server.url}/login`);
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await waitForPath(page, '/forgot-password');
      await page.getByLabel('E-mail address', { exact: true }).fill(address);
      await pressForSuccess(page, 'Send', 'Password reset email has been sent!', '/login', async () => {
        expect(await axeViolations(page)).toEqual([]);
      });

      const link = await waitForActionLink(server.url, address, 'resetPassword');
      await page.goto(link);
      const password = page.getByLabel('New password', { exact: true });
      const repeat = page.getByLabel('Repeat new password', { exact: true });
      await password.waitFor();
      await password.fill(newPassword);
      await repeat.fill('a different passphrase');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      const mismatch = await openDialog(page, 'Oops!');
      expect(await dialogBody(mismatch)).toBe('Passwords do not match, please try again.');
      expect(await axeViolations(page)).toEqual([]);
      await closeDialog(mismatch);

      await repeat.fill(newPassword);
      await pressForSuccess(page, 'Reset Password', 'Password has been reset!', '/login');

      await page.getByLabel('E-mail address', { exact: true }).fill(address);
      await page.getByLabel('Password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await waitForPath(page, '/serviceform');

      await page.goto(link);
      await password.fill(`${newPassword} again`);
      await repeat.fill(`${newPassword} again`);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      const refused = page.getByRole('main').locator('.alert-danger');
      await refused.waitFor();
      expect(await refused.textContent()).toMatch(/^Password is too weak or too much time has passed\. Error occurred: \S/);
      expect(await refused.textContent()).toContain('Please try to reset the password again.  Error occured.');
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expectCleanConsole(visitor, [{ path: '/api/account/reset-password', status: 400 }]);
    } finally {
      await visitor.context.close();
    }
  });

  it('mails a reset link from /account to the customer’s own address and signs them out to /login', async () => {
    const customer = await openPerson(browser, server.url);
    const { page } = customer;
    try {
      const { email } = await signedInCustomer(customer);
      await page.goto(`${server.url}/account`);
      const sawNotAuthorized = await watchForNotAuthorized(page);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      const sent = await openDialog(page, 'Reset Password');
      expect(await dialogBody(sent)).toBe('Password reset email sent!');
      await closeDialog(sent);
      await waitForPath(page, '/login');
      await expect.poll(() => navigationEntries(page), { timeout: 5000 }).toEqual(VISITOR_NAVIGATION);
      expect(await sawNotAuthorized()).toBe(false);
      expect((await whoAmI(customer)).user).toBeNull();
      expect(await actionLinks(server.url, email, 'resetPassword')).toHaveLength(1);
      expectCleanConsole(customer);
    } finally {
      await customer.context.close();
    }
  });

  it('logs out from the header to /login, after which /home is Not Authorized and returns to /login', async () => {
    const customer = await openPerson(browser, server.url);
    const { page } = customer;
    try {
      await signedInCustomer(customer);
      await page.goto(`${server.url}/home`);
      await page.getByRole('heading', { name: /^Welcome,/ }).waitFor();
      const sawNotAuthorized = await watchForNotAuthorized(page);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
      await waitForPath(page, '/login');
      await expect.poll(() => navigationEntries(page), { timeout: 5000 }).toEqual(VISITOR_NAVIGATION);
      expect(await sawNotAuthorized()).toBe(false);

      // The guard counts its 3 seconds by Date; the page's Date stands still from here and is moved on by hand.
      const refused = Date.now();
      await page.clock.setFixedTime(refused);
      await page.goto(`${server.url}/home`);
      await page.getByRole('heading', { name: 'Not Authorized' }).waitFor();
      expect(await page.getByText('Welcome,').count()).toBe(0);
      const countdown = page.getByText(/^You will be taken to the login page in/);
      expect(await countdown.textContent()).toBe('You will be taken to the login page in 3 seconds.');
      await page.clock.setFixedTime(refused + 2999);
      await expect.poll(() => countdown.textContent()).toBe('You will be taken to the login page in 1 second.');
      expect(pathOf(page)).toBe('/home');
      await page.clock.setFixedTime(refused + 3000);
      await waitForPath(page, '/login');
      expectCleanConsole(customer);
    } finally {
      await customer.context.close();
    }
  });
});
