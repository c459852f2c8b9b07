import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '../../src/shared/admin.ts';
import { fillIn } from '../../src/shared/english.ts';
import { openedDialog } from '../support/accessibility.ts';
import { nextClient, uniqueEmail } from '../support/accounts.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { callAs, openWindow } from '../support/back-office-people.ts';
import { bookOverHttp, createVerifiedAccount, describeOverHttp, type HttpCustomer } from '../support/booking-customers.ts';
import { releaseBrowser, workerBrowser } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import { es, loadCatalogues, type Part, SPANISH_BROWSER } from '../support/spanish.ts';

/**
 * WCAG 1.4.10 and 1.4.4: every screen at 320 CSS pixels wide, and with the browser's text size doubled (Chrome's
 * font-size setting, which the site's rem-based type follows) on a desktop and on 360 px and 412 px phones, keeps its content in the page width, its
 * controls whole and inside the screen, and its main action reachable. Data tables and the map, which need two
 * dimensions, may scroll sideways inside their own frame (the criterion's exception); the page itself may not.
 * The visitor's and customer's screens are checked again in Spanish, whose longer words are the harder test; the
 * back office is English only.
 */

const ADMIN_EMAIL = 'owner.reflow@example.com';
const DAYS = upcomingWeekendDays(2, 2);
const day = (index: number) => DAYS[index] ?? '';
/** A long word with no place to break, as people paste them: links, reference numbers, addresses. */
/** Set REFLOW_SCREENSHOTS=/some/dir to keep a picture of every screen checked, for a look by eye. */
const SCREENSHOTS = process.env.REFLOW_SCREENSHOTS;
const LONG_WORD = `https://support.example.com/tickets/${'0123456789'.repeat(6)}`;

const VIEWERS = ['visitor', 'newcomer', 'customer', 'admin'] as const;
type Viewer = (typeof VIEWERS)[number];
/** A catalogue message in the language of the pass: as written in English, from the Spanish catalogue in Spanish. */
type Say = (part: Part, english: string, values?: Record<string, string>) => string;
const LANGUAGES: Record<'en' | 'es', Say> = { en: (_part, english, values = {}) => fillIn(english, values), es };
type Language = keyof typeof LANGUAGES;
type Screen = {
  viewer: Viewer;
  path: string;
  /** The screen's main action. */
  primary: (page: Page, say: Say) => Locator;
  /** Puts the screen in the state to look at (a dialog open, say) once it has loaded. */
  arrange?: (page: Page, say: Say) => Promise<Locator | undefined>;
  name?: string;
  /**
   * The screen moves on by itself after a few seconds (Not Authorized goes to /login): the page's time is held still
   * while it is checked. Keep such a screen last of its viewer's: the time is let run again after it, but as the
   * test clock's.
   */
  holdsClock?: boolean;
};

/** A control's accessible name: as it is (a phone number, the back office's English), or from a catalogue. */
type Name = string | RegExp | ((say: Say) => string | RegExp);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A catalogue message as a name; a `{placeholder}` left in it matches any text. */
const text =
  (part: Part, english: string, values?: Record<string, string>) =>
  (say: Say): string | RegExp => {
    const message = say(part, english, values);
    return /\{\w+\}/.test(message) ? new RegExp(`^${escaped(message).replace(/\\\{\w+\\\}/g, '.+')}$`) : message;
  };
/** A name that begins with a catalogue message (the rest says which visit, which video). */
const startsWith =
  (part: Part, english: string, values?: Record<string, string>) =>
  (say: Say): RegExp =>
    new RegExp(`^${escaped(say(part, english, values))}`);
/** The words of a sentence's `<index>…</index>`: a link inside a translated sentence. */
const piece =
  (part: Part, english: string, index: number) =>
  (say: Say): string => {
    const words = new RegExp(`<${index}>(.*?)</${index}>`).exec(say(part, english))?.[1];
    if (!words) throw new Error(`"${english}" has no <${index}> in the catalogue`);
    return words;
  };
const named = (name: Name, say: Say) => (typeof name === 'function' ? name(say) : name);

const link = (name: Name) => (page: Page, say: Say) =>
  page
    .getByRole('main')
    .getByRole('link', { name: named(name, say) })
    .first();
const button = (name: Name) => (page: Page, say: Say) =>
  page
    .getByRole('main')
    .getByRole('button', { name: named(name, say) })
    .first();
/** A button of the open dialog. */
const dialogButton = (name: Name) => (page: Page, say: Say) => page.getByRole('dialog').getByRole('button', { name: named(name, say) });
/** The first (or last) shown button whose name begins with a catalogue message. */
const shownButton = (page: Page, say: Say, part: Part, english: string) =>
  page.getByRole('button', { name: startsWith(part, english)(say) }).filter({ visible: true });

const SCREENS: Screen[] = [
  { viewer: 'visitor', path: '/', primary: link(text('web', 'Make an Appointment Now')) },
  { viewer: 'visitor', path: '/services', primary: link(piece('public', 'Ready? <0>Register</0> or <1>log in</1> to book a visit.', 0)) },
  { viewer: 'visitor', path: '/securified', primary: button(startsWith('public', 'Play the video: {title}', { title: '' })) },
  {
    viewer: 'visitor',
    path: '/remotesupport',
    primary: link(startsWith('public', 'Open {name}', { name: 'Chrome Remote Desktop' })),
  },
  { viewer: 'visitor', path: '/maintenance', primary: link(/\(631\)/) },
  { viewer: 'visitor', path: '/no/such/page', primary: link(piece('web', 'Go to the <0>home page</0> or see our <1>services</1>.', 0)) },
  { viewer: 'visitor', path: '/signup', primary: button(text('accounts', 'Register')) },
  { viewer: 'visitor', path: '/login', primary: button(text('accounts', 'Log in')) },
  { viewer: 'visitor', path: '/forgot-password', primary: button(text('accounts', 'Send')) },
  {
    viewer: 'visitor',
    path: '/usermgmt?mode=resetPassword&oobCode=reflow-test-code',
    primary: button(text('accounts', 'Reset Password')),
  },
  {
    viewer: 'visitor',
    path: '/usermgmt?mode=elsewhere',
    primary: link(piece('accounts', 'Go to the <0>login page</0> or the <1>home page</1>.', 0)),
  },
  { viewer: 'visitor', path: '/home', primary: link(text('app', 'Go to the login page')), name: 'Not Authorized', holdsClock: true },
  { viewer: 'newcomer', path: '/serviceform', primary: button(text('accounts', 'Submit')) },
  { viewer: 'customer', path: '/home', primary: button(text('appointments', 'Confirm')) },
  {
    viewer: 'customer',
    path: '/home',
    name: 'cancel: the confirm dialog',
    primary: dialogButton(text('web', 'OK')),
    arrange: async (page, say) => {
      await shownButton(page, say, 'appointments', 'Cancel').last().click();
      return openedDialog(page, say('web', 'Please confirm'));
    },
  },
  {
    viewer: 'customer',
    path: '/home',
    name: 'the description dialog',
    primary: dialogButton(text('appointments', 'Save')),
    arrange: async (page, say) => {
      await shownButton(page, say, 'appointments', 'Edit').first().click();
      return openedDialog(page, say('appointments', 'Edit the description'));
    },
  },
  {
    viewer: 'customer',
    path: '/home',
    name: 'the reschedule dialog',
    primary: dialogButton(text('appointments', 'Move my visit')),
    arrange: async (page, say) => {
      await shownButton(page, say, 'appointments', 'Change time').last().click();
      const dialog = await openedDialog(page, say('appointments', 'Change the time of your visit'));
      await dialog.locator('.rdp-month_grid').waitFor();
      await dialog.locator('.rdp-day_button:not([disabled])').first().click();
      await dialog.locator('.slot-grid').waitFor();
      return dialog;
    },
  },
  { viewer: 'customer', path: '/account', primary: button(text('accounts', 'Save')) },
  { viewer: 'customer', path: '/emailchange', primary: button(text('accounts', 'Change Email')) },
  { viewer: 'customer', path: '/chat', primary: button(text('shared', 'Send')) },
  {
    viewer: 'customer',
    path: '/makepayment?appointment=COMPLETED',
    primary: button(text('payments', 'Pay {amount} (test mode)')),
  },
  { viewer: 'customer', path: '/invoice/COMPLETED', primary: button(text('payments', 'Print')) },
  { viewer: 'customer', path: '/review/PAID', primary: button(text('payments', 'Send my rating')) },
  { viewer: 'admin', path: '/admin', primary: (page) => page.getByRole('button', { name: /^Edit/ }).filter({ visible: true }).first() },
  {
    viewer: 'admin',
    path: '/admin',
    name: 'the edit dialog',
    primary: (page) => page.getByRole('dialog').getByRole('button', { name: 'Save' }),
    arrange: async (page) => {
      await page.getByRole('button', { name: /^Edit/ }).filter({ visible: true }).first().click();
      const dialog = await openedDialog(page, 'Edit appointment');
      await dialog.locator('.admin-history-list, .admin-history p').first().waitFor();
      return dialog;
    },
  },
  { viewer: 'admin', path: '/adminpayment', primary: button('Check') },
  {
    viewer: 'admin',
    path: '/completed-appointments',
    primary: (page) => page.getByRole('button', { name: /^Edit/ }).filter({ visible: true }).first(),
  },
  { viewer: 'admin', path: '/paid-appointments', primary: link('Download CSV') },
  { viewer: 'admin', path: '/errorlog', primary: button(/^Delete/) },
  {
    viewer: 'admin',
    path: '/config-change-log',
    name: 'a collection viewed',
    primary: button(/^Edit/),
    arrange: async (page) => {
      await page.getByLabel('Collection', { exact: true }).selectOption('software');
      await page.getByRole('button', { name: 'View' }).click();
      await page.locator('.admin-table tbody tr').first().waitFor();
      return undefined;
    },
  },
  { viewer: 'admin', path: '/change-log-form', primary: button('Save') },
  { viewer: 'admin', path: '/admin/time-off', primary: button('Close this time') },
];

/** What is wrong with the page's layout as it is now: sideways scrolling, controls cut off or outside the screen. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    const width = document.documentElement.clientWidth;
    const clipsSideways = (element: Element) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(element).overflowX);
    /** A frame for content that needs two dimensions (a data table, the map) may scroll sideways. */
    const isTwoDimensional = (element: Element) => element.querySelector(':scope table, :scope svg') !== null;
    /** Inside a frame that scrolls sideways by design: exempt. */
    const inSidewaysScroller = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (clipsSideways(parent) && isTwoDimensional(parent) && parent.scrollWidth > parent.clientWidth + 1) return true;
      }
      return false;
    };
    // Any other box that has to scroll or clip its content sideways hides text from the reader.
    for (const box of document.querySelectorAll<HTMLElement>('body *')) {
      if (box.clientWidth <= 1 || !clipsSideways(box) || isTwoDimensional(box) || box.scrollWidth <= box.clientWidth + 1) continue;
      if (box.closest('.visually-hidden, .visually-hidden-focusable, .carousel-inner, .collapse:not(.show)')) continue;
      if (['INPUT', 'TEXTAREA', 'SELECT'].includes(box.tagName)) continue;
      problems.push(
        `${box.tagName.toLowerCase()}.${[...box.classList].join('.')} cuts its content (${box.scrollWidth} px in ${box.clientWidth} px)`,
      );
    }
    if (root.scrollWidth > width + 1) {
      // Name the culprits: elements reaching past the right edge whose parent does not.
      const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((element) => {
          if (element.closest('svg') || inSidewaysScroller(element)) return false;
          const right = element.getBoundingClientRect().right;
          const parentRight = element.parentElement?.getBoundingClientRect().right ?? 0;
          return right > width + 1 && parentRight <= width + 1;
        })
        .slice(0, 4)
        .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in ${width} px (${culprits.join(', ')})`);
    }
    // A dialog whose content scrolls inside a strip between a fixed title and fixed buttons: at large text on a
    // phone those can leave a line or two to read the content through. What scrolls in a dialog gets half the screen.
    for (const scroller of document.querySelectorAll<HTMLElement>('.modal.show .modal-dialog *')) {
      if (['TEXTAREA', 'SELECT'].includes(scroller.tagName)) continue;
      const overflowY = getComputedStyle(scroller).overflowY;
      if (!['auto', 'scroll'].includes(overflowY) || scroller.scrollHeight <= scroller.clientHeight + 1) continue;
      if (scroller.clientHeight < window.innerHeight / 2) {
        problems.push(
          `${scroller.tagName.toLowerCase()}.${[...scroller.classList].join('.')} scrolls ${scroller.scrollHeight} px of the dialog in a strip of ${scroller.clientHeight} px`,
        );
      }
    }
    const describe = (element: HTMLElement) =>
      `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || (element as HTMLInputElement).name || '').trim().slice(0, 40)}"`;
    const controls = document.querySelectorAll<HTMLElement>(
      'main button, main input, main select, main textarea, main a.btn, .modal.show button, .modal.show input, .modal.show textarea, header button, header a',
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      // Hidden, or visually hidden until focused (the skip link): nothing to see.
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(control).visibility === 'hidden') continue;
      if (control.closest('.collapse:not(.show)') || inSidewaysScroller(control)) continue;
      if (box.left < -1 || box.right > width + 1)
        problems.push(`${describe(control)} is outside the screen (${Math.round(box.left)} to ${Math.round(box.right)} px)`);
      const isTextControl = control.tagName === 'BUTTON' || control.tagName === 'A';
      if (isTextControl && control.scrollWidth > control.clientWidth + 1) {
        problems.push(`${describe(control)} cuts its text (${control.scrollWidth} px of text in ${control.clientWidth} px)`);
      }
    }
    return problems;
  });
}

/**
 * The parts of a page that come once the visitor scrolls near them (WhenNear: the technician's profile, the
 * ratings; the service area map), brought in as a visitor scrolling to the end would, so that every size checks them
 * too, and nothing moves under a check that follows (the profile's portrait lands above the main action).
 */
async function bringInLateParts(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // Near: each has asked for its code and data; come: none is still marked as on its way.
  await expect.poll(() => page.locator('.when-near, [data-late-part-loading]').count(), { timeout: 15_000 }).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Whether the control can be brought into view and is the thing under its own centre (not covered). A link that
 * wraps onto a second line (longer Spanish words do) has a bounding box whose centre can fall between its two
 * pieces, on the paragraph: the centre of its first line box is what a pointer aims at.
 */
async function reachable(control: Locator): Promise<string | null> {
  if ((await control.count()) === 0) return 'is missing';
  await control.scrollIntoViewIfNeeded();
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return 'is not shown';
    if (box.left < -1 || box.right > document.documentElement.clientWidth + 1) return 'is outside the screen';
    if (box.top < -1 || box.bottom > window.innerHeight + 1) return 'does not fit in the window';
    const line = element.getClientRects()[0] ?? box;
    const hit = document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
    return hit && (hit === element || element.contains(hit)) ? null : `is covered by ${hit?.tagName.toLowerCase()}.${hit?.className}`;
  });
}

describe('every screen at 320 px wide and at 200% text size, in Chromium against the real server', () => {
  let server: ServerProcess;
  let browser: Browser;
  type Person = Exclude<Viewer, 'visitor'>;
  /** The people of each pass; the Spanish-speaking ones saved Spanish as their language (the admin is English only). */
  const people: Record<Language, Partial<Record<Person, HttpCustomer>>> = { en: {}, es: {} };
  /** The customer's completed, unpaid visit, in each pass. */
  const completed: Record<Language, string> = { en: '', es: '' };
  /** Each language's customer's paid visit, whose thank-you asks for a rating. */
  const paidAppointment: Record<Language, string> = { en: '', es: '' };

  /** A customer's visits: one completed (a long word in its description and notes), one paid, one to come. */
  async function bookVisits(
    customer: HttpCustomer,
    admin: HttpCustomer,
    slots: [string, string, string],
  ): Promise<{ completed: string; paid: string }> {
    const [completedSlot, paidSlot, comingSlot] = slots;
    const appointment = (await bookOverHttp(server.url, customer, day(0), completedSlot)).id;
    await describeOverHttp(server.url, customer, appointment, `The printer stopped; the manual is at ${LONG_WORD}`);
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${appointment}`, {
      amount: '75',
      isCompleted: true,
      notes: LONG_WORD,
    });
    const paid = await bookOverHttp(server.url, customer, day(0), paidSlot, true);
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${paid.id}`, {
      amount: '1250.50',
      isCompleted: true,
      isPaid: true,
      paymentMethod: 'check',
    });
    await bookOverHttp(server.url, customer, day(1), comingSlot);
    return { completed: appointment, paid: paid.id };
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: '1' } }),
      workerBrowser(),
      loadCatalogues(),
    ]);
    const [admin, customer, newcomer, cliente, recienLlegado] = await Promise.all([
      createVerifiedAccount(server.url, ADMIN_EMAIL),
      createVerifiedAccount(server.url, uniqueEmail('reflow.customer.with.a.rather.long.address'), { profile: true }),
      createVerifiedAccount(server.url, uniqueEmail('reflow.newcomer')),
      createVerifiedAccount(server.url, uniqueEmail('reflow.cliente.con.una.direccion.bastante.larga'), { profile: true }),
      createVerifiedAccount(server.url, uniqueEmail('reflow.recien.llegado')),
    ]);
    people.en = { admin, customer, newcomer };
    people.es = { customer: cliente, newcomer: recienLlegado };
    // A signed-in customer sees the language saved with their account (decision 016), whatever the browser prefers.
    for (const person of [cliente, recienLlegado]) await callAs(server.url, person, 'PUT', '/api/account/locale', { locale: 'es' });
    const [english, spanish] = await Promise.all([
      bookVisits(customer, admin, ['09:30am', '11:00am', '02:00pm']),
      bookVisits(cliente, admin, ['12:30pm', '02:00pm', '03:30pm']),
    ]);
    [completed.en, completed.es, paidAppointment.en, paidAppointment.es] = [
      english.completed,
      spanish.completed,
      english.paid,
      spanish.paid,
    ];
    await callAs(
      server.url,
      customer,
      'POST',
      '/api/errors',
      { errorMessage: `Request failed: ${LONG_WORD}`, componentName: 'Reflow' },
      204,
    );
    await callAs(
      server.url,
      admin,
      'POST',
      '/api/admin/config-changes',
      { date: '2026-11-21', time: '09:00', collectionName: 'software', context: 'Accounting database', description: LONG_WORD },
      201,
    );
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  type Size = { name: string; viewport: { width: number; height: number }; doubleText: boolean };
  /** A viewer's window, with its DevTools session for the browser's text size. */
  type SizedWindow = { page: Page; devtools: CDPSession };

  /**
   * Turns the window to `size`, as a phone turned or its text size changed: the viewport, and Chrome's own
   * text-size setting (Settings, Appearance, Font size: 16 px, or 32 px with the text doubled). Waits until the page
   * has laid itself out again at the new width and text size.
   */
  async function resize({ page, devtools }: SizedWindow, size: Size, { beforeLoad = false } = {}): Promise<void> {
    await page.setViewportSize(size.viewport);
    const fontSizes = size.doubleText ? { standard: 32, fixed: 26 } : { standard: 16, fixed: 13 };
    await devtools.send('Page.setFontSizes', { fontSizes });
    // Before a page load there is nothing to lay out yet: the page comes at this size.
    if (beforeLoad) return;
    // The site's 112.5% of the browser's text size: 18 px, or 36 px with the text doubled.
    const rootSize = size.doubleText ? '36px' : '18px';
    await page.waitForFunction(
      ([width, fontSize]) => window.innerWidth === width && getComputedStyle(document.documentElement).fontSize === fontSize,
      [size.viewport.width, rootSize] as const,
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }

  /**
   * What is wrong with one screen, opened afresh in the viewer's window at the first size and arranged (a dialog
   * opened, a list filled), then at every other size in turn, as a customer would turn the phone or change its text
   * size. Each problem names the size it was found at.
   */
  async function checkScreen(window: SizedWindow, screen: Screen, language: Language): Promise<string[]> {
    const { page } = window;
    const problems: string[] = [];
    const what = `${language === 'es' ? '(es) ' : ''}${screen.viewer} ${screen.path.replace('COMPLETED', '…').replace('PAID', '…')}${screen.name ? ` (${screen.name})` : ''}`;
    const say = LANGUAGES[language];
    let where = what;
    try {
      await resize(window, SIZES[0], { beforeLoad: true });
      await page.goto(`${server.url}${screen.path.replace('COMPLETED', completed[language]).replace('PAID', paidAppointment[language])}`);
      await page.locator('h1').first().waitFor();
      await page.locator('.page-spinner').waitFor({ state: 'detached' });
      // Checking every size can take longer than such a screen stays on a busy machine: the page's time stands still
      // (its timers still run, so the checks' animation frames come; the screen counts its seconds by the time).
      if (screen.holdsClock) await page.clock.setFixedTime(Date.now());
      // The screen in the language of the pass (the browser prefers Spanish in the Spanish one).
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await screen.arrange?.(page, say);
      await screen.primary(page, say).waitFor({ state: 'attached' });
      await bringInLateParts(page);
      for (const size of SIZES) {
        where = `${what} at ${size.name}`;
        await resize(window, size);
        for (const problem of await layoutProblems(page)) problems.push(`${where}: ${problem}`);
        // Touch targets on the customers' screens, on a phone at the usual text size.
        if (!size.doubleText && screen.viewer !== 'admin') {
          for (const problem of await smallTargets(page)) problems.push(`${where}: a target smaller than a fingertip: ${problem}`);
        }
        for (const word of await brokenWords(page)) problems.push(`${where}: a word breaks inside: ${word}`);
        for (const field of await narrowFields(page)) problems.push(`${where}: a field too narrow to read: ${field}`);
        for (const heading of await headingSizes(page)) problems.push(`${where}: heading sizes: ${heading}`);
        const primary = await reachable(screen.primary(page, say));
        if (primary) problems.push(`${where}: the main action ${primary}`);
        if (SCREENSHOTS) {
          mkdirSync(SCREENSHOTS, { recursive: true });
          const file = `${size.viewport.width}${size.doubleText ? '-text200' : ''}-${what.replace(/[^a-z0-9]+/gi, '-')}.png`;
          await page.screenshot({ path: path.join(SCREENSHOTS, file) });
        }
      }
    } catch (error) {
      problems.push(`${where}: could not be checked: ${(error as Error).message.split('\n')[0]}`);
    } finally {
      if (screen.holdsClock) await page.clock.resume();
    }
    return problems;
  }

  /**
   * WCAG 2.5.5 (Target Size, AAA, asked for older customers): every control a finger can reach on the screen is at
   * least 44 by 44 CSS px. A radio button or checkbox counts with its label (tapping either chooses it). The
   * criterion's exception for a link inside a sentence holds: such a link is as tall as its line of text.
   */
  async function smallTargets(page: Page): Promise<string[]> {
    return page.evaluate((minimum) => {
      const found: string[] = [];
      const controls = document.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [tabindex]:not([tabindex="-1"])',
      );
      for (const control of controls) {
        if (control.closest('[aria-hidden="true"], [inert], .visually-hidden, .visually-hidden-focusable:not(:focus)')) continue;
        const style = getComputedStyle(control);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        let box = control.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        const input = control as HTMLInputElement;
        if ((input.type === 'radio' || input.type === 'checkbox') && input.labels?.[0]) {
          const label = input.labels[0].getBoundingClientRect();
          const left = Math.min(box.left, label.left);
          const top = Math.min(box.top, label.top);
          box = new DOMRect(left, top, Math.max(box.right, label.right) - left, Math.max(box.bottom, label.bottom) - top);
        }
        // A link inside a sentence: the exception for inline targets.
        if (control.tagName === 'A' && style.display === 'inline') {
          const block = control.parentElement?.closest('p, li, dd, td, label, small, .form-text, address, figcaption');
          if (block && (block.textContent ?? '').trim() !== (control.textContent ?? '').trim()) continue;
        }
        if (box.width < minimum - 0.5 || box.height < minimum - 0.5) {
          const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? '';
          found.push(`${control.tagName.toLowerCase()} "${name}" is ${Math.round(box.width)} by ${Math.round(box.height)} px`);
        }
      }
      return [...new Set(found)];
    }, 44);
  }

  /**
   * The words that break inside (a piece of a word alone on a line, as "Restablece" / "r"), found from the lines each
   * word's text occupies. In buttons and dialog titles any word of our own must fit its line whole; an over-long word
   * (a pasted link) may break. A heading may break a word only where it is as small as it may be: where the word
   * would not fit its line even at the body's text size, at which it would break in a sentence too.
   */
  async function brokenWords(page: Page): Promise<string[]> {
    return page.evaluate((longest) => {
      const found: string[] = [];
      const bodySize = getComputedStyle(document.documentElement).fontSize;
      /** Whether `word` fits on one line of `element` at the body's text size, in the element's own font. */
      const fitsAtBodySize = (element: HTMLElement, word: string) => {
        const style = getComputedStyle(element);
        const probe = document.createElement('span');
        probe.textContent = word;
        probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font-family:${style.fontFamily};font-weight:${style.fontWeight};font-size:${bodySize};letter-spacing:${style.letterSpacing}`;
        document.body.append(probe);
        const width = probe.getBoundingClientRect().width;
        probe.remove();
        const line = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return width <= line;
      };
      const strict = '.btn, .modal-title';
      const headings = 'h1, h2, h3, h4, h5, h6, .h1, .h2, .h3, .h4, .h5, .h6, .card-title, .display-5';
      for (const element of document.querySelectorAll<HTMLElement>(`${strict}, ${headings}`)) {
        if (element.closest('[aria-hidden="true"]') || element.getClientRects().length === 0) continue;
        const isStrict = element.matches(strict);
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          // Words between spaces; an address or a link longer than any word may break where it must.
          // A heading may also break after a word's hyphen ("e-" / "mail"), as any text may.
          for (const match of text.matchAll(isStrict ? /[^\s/]{2,}/g : /[^\s/-]{2,}/g)) {
            if (match[0].length > longest) continue;
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
            if (lines.size < 2 || (!isStrict && !fitsAtBodySize(element, match[0]))) continue;
            found.push(`"${match[0]}" in "${(element.textContent ?? '').trim().slice(0, 40)}"`);
          }
        }
      }
      return [...new Set(found)];
    }, 16);
  }

  /**
   * Headings grow with the reader's text size (WCAG 1.4.4): none is smaller than the body's text. And the levels keep
   * their order at every size: no level's size outgrows the one above it, nor a lead paragraph its page's heading.
   */
  async function headingSizes(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const body = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
      const found: string[] = [];
      const levels = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => {
        const probe = document.createElement(tag);
        probe.style.cssText = 'position:absolute;visibility:hidden';
        document.body.append(probe);
        const size = Number.parseFloat(getComputedStyle(probe).fontSize);
        probe.remove();
        return { tag, size };
      });
      for (const [index, level] of levels.entries()) {
        const above = levels[index - 1];
        if (above && level.size > above.size + 0.5)
          found.push(`${level.tag} is larger than ${above.tag}: ${level.size} against ${above.size} px`);
      }
      // A lead paragraph introduces the page: never larger than its main heading.
      const h1 = levels[0]?.size ?? body;
      for (const lead of document.querySelectorAll<HTMLElement>('.lead')) {
        if (lead.closest('[aria-hidden="true"]') || lead.getClientRects().length === 0) continue;
        const size = Number.parseFloat(getComputedStyle(lead).fontSize);
        if (size > h1 + 0.5)
          found.push(`the lead "${(lead.textContent ?? '').trim().slice(0, 40)}" is ${size} px, larger than h1's ${h1} px`);
      }
      for (const heading of document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6')) {
        if (heading.closest('[aria-hidden="true"]') || heading.getClientRects().length === 0) continue;
        const size = Number.parseFloat(getComputedStyle(heading).fontSize);
        if (size < body - 0.5)
          found.push(`"${(heading.textContent ?? '').trim().slice(0, 40)}" is ${size} px, smaller than the text's ${body} px`);
      }
      return [...new Set(found)];
    });
  }

  /**
   * A field shows what is in it: every text field on the screen is at least eight characters of its own text wide, or
   * as many as it takes, and a field that cannot be typed in shows its whole value. An e-mail field squeezed beside
   * its button to a few letters, or a zip code cut to its first two digits, passes every other check.
   */
  async function narrowFields(page: Page): Promise<string[]> {
    return page.evaluate((characters) => {
      const found: string[] = [];
      const fields = document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        'input[type="text"], input[type="email"], input[type="tel"], input[type="password"], input[type="search"], input[type="url"], input:not([type]), textarea',
      );
      for (const field of fields) {
        if (field.closest('[aria-hidden="true"], [inert]') || field.getClientRects().length === 0) continue;
        const style = getComputedStyle(field);
        const name = field.labels?.[0]?.textContent?.trim() ?? field.getAttribute('aria-label') ?? field.name;
        if (field.readOnly) {
          if (field.scrollWidth > field.clientWidth) found.push(`"${name}" cuts its value "${field.value}" short`);
          continue;
        }
        const inside = field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        // Half the font's size is an average character's width in the sans-serif the app uses.
        const longest = field.maxLength > 0 ? Math.min(field.maxLength, characters) : characters;
        const needed = longest * 0.5 * Number.parseFloat(style.fontSize);
        if (inside < needed) found.push(`"${name}" shows ${Math.round(inside)} px, needs ${Math.round(needed)}`);
      }
      return [...new Set(found)];
    }, 8);
  }

  /** The navigation at every size: the menu opens (where it is a menu) and every entry fits. */
  async function checkNavigation(window: SizedWindow): Promise<string[]> {
    const { page } = window;
    const problems: string[] = [];
    for (const size of SIZES) {
      await resize(window, size, { beforeLoad: true });
      await page.goto(`${server.url}/admin`);
      await page.locator('h1').filter({ hasText: ADMIN_TEXTS.dashboard }).waitFor();
      const menu = page.getByRole('button', { name: 'Menu' });
      if (await menu.isVisible()) {
        await menu.click();
        await page.locator('#site-nav.show').waitFor();
      }
      for (const problem of await layoutProblems(page)) problems.push(`admin navigation opened at ${size.name}: ${problem}`);
      const logout = await reachable(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }));
      if (logout) problems.push(`admin navigation opened at ${size.name}: Logout ${logout}`);
    }
    return problems;
  }

  /**
   * Every screen in `language` at every size, each viewer's in its own window. The viewers' screens do not touch
   * each other's data, so the windows go through theirs side by side, each in order; the problems are listed in
   * SCREENS order. In Spanish, the browser prefers Spanish and the back office (English only) is left out.
   */
  async function sweep(language: Language): Promise<string[]> {
    const viewers = VIEWERS.filter((viewer) => language === 'en' || viewer !== 'admin');
    const screens = SCREENS.filter((screen) => viewers.includes(screen.viewer));
    const windows: Page[] = [];
    try {
      const found = new Map<Screen, string[]>();
      let navigation: string[] = [];
      await Promise.all(
        viewers.map(async (viewer) => {
          const window = await openWindow(browser, server.url, viewer === 'visitor' ? undefined : people[language][viewer], {
            viewport: SIZES[0].viewport,
            extraHTTPHeaders: { 'x-forwarded-for': nextClient() },
            ...(language === 'es' ? SPANISH_BROWSER : {}),
          });
          windows.push(window.page);
          const sized = { page: window.page, devtools: await window.context.newCDPSession(window.page) };
          for (const screen of screens.filter((candidate) => candidate.viewer === viewer)) {
            found.set(screen, await checkScreen(sized, screen, language));
          }
          if (viewer === 'admin') navigation = await checkNavigation(sized);
        }),
      );
      return [...screens.flatMap((screen) => found.get(screen) ?? [`${screen.viewer} ${screen.path}: not checked`]), ...navigation];
    } finally {
      for (const page of windows) await page.context().close();
    }
  }

  /**
   * The sizes every screen must fit: a 320 px phone at the usual text size, a desktop window with the text doubled,
   * and the common 360 px and 412 px phones with the text doubled, as an older customer sets Android's largest
   * font (issue: every screen scrolled sideways that way).
   */
  const SIZES: readonly [Size, ...Size[]] = [
    { name: '320 px', viewport: { width: 320, height: 640 }, doubleText: false },
    { name: 'a 360 px phone with text at 200%', viewport: { width: 360, height: 740 }, doubleText: true },
    { name: 'a 412 px phone with text at 200%', viewport: { width: 412, height: 915 }, doubleText: true },
    { name: 'text at 200%', viewport: { width: 1280, height: 800 }, doubleText: true },
  ];

  // Each screen is opened and arranged once per language, then checked at every size in turn (decision 017): the
  // English sweep visits every screen (about 30) in four windows, the Spanish one the visitor's and customer's
  // screens (about 20) in three.
  for (const language of ['en', 'es'] as const) {
    const which = language === 'en' ? '' : ' in Spanish: the visitor and customer screens, with the same checks';
    it(`fits ${SIZES.map((size) => size.name).join(', ')}${which}: no sideways scrolling, every control whole and on screen, every main action reachable`, {
      timeout: 300_000,
    }, async () => {
      expect(await sweep(language)).toEqual([]);
    });
  }
});
