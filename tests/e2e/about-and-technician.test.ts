import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TECHNICIAN_BIO } from '../../src/shared/business.ts';
import { CONTACT_TEXTS } from '../../src/shared/contact-form.ts';
import { fillIn } from '../../src/shared/english.ts';
import { tabUntil } from '../support/accessibility.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { callAs, mailboxOf } from '../support/back-office-people.ts';
import { bookOverHttp, createVerifiedAccount, type HttpCustomer } from '../support/booking-customers.ts';
import { axeViolations, openPage, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { expectReflow } from '../support/reflow.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import { es, loadCatalogues, type Part, SPANISH_BROWSER } from '../support/spanish.ts';

const ADMIN_EMAIL = 'owner.about@example.com';
const SUPPORT_EMAIL = 'desk.about@techhelp.test';
const SUPPORT_PHONE = '(631) 555-0177';
const SINCE_YEAR = 2004;
const YEARS = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' }).format(new Date())) - SINCE_YEAR;

type Say = (part: Part, english: string, values?: Record<string, string>) => string;
const LANGUAGES: Array<{ name: 'English' | 'Spanish'; options: BrowserContextOptions; say: Say }> = [
  { name: 'English', options: {}, say: (_part, english, values = {}) => fillIn(english, values) },
  { name: 'Spanish', options: SPANISH_BROWSER, say: es },
];

/** Three customers rated their visits; Walter did not allow his review to be shown. */
const RATERS = [
  { firstName: 'Rosa', lastName: 'Delgado', city: 'Smithtown', rating: 5, comment: 'Explained every step in plain words.', mayShow: true },
  { firstName: 'Walter', lastName: 'Kowalski', city: 'Sayville', rating: 4, comment: 'A private word for the owner.', mayShow: false },
  { firstName: 'June', lastName: 'Abernathy', city: 'Bayport', rating: 5, comment: 'Patient and kind with my new laptop.', mayShow: true },
] as const;

/**
 * The technician and the business in the open (issue 40): the technician and the ratings customers allowed on / and
 * /services, and /about with its contact form, used by keyboard alone; in English and Spanish, with zero axe
 * violations, at 320 px and at 200% text.
 */
describe('the technician, the ratings and the contact page', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: HttpCustomer;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({
        env: {
          ADMIN_EMAILS: ADMIN_EMAIL,
          SUPPORT_EMAIL,
          SUPPORT_PHONE,
          TECHNICIAN_NAME: 'Sam Rivera',
          TECHNICIAN_SINCE_YEAR: String(SINCE_YEAR),
        },
      }),
      workerBrowser(),
      loadCatalogues(),
    ]);
    admin = await createVerifiedAccount(server.url, ADMIN_EMAIL, { profile: true });
    const [date = ''] = upcomingWeekendDays(1, 3);
    const slots = ['08:00am', '09:30am', '11:00am'];
    for (const [index, rater] of RATERS.entries()) {
      const customer = await createVerifiedAccount(server.url, uniqueEmail(`about-${rater.firstName}`));
      const { firstName, lastName, city } = rater;
      await callAs(server.url, customer, 'PUT', '/api/account/profile', {
        firstName,
        lastName,
        city,
        phoneNumber: '631-555-0100',
        streetAddress: '12 Main Street',
      });
      const visit = await bookOverHttp(server.url, customer, date, slots[index] ?? '');
      await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${visit.id}`, {
        isCompleted: true,
        amount: '50',
        isPaid: true,
        paymentMethod: 'cash',
      });
      await callAs(server.url, customer, 'POST', `/api/reviews/${visit.id}`, {
        rating: rater.rating,
        comment: rater.comment,
        mayShow: rater.mayShow,
      });
    }
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  /** Scrolls to the bottom and back, so that the parts loaded when near have come. */
  async function scrollThrough(page: Page) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForLoadState('networkidle');
  }

  /** The technician's profile and the ratings, as a visitor reads them. */
  async function expectTechnicianAndRatings(page: Page, say: Say) {
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: say('public', 'What our customers say') }).waitFor();
    await expect.poll(() => main.getByRole('heading', { name: 'Sam Rivera', level: 3 }).count()).toBe(1);
    const years = say(
      'public',
      `{years, plural, one {# year of experience} other {# years of experience}} with computers, networks and people`,
    );
    // The catalogue's plural, said for this many years.
    const yearsText = years.replace(/\{years, plural, one \{[^}]*\} other \{([^}]*)\}\}/, '$1').replace('#', String(YEARS));
    expect(await main.getByText(yearsText).count()).toBe(1);
    const reviews = main.locator('.customer-reviews');
    // 5, 4 and 5: every rating counts in the average, shown ones or not.
    expect(await reviews.locator('.review-average').textContent()).toMatch(/^4[.,]7$/);
    const shown = await reviews
      .locator('figure')
      .evaluateAll((figures) =>
        figures.map((figure) => [
          figure.querySelector('blockquote')?.textContent,
          figure.querySelector('figcaption')?.firstChild?.textContent,
        ]),
      );
    expect(shown).toEqual([
      ['Patient and kind with my new laptop.', 'June, Bayport'],
      ['Explained every step in plain words.', 'Rosa, Smithtown'],
    ]);
    for (const hidden of ['Walter', 'A private word', 'Delgado', 'Abernathy']) expect(await main.getByText(hidden).count(), hidden).toBe(0);
  }

  for (const { name, options, say } of LANGUAGES) {
    it(`shows the technician and the ratings customers allowed on / and /services, in ${name}, reflowing, with zero axe violations`, async () => {
      const { page, context, consoleErrors } = await openPage(browser, options);
      // Fail fast: a missing element should not hold the test until its overall timeout.
      page.setDefaultTimeout(15_000);
      try {
        await page.goto(server.url);
        await page.locator('main h1').waitFor();
        await scrollThrough(page);
        await page.getByRole('heading', { name: say('public', 'Meet your technician') }).waitFor();
        await expectTechnicianAndRatings(page, say);
        const more = page.getByRole('link', { name: say('public', 'Read more about your technician') });
        expect(await more.getAttribute('href')).toBe('/services#technician');
        expect(await axeViolations(page)).toEqual([]);
        await expectReflow(page);

        await more.click();
        await page.getByRole('heading', { name: say('shared', 'Meet your technician'), level: 2 }).waitFor();
        await scrollThrough(page);
        await expectTechnicianAndRatings(page, say);
        // The built-in biography, as no other is configured.
        for (const paragraph of TECHNICIAN_BIO.paragraphs)
          expect(await page.getByText(say('shared', paragraph), { exact: true }).count()).toBe(1);
        expect(await axeViolations(page)).toEqual([]);
        await expectReflow(page);
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  for (const { name, options, say } of LANGUAGES) {
    it(`takes a message on /about by keyboard alone, in ${name}, tells the problems in that language, and e-mails only the owner`, async () => {
      const { page, context, consoleErrors } = await openPage(browser, options);
      try {
        // /contact leads to /about.
        await page.goto(`${server.url}/contact`);
        await page.getByRole('heading', { name: say('public', 'About us and contact'), level: 1 }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/about');
        const main = page.getByRole('main');
        expect(await main.getByRole('link', { name: SUPPORT_PHONE }).getAttribute('href')).toBe('tel:+16315550177');
        expect(await main.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
        // The technician at the page's foot, come once the visitor is near.
        await scrollThrough(page);
        await main.getByRole('heading', { name: 'Sam Rivera', level: 3 }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await expectReflow(page);

        const field = (label: string) => page.getByLabel(say('public', label), { exact: true });
        const send = page.getByRole('button', { name: say('public', 'Send message') });
        // Sent empty: every problem said in the visitor's language, and the focus on the first field to fix.
        await tabUntil(page, send);
        await page.keyboard.press('Enter');
        await expect.poll(() => field('Your name').evaluate((element) => element === document.activeElement)).toBe(true);
        for (const problem of [CONTACT_TEXTS.nameRequired, CONTACT_TEXTS.answerMissing, CONTACT_TEXTS.messageRequired]) {
          expect(await main.getByText(say('shared', problem)).count(), problem).toBe(1);
        }
        expect(await axeViolations(page)).toEqual([]);

        const visitor = uniqueEmail(`about-visitor-${name}`);
        await page.keyboard.type('Rosa Delgado');
        await tabUntil(page, field('E-mail address'));
        await page.keyboard.type(visitor);
        await tabUntil(page, field('Your message'));
        await page.keyboard.type(`My printer stopped printing (${name}).`);
        await tabUntil(page, send);
        await page.keyboard.press('Enter');

        const thanks = page.getByRole('heading', {
          name: say('public', 'Thank you, {name}. Your message has reached us.', { name: 'Rosa Delgado' }),
        });
        await thanks.waitFor();
        expect(await thanks.evaluate((element) => element === document.activeElement)).toBe(true);
        expect(await main.getByText(say('public', 'We will answer you at {email}.', { email: visitor })).count()).toBe(1);
        await expect
          .poll(
            async () =>
              (await mailboxOf(server.url, ADMIN_EMAIL)).filter((mail) => mail.text.includes(`My printer stopped printing (${name}).`))
                .length,
          )
          .toBe(1);
        const [toOwner] = (await mailboxOf(server.url, ADMIN_EMAIL)).filter((mail) => mail.text.includes(`(${name})`));
        expect(toOwner?.text).toContain(`How to answer: e-mail ${visitor}.`);
        expect(await mailboxOf(server.url, visitor)).toEqual([]);
        expect(await axeViolations(page)).toEqual([]);
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
