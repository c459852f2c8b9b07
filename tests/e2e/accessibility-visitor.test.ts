import { beforeAll, describe, expect } from 'vitest';
import { button, closeWith, label, openedDialog, SWEEP_DESKTOP, SWEEP_ENV, SWEEP_PHONE, Sweep } from '../support/accessibility.ts';
import { PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { withDateStopped } from '../support/back-office-people.ts';
import { createVerifiedAccount, type HttpCustomer } from '../support/booking-customers.ts';
import { waitForActionLink } from '../support/browser-accounts.ts';

/**
 * The accessibility sweep, part one: every route a visitor (not signed in) can reach, in its empty and full
 * states, with its dialogs open and its error messages shown, checked by axe for WCAG 2.2 A and AA. The signed-in
 * routes are in accessibility-customer.test.ts and accessibility-admin.test.ts. Each test is one route (or one
 * screen in several states); all of a test's findings are reported together.
 */

describe('accessibility for a visitor, in Chromium against the real server', () => {
  const sweep = new Sweep(SWEEP_ENV);
  /** A verified account: a wrong password for it, and a reset link sent to it. */
  let known: HttpCustomer;

  beforeAll(async () => {
    known = await createVerifiedAccount(sweep.url, uniqueEmail('sweep.known'));
  });

  const where = (route: string, state: string) => `visitor ${route} — ${state}`;
  const visitor = async () => (await sweep.window('visitor', undefined)).page;

  for (const [route, heading] of [
    ['/', /./],
    ['/services', 'Our services'],
    ['/securified', 'Stay safe online'],
    ['/remotesupport', 'Remote support'],
    ['/maintenance', /maintenance/],
    ['/no/such/page', 'Page not found'],
  ] as const) {
    sweep.test(where(route, 'as shown'), async (findings) => {
      const page = await visitor();
      await sweep.visit(page, route, heading);
      await findings.axe(page, where(route, 'as shown'));
    });
  }

  sweep.test(where('/securified', 'a video opened'), async (findings) => {
    const page = await visitor();
    await page.context().route(/youtube/, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>player</title><p>Video</p></html>',
      }),
    );
    await sweep.visit(page, '/securified', 'Stay safe online');
    await page
      .getByRole('button', { name: /^Play the video/ })
      .first()
      .click();
    await page.locator('iframe').waitFor();
    await findings.axe(page, where('/securified', 'a video opened'));
  });

  sweep.test(where('/', 'menu opened on a phone'), async (findings) => {
    const page = await visitor();
    await page.setViewportSize(SWEEP_PHONE);
    await sweep.visit(page, '/');
    await button(page, 'Menu').click();
    await page.locator('#site-nav.show').waitFor();
    await findings.axe(page, where('/', 'menu opened on a phone'));
    await page.setViewportSize(SWEEP_DESKTOP);
  });

  sweep.test(where('/signup', 'empty, every field in error, e-mails do not match (dialog)'), async (findings) => {
    const page = await visitor();
    await sweep.visit(page, '/signup', 'Create your account');
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

  sweep.test(where('/login', 'empty, fields in error, wrong password, not verified; then verified by the link'), async (findings) => {
    const page = await visitor();
    await sweep.visit(page, '/login', 'Log in');
    await findings.axe(page, where('/login', 'empty form'));
    await button(page, 'Log in').click();
    await page.locator('.invalid-feedback').first().waitFor();
    await findings.axe(page, where('/login', 'fields in error'));
    await label(page, 'E-mail address').fill(known.email);
    await label(page, 'Password').fill(`${PASSWORD}-wrong`);
    await button(page, 'Log in').click();
    await page.getByRole('alert').filter({ hasText: 'Oh snap!' }).waitFor();
    await findings.axe(page, where('/login', 'wrong password (alert and Refresh Page)'));

    const unverified = uniqueEmail('sweep.unverified');
    const signup = await fetch(`${sweep.url}/api/account/signup`, {
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

    await page.goto(await waitForActionLink(sweep.url, unverified, 'verifyEmail'));
    await page.getByRole('status').filter({ hasText: 'Email has been verified' }).waitFor();
    await findings.axe(page, where('/usermgmt?mode=verifyEmail', 'verified'));
  });

  sweep.test(where('/forgot-password', 'empty, field in error, sent (Success! dialog)'), async (findings) => {
    const page = await visitor();
    await sweep.visit(page, '/forgot-password', 'Forgot your password?');
    await findings.axe(page, where('/forgot-password', 'empty form'));
    await button(page, 'Send').click();
    await page.locator('.invalid-feedback').first().waitFor();
    await findings.axe(page, where('/forgot-password', 'field in error'));
    await label(page, 'E-mail address').fill(known.email);
    await withDateStopped(page, async () => {
      await button(page, 'Send').click();
      await openedDialog(page, 'Success!');
      await findings.axe(page, where('/forgot-password', 'sent (Success! dialog)'));
      await closeWith(page, 'OK');
    });
  });

  sweep.test(where('/usermgmt', 'an unknown mode'), async (findings) => {
    const page = await visitor();
    await sweep.visit(page, '/usermgmt?mode=somethingElse', 'Invalid mode!');
    await findings.axe(page, where('/usermgmt', 'invalid mode'));
  });

  sweep.test(where('/usermgmt?mode=verifyEmail', 'bad link (error dialog), new-link form, its error, new link sent'), async (findings) => {
    const page = await visitor();
    await sweep.visit(page, '/usermgmt?mode=verifyEmail&oobCode=not-a-real-code-0123456789', 'Verify your e-mail address');
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
  });

  sweep.test(where('/usermgmt?mode=resetPassword', 'form, fields in error, passwords differ (dialog), refused'), async (findings) => {
    const page = await visitor();
    await sweep.visit(page, '/usermgmt?mode=resetPassword&oobCode=not-a-real-code-0123456789', 'Choose a new password');
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
  });

  sweep.test(where('/usermgmt?mode=recoverEmail', 'bad link (error dialog), then without it'), async (findings) => {
    const page = await visitor();
    await sweep.visit(page, '/usermgmt?mode=recoverEmail&oobCode=not-a-real-code-0123456789', 'Restore your e-mail address');
    await openedDialog(page, 'Error recovering email');
    await findings.axe(page, where('/usermgmt?mode=recoverEmail', 'bad link (error dialog)'));
    await closeWith(page, 'OK');
    await findings.axe(page, where('/usermgmt?mode=recoverEmail', 'bad link'));
  });

  // The guard's screen (the same for every guarded route; accounts.test.ts visits them all).
  for (const route of ['/home', '/admin']) {
    sweep.test(where(route, 'Not Authorized'), async (findings) => {
      const page = await visitor();
      await sweep.visit(page, route, 'Not Authorized');
      await findings.axe(page, where(route, 'Not Authorized'));
    });
  }

  sweep.test(where('/signup', 'the screen failed to load (error screen)'), async (findings) => {
    const page = await visitor();
    const signupScript = /\/assets\/signup-page-[^/]+\.js$/;
    await page.context().route(signupScript, (route) => route.abort());
    try {
      await sweep.visit(page, '/signup', 'Oops!');
      await findings.axe(page, where('/signup', 'the screen failed to load (error screen)'));
    } finally {
      await page.context().unroute(signupScript);
    }
  });

  sweep.expectChecked(33);
});
