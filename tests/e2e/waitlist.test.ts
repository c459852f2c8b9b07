import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_LABELS } from '../../src/shared/business.ts';
import { slotInstant } from '../../src/shared/business-time.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { openAdminScreen } from '../support/admin-nav.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { callAs, expectQuietConsole, openWindow, type Window } from '../support/back-office-people.ts';
import { bookOverHttp, createBookingCustomer, createVerifiedAccount, type HttpCustomer } from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { mailbox } from '../support/browser-accounts.ts';
import { expectReflow } from '../support/reflow.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import { createSpanishAccount, es, expectedSpanishTime, loadCatalogues, plain, SPANISH_BROWSER } from '../support/spanish.ts';

const ADMIN_EMAIL = 'owner@example.com';
/** A weekend day far enough ahead for the minimum notice and the cut-off, every slot of which is booked. */
const DAY = upcomingWeekendDays(1, 5)[0] ?? '';
const ENGLISH_DAY = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
}).format(slotInstant(DAY, '08:00am'));
const SPANISH_DAY = new Intl.DateTimeFormat('es', {
  timeZone: 'America/New_York',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
}).format(slotInstant(DAY, '08:00am'));

/** "las 8:30 a. m.", "la 1:05 p. m.": a clock time in Spanish with its article, New York time, read here with Intl on its own. */
function spanishClock(instant: Date): string {
  const clock = new Intl.DateTimeFormat('es', {
    timeZone: 'America/New_York',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  }).format(instant);
  return `${clock.startsWith('1:') ? 'la' : 'las'} ${clock}`;
}

/**
 * Shows the full day on the booking calendar (moving a month on when it is in the next one), checks it is named full
 * (`fullWord`: its last words for screen readers), and chooses it by keyboard.
 */
async function chooseFullDay(page: Page, fullWord: string) {
  await page.locator('.booking-calendar:not([aria-busy]) .rdp-month_grid').waitFor();
  const day = page.locator(`.booking-calendar td.booking-day-full[data-day="${DAY}"] button`);
  for (let moves = 0; moves < 3 && (await day.count()) === 0; moves++) {
    await page.locator('.booking-calendar .rdp-button_next').click();
    await page.locator('.booking-calendar:not([aria-busy]) .rdp-month_grid').waitFor();
  }
  expect(await day.getAttribute('aria-label')).toMatch(new RegExp(`, ${fullWord}$`));
  await day.focus();
  await page.keyboard.press('Enter');
}

/**
 * The waitlist for full days (issue 39) in Chromium against the real server: on a full day the picker offers "Tell me
 * if a time opens up", the customer joins by keyboard; a cancellation offers them the slot, the e-mailed link opens
 * the offer's page and "Book it" books it; axe on each new state, 320 px and text at 200%, the Spanish picker, and a
 * Spanish-speaking customer's offer page (her e-mailed link), in Spanish.
 */
describe('the waitlist, in Chromium against the real server', () => {
  let server: ServerProcess;
  let browser: Browser;
  let fillers: HttpCustomer[];
  let customer: HttpCustomer;
  let admin: HttpCustomer;
  let home: Window;
  /** A customer who reads Spanish, on the same full day's waiting list after `customer` booked the first freed time. */
  let spanish: HttpCustomer;
  const visits: Record<string, { id: string; by: HttpCustomer }> = {};

  beforeAll(async () => {
    await loadCatalogues();
    [server, browser] = await Promise.all([startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL } }), workerBrowser()]);
    admin = await createVerifiedAccount(server.url, ADMIN_EMAIL);
    fillers = await Promise.all([0, 1, 2].map((index) => createBookingCustomer(server.url, `full-day-${index}`)));
    for (const [index, slot] of SLOT_LABELS.entries()) {
      const by = fillers[Math.floor(index / 3)] as HttpCustomer;
      visits[slot] = { id: (await bookOverHttp(server.url, by, DAY, slot)).id, by };
    }
    customer = await createBookingCustomer(server.url, 'waiting');
    home = await openWindow(browser, server.url, customer);
  });
  afterAll(async () => {
    await home?.context.close();
    await releaseBrowser(browser);
    await server?.stop();
  });

  it('on a full day the picker offers to tell the customer, who joins by keyboard', async () => {
    const { page } = home;
    await page.goto(`${server.url}/home`);
    await chooseFullDay(page, 'full');
    await page.getByText(`Every time on ${ENGLISH_DAY} is taken.`).waitFor();
    const ask = page.getByRole('button', { name: `Tell me if a time opens up on ${ENGLISH_DAY}` });
    expect(await axeViolations(page)).toEqual([]);
    await ask.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `You're on the waiting list for ${ENGLISH_DAY}.` })
      .waitFor();
    // Above the picker too, with a way to leave named for the day.
    const list = page.getByRole('region', { name: 'Your waiting list' });
    await list.getByRole('button', { name: `Leave the waiting list for ${ENGLISH_DAY}` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const leave = await list.getByRole('button', { name: /^Leave/ }).boundingBox();
    expect(leave?.height).toBeGreaterThanOrEqual(44);
    await expectReflow(page);
  });

  it('a cancellation e-mails the customer a link that opens the offer, and "Book it" books the time', async () => {
    const freed = visits['12:30pm'];
    await callAs(server.url, freed?.by as HttpCustomer, 'POST', `/api/appointments/${freed?.id}/cancel`, undefined, 204);
    type Entries = { entries: Array<{ id: string; date: string; offer: { expiresAt: string } | null }> };
    const offered = async () =>
      (await callAs<Entries>(server.url, customer, 'GET', '/api/waitlist')).entries.find((entry) => entry.date === DAY && entry.offer);
    await expect.poll(async () => Boolean(await offered())).toBe(true);
    const entry = await offered();
    const link = new URL(`${server.url}/book/offer/${entry?.id}`);
    // By day the offer is e-mailed at once, for 30 minutes; between 9 p.m. and 8 a.m. in New York it is held for the
    // customer, unsent, until the morning (decision 039), and the home screen shows it meanwhile.
    const sentNow = Date.parse(entry?.offer?.expiresAt ?? '') - Date.now() <= 31 * 60_000;
    if (sentNow) {
      await expect
        .poll(async () => (await mailbox(server.url, customer.email)).some((mail) => mail.subject.startsWith('A time opened up:')))
        .toBe(true);
      const mail = (await mailbox(server.url, customer.email)).find((found) => found.subject.startsWith('A time opened up:'));
      expect(mail?.subject).toBe(`A time opened up: ${ENGLISH_DAY} at 12:30pm`);
      expect(new URL(mail?.links.find((found) => found.includes('/book/offer/')) ?? '').pathname).toBe(link.pathname);
    } else {
      expect((await mailbox(server.url, customer.email)).some((mail) => mail.subject.startsWith('A time opened up:'))).toBe(false);
    }

    const { page } = home;
    // The home screen hears of the offer live.
    await page.getByRole('link', { name: 'See the time and book it' }).first().waitFor();
    await page.goto(`${server.url}${link.pathname}`);
    await page.getByRole('heading', { level: 1, name: 'A time opened up' }).waitFor();
    await page.getByText(`${ENGLISH_DAY} at 12:30pm (New York time)`).waitFor();
    await page.getByText(/^We are holding this time for you until \d{1,2}:\d\d[ap]m\./).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await expectReflow(page);

    await page.getByRole('button', { name: 'Book it' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: `Your visit is booked for ${ENGLISH_DAY} at 12:30pm (New York time).` })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const mine = await callAs<{ startsAt: string }[]>(server.url, customer, 'GET', '/api/appointments');
    expect(mine.map((visit) => visit.startsAt)).toEqual([slotInstant(DAY, '12:30pm').toISOString()]);
    // The link again: the offer has ended.
    await page.goto(`${server.url}${link.pathname}`);
    await page.getByText('Sorry, this offer has ended. The time is no longer held for you.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expectQuietConsole(home);
  });

  it('the owner reads the day’s line at Waitlist in the back office', async () => {
    const office = await openWindow(browser, server.url, admin);
    try {
      const { page } = office;
      await page.goto(`${server.url}/admin`);
      await openAdminScreen(page, 'Waitlist', '/admin/waitlist');
      await page.getByRole('heading', { level: 1, name: 'Waitlist' }).waitFor();
      const line = page.getByRole('table', { name: ENGLISH_DAY });
      expect(plain(await line.locator('tbody tr').first().textContent())).toContain(customer.email);
      expect(plain(await line.locator('tbody tr').first().textContent())).toContain('Booked it');
      expect(await axeViolations(page)).toEqual([]);
      expectQuietConsole(office);
    } finally {
      await office.context.close();
    }
  });

  it('in Spanish, the full day offers the same, and joining says so', async () => {
    spanish = await createSpanishAccount(server.url, uniqueEmail('espera'), { profile: true });
    const window = await openWindow(browser, server.url, spanish, SPANISH_BROWSER);
    try {
      const { page } = window;
      await page.goto(`${server.url}/home`);
      await chooseFullDay(page, 'lleno');
      await page.getByText(es('appointments', 'Every time on {day} is taken.', { day: SPANISH_DAY })).waitFor();
      await page.getByRole('button', { name: es('appointments', 'Tell me if a time opens up on {day}', { day: SPANISH_DAY }) }).click();
      const status = page
        .getByRole('status')
        .filter({ hasText: es('appointments', "You're on the waiting list for {day}.", { day: SPANISH_DAY }) });
      await status.waitFor();
      expect(plain(await status.textContent())).toContain(
        plain(es('appointments', "You're on the waiting list for {day}.", { day: SPANISH_DAY })),
      );
      expect(await axeViolations(page)).toEqual([]);
      expectQuietConsole(window);
    } finally {
      await window.context.close();
    }
  });
  it('in Spanish, a second freed time is offered to the customer waiting, whose link opens the offer in Spanish, axe clean', async () => {
    const freed = visits['02:00pm'];
    await callAs(server.url, freed?.by as HttpCustomer, 'POST', `/api/appointments/${freed?.id}/cancel`, undefined, 204);
    type Entries = { entries: Array<{ id: string; date: string; offer: { startsAt: string; expiresAt: string } | null }> };
    const offered = async () =>
      (await callAs<Entries>(server.url, spanish, 'GET', '/api/waitlist')).entries.find((entry) => entry.date === DAY && entry.offer);
    await expect.poll(async () => Boolean(await offered())).toBe(true);
    const entry = await offered();
    expect(entry?.offer?.startsAt).toBe(slotInstant(DAY, '02:00pm').toISOString());
    // By day the link comes by e-mail at once (in Spanish, as her e-mails open the app); by night the offer waits
    // for the morning unsent (decision 039), and the link is the same page.
    let link = `/book/offer/${entry?.id}`;
    if (Date.parse(entry?.offer?.expiresAt ?? '') - Date.now() <= 31 * 60_000) {
      const mailed = async () =>
        (await mailbox(server.url, spanish.email)).flatMap((mail) => mail.links).find((found) => found.includes('/book/offer/'));
      await expect.poll(async () => Boolean(await mailed())).toBe(true);
      const url = new URL((await mailed()) ?? '');
      expect(url.pathname).toBe(link);
      link = `${url.pathname}${url.search}`;
    }

    const window = await openWindow(browser, server.url, spanish, SPANISH_BROWSER);
    try {
      const { page } = window;
      await page.goto(`${server.url}${link}`);
      await page.getByRole('heading', { level: 1, name: es('appointments', 'A time opened up') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      const when = page.locator('.waitlist-offer-page p.fs-4');
      expect(plain(await when.textContent())).toBe(
        plain(es('appointments', '{time} (New York time)', { time: expectedSpanishTime(slotInstant(DAY, '02:00pm')) })),
      );
      const held = page.locator('.waitlist-offer-page p.fs-5');
      expect(plain(await held.textContent())).toBe(
        plain(
          es('appointments', 'We are holding this time for you until {until}. After that, we offer it to the next person waiting.', {
            until: spanishClock(new Date(entry?.offer?.expiresAt ?? '')),
          }),
        ),
      );
      await page.getByRole('group', { name: es('appointments', 'Choose the kind of visit') }).waitFor();
      await page.getByRole('button', { name: es('appointments', 'Book it'), exact: true }).waitFor();
      expect(await page.getByText(/A time opened up|We are holding|New York time|Book it/).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await expectReflow(page);
      expectQuietConsole(window);
    } finally {
      await window.context.close();
    }
  });

  it('the owner’s Waitlist fits 320 px and text at 200%: nothing wider than the screen, no axe violations', async () => {
    const office = await openWindow(browser, server.url, admin);
    try {
      const { page } = office;
      await page.goto(`${server.url}/admin/waitlist`);
      const line = page.getByRole('table', { name: ENGLISH_DAY });
      await line.locator('tbody tr').nth(1).waitFor();
      expect(plain(await line.locator('tbody tr').nth(1).textContent())).toContain('Offered a time');
      expect(await axeViolations(page)).toEqual([]);
      await expectReflow(page);
      expectQuietConsole(office);
    } finally {
      await office.context.close();
    }
  });
});
