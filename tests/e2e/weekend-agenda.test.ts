import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addDays } from 'date-fns';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '../../src/shared/admin.ts';
import type { SlotLabel } from '../../src/shared/business.ts';
import { businessDayEnd, slotInstant } from '../../src/shared/business-time.ts';
import { agendaDayHeading, agendaWeekend, mapSearchHref } from '../../src/web/features/admin/weekend-agenda.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { expectQuietConsole, openWindow, type Window } from '../support/back-office-people.ts';
import { bookOverHttp, createVerifiedAccount, describeOverHttp, type HttpCustomer } from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

/**
 * The dashboard's "This weekend" agenda, in Chromium against the built server. The agenda picks its weekend from
 * the browser's clock; the server only books slots at least 12 hours ahead. So that the test means the same on any
 * day and at any hour, its weekend is the one the agenda would show three days from now (every slot of it well
 * ahead and inside the booking window), and the browser's clock is set to the Friday evening before it.
 */

const ADMIN_EMAIL = 'owner.weekend@example.com';
const DESKTOP = { width: 1280, height: 900 };
const HOUR_MS = 60 * 60 * 1000;
/** Set WEEKEND_AGENDA_SCREENSHOTS=/some/dir to keep pictures of the agenda (desktop, phone, print) and its PDF. */
const SCREENSHOTS = process.env.WEEKEND_AGENDA_SCREENSHOTS;

const { saturday: SATURDAY, sunday: SUNDAY } = agendaWeekend(addDays(new Date(), 3));
const { saturday: NEXT_SATURDAY } = agendaWeekend(addDays(slotInstant(SATURDAY, '08:00am'), 7));
/** Friday, 6pm in New York, before the weekend under test (DST only ever changes on a Sunday). */
const FRIDAY_EVENING = slotInstant(SATURDAY, '08:00am').getTime() - 14 * HOUR_MS;
const LONG_PROBLEM =
  `The laptop shows a blue screen after every update; the error code list is at https://support.example.com/kb/${'0123456789'.repeat(
    8,
  )} and it happens on both accounts. ${'It also runs hot and the fan is loud when printing. '.repeat(4)}`.trim();

type Person = { first: string; last: string; phone: string; street: string; city: string };
const ALICE: Person = { first: 'Alice', last: 'Moreno', phone: '631-555-0101', street: '12 Main Street', city: 'Bay Shore' };
const BRUNO: Person = { first: 'Bruno', last: "O'Hara", phone: '631-555-0102', street: '7 Ocean Avenue #2', city: 'Bay Shore' };
const CLARA: Person = { first: 'Clara', last: 'Nguyen', phone: '631-555-0103', street: '40 Union Boulevard', city: 'Bay Shore' };

async function customerWith(baseUrl: string, person: Person): Promise<HttpCustomer> {
  const customer = await createVerifiedAccount(baseUrl, uniqueEmail(person.first.toLowerCase()));
  const saved = await fetch(`${baseUrl}/api/account/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: customer.cookieHeader },
    body: JSON.stringify({
      firstName: person.first,
      lastName: person.last,
      phoneNumber: person.phone,
      streetAddress: person.street,
      city: person.city,
    }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return customer;
}

describe('the dashboard’s “This weekend” agenda: by day and time, live, accessible, printable on one page', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: HttpCustomer;
  let office: Window;
  const people: Record<'alice' | 'bruno' | 'clara', HttpCustomer> = {} as never;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL } }), workerBrowser()]);
    [admin, people.alice, people.bruno, people.clara] = await Promise.all([
      createVerifiedAccount(server.url, ADMIN_EMAIL),
      customerWith(server.url, ALICE),
      customerWith(server.url, BRUNO),
      customerWith(server.url, CLARA),
    ]);
    // Six visits over the weekend, booked out of order, and one the weekend after (never on this agenda).
    const book = (who: keyof typeof people, date: string, slot: SlotLabel, isRemote = false) =>
      bookOverHttp(server.url, people[who], date, slot, isRemote);
    await book('alice', SUNDAY, '02:00pm');
    const long = await book('alice', SATURDAY, '08:00am');
    await describeOverHttp(server.url, people.alice, long.id, LONG_PROBLEM);
    const remote = await book('bruno', SATURDAY, '12:30pm', true);
    await describeOverHttp(server.url, people.bruno, remote.id, 'Email will not sync on the phone.');
    await book('bruno', SUNDAY, '08:00am');
    await book('alice', SUNDAY, '06:30pm', true);
    await book('bruno', SATURDAY, '05:00pm');
    await book('clara', NEXT_SATURDAY, '09:30am');

    office = await openWindow(browser, server.url, admin, { viewport: DESKTOP });
    await office.page.clock.install({ time: FRIDAY_EVENING });
  });
  afterAll(async () => {
    await office?.context.close();
    await releaseBrowser(browser);
    await server?.stop();
  });

  const agenda = (page: Page) => page.getByRole('region', { name: 'This weekend' });
  const daySection = (page: Page, date: string) => agenda(page).getByRole('region', { name: agendaDayHeading(date) });
  /** Each visit of a day as "time name kind", in the order shown. */
  const appointmentsOf = (section: Locator) =>
    section
      .locator('li.weekend-agenda-visit')
      .evaluateAll((items) => items.map((item) => item.querySelector('.weekend-agenda-title')?.textContent?.replace(/\s+/g, ' ').trim()));
  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const shoot = async (page: Page, name: string) => {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };

  it('lists the weekend’s visits by day in time order, with phone, map link, Remote marked in words; a booking arrives live', async () => {
    const { page } = office;
    await page.goto(`${server.url}/admin`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(ADMIN_TEXTS.dashboard);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Live updates:' }).textContent()).toBe('Live updates: Online');

    const region = agenda(page);
    await region.waitFor();
    expect(await region.getByRole('heading', { level: 2 }).textContent()).toBe('This weekend');
    expect(await region.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      agendaDayHeading(SATURDAY),
      agendaDayHeading(SUNDAY),
    ]);
    expect(agendaDayHeading(SATURDAY)).toMatch(/^Saturday, [A-Z][a-z]+ \d{1,2}$/);
    const saturday = daySection(page, SATURDAY);
    const sunday = daySection(page, SUNDAY);
    expect(await saturday.getByRole('list').count()).toBe(1);
    expect(await appointmentsOf(saturday)).toEqual([
      '08:00am Alice Moreno In-person',
      "12:30pm Bruno O'Hara Remote",
      "05:00pm Bruno O'Hara In-person",
    ]);
    expect(await appointmentsOf(sunday)).toEqual([
      "08:00am Bruno O'Hara In-person",
      '02:00pm Alice Moreno In-person',
      '06:30pm Alice Moreno Remote',
    ]);
    expect(await region.getByText('Clara Nguyen').count()).toBe(0);

    // In person: the phone to call, the address to drive to (a map search in a new tab, and saying so).
    const first = saturday.getByRole('listitem').first();
    expect(await first.getByRole('link', { name: '631-555-0101' }).getAttribute('href')).toBe('tel:+16315550101');
    const map = first.getByRole('link', { name: '12 Main Street, Bay Shore, NY 11706 (map, opens in a new tab)' });
    expect(await map.getAttribute('href')).toBe(mapSearchHref('12 Main Street, Bay Shore, NY 11706'));
    expect(await map.getAttribute('target')).toBe('_blank');
    expect(await first.textContent()).toContain(LONG_PROBLEM);
    // Remote: said in words, and no map.
    const remote = saturday.getByRole('listitem').nth(1);
    expect(await remote.locator('.weekend-agenda-remote').textContent()).toBe('Remote');
    expect(await remote.getByRole('link', { name: /map/ }).count()).toBe(0);
    expect(await remote.getByRole('link', { name: '631-555-0102' }).getAttribute('href')).toBe('tel:+16315550102');
    expect(await remote.textContent()).toContain('Email will not sync on the phone.');

    expect(await axeViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);

    // Booked while the dashboard is open: it takes its place in the agenda without a reload.
    await bookOverHttp(server.url, people.clara, SATURDAY, '02:00pm', true);
    await expect
      .poll(() => appointmentsOf(saturday), { timeout: 5000 })
      .toEqual([
        '08:00am Alice Moreno In-person',
        "12:30pm Bruno O'Hara Remote",
        '02:00pm Clara Nguyen Remote',
        "05:00pm Bruno O'Hara In-person",
      ]);
    await shoot(page, 'weekend-agenda-desktop');

    // Keyboard: the links and the print button take a visible focus.
    await map.focus();
    expect(await map.evaluate((link) => getComputedStyle(link).outlineStyle)).not.toBe('none');
    expectQuietConsole(office);
  });

  it('fits 375 px and 320 px, and text at 200%: no sideways scrolling, no axe violations', async () => {
    const { page } = office;
    /** Everything of the agenda inside the viewport's width (what sticks out, named, when not). */
    const agendaOverflow = () =>
      agenda(page).evaluate((section) =>
        [section, ...section.querySelectorAll('*')]
          .filter(
            (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 || element.scrollWidth > element.clientWidth + 1,
          )
          .filter((element) => !element.classList.contains('visually-hidden'))
          .map((element) => `${element.tagName}.${element.className}`),
      );
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 812 });
      await expect.poll(() => noSidewaysScroll(page), { message: `${width} px` }).toBe(true);
      expect(await agendaOverflow()).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      if (SCREENSHOTS) await agenda(page).screenshot({ path: path.join(SCREENSHOTS, `weekend-agenda-${width}.png`) });
    }

    // Chrome's own text size doubled (16 px becomes 32 px; WCAG 1.4.4, at the desktop width): the page reflows whole.
    const devtools = await office.context.newCDPSession(page);
    try {
      await page.setViewportSize(DESKTOP);
      await devtools.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('36px');
      await expect.poll(() => noSidewaysScroll(page)).toBe(true);
      expect(await agendaOverflow()).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'weekend-agenda-text200.png') });
    } finally {
      await devtools.send('Page.setFontSizes', { fontSizes: { standard: 16, fixed: 13 } });
      await devtools.detach();
    }
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('18px');
  });

  it('prints the agenda alone, black on white, on one page; the button calls window.print()', async () => {
    const { page } = office;
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await agenda(page).getByRole('button', { name: 'Print the agenda' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    await page.emulateMedia({ media: 'print' });
    const display = (selector: string) =>
      page.locator(selector).evaluateAll((elements) => elements.map((element) => getComputedStyle(element).display));
    expect(await display('nav[aria-label="Back office"]')).toEqual(['none']);
    for (const hidden of ['header', 'footer', '.live-status', '.admin-list-wide', '.admin-list-narrow', '.weekend-agenda-print', 'h1']) {
      const shown = await display(hidden);
      expect(shown.length, hidden).toBeGreaterThan(0);
      expect(
        shown.every((value) => value === 'none'),
        `${hidden}: ${shown}`,
      ).toBe(true);
    }
    expect(await display('.weekend-agenda')).toEqual(['block']);
    expect(await agenda(page).evaluate((section) => [getComputedStyle(section).color, getComputedStyle(section).backgroundColor])).toEqual([
      'rgb(0, 0, 0)',
      'rgb(255, 255, 255)',
    ]);
    expect(
      await agenda(page)
        .getByRole('link')
        .first()
        .evaluate((link) => getComputedStyle(link).color),
    ).toBe('rgb(0, 0, 0)');
    await shoot(page, 'weekend-agenda-print');

    // Seven visits, one with a long problem: one Letter page.
    const pdf = await page.pdf({ format: 'Letter' });
    if (SCREENSHOTS) writeFileSync(path.join(SCREENSHOTS, 'weekend-agenda.pdf'), pdf);
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect(pages.length).toBe(1);
    await page.emulateMedia({ media: 'screen' });
    expect(await display('nav[aria-label="Back office"]')).not.toEqual(['none']);
  });

  it('keeps the weekend through Sunday night, then turns to the next one on Monday, by itself', async () => {
    const { page } = office;
    // Sunday 11:30pm in New York: still this weekend (the agenda looks at the clock every minute).
    await page.clock.setSystemTime(businessDayEnd(SUNDAY).getTime() - 30 * 60 * 1000);
    await page.clock.runFor(61_000);
    expect(await agenda(page).getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      agendaDayHeading(SATURDAY),
      agendaDayHeading(SUNDAY),
    ]);
    // Monday, 12:30am: the next weekend, with only Clara's visit.
    await page.clock.setSystemTime(businessDayEnd(SUNDAY).getTime() + 30 * 60 * 1000);
    await page.clock.runFor(61_000);
    await expect.poll(() => agenda(page).getByRole('heading', { level: 3 }).first().textContent()).toBe(agendaDayHeading(NEXT_SATURDAY));
    expect(await appointmentsOf(daySection(page, NEXT_SATURDAY))).toEqual(['09:30am Clara Nguyen In-person']);
    // Three weeks on: nothing booked.
    await page.clock.setSystemTime(businessDayEnd(SUNDAY).getTime() + 21 * 24 * HOUR_MS);
    await page.clock.runFor(61_000);
    await agenda(page).getByText('No visits this weekend.').waitFor();
    expect(await agenda(page).getByRole('heading', { level: 3 }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expectQuietConsole(office);
  });
});
