import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CITIES } from '../../src/shared/business.ts';
import { CODE_WORDS } from '../../src/shared/code-words.ts';
import { GENERIC_SERVER_ERROR_MESSAGE } from '../../src/shared/messages.ts';
import { nextClient, PASSWORD, PROFILE } from '../support/accounts.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import {
  bookOverHttp,
  createBookingCustomer,
  createVerifiedAccount,
  type HttpCustomer,
  signInContext,
} from '../support/booking-customers.ts';
import { closeToast, holdToasts, openPage, releaseBrowser, workerBrowser } from '../support/browser.ts';
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
    // The code words (issue 39): each is the word itself, said at the door, never translated (a Spanish word's
    // plain-letter pieces, as the words below are read: "montaña" as "monta").
    ...[...CODE_WORDS.en, ...CODE_WORDS.es].flatMap((word) => word.split(/[^A-Za-z'-]+/)),
    // The customer's own street address, as they wrote it: the confirm dialogs list it with the visit's details.
    ...PROFILE.streetAddress.split(/[^A-Za-z'-]+/),
  ].map((name) => name.toLowerCase()),
);

/**
 * The words of the page's visible text, of its labels for assistive technology and of its tab title that are plain
 * ASCII; and the title itself when nothing in it but the brand went through a catalogue (a screen that set none
 * keeps the page's first, English title or the one before it).
 */
async function untranslatedWords(page: Page): Promise<string[]> {
  const [title, ...texts] = await page.evaluate(() => {
    // The language switch names each language in itself, in every language: hidden while the text is read (taking
    // it out of the page would leave React to update elements that are gone, and a check may come before more steps).
    const switches = [...document.querySelectorAll<HTMLElement>('.language-bar')];
    for (const element of switches) element.style.setProperty('display', 'none');
    const labels = [...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')]
      // (A label inside what is hidden from assistive technology is given to no one.)
      .filter((element) => !element.closest('.language-bar, [aria-hidden="true"]'))
      .flatMap((element) => ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''));
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, without hidden elements' text
    const text = document.body.innerText;
    for (const element of switches) element.style.removeProperty('display');
    return [document.title, text, ...labels];
  });
  const withoutAddresses = [title, ...texts].join(' ').replace(/\S+@\S+/g, ' ');
  const words = withoutAddresses.match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? [];
  const untranslated = [...new Set(words.filter((word) => !NAMES.has(word.toLowerCase()) && !/^(https?|www|com|test)$/i.test(word)))];
  return /[^\x20-\x7e]/.test(title.replaceAll('TechHelp', '')) ? untranslated : [...untranslated, `(title: ${title})`];
}

/**
 * Something a person does on a screen, waiting for what it brings up (a dialog, a toast, a message under a field):
 * the screen is read again while that shows. The steps of a screen run in order, each from where the last left it.
 */
type Step = { what: string; act: (page: Page) => Promise<unknown>; leave?: (page: Page) => Promise<unknown> };

/** The page's untranslated words as first shown and after each step, by what was on screen; none is `{}`. */
async function sweep(page: Page, steps: Step[] = [], prefix = ''): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const read = async (what: string) => {
    const words = await untranslatedWords(page);
    if (words.length > 0) found[`${prefix}${what}`] = words;
  };
  await read('as first shown');
  for (const step of steps) {
    await step.act(page);
    await read(step.what);
    await step.leave?.(page);
  }
  return found;
}

// What the steps look for, by the page's structure: in the pseudo-locale no name on screen is the English one.
const shownDialogs = (page: Page) => page.locator('.modal.show');
const submit = (page: Page) => page.locator('form button[type="submit"]').first().click();

/** Waits until exactly one dialog is open and its content is in. */
async function dialogOpen(page: Page): Promise<void> {
  await expect.poll(() => shownDialogs(page).count()).toBe(1);
  await shownDialogs(page).locator('.modal-title').waitFor();
}

/** Answers the open dialog with its main button (OK, Save) and waits until it has gone. */
async function answerDialog(page: Page): Promise<void> {
  await shownDialogs(page).locator('.modal-footer .btn-primary').click();
  await expect.poll(() => shownDialogs(page).count()).toBe(0);
}

/** A form submitted empty: the messages under its fields. */
const FIELD_ERRORS: Step = {
  what: 'its field errors',
  act: async (page) => {
    await submit(page);
    await page.locator('.invalid-feedback').first().waitFor();
  },
};

/** The two addresses of a form told apart (and its passwords, if it asks for them, alike): its dialog that says so. */
const ADDRESSES_DIFFER: Step = {
  what: 'the dialog of addresses that differ',
  act: async (page) => {
    await page.locator('input[autocomplete="email"]').nth(0).fill('someone@example.com');
    await page.locator('input[autocomplete="email"]').nth(1).fill('someone.else@example.com');
    for (const password of await page.locator('input[type="password"]').all()) await password.fill(PASSWORD);
    await submit(page);
    await dialogOpen(page);
  },
};

/** The visitors' forms, with what they show as they are filled in. */
const VISITOR_STEPS: Record<string, Step[]> = {
  '/signup': [ADDRESSES_DIFFER],
  '/forgot-password': [
    {
      what: 'its Success dialog',
      act: async (page) => {
        await page.locator('input[autocomplete="email"]').fill(`nobody-${Date.now()}@example.com`);
        await submit(page);
        await dialogOpen(page);
      },
    },
  ],
};

/** /account: a field left empty, then the details saved (the confirm dialog, then the message of success). */
const ACCOUNT_STEPS: Step[] = [
  {
    what: 'a field error',
    act: async (page) => {
      await page.locator('input[autocomplete="given-name"]').fill('');
      await submit(page);
      await page.locator('.invalid-feedback').first().waitFor();
    },
  },
  {
    what: 'the save confirm dialog',
    act: async (page) => {
      await page.locator('input[autocomplete="given-name"]').fill(PROFILE.firstName);
      await submit(page);
      await dialogOpen(page);
    },
  },
  {
    what: 'the message of saved details',
    act: async (page) => {
      await answerDialog(page);
      await page.locator('.alert-success').waitFor();
    },
  },
];

/**
 * /home for a customer with a visit booked on `day` at 09:30am: the two toasts, booking another visit there (the
 * confirm dialog, the description dialog with its message), then cancelling a visit (its dialog and message).
 */
function homeSteps(day: string): Step[] {
  const confirmButton = (page: Page) => page.locator('.booking-panel button.booking-confirm');
  const toast = (page: Page, kind: 'info' | 'error') => page.locator(`.Toastify__toast--${kind}`).waitFor();
  return [
    {
      what: 'the error toast of Confirm without a time',
      act: async (page) => {
        await holdToasts(page);
        await confirmButton(page).click();
        await toast(page, 'error');
      },
      leave: closeToast,
    },
    {
      what: 'the toast of a chosen day',
      act: async (page) => {
        const button = page.locator(`td[data-day="${day}"] button`);
        const caption = page.locator('.rdp-caption_label');
        for (let turns = 0; (await button.count()) === 0 && turns < 2; turns++) {
          const shown = await caption.textContent();
          await page.locator('.rdp-button_next').click();
          await expect.poll(() => caption.textContent()).not.toBe(shown);
        }
        await holdToasts(page);
        await button.click();
        await toast(page, 'info');
      },
      leave: closeToast,
    },
    {
      what: 'the booking confirm dialog',
      act: async (page) => {
        await page.locator('.slot-button:not([aria-disabled])').first().click();
        await confirmButton(page).click();
        await dialogOpen(page);
      },
    },
    {
      what: 'the description dialog, with its message',
      act: async (page) => {
        // OK books the visit, and the description is asked for at once.
        await shownDialogs(page).locator('.modal-footer .btn-primary').click();
        await shownDialogs(page).locator('textarea').waitFor();
        await expect.poll(() => shownDialogs(page).count()).toBe(1);
        await submit(page);
        await shownDialogs(page).locator('.invalid-feedback').waitFor();
      },
    },
    {
      what: 'the cancel confirm dialog',
      act: async (page) => {
        // (A description of no English words: it is shown in the list as it was written.)
        await shownDialogs(page).locator('textarea').fill('123 ¿?');
        await answerDialog(page);
        await page.locator('.appointment-table .btn-outline-danger').first().click();
        await dialogOpen(page);
      },
    },
    {
      what: 'the message of a cancelled visit',
      act: async (page) => {
        await answerDialog(page);
        await page.locator('.appointment-list .alert-success').waitFor();
      },
    },
  ];
}

describe('languages in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { TRUST_PROXY: '1' } }), workerBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  /**
   * A page in its own context and from its own client address (X-Forwarded-For, honoured with TRUST_PROXY=1): the
   * sweep loads screens far faster than a person would, and from one address the server's rate limit refuses some.
   */
  const openClient = (options: BrowserContextOptions = {}) =>
    openPage(browser, { ...options, extraHTTPHeaders: { 'x-forwarded-for': nextClient() } });

  /** Such a page signed in as the person and opened at `path`, at desktop width in New York time. */
  async function openSignedIn(person: HttpCustomer, path: string) {
    const watched = await openClient({ viewport: { width: 1280, height: 900 }, timezoneId: 'America/New_York' });
    // Fail fast: a missing element should not hold the test until its overall timeout.
    watched.page.setDefaultTimeout(10_000);
    await signInContext(watched.context, server.url, person);
    await watched.page.goto(`${server.url}${path}`);
    return watched;
  }

  it.each([
    '/',
    '/services',
    '/securified',
    '/remotesupport',
    '/about',
    '/maintenance',
    '/no/such/page',
    '/signup',
    '/login',
    '/forgot-password',
  ])('shows no text outside the catalogues on %s', async (path) => {
    const { page, context, consoleErrors } = await openClient();
    try {
      await page.goto(`${server.url}${path}?lang=pseudo`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await sweep(page, VISITOR_STEPS[path])).toEqual({});
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([
    { what: 'an e-mail link that failed (its error dialog)', path: '/usermgmt?mode=verifyEmail&oobCode=not-a-real-code-0123456789' },
    { what: 'an unknown e-mail link', path: '/usermgmt?mode=somethingElse' },
    { what: 'Not Authorized', path: '/home' },
    // A screen whose code fails as it loads, with the server's kind of message (a catalogued one): the error screen.
    { what: 'the error screen', path: '/services', failing: '**/assets/services-page-*.js' },
  ])('shows no text outside the catalogues on $what', async ({ path, failing }) => {
    const { page, context } = await openClient();
    try {
      if (failing) {
        await page.route(failing, (route) =>
          route.fulfill({ contentType: 'text/javascript', body: `throw new Error(${JSON.stringify(GENERIC_SERVER_ERROR_MESSAGE)});` }),
        );
      }
      await page.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}lang=pseudo`);
      await page
        .locator(failing ? '.error-screen h1' : 'main h1, [role="dialog"] h2, [role="alertdialog"] h2')
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      // (The refused link is a 400 in the console, as it should be; so is the failed screen.)
      expect(await sweep(page)).toEqual({});
    } finally {
      await context.close();
    }
  });

  it("shows no text outside the catalogues on the signed-in customer's screens", async () => {
    const newcomer = await createVerifiedAccount(server.url, `newcomer-${Date.now()}@example.com`);
    const customer = await createBookingCustomer(server.url, 'pseudo');
    const [day = ''] = upcomingWeekendDays(1, 2);
    await bookOverHttp(server.url, customer, day, '09:30am');
    const screens: { person: HttpCustomer; path: string; steps?: Step[] }[] = [
      { person: newcomer, path: '/serviceform' },
      { person: customer, path: '/home', steps: homeSteps(day) },
      { person: customer, path: '/account', steps: ACCOUNT_STEPS },
      { person: customer, path: '/emailchange', steps: [FIELD_ERRORS, ADDRESSES_DIFFER] },
      { person: customer, path: '/makepayment' },
      { person: customer, path: '/chat' },
    ];
    const found: Record<string, string[]> = {};
    for (const { person, path, steps } of screens) {
      const { page, context, consoleErrors } = await openSignedIn(person, `${path}?lang=pseudo`);
      try {
        await page.locator('main h1').first().waitFor();
        // The screen's data (the visits, the calendar) has come when nothing is loading any more.
        await expect.poll(() => page.locator('.spinner-border, [aria-busy="true"]').count()).toBe(0);
        Object.assign(found, await sweep(page, steps, `${path}, `));
        expect(consoleErrors).toEqual([]);
      } finally {
        await context.close();
      }
    }
    expect(found).toEqual({});
  });

  it('opens in Spanish for a browser that prefers it, switches to English and keeps the choice', async () => {
    const { page, context, consoleErrors } = await openClient({ locale: 'es-US' });
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
    const { page, context } = await openClient({ locale: 'en-US' });
    try {
      await page.goto(`${server.url}/services?lang=es`);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    } finally {
      await context.close();
    }
  });
});
