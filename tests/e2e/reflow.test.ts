import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '../../src/shared/admin.ts';
import { openedDialog } from '../support/accessibility.ts';
import { nextClient, uniqueEmail } from '../support/accounts.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { callAs, openWindow } from '../support/back-office-people.ts';
import { bookOverHttp, createVerifiedAccount, describeOverHttp, type HttpCustomer } from '../support/booking-customers.ts';
import { launchBrowser } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

/**
 * WCAG 1.4.10 and 1.4.4: every screen at 320 CSS pixels wide, and with the browser's text size doubled (Chrome's
 * font-size setting, which the site's rem-based type follows), keeps its content in the page width, its
 * controls whole and inside the screen, and its main action reachable. Data tables and the map, which need two
 * dimensions, may scroll sideways inside their own frame (the criterion's exception); the page itself may not.
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
type Screen = {
  viewer: Viewer;
  path: string;
  /** The screen's main action. */
  primary: (page: Page) => Locator;
  /** Puts the screen in the state to look at (a dialog open, say) once it has loaded. */
  arrange?: (page: Page) => Promise<Locator | undefined>;
  name?: string;
};

const link = (name: string | RegExp) => (page: Page) => page.getByRole('main').getByRole('link', { name }).first();
const button = (name: string | RegExp) => (page: Page) => page.getByRole('main').getByRole('button', { name }).first();

const SCREENS: Screen[] = [
  { viewer: 'visitor', path: '/', primary: link('Make an Appointment Now') },
  { viewer: 'visitor', path: '/services', primary: link('Register') },
  { viewer: 'visitor', path: '/securified', primary: button(/^Play the video/) },
  { viewer: 'visitor', path: '/remotesupport', primary: link(/^Open Chrome Remote Desktop/) },
  { viewer: 'visitor', path: '/maintenance', primary: link(/\(631\)/) },
  { viewer: 'visitor', path: '/no/such/page', primary: link('home page') },
  { viewer: 'visitor', path: '/signup', primary: button('Register') },
  { viewer: 'visitor', path: '/login', primary: button('Log in') },
  { viewer: 'visitor', path: '/forgot-password', primary: button('Send') },
  { viewer: 'visitor', path: '/usermgmt?mode=resetPassword&oobCode=reflow-test-code', primary: button('Reset Password') },
  { viewer: 'visitor', path: '/usermgmt?mode=elsewhere', primary: link('login page') },
  { viewer: 'visitor', path: '/home', primary: link('Go to the login page'), name: 'Not Authorized' },
  { viewer: 'newcomer', path: '/serviceform', primary: button('Submit') },
  { viewer: 'customer', path: '/home', primary: button('Confirm') },
  {
    viewer: 'customer',
    path: '/home',
    name: 'cancel: the confirm dialog',
    primary: (page) => page.getByRole('dialog').getByRole('button', { name: 'OK' }),
    arrange: async (page) => {
      await page
        .getByRole('button', { name: /^Cancel/ })
        .filter({ visible: true })
        .last()
        .click();
      return openedDialog(page, 'Please confirm');
    },
  },
  {
    viewer: 'customer',
    path: '/home',
    name: 'the description dialog',
    primary: (page) => page.getByRole('dialog').getByRole('button', { name: 'Save' }),
    arrange: async (page) => {
      await page.getByRole('button', { name: /^Edit/ }).filter({ visible: true }).first().click();
      return openedDialog(page, 'Edit the description');
    },
  },
  {
    viewer: 'customer',
    path: '/home',
    name: 'the reschedule dialog',
    primary: (page) => page.getByRole('dialog').getByRole('button', { name: 'Move my visit' }),
    arrange: async (page) => {
      await page
        .getByRole('button', { name: /^Change time/ })
        .filter({ visible: true })
        .last()
        .click();
      const dialog = await openedDialog(page, 'Change the time of your visit');
      await dialog.locator('.rdp-month_grid').waitFor();
      await dialog.locator('.rdp-day_button:not([disabled])').first().click();
      await dialog.locator('.slot-grid').waitFor();
      return dialog;
    },
  },
  { viewer: 'customer', path: '/account', primary: button('Save') },
  { viewer: 'customer', path: '/emailchange', primary: button('Change Email') },
  { viewer: 'customer', path: '/chat', primary: button('Send') },
  { viewer: 'customer', path: '/makepayment?appointment=COMPLETED', primary: button(/\(test mode\)$/) },
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

/** Whether the control can be brought into view and is the thing under its own centre (not covered). */
async function reachable(control: Locator): Promise<string | null> {
  if ((await control.count()) === 0) return 'is missing';
  await control.scrollIntoViewIfNeeded();
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return 'is not shown';
    if (box.left < -1 || box.right > document.documentElement.clientWidth + 1) return 'is outside the screen';
    if (box.top < -1 || box.bottom > window.innerHeight + 1) return 'does not fit in the window';
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit && (hit === element || element.contains(hit)) ? null : `is covered by ${hit?.tagName.toLowerCase()}.${hit?.className}`;
  });
}

describe('every screen at 320 px wide and at 200% text size, in Chromium against the real server', () => {
  let server: ServerProcess;
  let browser: Browser;
  const people = {} as Record<Exclude<Viewer, 'visitor'>, HttpCustomer>;
  let completed = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: '1' } }), launchBrowser()]);
    [people.admin, people.customer, people.newcomer] = await Promise.all([
      createVerifiedAccount(server.url, ADMIN_EMAIL),
      createVerifiedAccount(server.url, uniqueEmail('reflow.customer.with.a.rather.long.address'), { profile: true }),
      createVerifiedAccount(server.url, uniqueEmail('reflow.newcomer')),
    ]);
    const { customer, admin } = people;
    completed = (await bookOverHttp(server.url, customer, day(0), '09:30am')).id;
    await describeOverHttp(server.url, customer, completed, `The printer stopped; the manual is at ${LONG_WORD}`);
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${completed}`, { amount: '75', isCompleted: true, notes: LONG_WORD });
    const paid = await bookOverHttp(server.url, customer, day(0), '11:00am', true);
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${paid.id}`, {
      amount: '1250.50',
      isCompleted: true,
      isPaid: true,
      paymentMethod: 'check',
    });
    await bookOverHttp(server.url, customer, day(1), '02:00pm');
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
    await browser?.close();
    await server?.stop();
  });

  type Mode = { viewport: { width: number; height: number }; doubleText: boolean };

  /** What is wrong with one screen, opened afresh in the viewer's window. */
  async function checkScreen(page: Page, screen: Screen, mode: Mode): Promise<string[]> {
    const problems: string[] = [];
    const where = `${screen.viewer} ${screen.path.replace('COMPLETED', '…')}${screen.name ? ` (${screen.name})` : ''}`;
    try {
      await page.goto(`${server.url}${screen.path.replace('COMPLETED', completed)}`);
      await page.locator('h1').first().waitFor();
      await page.locator('.page-spinner').waitFor({ state: 'detached' });
      await screen.arrange?.(page);
      await screen.primary(page).waitFor({ state: 'attached' });
      // The site's 112.5% of the browser's text size: 18 px, or 36 px with the text doubled.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(mode.doubleText ? '36px' : '18px');
      for (const problem of await layoutProblems(page)) problems.push(`${where}: ${problem}`);
      const primary = await reachable(screen.primary(page));
      if (primary) problems.push(`${where}: the main action ${primary}`);
      if (SCREENSHOTS) {
        mkdirSync(SCREENSHOTS, { recursive: true });
        const file = `${mode.doubleText ? 'text200' : 'w320'}-${where.replace(/[^a-z0-9]+/gi, '-')}.png`;
        await page.screenshot({ path: path.join(SCREENSHOTS, file) });
      }
    } catch (error) {
      problems.push(`${where}: could not be checked: ${(error as Error).message.split('\n')[0]}`);
    }
    return problems;
  }

  /** The navigation: the menu opens and every entry fits. */
  async function checkNavigation(page: Page): Promise<string[]> {
    const problems: string[] = [];
    await page.goto(`${server.url}/admin`);
    await page.locator('h1').filter({ hasText: ADMIN_TEXTS.dashboard }).waitFor();
    const menu = page.getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) {
      await menu.click();
      await page.locator('#site-nav.show').waitFor();
    }
    for (const problem of await layoutProblems(page)) problems.push(`admin navigation opened: ${problem}`);
    const logout = await reachable(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }));
    if (logout) problems.push(`admin navigation opened: Logout ${logout}`);
    return problems;
  }

  /**
   * Every screen in `mode`, each viewer's in its own window. The viewers' screens do not touch each other's data,
   * so the four windows go through theirs side by side, each in order; the problems are listed in SCREENS order.
   */
  async function sweep(mode: Mode): Promise<string[]> {
    const windows: Page[] = [];
    try {
      const found = new Map<Screen, string[]>();
      let navigation: string[] = [];
      await Promise.all(
        VIEWERS.map(async (viewer) => {
          const window = await openWindow(browser, server.url, viewer === 'visitor' ? undefined : people[viewer], {
            viewport: mode.viewport,
            extraHTTPHeaders: { 'x-forwarded-for': nextClient() },
          });
          windows.push(window.page);
          if (mode.doubleText) {
            // Chrome's own text-size setting (Settings, Appearance, Font size): 16 px becomes 32 px.
            const devtools = await window.context.newCDPSession(window.page);
            await devtools.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
          }
          for (const screen of SCREENS.filter((candidate) => candidate.viewer === viewer)) {
            found.set(screen, await checkScreen(window.page, screen, mode));
          }
          if (viewer === 'admin') navigation = await checkNavigation(window.page);
        }),
      );
      return [...SCREENS.flatMap((screen) => found.get(screen) ?? [`${screen.viewer} ${screen.path}: not checked`]), ...navigation];
    } finally {
      for (const page of windows) await page.context().close();
    }
  }

  // Each sweep visits every screen (about 30) in four windows: a minute or more on a busy two-core machine.
  it('fits 320 px: no sideways scrolling, every control whole and on screen, every main action reachable', {
    timeout: 240_000,
  }, async () => {
    expect(await sweep({ viewport: { width: 320, height: 640 }, doubleText: false })).toEqual([]);
  });

  it('fits text at 200%: no sideways scrolling, every control whole and on screen, every main action reachable', {
    timeout: 240_000,
  }, async () => {
    expect(await sweep({ viewport: { width: 1280, height: 800 }, doubleText: true })).toEqual([]);
  });
});
