import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CITIES } from '../../src/shared/business.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { bookOverHttp, createBookingCustomer, createVerifiedAccount, openSignedIn } from '../support/booking-customers.ts';
import { launchBrowser, openPage } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

/**
 * The pseudo-locale (`?lang=pseudo`, decision 016) shows every catalogued text in accented English ("Śēŕvĩćēś"): a
 * word of plain ASCII letters left on a screen is a text that never went through a catalogue. Names that are not
 * translated anywhere (the brand, the towns, products) are allowed.
 */
const NAMES = new Set(
  [
    'TechHelp',
    'PayPal',
    'YouTube',
    'Google',
    'Microsoft',
    'Workspace',
    'Wi-Fi',
    'NY',
    // Places on the map and in the towns' names.
    'Town',
    'Huntington',
    'Babylon',
    'Brookhaven',
    'Long',
    'Island',
    'Sound',
    'Great',
    'South',
    'Bay',
    'Fire',
    // Dates: the pseudo-locale writes them as English does (Intl has no accented English).
    ...['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    ...['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    ...['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    // The remote-support tools, by their product names.
    'Chrome',
    'Remote',
    'Desktop',
    'Windows',
    'Quick',
    'Assist',
    ...SERVICE_CITIES.flatMap((city) => city.name.split(/\s+/)),
  ].map((name) => name.toLowerCase()),
);

/** The words of the page's visible text and of its labels for assistive technology that are plain ASCII. */
async function untranslatedWords(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    // The language switch names each language in itself, in every language.
    for (const element of document.querySelectorAll('.language-bar')) element.remove();
    const labels = [...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, without hidden elements' text
    return [document.body.innerText, document.title, ...labels];
  });
  const withoutAddresses = texts.join(' ').replace(/\S+@\S+/g, ' ');
  const words = withoutAddresses.match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? [];
  return [...new Set(words.filter((word) => !NAMES.has(word.toLowerCase()) && !/^(https?|www|com|test)$/i.test(word)))];
}

describe('languages in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(['/', '/services', '/securified', '/remotesupport', '/maintenance', '/no/such/page', '/signup', '/login', '/forgot-password'])(
    'shows no text outside the catalogues on %s',
    async (path) => {
      const { page, context, consoleErrors } = await openPage(browser);
      try {
        await page.goto(`${server.url}${path}?lang=pseudo`);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await untranslatedWords(page)).toEqual([]);
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it.each([
    { what: 'an e-mail link that failed (its error dialog)', path: '/usermgmt?mode=verifyEmail&oobCode=not-a-real-code-0123456789' },
    { what: 'an unknown e-mail link', path: '/usermgmt?mode=somethingElse' },
    { what: 'Not Authorized', path: '/home' },
  ])('shows no text outside the catalogues on $what', async ({ path }) => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}lang=pseudo`);
      await page.locator('main h1, [role="dialog"] h2, [role="alertdialog"] h2').first().waitFor();
      await page.waitForLoadState('networkidle');
      // (The refused link is a 400 in the console, as it should be.)
      expect(await untranslatedWords(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows no text outside the catalogues on the signed-in customer's screens", async () => {
    const newcomer = await createVerifiedAccount(server.url, `newcomer-${Date.now()}@example.com`);
    const customer = await createBookingCustomer(server.url, 'pseudo');
    const [day] = upcomingWeekendDays(1, 2);
    await bookOverHttp(server.url, customer, day ?? '', '09:30am');
    const screens = [
      { person: newcomer, path: '/serviceform' },
      { person: customer, path: '/home' },
      { person: customer, path: '/account' },
      { person: customer, path: '/makepayment' },
      { person: customer, path: '/chat' },
    ];
    const found: Record<string, string[]> = {};
    for (const { person, path } of screens) {
      const { page, context, consoleErrors } = await openSignedIn(browser, server.url, person, `${path}?lang=pseudo`);
      try {
        await page.locator('main h1').first().waitFor();
        // The screen's data (the visits, the calendar) has come when nothing is loading any more.
        await expect.poll(() => page.locator('.spinner-border, [aria-busy="true"]').count()).toBe(0);
        const words = await untranslatedWords(page);
        if (words.length > 0) found[path] = words;
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    }
    expect(found).toEqual({});
  });

  it('opens in Spanish for a browser that prefers it, switches to English and keeps the choice', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { locale: 'es-US' });
    try {
      await page.goto(`${server.url}/`);
      const switcher = page.getByRole('group', { name: 'Language / Idioma' });
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await switcher.getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true');

      await switcher.getByRole('button', { name: 'English' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await switcher.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');

      await page.reload();
      await page.locator('main h1').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens an e-mail link in the language it names', async () => {
    const { page, context } = await openPage(browser, { locale: 'en-US' });
    try {
      await page.goto(`${server.url}/services?lang=es`);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    } finally {
      await context.close();
    }
  });
});
