import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '../../src/shared/admin.ts';
import { KeyboardUser } from '../support/accessibility.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { callAs, expectQuietConsole, openWindow, type Window } from '../support/back-office-people.ts';
import { bookOverHttp, createVerifiedAccount, describeOverHttp, type HttpCustomer } from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { noSidewaysScroll } from '../support/reflow.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

/**
 * One visual language (issue 40), in Chromium against the built server: no element of the public pages, the
 * customer's screens or the back office is drawn in Bootstrap's default blue (its primary #0d6efd, or its link blue
 * #0a58ca) in any colour it computes; every screen's content sits in one column as wide as the header's and the
 * footer's; the back office's navigation stays on one line at 320 px and with text at 200%; and its lists show
 * statuses as words on chips, empty values as empty, e-mails broken at sensible places and long payment
 * references shortened with the whole one on hover and focus. Three page loads in all: one per person, the rest
 * followed in the app.
 */

const ADMIN_EMAIL = 'owner.visual@example.com';
const DESKTOP = { width: 1280, height: 900 };
const [DAY = '', OTHER_DAY = ''] = upcomingWeekendDays(2, 2);
/** Set VISUAL_LANGUAGE_SCREENSHOTS=/some/dir to keep pictures of the screens, for a look by eye. */
const SCREENSHOTS = process.env.VISUAL_LANGUAGE_SCREENSHOTS;
/** A long address whose name has no place to break but its dots (none, in a browser): 37 letters before the "@". */
const LONG_NAME = 'maryann.oneilsmith.householdaccounts';

/** Bootstrap 5.3's primary blue and its link (hover) blue, as computed colours write them, alone or with an alpha. */
const BOOTSTRAP_BLUES = /rgba?\((13, 110, 253|10, 88, 202)\b/;

/** Every computed colour on the page (elements and their ::before, ::after) that is one of Bootstrap's blues. */
function bluesOn(page: Page): Promise<string[]> {
  return page.evaluate((pattern) => {
    const blue = new RegExp(pattern);
    const properties = [
      'color',
      'background-color',
      'border-top-color',
      'border-right-color',
      'border-bottom-color',
      'border-left-color',
      'outline-color',
      'text-decoration-color',
      'box-shadow',
      'fill',
      'stroke',
    ];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList].map((c) => `.${c}`).join('')}`;
    const found = new Set<string>();
    for (const element of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        for (const property of properties) {
          const value = style.getPropertyValue(property);
          if (blue.test(value)) found.add(`${name(element)}${pseudo ?? ''} ${property}: ${value}`);
        }
      }
    }
    return [...found];
  }, BOOTSTRAP_BLUES.source);
}

/** The widths and left edges of the header's, the main content's and the footer's columns. */
function columns(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) return `no ${selector}`;
      const { width, left } = element.getBoundingClientRect();
      return { width: Math.round(width), left: Math.round(left) };
    };
    return { header: box('.site-navbar .container'), main: box('main .container'), footer: box('.site-footer .container') };
  });
}

/** The words of an element's text that a line break cuts in two: a word is what runs between spaces and hyphens. */
function brokenWords(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** The elements reaching past the window's right edge, innermost first: what a failed reflow check names. */
function widest(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => {
        if (element.getBoundingClientRect().right <= window.innerWidth + 1) return false;
        // Inside a box that scrolls or clips, it does not widen the page.
        for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
          if (getComputedStyle(box).overflowX !== 'visible') return false;
        }
        return true;
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${element.textContent?.slice(0, 30)}"`)
      .join(', '),
  );
}

async function screenshot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The window at `width`, with Chrome's text size at `standard` px (16 is the usual, 32 is 200%). */
async function sized(page: Page, devtools: CDPSession, width: number, standard: number) {
  await page.setViewportSize({ width, height: 800 });
  await devtools.send('Page.setFontSizes', { fontSizes: { standard, fixed: standard === 32 ? 26 : 13 } });
  await page.waitForFunction(([w, root]) => window.innerWidth === w && getComputedStyle(document.documentElement).fontSize === root, [
    width,
    `${(standard * 18) / 16}px`,
  ] as const);
}

describe('one visual language: the brand’s colours, one content width, a back office that reads as a tool', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: HttpCustomer;
  let customer: HttpCustomer;
  let office: Window;
  const ids = { open: '', card: '', cash: '' };
  /** Each screen's columns, by path, to compare across the public, customer and back-office screens. */
  const seen: Record<string, Awaited<ReturnType<typeof columns>>> = {};

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL } }), workerBrowser()]);
    [admin, customer] = await Promise.all([
      createVerifiedAccount(server.url, ADMIN_EMAIL),
      createVerifiedAccount(server.url, uniqueEmail(LONG_NAME), { profile: true }),
    ]);
    // Three visits: one booked (open), one paid online in test mode (a long reference), one paid in cash.
    const [open, card, cash] = [
      await bookOverHttp(server.url, customer, DAY, '09:30am'),
      await bookOverHttp(server.url, customer, DAY, '02:00pm', true),
      await bookOverHttp(server.url, customer, OTHER_DAY, '11:00am'),
    ];
    ids.open = open.id;
    ids.card = card.id;
    ids.cash = cash.id;
    await describeOverHttp(server.url, customer, open.id, 'The printer will not print.');
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${card.id}`, { amount: '50', isCompleted: true });
    const { orderId } = await callAs<{ orderId: string }>(
      server.url,
      customer,
      'POST',
      '/api/payments/orders',
      { appointmentId: card.id },
      201,
    );
    await callAs(server.url, customer, 'POST', `/api/payments/orders/${orderId}/capture`, {});
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${cash.id}`, {
      amount: '40',
      isCompleted: true,
      isPaid: true,
      paymentMethod: 'cash',
    });
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  const headingOf = (page: Page) =>
    page
      .locator('main h1')
      .first()
      .textContent()
      .catch(() => '');

  /** Follows a link to the next screen and waits for that screen (its heading differs from the one left). */
  async function follow(page: Page, link: Locator) {
    const before = await headingOf(page);
    await link.click();
    await expect.poll(() => headingOf(page), { timeout: 10_000 }).not.toBe(before);
  }

  /** Waits for the screen's heading, then checks it has no Bootstrap blue and notes its columns. */
  async function look(page: Page, heading: string | RegExp, shot: string) {
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.locator('.page-spinner').waitFor({ state: 'detached' });
    expect(await bluesOn(page), `${new URL(page.url()).pathname}`).toEqual([]);
    seen[new URL(page.url()).pathname] = await columns(page);
    await screenshot(page, shot);
  }

  it('draws the public pages in the brand’s teal and yellow, never in Bootstrap’s blue, focused fields and checked boxes too', async () => {
    const visitor = await openWindow(browser, server.url, undefined);
    const { page } = visitor;
    await page.goto(`${server.url}/`);
    await look(page, /.+/, 'landing-1280');
    expect(await axeViolations(page)).toEqual([]);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [link, shot] of [
      ['Services', 'services-1280'],
      ['Security Tips', 'securified-1280'],
      ['Remote Support', 'remotesupport-1280'],
      ['Register', 'signup-1280'],
      ['Login', 'login-1280'],
    ] as const) {
      await follow(page, nav.getByRole('link', { name: link, exact: true }));
      await look(page, /.+/, shot);
    }
    // A focused field, a checked box, a hovered primary button: their states' colours are the brand's too.
    const email = page.getByLabel('E-mail address', { exact: true });
    await new KeyboardUser(page).tabTo(email);
    await page.locator('input[type="checkbox"]').first().check();
    await page.locator('.btn-primary').first().hover();
    expect(await bluesOn(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expectQuietConsole(visitor);
    await visitor.context.close();
  });

  it('draws the customer’s home with a booked visit and the account screen in the same colours and column', async () => {
    const home = await openWindow(browser, server.url, customer);
    const { page } = home;
    await page.goto(`${server.url}/home`);
    await page.locator(`[data-appointment-id="${ids.open}"], tr:has-text("The printer will not print.")`).first().waitFor();
    await look(page, /.+/, 'home-1280');
    expect(await axeViolations(page)).toEqual([]);
    await follow(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Account', exact: true }));
    expect(new URL(page.url()).pathname).toBe('/account');
    await look(page, /.+/, 'account-1280');
    expectQuietConsole(home);
    await home.context.close();
  });

  it('keeps the back office in the site’s column and colours, its statuses in words, its empty values empty', async () => {
    office = await openWindow(browser, server.url, admin);
    const { page } = office;
    await page.goto(`${server.url}/admin`);
    const row = page.locator(`.admin-table tbody tr[data-appointment-id="${ids.open}"]`);
    await row.waitFor();
    await look(page, ADMIN_TEXTS.dashboard, 'admin-1280');
    expect(await axeViolations(page)).toEqual([]);

    // Notes never written and an amount never set are empty, not "Enter notes here" and "$0.00".
    expect(await row.locator('.admin-notes').textContent()).toBe('');
    expect(await row.locator('td').nth(4).textContent()).toBe('');
    expect(await row.locator('.admin-status').textContent()).toBe('Booked');
    expect(await row.locator('.admin-status .status-chip-booked').count()).toBe(1);
    // The long e-mail address breaks after its "@", the address at its spaces: no word is cut in two.
    const customerCell = row.locator('.admin-customer');
    expect(await customerCell.textContent()).toContain(customer.email);
    expect(await brokenWords(customerCell)).toEqual([]);

    const nav = page.getByRole('navigation', { name: 'Back office' });
    const open = async (group: string, screen: string, heading: string, shot: string) => {
      await nav.getByRole('button', { name: group, exact: true }).click();
      await follow(page, nav.getByRole('link', { name: screen, exact: true }));
      await look(page, heading, shot);
      // The screen's link is marked, and its group's list closed again.
      expect(await nav.locator('a[aria-current="page"]').evaluate((link) => link.textContent)).toBe(screen);
      expect(await nav.getByRole('button', { name: group, exact: true }).getAttribute('aria-expanded')).toBe('false');
    };
    await open('Visits', 'Completed', 'Completed Appointments', 'completed-1280');
    await open('Visits', 'Waitlist', 'Waitlist', 'waitlist-1280');
    await open('Visits', 'Ratings', 'Customer Ratings', 'ratings-1280');
    await open('Money', 'Take a Payment', 'Take a Payment', 'adminpayment-1280');
    await open('Money', 'Sales Tax', 'Sales Tax', 'sales-tax-1280');
    await open('Settings', 'Time Off', 'Time Off', 'time-off-1280');
    await open('Settings', 'Error Log', 'Error Log', 'errorlog-1280');
    await open('Money', 'Paid', 'Paid Appointments', 'paid-1280');
    expect(await axeViolations(page)).toEqual([]);

    // One column: the header's, every screen's and the footer's, public, customer and back office alike.
    const header = seen['/']?.header;
    expect(header).toEqual({ width: expect.any(Number), left: expect.any(Number) });
    expect(Object.keys(seen)).toEqual(
      expect.arrayContaining(['/', '/services', '/login', '/home', '/account', '/admin', '/paid-appointments']),
    );
    for (const [screen, column] of Object.entries(seen))
      expect({ screen, ...column }).toEqual({ screen, header, main: header, footer: header });
  });

  it('shortens a long payment reference, with the whole on hover and keyboard focus, and shows no id for a payment in cash', async () => {
    const { page } = office;
    // The list the test before left open.
    expect(new URL(page.url()).pathname).toBe('/paid-appointments');
    const card = page.locator(`.admin-table tbody tr[data-appointment-id="${ids.card}"]`);
    await card.waitFor();
    expect(await card.locator('.status-chip-test').textContent()).toBe('TEST');
    const reference = card.getByRole('button', { name: /^Payment reference SANDBOX-CAPTURE-/ });
    const whole = ((await reference.getAttribute('title')) ?? '').trim();
    expect(whole).toMatch(/^SANDBOX-CAPTURE-\S{20,}$/);
    expect(await reference.evaluate((button) => button.textContent?.includes(button.getAttribute('title') ?? '-'))).toBe(true);
    /** What the button shows (its visible parts; the name's words for screen readers are hidden). */
    const shown = () =>
      reference.evaluate((button) =>
        [...button.querySelectorAll('[aria-hidden="true"]')]
          .filter((part) => part.getClientRects().length > 0)
          .map((part) => part.textContent)
          .join(''),
      );
    expect(await shown()).toMatch(/^SANDBOX-CA…\S{6}$/);
    await new KeyboardUser(page).tabTo(reference);
    await expect.poll(shown).toBe(whole);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await expect.poll(shown).toMatch(/…/);

    // Paid in cash: the reference column holds no internal id (the row's payment id is nowhere in it).
    const cash = page.locator(`.admin-table tbody tr[data-appointment-id="${ids.cash}"]`);
    const paymentId = (await cash.getAttribute('data-payment-id')) ?? '';
    expect(paymentId).not.toBe('');
    const referenceCell = cash.locator('.admin-id-cell');
    expect(await referenceCell.textContent()).not.toContain(paymentId);
    expect(await referenceCell.textContent()).toMatch(/^Invoice/);
  });

  it('keeps the back office’s navigation on one line, without sideways scrolling, at 320 px and with text at 200%', async () => {
    const { page } = office;
    const nav = page.getByRole('navigation', { name: 'Back office' });
    /** The tops of the navigation's visible top-level controls: one line when they are all the same. */
    const rowTops = () =>
      nav.evaluate((element) => {
        const controls = [...element.querySelectorAll(':scope > button, :scope > ul > li > a, :scope > ul > li > button')];
        return [
          ...new Set(
            controls
              .filter((control) => control.getClientRects().length > 0)
              .map((control) => Math.round(control.getBoundingClientRect().top)),
          ),
        ];
      });
    const fitsSideways = () =>
      nav.evaluate((element) =>
        [...element.querySelectorAll('a, button')]
          .filter((control) => control.getClientRects().length > 0)
          .every((control) => control.getBoundingClientRect().right <= window.innerWidth),
      );

    // Wide: the four groups on one line; a group opens from the keyboard, and Escape closes it where it was.
    expect(await rowTops()).toHaveLength(1);
    expect(await nav.getByRole('button').allInnerTexts()).toEqual(['Visits', 'Money', 'Settings']);
    const money = nav.getByRole('button', { name: 'Money', exact: true });
    const keys = new KeyboardUser(page);
    await keys.tabTo(nav.getByRole('link', { name: 'Today', exact: true }));
    await keys.tabTo(money);
    expect(await money.getAttribute('aria-expanded')).toBe('false');
    await keys.press('Enter');
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Today', 'Take a Payment', 'Paid', 'Sales Tax']);
    expect(await nav.getByRole('link', { name: 'Paid', exact: true }).getAttribute('aria-current')).toBe('page');
    await keys.tabTo(nav.getByRole('link', { name: 'Sales Tax', exact: true }));
    expect(await axeViolations(page)).toEqual([]);
    expect(await bluesOn(page)).toEqual([]);
    await screenshot(page, 'admin-nav-open-1280');
    await keys.press('Escape');
    expect(await money.getAttribute('aria-expanded')).toBe('false');
    expect(await money.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Today']);
    expect(keys.missingFocusIndicators).toEqual([]);

    const devtools = await page.context().newCDPSession(page);
    for (const [width, standard] of [
      [320, 16],
      [360, 32],
      [412, 32],
      [1280, 32],
    ] as const) {
      const where = `${width} px, text ${standard} px`;
      await sized(page, devtools, width, standard);
      expect(await rowTops(), where).toHaveLength(1);
      expect(await noSidewaysScroll(page), `${where}: ${await widest(page)}`).toBe(true);
      expect(await fitsSideways(), where).toBe(true);
      // Narrow, one menu button shows every group and its screens, one under the other, still inside the screen.
      const menu = nav.getByRole('button', { name: 'Back office', exact: true });
      if (await menu.isVisible()) {
        await menu.click();
        expect(await nav.getByRole('link').count(), where).toBe(11);
        expect(await noSidewaysScroll(page), where).toBe(true);
        expect(await fitsSideways(), where).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `admin-nav-menu-${width}-${standard * 6.25}pct`);
        await menu.click();
        expect(await menu.getAttribute('aria-expanded')).toBe('false');
      } else {
        expect(width, where).toBe(1280);
      }
    }
    await devtools.send('Page.setFontSizes', { fontSizes: { standard: 16, fixed: 13 } });
    await page.setViewportSize(DESKTOP);
    await devtools.detach();
    expectQuietConsole(office);
  });
});
