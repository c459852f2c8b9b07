import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect } from 'vitest';
import { APPOINTMENT_TEXTS } from '../../src/shared/appointments.ts';
import { CHAT_TEXTS } from '../../src/shared/chat.ts';
import { PAYMENT_TEXTS } from '../../src/shared/payments.ts';
import {
  type Findings,
  noDialog,
  openedDialog,
  SWEEP_ADMIN_EMAIL,
  SWEEP_DESKTOP,
  SWEEP_ENV,
  SWEEP_PHONE,
  Sweep,
  sweepDay,
} from '../support/accessibility.ts';
import { nextClient, PASSWORD, PROFILE, uniqueEmail } from '../support/accounts.ts';
import { callAs, openWindow, type Window, withDateStopped } from '../support/back-office-people.ts';
import { bookOverHttp, createVerifiedAccount, describeOverHttp, type HttpCustomer } from '../support/booking-customers.ts';
import { closeToast, holdToasts, releaseToasts } from '../support/browser.ts';
import { waitForActionLink } from '../support/browser-accounts.ts';
import { createSpanishAccount, englishSentences, es, loadCatalogues, plain, SPANISH_BROWSER, startingWith } from '../support/spanish.ts';

/**
 * The accessibility sweep in Spanish (decisions 009 and 016): the visitor's and the customer's routes of
 * accessibility-visitor.test.ts and accessibility-customer.test.ts, in their states (empty and full lists, errors
 * shown, dialogs open, toasts), as a browser that prefers Spanish sees them. Every state is checked three ways: axe
 * finds no WCAG 2.2 A or AA violation, the page says `<html lang="es">`, and no catalogued English sentence shows
 * (nor is read out as a name). Every text the test looks for comes from the Spanish catalogues. The signed-in
 * customers chose Spanish on their account, since the app follows a customer's saved language.
 */

/** The sweep, with each viewer's window in a browser that prefers Spanish, in New York time. */
class SpanishSweep extends Sweep {
  private readonly spanishWindows = new Map<string, Window>();

  override async window(viewer: string, person: HttpCustomer | undefined): Promise<Window> {
    let window = this.spanishWindows.get(viewer);
    if (!window) {
      window = await openWindow(this.browser, this.url, person, {
        ...SPANISH_BROWSER,
        viewport: SWEEP_DESKTOP,
        extraHTTPHeaders: { 'x-forwarded-for': nextClient() },
      });
      window.page.setDefaultTimeout(8000);
      this.spanishWindows.set(viewer, window);
    }
    await window.page.setViewportSize(SWEEP_DESKTOP);
    return window;
  }
}

describe('accessibility in Spanish, in Chromium against the real server', () => {
  const sweep = new SpanishSweep(SWEEP_ENV);
  let english: string[] = [];
  /** A verified account: a wrong password for it, and a reset link sent to it. */
  let known: HttpCustomer;
  let full: HttpCustomer;
  let bare: HttpCustomer;
  let fresh: HttpCustomer;
  /** The full customer's appointments: completed with an amount, and open. */
  const booked = { completed: '', open: '' };

  beforeAll(async () => {
    await loadCatalogues();
    english = englishSentences();
    let admin: HttpCustomer;
    [admin, known, full, bare, fresh] = await Promise.all([
      createVerifiedAccount(sweep.url, SWEEP_ADMIN_EMAIL),
      createSpanishAccount(sweep.url, uniqueEmail('barrido.conocida')),
      createSpanishAccount(sweep.url, uniqueEmail('barrido.lleno'), { profile: true }),
      createSpanishAccount(sweep.url, uniqueEmail('barrido.sinperfil')),
      createSpanishAccount(sweep.url, uniqueEmail('barrido.nuevo')),
    ]);
    // One paid (so gone from the list), one completed with an amount, two open (one remote): the list is full.
    const paid = (await bookOverHttp(sweep.url, full, sweepDay(0), '08:00am')).id;
    await describeOverHttp(sweep.url, full, paid, 'Instalar una impresora nueva.');
    await callAs(sweep.url, admin, 'PATCH', `/api/admin/appointments/${paid}`, {
      amount: '40',
      isCompleted: true,
      isPaid: true,
      paymentMethod: 'cash',
    });
    booked.completed = (await bookOverHttp(sweep.url, full, sweepDay(0), '09:30am')).id;
    await describeOverHttp(sweep.url, full, booked.completed, 'La computadora está muy lenta desde la última actualización.');
    await callAs(sweep.url, admin, 'PATCH', `/api/admin/appointments/${booked.completed}`, { amount: '75', isCompleted: true });
    booked.open = (await bookOverHttp(sweep.url, full, sweepDay(0), '11:00am')).id;
    await describeOverHttp(sweep.url, full, booked.open, 'Quiero hacer videollamadas con mis nietos.');
    await bookOverHttp(sweep.url, full, sweepDay(1), '08:00am', true);
  });

  /** The state as it is now: axe, `<html lang="es">`, and no catalogued English sentence shown or read out. */
  async function check(findings: Findings, page: Page, where: string): Promise<void> {
    await findings.axe(page, where);
    const lang = await page.evaluate(() => document.documentElement.lang);
    if (lang !== 'es') findings.list.push({ where, problem: `<html lang="${lang}">, not "es"` });
    const shown = await page.evaluate(() => {
      const names = [...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')].flatMap((element) =>
        ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
      );
      // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, without hidden elements' text
      return [document.body.innerText, document.title, ...names].join('\n');
    });
    const left = english.filter((sentence) => plain(shown).includes(sentence));
    if (left.length > 0) findings.list.push({ where, problem: `English left: ${left.map((text) => `"${text}"`).join(', ')}` });
    // Two fields one types into, read out by the same name, leave a listener guessing which is which.
    const twins = await page.evaluate(() => {
      const fields = document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
        'input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]), textarea, select',
      );
      const names = [...fields]
        .filter((field) => field.checkVisibility())
        .map((field) => (field.labels?.[0]?.textContent ?? field.getAttribute('aria-label') ?? '').trim())
        .filter((name) => name !== '');
      return names.filter((name, index) => names.indexOf(name) !== index);
    });
    if (twins.length > 0)
      findings.list.push({ where, problem: `fields with the same name: ${twins.map((name) => `"${name}"`).join(', ')}` });
  }

  const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
  const label = (within: Page | Locator, name: string) => within.getByLabel(name, { exact: true });
  const ok = () => es('web', 'OK');

  /** Closes the open dialog with its named button and waits until it has gone. */
  async function closeWith(page: Page, name: string): Promise<void> {
    const dialog = await openedDialog(page);
    await dialog.getByRole('button', { name, exact: true }).last().click();
    await noDialog(page);
  }

  describe('a visitor', () => {
    const where = (route: string, state: string) => `visitor ${route} — ${state}`;
    const visitor = async () => (await sweep.window('visitor', undefined)).page;

    for (const [route, heading] of [
      ['/', () => es('web', 'Computer help from a neighbor you can trust')],
      ['/services', () => es('public', 'Our services')],
      ['/securified', () => es('public', 'Stay safe online')],
      ['/remotesupport', () => es('public', 'Remote support')],
      ['/maintenance', () => es('web', 'Down for maintenance')],
      ['/no/such/page', () => es('web', 'Page not found')],
    ] as const) {
      sweep.test(where(route, 'as shown'), async (findings) => {
        const page = await visitor();
        await sweep.visit(page, route, heading());
        await check(findings, page, where(route, 'as shown'));
      });
    }

    sweep.test(where('/securified', 'a video opened'), async (findings) => {
      const page = await visitor();
      await page.context().route(/youtube/, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><html lang="es"><title>reproductor</title><p>Video</p></html>',
        }),
      );
      await sweep.visit(page, '/securified', es('public', 'Stay safe online'));
      await page
        .getByRole('button', { name: startingWith(es('public', 'Play the video: {title}', { title: '' })) })
        .first()
        .click();
      await page.locator('iframe').waitFor();
      await check(findings, page, where('/securified', 'a video opened'));
    });

    sweep.test(where('/', 'menu opened on a phone'), async (findings) => {
      const page = await visitor();
      await page.setViewportSize(SWEEP_PHONE);
      await sweep.visit(page, '/');
      await button(page, es('web', 'Menu')).click();
      await page.locator('#site-nav.show').waitFor();
      await check(findings, page, where('/', 'menu opened on a phone'));
      await page.setViewportSize(SWEEP_DESKTOP);
    });

    sweep.test(where('/signup', 'empty, every field in error, e-mails do not match (dialog)'), async (findings) => {
      const page = await visitor();
      await sweep.visit(page, '/signup', es('accounts', 'Create your account'));
      await check(findings, page, where('/signup', 'empty form'));
      const register = page.getByRole('main').getByRole('button', { name: es('accounts', 'Register'), exact: true });
      await register.click();
      await page.locator('.invalid-feedback').first().waitFor();
      await check(findings, page, where('/signup', 'every field in error'));
      const address = uniqueEmail('barrido.distinto');
      await label(page, es('accounts', 'E-mail address')).fill(address);
      await label(page, es('accounts', 'Repeat e-mail address')).fill(`x${address}`);
      await label(page, es('accounts', 'Password')).fill(PASSWORD);
      await label(page, es('accounts', 'Repeat password')).fill(PASSWORD);
      await register.click();
      await openedDialog(page, es('shared', 'Emails do not match'));
      await check(findings, page, where('/signup', 'e-mails do not match (dialog)'));
      await closeWith(page, ok());
    });

    sweep.test(where('/login', 'empty, fields in error, wrong password, not verified; then verified by the link'), async (findings) => {
      const page = await visitor();
      await sweep.visit(page, '/login', es('accounts', 'Log in'));
      await check(findings, page, where('/login', 'empty form'));
      const logIn = page.getByRole('main').getByRole('button', { name: es('accounts', 'Log in'), exact: true });
      await logIn.click();
      await page.locator('.invalid-feedback').first().waitFor();
      await check(findings, page, where('/login', 'fields in error'));
      await label(page, es('accounts', 'E-mail address')).fill(known.email);
      await label(page, es('accounts', 'Password')).fill(`${PASSWORD}-mal`);
      await logIn.click();
      await page
        .getByRole('alert')
        .filter({ hasText: es('shared', 'Oh snap! You got a Login error!') })
        .waitFor();
      await check(findings, page, where('/login', 'wrong password (alert and Refresh Page)'));

      const unverified = uniqueEmail('barrido.sinverificar');
      const signup = await fetch(`${sweep.url}/api/account/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: unverified, confirmEmail: unverified, password: PASSWORD, confirmPassword: PASSWORD, locale: 'es' }),
      });
      expect(signup.status).toBe(201);
      await label(page, es('accounts', 'E-mail address')).fill(unverified);
      await label(page, es('accounts', 'Password')).fill(PASSWORD);
      await logIn.click();
      await page
        .getByRole('alert')
        .filter({ hasText: es('shared', 'You must verify your email address before login!') })
        .waitFor();
      await check(findings, page, where('/login', 'e-mail not verified (warning)'));

      await page.goto(await waitForActionLink(sweep.url, unverified, 'verifyEmail'));
      await page
        .getByRole('status')
        .filter({ hasText: es('shared', 'Email has been verified') })
        .waitFor();
      await check(findings, page, where('/usermgmt?mode=verifyEmail', 'verified'));
    });

    sweep.test(where('/forgot-password', 'empty, field in error, sent (Success! dialog)'), async (findings) => {
      const page = await visitor();
      await sweep.visit(page, '/forgot-password', es('accounts', 'Forgot your password?'));
      await check(findings, page, where('/forgot-password', 'empty form'));
      const send = page.getByRole('main').getByRole('button', { name: es('accounts', 'Send'), exact: true });
      await send.click();
      await page.locator('.invalid-feedback').first().waitFor();
      await check(findings, page, where('/forgot-password', 'field in error'));
      await label(page, es('accounts', 'E-mail address')).fill(known.email);
      await withDateStopped(page, async () => {
        await send.click();
        await openedDialog(page, es('shared', 'Success!'));
        await check(findings, page, where('/forgot-password', 'sent (Success! dialog)'));
        await closeWith(page, ok());
      });
    });

    sweep.test(where('/usermgmt', 'an unknown mode'), async (findings) => {
      const page = await visitor();
      await sweep.visit(page, '/usermgmt?mode=somethingElse', es('shared', 'Invalid mode!'));
      await check(findings, page, where('/usermgmt', 'invalid mode'));
    });

    sweep.test(
      where('/usermgmt?mode=verifyEmail', 'bad link (error dialog), new-link form, its error, new link sent'),
      async (findings) => {
        const page = await visitor();
        await sweep.visit(
          page,
          '/usermgmt?mode=verifyEmail&oobCode=not-a-real-code-0123456789',
          es('accounts', 'Verify your e-mail address'),
        );
        await openedDialog(page, es('shared', 'Error'));
        await check(findings, page, where('/usermgmt?mode=verifyEmail', 'bad link (error dialog)'));
        await closeWith(page, ok());
        await check(findings, page, where('/usermgmt?mode=verifyEmail', 'bad link, new-link form'));
        await button(page, es('accounts', 'Send a new link')).click();
        await page.locator('.invalid-feedback').first().waitFor();
        await check(findings, page, where('/usermgmt?mode=verifyEmail', 'new-link form in error'));
        const nobody = uniqueEmail('barrido.nadie');
        await label(page, es('accounts', 'E-mail address')).fill(nobody);
        await button(page, es('accounts', 'Send a new link')).click();
        const sent = es(
          'accounts',
          'If {sentTo} has an account waiting to be verified, a new link is on its way. Please check your inbox and your spam folder.',
          { sentTo: nobody },
        );
        await expect
          .poll(async () =>
            plain(
              await page
                .getByRole('status')
                .allTextContents()
                .then((texts) => texts.join(' ')),
            ),
          )
          .toContain(sent);
        await check(findings, page, where('/usermgmt?mode=verifyEmail', 'new link sent'));
      },
    );

    sweep.test(where('/usermgmt?mode=resetPassword', 'form, fields in error, passwords differ (dialog), refused'), async (findings) => {
      const page = await visitor();
      await sweep.visit(page, '/usermgmt?mode=resetPassword&oobCode=not-a-real-code-0123456789', es('accounts', 'Choose a new password'));
      await check(findings, page, where('/usermgmt?mode=resetPassword', 'form'));
      const reset = button(page, es('accounts', 'Reset Password'));
      await reset.click();
      await page.locator('.invalid-feedback').first().waitFor();
      await check(findings, page, where('/usermgmt?mode=resetPassword', 'fields in error'));
      await label(page, es('accounts', 'New password')).fill('una contraseña nueva y larga');
      await label(page, es('accounts', 'Repeat new password')).fill('otra contraseña distinta');
      await reset.click();
      await openedDialog(page, es('shared', 'Oops!'));
      await check(findings, page, where('/usermgmt?mode=resetPassword', 'passwords differ (dialog)'));
      await closeWith(page, ok());
      await label(page, es('accounts', 'Repeat new password')).fill('una contraseña nueva y larga');
      await reset.click();
      await page.getByRole('main').locator('.alert-danger').waitFor();
      await check(findings, page, where('/usermgmt?mode=resetPassword', 'refused by the server'));
    });

    sweep.test(where('/usermgmt?mode=recoverEmail', 'bad link (error dialog), then without it'), async (findings) => {
      const page = await visitor();
      await sweep.visit(
        page,
        '/usermgmt?mode=recoverEmail&oobCode=not-a-real-code-0123456789',
        es('accounts', 'Restore your e-mail address'),
      );
      await openedDialog(page, es('shared', 'Error recovering email'));
      await check(findings, page, where('/usermgmt?mode=recoverEmail', 'bad link (error dialog)'));
      await closeWith(page, ok());
      await check(findings, page, where('/usermgmt?mode=recoverEmail', 'bad link'));
    });

    for (const route of ['/home', '/admin']) {
      sweep.test(where(route, 'Not Authorized'), async (findings) => {
        const page = await visitor();
        await sweep.visit(page, route, es('shared', 'Not Authorized'));
        await check(findings, page, where(route, 'Not Authorized'));
      });
    }

    sweep.test(where('/signup', 'the screen failed to load (error screen)'), async (findings) => {
      const page = await visitor();
      const signupScript = /\/assets\/signup-page-[^/]+\.js$/;
      await page.context().route(signupScript, (route) => route.abort());
      try {
        await sweep.visit(page, '/signup', es('web', 'Oops!'));
        await check(findings, page, where('/signup', 'the screen failed to load (error screen)'));
      } finally {
        await page.context().unroute(signupScript);
      }
    });
  });

  describe('a customer without a profile', () => {
    const where = (route: string, state: string) => `customer without profile ${route} — ${state}`;
    const customer = async () => (await sweep.window('bare', bare)).page;

    sweep.test(where('/serviceform', 'empty (sent there from /home), every field in error'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/home', es('accounts', 'Please complete Service Form'));
      await check(findings, page, where('/serviceform', 'empty form (sent there from /home)'));
      await button(page, es('accounts', 'Submit')).click();
      await page.locator('.invalid-feedback').first().waitFor();
      await check(findings, page, where('/serviceform', 'every field in error'));
    });

    sweep.test(where('/emailchange', 'empty, field in error, e-mails differ (dialog)'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/emailchange', es('accounts', 'Change your e-mail address'));
      await check(findings, page, where('/emailchange', 'empty form'));
      await button(page, es('accounts', 'Change Email')).click();
      await page.locator('.invalid-feedback').first().waitFor();
      await check(findings, page, where('/emailchange', 'field in error'));
      await label(page, es('accounts', 'New e-mail address')).fill(uniqueEmail('barrido.mudanza'));
      await label(page, es('accounts', 'Repeat new e-mail address')).fill(uniqueEmail('barrido.errata'));
      await button(page, es('accounts', 'Change Email')).click();
      await openedDialog(page, es('shared', 'Error'));
      await check(findings, page, where('/emailchange', 'e-mails differ (dialog)'));
      await closeWith(page, ok());
    });

    sweep.test(where('/chat', 'empty, error, answered, custom chatbot form in error and sent'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/chat', es('shared', CHAT_TEXTS.title));
      await check(findings, page, where('/chat', 'empty conversation'));
      await button(page, es('shared', CHAT_TEXTS.send)).click();
      await page.getByText(es('shared', 'Please type a question.')).waitFor();
      await check(findings, page, where('/chat', 'empty question (error shown)'));
      await label(page, es('shared', CHAT_TEXTS.inputLabel)).fill('¿Cuánto me cobran por hora y media de reparación?');
      await button(page, es('shared', CHAT_TEXTS.send)).click();
      await expect.poll(() => page.getByRole('log').textContent()).toContain('$75');
      await check(findings, page, where('/chat', 'an answer shown'));
      await button(page, es('shared', CHAT_TEXTS.customAsk)).click();
      await button(page, es('shared', CHAT_TEXTS.inquirySend)).click();
      await page.locator('.invalid-feedback').first().waitFor();
      await check(findings, page, where('/chat', 'custom chatbot form in error'));
      await label(page, es('shared', CHAT_TEXTS.organisationLabel)).fill('Club de Jardinería de Bayport');
      await label(page, es('shared', CHAT_TEXTS.inquiryLabel)).fill('Responder a los socios sobre las reuniones.');
      await button(page, es('shared', CHAT_TEXTS.inquirySend)).click();
      await page
        .getByRole('status')
        .filter({ hasText: es('shared', CHAT_TEXTS.inquirySent) })
        .waitFor();
      await check(findings, page, where('/chat', 'custom chatbot request sent'));
    });

    sweep.test(where('/makepayment', 'no appointment chosen'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/makepayment', es('shared', PAYMENT_TEXTS.checkout));
      await page
        .getByText(es('payments', 'No visit was chosen for payment. Choose Pay next to a completed visit on your home page.'))
        .waitFor();
      await check(findings, page, where('/makepayment', 'no appointment chosen'));
    });

    sweep.test(where('/admin', 'Not Authorized (signed in, not an admin)'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/admin', es('shared', 'Not Authorized'));
      await check(findings, page, where('/admin', 'Not Authorized (signed in, not an admin)'));
    });
  });

  async function chooseDay(page: Page, date: string) {
    const target = page.locator(`td[data-day="${date}"] button`);
    const caption = page.locator('.rdp-caption_label');
    for (let turns = 0; (await target.count()) === 0 && turns < 3; turns++) {
      const shown = await caption.textContent();
      await button(page, es('appointments', 'next month')).click();
      await expect.poll(() => caption.textContent()).not.toBe(shown);
    }
    await target.click();
  }

  describe('a customer with an empty list', () => {
    const where = (route: string, state: string) => `customer with an empty list ${route} — ${state}`;
    const customer = async () => (await sweep.window('fresh', fresh)).page;

    sweep.test(where('/serviceform', 'saved (Success! dialog), on to /home'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/serviceform', es('accounts', 'Please complete Service Form'));
      await label(page, es('accounts', 'First name')).fill('Rosa');
      await label(page, es('accounts', 'Last name')).fill('Peña');
      await label(page, es('accounts', 'Phone number')).fill('631-555-0111');
      await label(page, es('accounts', 'Street address')).fill('3 Elm Street');
      await label(page, es('accounts', 'City')).selectOption('Sayville');
      await withDateStopped(page, async () => {
        await button(page, es('accounts', 'Submit')).click();
        await openedDialog(page, es('shared', 'Success!'));
        await check(findings, page, where('/serviceform', 'saved (Success! dialog)'));
        await closeWith(page, ok());
        await page.waitForURL(/\/home$/);
      });
    });

    // On from the service form: the fresh customer's /home, as the form left it.
    sweep.test(where('/home', 'empty list, toasts, booking dialogs, one appointment, cancelled'), async (findings) => {
      const page = await customer();
      const toast = page.locator('.Toastify__toast');
      await page.locator('.booking-calendar .rdp-month_grid').waitFor();
      await page.getByText(es('appointments', 'You have no appointments booked.')).waitFor();
      await check(findings, page, where('/home', 'empty list'));
      await holdToasts(page);
      await button(page, es('appointments', 'Confirm')).click();
      await toast.waitFor();
      await check(findings, page, where('/home', 'Confirm without a time (error toast and alert)'));
      await chooseDay(page, sweepDay(2));
      await expect.poll(() => toast.textContent()).toBe(es('shared', APPOINTMENT_TEXTS.selectTimeToast));
      await check(findings, page, where('/home', 'a day chosen (times and hint toast)'));
      await closeToast(page);
      await releaseToasts(page);
      await page.locator('.slot-fieldset button[aria-pressed]:not([aria-disabled])').first().click();
      await page.getByRole('radio', { name: es('appointments', 'Remote') }).check();
      await button(page, es('appointments', 'Confirm')).click();
      await openedDialog(page, es('web', 'Please confirm'));
      await check(findings, page, where('/home', 'confirm the visit (dialog)'));
      await (await openedDialog(page, es('web', 'Please confirm'))).getByRole('button', { name: ok(), exact: true }).click();
      const describe = await openedDialog(page, es('appointments', 'Your visit is booked'));
      await check(findings, page, where('/home', 'booked: the required description (dialog)'));
      const save = describe.getByRole('button', { name: es('appointments', 'Save'), exact: true });
      await save.click();
      await describe.getByText(es('shared', 'Please describe the problem.')).waitFor();
      await check(findings, page, where('/home', 'description left empty (dialog with error)'));
      await describe.getByLabel(es('appointments', 'Describe the problem')).fill('Ya no me llegan los correos electrónicos.');
      await save.click();
      await noDialog(page);
      const table = page.locator('.appointment-table');
      await table.locator('tbody tr').first().waitFor();
      await check(findings, page, where('/home', 'one appointment'));
      await table.getByRole('button', { name: startingWith(es('appointments', 'Edit')) }).click();
      await openedDialog(page, es('appointments', 'Edit the description'));
      await check(findings, page, where('/home', 'edit the description (dialog)'));
      await closeWith(page, es('appointments', 'Cancel'));
      await table.getByRole('button', { name: startingWith(es('appointments', 'Cancel')) }).click();
      await (await openedDialog(page, es('web', 'Please confirm'))).getByRole('button', { name: ok(), exact: true }).click();
      await noDialog(page);
      await page
        .getByRole('status')
        .filter({ hasText: es('appointments', 'Your visit has been cancelled.') })
        .waitFor();
      await check(findings, page, where('/home', 'cancelled (status banner, empty list again)'));
    });
  });

  describe('a customer with a full list', () => {
    const where = (route: string, state: string) => `customer with a full list ${route} — ${state}`;
    const customer = async () => (await sweep.window('full', full)).page;
    const rows = (page: Page) => page.locator('.appointment-table tbody tr');
    /** The welcome heading of /home, up to the address it names. */
    const welcome = () => (es('accounts', 'Welcome, <0>{email}</0>').split('<0>')[0] ?? '').trim();
    const amount = plain(new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(75));

    sweep.test(where('/home', 'full list and its dialogs, as cards on a phone'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/home', welcome());
      await page.getByText(es('shared', APPOINTMENT_TEXTS.limitReached)).waitFor();
      await expect.poll(() => rows(page).count()).toBe(3);
      await check(findings, page, where('/home', 'three open appointments (picker disabled)'));
      await rows(page)
        .first()
        .getByRole('button', { name: startingWith(es('appointments', 'Cancel')) })
        .click();
      await openedDialog(page, es('shared', APPOINTMENT_TEXTS.cancelNotAllowedTitle));
      await check(findings, page, where('/home', 'cancel a completed job (refusal dialog)'));
      await closeWith(page, ok());
      await rows(page)
        .nth(1)
        .getByRole('button', { name: startingWith(es('appointments', 'Pay')) })
        .click();
      await openedDialog(page, es('shared', APPOINTMENT_TEXTS.payNotAllowedTitle));
      await check(findings, page, where('/home', 'pay an open job (refusal dialog)'));
      await closeWith(page, ok());
      await rows(page)
        .nth(1)
        .getByRole('button', { name: startingWith(es('appointments', 'Change time')) })
        .click();
      const moving = await openedDialog(page, es('appointments', 'Change the time of your visit'));
      await moving.locator('.rdp-month_grid').waitFor();
      await check(findings, page, where('/home', 'change the time (reschedule dialog)'));
      await moving.locator('.rdp-day_button:not([disabled])').first().click();
      await moving.locator('.slot-grid').waitFor();
      await moving.getByRole('button', { name: es('appointments', 'Move my visit') }).click();
      await moving.getByRole('alert').waitFor();
      await check(findings, page, where('/home', 'change the time: a day chosen, no time (reschedule dialog)'));
      await page.setViewportSize(SWEEP_PHONE);
      await check(findings, page, where('/home', 'change the time on a phone (reschedule dialog)'));
      await page.setViewportSize(SWEEP_DESKTOP);
      await closeWith(page, es('appointments', 'Keep the current time'));
      await page.setViewportSize(SWEEP_PHONE);
      await page.locator('.appointment-card').first().waitFor();
      await check(findings, page, where('/home', 'full list as cards on a phone'));
      await page.setViewportSize(SWEEP_DESKTOP);
    });

    sweep.test(where('/makepayment', 'refused, then the test-mode checkout'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, `/makepayment?appointment=${booked.open}`, es('shared', PAYMENT_TEXTS.checkout));
      await page.locator('.checkout-refused').waitFor();
      await check(findings, page, where('/makepayment', 'a job not completed (refusal)'));
      await sweep.visit(page, '/home', welcome());
      await rows(page)
        .first()
        .getByRole('button', { name: startingWith(es('appointments', 'Pay')) })
        .click();
      await openedDialog(page, es('web', 'Please confirm'));
      await check(findings, page, where('/home', 'go to checkout (confirm dialog)'));
      await (await openedDialog(page, es('web', 'Please confirm'))).getByRole('button', { name: ok(), exact: true }).click();
      const heading = plain(es('payments', 'Make a Payment of {amount}', { amount }));
      await expect.poll(async () => plain(await page.locator('h2').first().textContent())).toBe(heading);
      await noDialog(page);
      await check(findings, page, where('/makepayment', 'test-mode checkout'));
    });

    sweep.test(where('/account', 'filled form, fields in error, save (confirm dialog), saved'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, '/account', es('accounts', 'Your account'));
      // The customer's own details (the trusted contact's form further down has fields of its own).
      const details = page.getByRole('region', { name: es('accounts', 'Your details and service address') });
      const phone = label(details, es('accounts', 'Phone number'));
      await expect.poll(() => phone.inputValue()).toBe(PROFILE.phoneNumber);
      await check(findings, page, where('/account', 'filled form'));
      await label(details, es('accounts', 'First name')).fill('R2-D2');
      await phone.fill('12');
      const save = button(page, es('accounts', 'Save'));
      await save.click();
      await page.locator('.invalid-feedback').first().waitFor();
      await check(findings, page, where('/account', 'fields in error'));
      await label(details, es('accounts', 'First name')).fill(PROFILE.firstName);
      await phone.fill(PROFILE.phoneNumber);
      await save.click();
      await openedDialog(page, es('web', 'Please confirm'));
      await check(findings, page, where('/account', 'save (confirm dialog)'));
      await (await openedDialog(page, es('web', 'Please confirm'))).getByRole('button', { name: ok(), exact: true }).click();
      await noDialog(page);
      await page
        .getByRole('status')
        .filter({ hasText: es('shared', 'Your information has been updated.') })
        .waitFor();
      await check(findings, page, where('/account', 'saved (status banner)'));
    });

    sweep.test(where('/home and /makepayment', 'the network failed'), async (findings) => {
      const page = await customer();
      const api = /\/api\/(appointments|payments\/checkout\/.*)$/;
      await page.context().route(api, (route) => route.abort());
      try {
        await sweep.visit(page, '/home', welcome());
        await button(page, es('appointments', 'Try again')).waitFor({ timeout: 10_000 });
        await check(findings, page, where('/home', 'the appointments could not be loaded'));
        await sweep.visit(page, `/makepayment?appointment=${booked.completed}`, es('shared', PAYMENT_TEXTS.checkout));
        await button(page, es('payments', 'Try again')).waitFor({ timeout: 10_000 });
        await check(findings, page, where('/makepayment', 'the checkout could not be loaded'));
      } finally {
        await page.context().unroute(api);
      }
    });

    sweep.test(where('/makepayment', 'paid (thank-you dialog)'), async (findings) => {
      const page = await customer();
      await sweep.visit(page, `/makepayment?appointment=${booked.completed}`, es('shared', PAYMENT_TEXTS.checkout));
      await button(page, plain(es('payments', 'Pay {amount} (test mode)', { amount }))).click();
      await openedDialog(page, es('shared', 'Thank you for your payment {name}!', { name: PROFILE.firstName }));
      await check(findings, page, where('/makepayment', 'paid (thank-you dialog)'));
    });
  });

  sweep.expectChecked(72);
});
