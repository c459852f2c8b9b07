import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAppointment } from '../../src/shared/appointments.ts';
import { BUSINESS_NAME } from '../../src/shared/site.ts';
import { KeyboardUser } from '../support/accessibility.ts';
import { nextClient, PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { callAs, mailboxOf, stopDate } from '../support/back-office-people.ts';
import { bookOverHttp, createVerifiedAccount, type HttpCustomer } from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { expectCleanConsole, openPerson, type Person, waitForActionLink, waitForPath } from '../support/browser-accounts.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import { englishSentences, es, loadCatalogues, plain, SPANISH_BROWSER } from '../support/spanish.ts';

/**
 * A Spanish-speaking customer's whole journey (decision 016), in Chromium against the real built server: the
 * browser prefers Spanish, and every screen from the landing page to the payment's thank-you is in Spanish, passes
 * axe, and the e-mails come in Spanish. The expected texts are read from the Spanish catalogues.
 */

const ADMIN_EMAIL = 'owner.spanish@example.com';
const NEW_YORK = 'America/New_York';
const [FIRST_DAY = '', SECOND_DAY = ''] = upcomingWeekendDays(2, 2);

/** Dollars as US Spanish writes them: "$60.00". */
const money = (dollars: number) => new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(dollars);

/** Sunday to Saturday, as the calendar heads its columns in Spanish ("dom" … "sáb"), in New York time. */
const SPANISH_WEEKDAYS = ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'].map((date) =>
  new Intl.DateTimeFormat('es', { weekday: 'short', timeZone: NEW_YORK }).format(new Date(`${date}T17:00:00Z`)),
);
const SPANISH_MONTHS = Array.from({ length: 12 }, (_, month) =>
  new Intl.DateTimeFormat('es', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, month, 15))),
);

const pageLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);
const heading1 = async (page: Page) => plain(await page.locator('main h1, h1').first().textContent());

/** The open dialog with this title once it has finished opening (its first button has the focus, the fade is over). */
async function spanishDialog(page: Page, title: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ state: 'visible' });
  await expect
    .poll(() => dialog.evaluate((element) => Number(getComputedStyle(element.closest('.modal') ?? element).opacity)), { timeout: 5000 })
    .toBe(1);
  return dialog;
}
const dialogBody = async (dialog: Locator) => plain(await dialog.locator('.modal-body').first().textContent());

/** The screen as it is now: axe finds no WCAG violation, and no catalogued English sentence shows. */
async function expectSpanishScreen(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), `axe on ${where} (Spanish)`).toEqual([]);
  // What a person sees, and the names assistive technology reads out.
  const shown = await page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, without hidden elements' text
    return [document.body.innerText, document.title, ...labels].join('\n');
  });
  expect(
    englishSentences().filter((english) => plain(shown).includes(english)),
    `English left on ${where}`,
  ).toEqual([]);
}

async function chooseDay(page: Page, date: string): Promise<void> {
  const button = page.locator(`td[data-day="${date}"] button`);
  const caption = page.locator('.rdp-caption_label');
  for (let turns = 0; (await button.count()) === 0 && turns < 3; turns++) {
    const shown = await caption.textContent();
    await page.getByRole('button', { name: es('appointments', 'next month') }).click();
    await expect.poll(() => caption.textContent()).not.toBe(shown);
  }
  await button.click();
}

/** A verified account that signed up in Spanish, with its service form done, signed in over HTTP. */
async function spanishCustomerOverHttp(serverUrl: string): Promise<HttpCustomer> {
  const email = uniqueEmail('teclado');
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${serverUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClient(), ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const signUp = await post('/api/account/signup', {
    email,
    confirmEmail: email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    locale: 'es',
  });
  expect(signUp.status, await signUp.clone().text()).toBe(201);
  const link = await waitForActionLink(serverUrl, email, 'verifyEmail');
  expect((await post('/api/account/verify-email', { oobCode: new URL(link).searchParams.get('oobCode') })).status).toBe(200);
  const login = await post('/api/account/login', { email, password: PASSWORD, rememberMe: false });
  expect(login.status).toBe(200);
  const cookies = login.headers.getSetCookie().map((header) => {
    const [pair = ''] = header.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  const customer = { email, cookies, cookieHeader: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') };
  await callAs(serverUrl, customer, 'PUT', '/api/account/profile', {
    firstName: 'María José',
    lastName: 'Núñez Peña',
    phoneNumber: '631-555-0142',
    streetAddress: '45 Calle Mayor',
    city: 'Central Islip',
  });
  return customer;
}

describe('a Spanish-speaking customer’s journey in Chromium, against the real server', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: HttpCustomer;
  const people: Person[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: { TRUST_PROXY: '1', ADMIN_EMAILS: ADMIN_EMAIL, SUPPORT_PHONE: '(631) 555-0199' } }),
      workerBrowser(),
      loadCatalogues(),
    ]);
    admin = await createVerifiedAccount(server.url, ADMIN_EMAIL);
  });
  afterAll(async () => {
    for (const person of people) await person.context.close().catch(() => undefined);
    await releaseBrowser(browser);
    await server?.stop();
  });

  it('signs up, verifies by the Spanish e-mail, fills the service form as José Muñoz, books, and pays — all in Spanish: no English left and no axe violation on any screen', async () => {
    const person = await openPerson(browser, server.url, SPANISH_BROWSER);
    people.push(person);
    const { page } = person;
    const address = uniqueEmail('jose');

    // The landing page, in Spanish because the browser prefers it.
    await page.goto(`${server.url}/`);
    await expect.poll(() => heading1(page)).toBe(es('web', 'Computer help from a neighbor you can trust'));
    expect(await pageLanguage(page)).toBe('es');
    expect(await page.getByRole('link', { name: es('web', 'Make an Appointment Now') }).isVisible()).toBe(true);
    await expectSpanishScreen(page, '/');

    // Sign-up, reached from the header.
    await page
      .locator('#site-nav')
      .getByRole('link', { name: es('site', 'Register'), exact: true })
      .click();
    await waitForPath(page, '/signup');
    await expect.poll(() => heading1(page)).toBe(es('accounts', 'Create your account'));
    const email = page.getByLabel(es('accounts', 'E-mail address'), { exact: true });
    const repeatEmail = page.getByLabel(es('accounts', 'Repeat e-mail address'), { exact: true });
    const password = page.getByLabel(es('accounts', 'Password'), { exact: true });
    const repeatPassword = page.getByLabel(es('accounts', 'Repeat password'), { exact: true });
    await email.waitFor();
    await expectSpanishScreen(page, '/signup');
    await email.fill(address);
    await repeatEmail.fill(address);
    await password.fill(PASSWORD);
    await repeatPassword.fill(PASSWORD);
    await page
      .getByRole('main')
      .getByRole('button', { name: es('accounts', 'Register'), exact: true })
      .click();
    const created = await spanishDialog(page, es('shared', 'Success!'));
    expect(await dialogBody(created)).toContain(
      es('shared', 'Your account has been created. We sent you an e-mail: click its link to verify your address, then log in.'),
    );
    await expectSpanishScreen(page, '/signup, its success dialog');
    await created.getByRole('button', { name: es('web', 'OK'), exact: true }).click();
    await waitForPath(page, '/login');

    // The verification e-mail is in Spanish, and its link keeps the language.
    const link = await waitForActionLink(server.url, address, 'verifyEmail');
    const [mail] = await mailboxOf(server.url, address);
    expect(mail?.subject).toBe(es('server', 'Verify your e-mail address for {business}', { business: BUSINESS_NAME }));
    expect(plain(mail?.text)).toContain(
      es('server', 'Welcome to {business}! Please confirm that this is your e-mail address, so that you can log in and book a visit.', {
        business: BUSINESS_NAME,
      }),
    );
    expect(plain(mail?.text)).toContain(es('server', 'Verify my e-mail address'));
    expect(new URL(link).searchParams.get('lang')).toBe('es');

    await page.goto(link);
    const verified = page.getByRole('status').filter({ hasText: es('shared', 'Email has been verified') });
    await verified.waitFor();
    expect(await verified.textContent()).toContain(address);
    expect(await pageLanguage(page)).toBe('es');
    await expectSpanishScreen(page, '/usermgmt (verified)');
    await page.getByRole('main').getByRole('link', { name: 'iniciar sesión' }).click();
    await waitForPath(page, '/login');

    // Logging in, in Spanish; a new account goes on to the service form.
    await expect.poll(() => heading1(page)).toBe(es('accounts', 'Log in'));
    await page.getByLabel(es('accounts', 'E-mail address'), { exact: true }).waitFor();
    await expectSpanishScreen(page, '/login');
    await page.getByLabel(es('accounts', 'E-mail address'), { exact: true }).fill(address);
    await page.getByLabel(es('accounts', 'Password'), { exact: true }).fill(PASSWORD);
    await page
      .getByRole('main')
      .getByRole('button', { name: es('accounts', 'Log in'), exact: true })
      .click();
    await waitForPath(page, '/serviceform');
    await page.getByRole('heading', { name: es('accounts', 'Please complete Service Form') }).waitFor();
    expect(await pageLanguage(page)).toBe('es');
    await page.getByLabel(es('accounts', 'First name'), { exact: true }).waitFor();
    await expectSpanishScreen(page, '/serviceform');

    // A name with accents is a name.
    await page.getByLabel(es('accounts', 'First name'), { exact: true }).fill('José');
    await page.getByLabel(es('accounts', 'Last name'), { exact: true }).fill('Muñoz');
    await page.getByLabel(es('accounts', 'Phone number'), { exact: true }).fill('631-555-0100');
    await page.getByLabel(es('accounts', 'Street address'), { exact: true }).fill('12 Main Street');
    await page.getByLabel(es('accounts', 'City'), { exact: true }).selectOption('Bay Shore');
    expect(await page.getByLabel(es('accounts', 'Zip code'), { exact: true }).inputValue()).toBe('11706');
    await page
      .getByRole('main')
      .getByRole('button', { name: es('accounts', 'Submit'), exact: true })
      .click();
    const saved = await spanishDialog(page, es('shared', 'Success!'));
    expect(await dialogBody(saved)).toBe(es('shared', 'Service Form is completed!'));
    await saved.getByRole('button', { name: es('web', 'OK'), exact: true }).click();
    await waitForPath(page, '/home');

    // /home: the welcome, the Spanish calendar.
    const welcome = page.getByRole('heading', { level: 1 });
    await welcome.filter({ hasText: address }).waitFor();
    const welcomeText = es('accounts', 'Welcome, <0>{email}</0>', { email: address }).replace(/<\/?0>/g, '');
    expect(plain(await welcome.textContent())).toBe(`${welcomeText} ${es('accounts', 'Verified')}`);
    await page.locator('.booking-calendar .rdp-month_grid').waitFor();
    const caption = plain(await page.locator('.rdp-caption_label').textContent());
    expect(caption).toMatch(new RegExp(`^(${SPANISH_MONTHS.join('|')}) de \\d{4}$`));
    expect((await page.locator('.rdp-weekday').allTextContents()).map(plain)).toEqual(SPANISH_WEEKDAYS);
    expect(await page.getByRole('button', { name: es('appointments', 'next month') }).count()).toBe(1);
    expect(await page.getByText(es('appointments', 'You have no appointments booked.')).isVisible()).toBe(true);
    await expectSpanishScreen(page, '/home');

    // Booking: a weekend day, the first free time, in person; the confirm dialog asks in Spanish.
    await chooseDay(page, FIRST_DAY);
    const legend = page.locator('.slot-fieldset legend');
    await expect.poll(async () => plain(await legend.textContent())).toMatch(/^2\. Elija una hora para el (domingo|sábado), \d+ de /);
    const slot = page.locator('.slot-fieldset button[aria-pressed]:not([aria-disabled])').first();
    await slot.click();
    await expect.poll(() => slot.getAttribute('aria-pressed')).toBe('true');
    expect(plain(await slot.textContent())).toMatch(/^\d{1,2}:\d{2} [ap]\. m\.$/);
    expect(await page.getByRole('radio', { name: es('appointments', 'In-Person') }).isChecked()).toBe(true);
    await page.getByRole('button', { name: es('appointments', 'Confirm'), exact: true }).click();
    const confirm = await spanishDialog(page, es('web', 'Please confirm'));
    expect(await dialogBody(confirm)).toBe(es('appointments', 'Are you sure you want a In-Person visit? If YES select OK'));
    // Under the spec's question, the visit it books: its day, its time, its type and the service address.
    const details = plain((await confirm.locator('dl').textContent()) ?? '');
    expect(details).toMatch(
      new RegExp(`^${es('appointments', 'Day')}(domingo|sábado), \\d+ de \\S+ de \\d{4}${es('appointments', 'Time')}`),
    );
    expect(details).toContain(`${es('appointments', 'Visit Type')}${es('appointments', 'In-Person')}`);
    expect(details).toContain(`${es('appointments', 'Place')}12 Main Street, Bay Shore, NY 11706`);
    expect(await confirm.getByRole('button', { name: es('web', 'Cancel'), exact: true }).count()).toBeGreaterThan(0);
    await expectSpanishScreen(page, '/home, the booking confirm dialog');
    await confirm.getByRole('button', { name: es('web', 'OK'), exact: true }).click();

    const describeIt = page.getByRole('dialog', { name: es('appointments', 'Your visit is booked') });
    const problem = describeIt.getByLabel(es('appointments', 'Describe the problem'));
    await problem.waitFor();
    await problem.fill('La impresora no imprime desde la última actualización; ¿pueden revisarla?');
    await expectSpanishScreen(page, '/home, the describe-the-problem dialog');
    await describeIt.getByRole('button', { name: es('appointments', 'Save'), exact: true }).click();
    await expect.poll(() => describeIt.count()).toBe(0);
    const row = page.locator('.appointment-table tbody tr').first();
    await expect
      .poll(async () => plain(await row.locator('td').first().textContent()))
      .toMatch(/^(domingo|sábado), \d+ de \S+ de \d{4} a las \d+:\d{2} [ap]\. m\.$/);
    await expectSpanishScreen(page, '/home with the booked visit');

    // The owner completes the job with a price, over HTTP; the customer's /home shows the amount live.
    const [appointment] = (await (await page.context().request.get(`${server.url}/api/appointments`)).json()) as CustomerAppointment[];
    if (!appointment) throw new Error('the booked visit is not in the customer’s list');
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${appointment.id}`, { amount: '60', isCompleted: true });
    const amount = money(60);
    await expect.poll(async () => plain(await row.textContent()), { timeout: 10_000 }).toContain(plain(amount));
    await row.getByRole('button', { name: new RegExp(`^${es('appointments', 'Pay')}`) }).click();
    const payConfirm = await spanishDialog(page, es('web', 'Please confirm'));
    expect(await dialogBody(payConfirm)).toBe(plain(es('appointments', 'Go to checkout to pay {amount}? If YES select OK', { amount })));
    await payConfirm.getByRole('button', { name: es('web', 'OK'), exact: true }).click();

    // The checkout, in test mode.
    await waitForPath(page, '/makepayment');
    await expect
      .poll(async () => plain(await page.locator('h2').first().textContent()))
      .toBe(plain(es('payments', 'Make a Payment of {amount}', { amount })));
    expect(await heading1(page)).toBe(es('shared', 'Checkout'));
    const panel = page.getByRole('region', { name: es('payments', 'Test mode: no money moves') });
    const pay = panel.getByRole('button', { name: plain(es('payments', 'Pay {amount} (test mode)', { amount })) });
    await pay.waitFor();
    expect(await pageLanguage(page)).toBe('es');
    await expectSpanishScreen(page, '/makepayment');

    await stopDate(page);
    await pay.click();
    const thanks = await spanishDialog(page, es('shared', 'Thank you for your payment {name}!', { name: 'José' }));
    expect(await dialogBody(thanks)).toContain(
      plain(es('payments', 'We received {amount} and e-mailed you a receipt. You will be taken back to your appointments.', { amount })),
    );
    expect(plain(await thanks.textContent())).toMatch(/Continuamos en 3 segundos\./);
    await expectSpanishScreen(page, '/makepayment, the thank-you dialog');
    await thanks.getByRole('button', { name: es('web', 'OK'), exact: true }).click();
    await waitForPath(page, '/home');
    await page.clock.setSystemTime(Date.now());
    await page.getByText(es('appointments', 'You have no appointments booked.')).waitFor();
    await expect
      .poll(async () => (await mailboxOf(server.url, address)).map((entry) => entry.subject), { timeout: 5000 })
      .toContainEqual(expect.stringMatching(new RegExp(`^Su recibo de ${BUSINESS_NAME}: .*\\(PRUEBA: no se cobró dinero\\)$`)));
    expectCleanConsole(person);
  });

  /** The page's sideways overflow, and what sticks out to the right (for the failure message). */
  async function overflow(page: Page): Promise<{ scroll: number; inner: number; outside: string[] }> {
    return page.evaluate(() => {
      const inner = window.innerWidth;
      const outside = [...document.querySelectorAll('body *')]
        .filter(
          (element) =>
            element.getBoundingClientRect().right > inner + 1 && (element.parentElement?.getBoundingClientRect().right ?? 0) <= inner + 1,
        )
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').trim().slice(0, 30)}"`,
        );
      return { scroll: document.documentElement.scrollWidth, inner, outside };
    });
  }

  /** /home again, once its calendar and the customer's one appointment are there. */
  async function reloadHome(page: Page): Promise<void> {
    await page.reload();
    await page.locator('.booking-calendar .rdp-month_grid').waitFor();
    await expect.poll(() => page.locator('.appointment-table tbody tr').count()).toBe(1);
    expect(await pageLanguage(page)).toBe('es');
  }

  it('logs in with the keyboard alone on the Spanish login form, reaching /home, which fits 320 px and text at 200%', async () => {
    const customer = await spanishCustomerOverHttp(server.url);
    await bookOverHttp(server.url, customer, SECOND_DAY, '09:30am');
    const person = await openPerson(browser, server.url, SPANISH_BROWSER);
    people.push(person);
    const { page } = person;

    await page.goto(`${server.url}/login`);
    await expect.poll(() => heading1(page)).toBe(es('accounts', 'Log in'));
    expect(await pageLanguage(page)).toBe('es');
    const keyboard = new KeyboardUser(page);
    await keyboard.tabTo(page.getByLabel(es('accounts', 'E-mail address'), { exact: true }));
    await keyboard.type(customer.email);
    await keyboard.tabTo(page.getByLabel(es('accounts', 'Password'), { exact: true }));
    await keyboard.type(PASSWORD);
    await keyboard.press('Enter');
    await waitForPath(page, '/home');
    const welcome = page.getByRole('heading', { level: 1 });
    await welcome.filter({ hasText: customer.email }).waitFor();
    expect(plain(await welcome.textContent())).toBe(
      `${es('accounts', 'Welcome, <0>{email}</0>', { email: customer.email }).replace(/<\/?0>/g, '')} ${es('accounts', 'Verified')}`,
    );
    expect(await pageLanguage(page)).toBe('es');
    expect(keyboard.missingFocusIndicators).toEqual([]);

    // 320 px wide (WCAG 1.4.10): no sideways scrolling.
    await page.setViewportSize({ width: 320, height: 640 });
    await reloadHome(page);
    const narrow = await overflow(page);
    expect(narrow.scroll, `at 320 px these stick out: ${narrow.outside.join('; ')}`).toBeLessThanOrEqual(narrow.inner);
    await expectSpanishScreen(page, '/home at 320 px');

    // Chrome's own text size doubled, 16 px to 32 px (WCAG 1.4.4), on a desktop: no sideways scrolling.
    await page.setViewportSize({ width: 1280, height: 800 });
    const devtools = await person.context.newCDPSession(page);
    await devtools.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await reloadHome(page);
    // The site's 112.5% of the browser's text size: 36 px with the text doubled.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('36px');
    const large = await overflow(page);
    expect(large.scroll, `with text at 200% these stick out: ${large.outside.join('; ')}`).toBeLessThanOrEqual(large.inner);
    await expectSpanishScreen(page, '/home with text at 200%');
    expectCleanConsole(person);
  });
});
