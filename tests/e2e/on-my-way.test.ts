import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { appointments } from '../../src/server/db/schema.ts';
import { businessDateOf, isWeekendDate } from '../../src/shared/business-time.ts';
import { CODE_WORDS } from '../../src/shared/code-words.ts';
import { expectQuietConsole, openWindow, type Window } from '../support/back-office-people.ts';
import { createBookingCustomer, createVerifiedAccount, type HttpCustomer } from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { expectReflow, noSidewaysScroll } from '../support/reflow.ts';
import { freshDataDir, type ServerProcess, startServer } from '../support/server-process.ts';

const ADMIN_EMAIL = 'owner.onmyway@example.com';
const ENV = { ADMIN_EMAILS: ADMIN_EMAIL, TECHNICIAN_NAME: 'Sam Rivera' };
const NEW_YORK = 'America/New_York';

/** "10:40am" and "10:40 a. m." as the customer's screen writes an arrival, read here with Intl on its own. */
const englishClock = (instant: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: NEW_YORK, hour: 'numeric', minute: '2-digit' })
    .format(instant)
    .replace(/\s/g, '')
    .toLowerCase();
const spanishClock = (instant: Date) =>
  new Intl.DateTimeFormat('es', { timeZone: NEW_YORK, hour: 'numeric', minute: '2-digit', hourCycle: 'h12' })
    .format(instant)
    .replace(/\s/g, '\u00a0');

/** A Spanish arrival with its article, kept on one line as the screen writes it: "las 10:40 a. m.", "la 1:05 p. m.". */
const spanishArrival = (instant: Date) => {
  const clock = spanishClock(instant);
  return `${clock.startsWith('1:') ? 'la' : 'las'}\u00a0${clock}`;
};

async function callJson(baseUrl: string, person: HttpCustomer, path: string, method = 'GET', body?: object) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie: person.cookieHeader, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/**
 * "On my way" with the code word (issue 39), in Chromium against the built server. The server sends "on my way" only
 * for an in-person visit of today (New York); a customer books only days ahead, so the test writes two visits of
 * today into the database between two starts of the server, as a booking would leave them. The owner, by keyboard,
 * picks 30 minutes on the weekend agenda (on a weekday the agenda shows the coming weekend, so the visit's row of the
 * dashboard's list, which offers the same choice); each customer's open home screen shows the arrival without a
 * reload, with their code word, in English and in Spanish; the code word is changed on /account. Axe on every new
 * state, and the choice at 320 px.
 */
describe('"On my way" and the code word, in the browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: HttpCustomer;
  let ann: HttpCustomer;
  let rosa: HttpCustomer;
  let office: Window;
  const visits: Record<'ann' | 'rosa', string> = { ann: '', rosa: '' };
  const onTheAgenda = isWeekendDate(businessDateOf(new Date()));

  beforeAll(async () => {
    const dataDir = freshDataDir();
    [server, browser] = await Promise.all([startServer({ env: ENV, dataDir }), workerBrowser()]);
    [admin, ann, rosa] = await Promise.all([
      createVerifiedAccount(server.url, ADMIN_EMAIL),
      createBookingCustomer(server.url, 'omw-ann'),
      createBookingCustomer(server.url, 'omw-rosa'),
    ]);
    await callJson(server.url, rosa, '/api/account/locale', 'PUT', { locale: 'es' });
    const ids = {
      ann: (await callJson(server.url, ann, '/api/account/me')).user.id as string,
      rosa: (await callJson(server.url, rosa, '/api/account/me')).user.id as string,
    };
    // Ann's word is one she chose; Rosa's is given by "on my way" itself, from the Spanish list.
    await callJson(server.url, ann, '/api/account/code-word', 'PUT', { word: 'lantern' });
    await server.stop();
    const handle = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const now = Date.now();
      for (const [who, offset] of [
        ['ann', 0],
        ['rosa', 60_000],
      ] as const) {
        visits[who] = `${businessDateOf(now).replaceAll('-', '')}-${randomUUID()}`;
        await handle.db.insert(appointments).values({
          id: visits[who],
          userId: ids[who],
          startsAt: new Date(now + offset),
          slotLabel: '08:00am',
          isRemote: false,
          description: who === 'ann' ? 'The printer will not print.' : 'La computadora no enciende.',
        });
      }
    } finally {
      await handle.close();
    }
    server = await startServer({ env: ENV, dataDir });
    office = await openWindow(browser, server.url, admin);
  });
  afterAll(async () => {
    await office?.context.close();
    await releaseBrowser(browser);
    await server?.stop();
  });

  /** Where the owner finds the visit's "On my way": the agenda's entry on a weekend day, else the list's row. */
  const visitPlace = (page: Page, id: string): Locator =>
    onTheAgenda
      ? page.locator(`li.weekend-agenda-visit[data-appointment-id="${id}"]`)
      : page.locator(`.admin-list-wide tr[data-appointment-id="${id}"]`);

  /** The customer's home screen, open; in Spanish as the links of her e-mails open it (`?lang=es`). */
  async function homeOf(person: HttpCustomer, lang?: 'es') {
    const home = await openWindow(browser, server.url, person);
    await home.page.goto(`${server.url}/home${lang ? `?lang=${lang}` : ''}`);
    await expect
      .poll(() =>
        home.page
          .getByRole('status')
          .filter({ hasText: /Live updates|Actualizaciones en vivo/ })
          .textContent(),
      )
      .toMatch(/(Online|En línea)$/);
    return home;
  }

  /** By keyboard: the visit's "On my way", then its second estimate (30 minutes). */
  async function sendThirtyMinutes(page: Page, id: string, name: string) {
    const toggle = visitPlace(page, id).getByRole('button', { name: `On my way (${name})` });
    await toggle.focus();
    expect(await toggle.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    const fifteen = visitPlace(page, id).getByRole('button', { name: `15 min (${name})` });
    await expect.poll(() => fifteen.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('30 min');
    await page.keyboard.press('Enter');
    const said = visitPlace(page, id).getByRole('status');
    await expect
      .poll(() => said.textContent(), { timeout: 10_000 })
      .toMatch(/^Sent: .+ (texted and )?e-mailed.*, arriving about \d{1,2}:\d{2}[ap]m/);
    // The choice closes and the focus returns to the button.
    await expect.poll(() => toggle.evaluate((element) => element === document.activeElement)).toBe(true);
  }

  it('the owner sends 30 minutes by keyboard; the customer’s open home screen shows the arrival live, with their code word', async () => {
    const home = await homeOf(ann);
    const codeWord = home.page.getByRole('region', { name: 'Your code word' });
    await codeWord.waitFor();
    expect((await codeWord.textContent())?.replace(/\s+/g, ' ')).toContain('Our technician will say: lantern');
    expect(await codeWord.textContent()).toContain('Never let anyone in, or onto your computer, who cannot say it.');
    expect(await home.page.getByText(/On the way, arriving about/).count()).toBe(0);
    expect(await axeViolations(home.page)).toEqual([]);

    const { page } = office;
    await page.goto(`${server.url}/admin`);
    await visitPlace(page, visits.ann).waitFor();
    const before = Date.now();
    await sendThirtyMinutes(page, visits.ann, "Mary-Ann O'Neil Smith");
    expect(await axeViolations(page)).toEqual([]);

    // Live on the customer's screen, without a reload.
    const line = home.page.locator('.on-the-way');
    await expect.poll(() => line.count(), { timeout: 10_000 }).toBe(1);
    const shown = (await line.textContent()) ?? '';
    const expected = [0, 1].map(
      (late) =>
        `On the way, arriving about ${englishClock(new Date(Math.floor((before + 30 * 60_000) / 60_000) * 60_000 + late * 60_000))}`,
    );
    expect(
      expected.some((text) => shown.startsWith(text)),
      `${shown} starts with one of ${expected.join(' | ')}`,
    ).toBe(true);
    expect(await axeViolations(home.page)).toEqual([]);
    expectQuietConsole(home);
    await home.context.close();
  });

  it('in Spanish: the arrival and the code word the visit gave, live', async () => {
    const home = await homeOf(rosa, 'es');
    await office.page.goto(`${server.url}/admin`);
    const before = Date.now();
    await sendThirtyMinutes(office.page, visits.rosa, "Mary-Ann O'Neil Smith");
    const line = home.page.locator('.on-the-way');
    await expect.poll(() => line.count(), { timeout: 10_000 }).toBe(1);
    const shown = (await line.textContent()) ?? '';
    const expected = [0, 1].map(
      (late) =>
        `En camino: llegará alrededor de ${spanishArrival(new Date(Math.floor((before + 30 * 60_000) / 60_000) * 60_000 + late * 60_000))}`,
    );
    expect(
      expected.some((text) => shown.startsWith(text)),
      `${shown} starts with one of ${expected.join(' | ')}`,
    ).toBe(true);
    // The word "on my way" gave her, from the Spanish list, shown as soon as the change arrives.
    const { codeWord } = await callJson(server.url, rosa, '/api/account/code-word');
    expect(CODE_WORDS.es).toContain(codeWord);
    const region = home.page.getByRole('region', { name: 'Su palabra clave' });
    await expect
      .poll(() => region.textContent().then((text) => text?.replace(/\s+/g, ' ')), { timeout: 10_000 })
      .toContain(`Nuestro técnico le dirá: ${codeWord}`);
    expect(await axeViolations(home.page)).toEqual([]);
    expectQuietConsole(home);
    await home.context.close();
  });

  it('the customer changes the code word on /account, by keyboard; an invented word is refused by the server', async () => {
    const account = await openWindow(browser, server.url, ann);
    const { page } = account;
    await page.goto(`${server.url}/account`);
    const section = page.getByRole('region', { name: 'Your code word' });
    // The region stands while the word is still loading: wait for the word, not only the region.
    await expect
      .poll(() => section.textContent().then((text) => text?.replace(/\s+/g, ' ')), { timeout: 10_000 })
      .toContain('Our technician will say: lantern');
    const select = section.getByRole('combobox', { name: 'Choose another word' });
    await select.focus();
    await select.selectOption('meadow');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Use this word');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => section.getByRole('status').textContent())
      .toBe('Your code word is now: meadow. Our technician will say it at your door.');
    expect((await section.textContent())?.replace(/\s+/g, ' ')).toContain('Our technician will say: meadow');
    expect(await axeViolations(page)).toEqual([]);
    // "Give me a new word": another word of the list.
    await section.getByRole('button', { name: 'Give me a new word' }).click();
    await expect.poll(() => section.getByRole('status').textContent()).not.toContain('meadow');
    const { codeWord } = await callJson(server.url, ann, '/api/account/code-word');
    expect(CODE_WORDS.en).toContain(codeWord);
    expect(codeWord).not.toBe('meadow');
    // The server is the judge: a word not on the lists, sent as the page would, is refused.
    const refused = await fetch(`${server.url}/api/account/code-word`, {
      method: 'PUT',
      headers: { cookie: ann.cookieHeader, 'content-type': 'application/json' },
      body: JSON.stringify({ word: 'hunter2' }),
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.code).toBe('NOT_A_CODE_WORD');
    expectQuietConsole(account);
    await account.context.close();
  });

  it('at 320 px the owner’s choice fits and works: large targets, no sideways scrolling, no axe violations', async () => {
    const { page } = office;
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`${server.url}/admin`);
    // On a phone the list shows cards; the agenda stays as it is.
    const place = onTheAgenda
      ? page.locator(`li.weekend-agenda-visit[data-appointment-id="${visits.ann}"]`)
      : page.locator(`.admin-list-narrow li[data-appointment-id="${visits.ann}"]`);
    await place.getByRole('button', { name: /^On my way/ }).click();
    const minutes = place.getByRole('button', { name: /^\d+ min/ });
    expect(await minutes.count()).toBe(4);
    for (const box of await Promise.all((await minutes.all()).map((button) => button.boundingBox()))) {
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
    }
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    // The open choice also reflows with text at 200% (360 px); then back to the phone's 320 px.
    await expectReflow(page);
    await page.setViewportSize({ width: 320, height: 800 });
    // A time typed for today sends as well (a minute past now is always later than the last estimate's).
    const typed = new Intl.DateTimeFormat('en-GB', { timeZone: NEW_YORK, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      new Date(Date.now() + 2 * 60_000),
    );
    if (businessDateOf(Date.now() + 2 * 60_000) === businessDateOf(Date.now())) {
      await place.getByLabel('Or arriving at (today, HH:MM)').fill(typed);
      await place.getByRole('button', { name: /^Send/ }).click();
      await expect.poll(() => place.getByRole('status').textContent()).toMatch(/^Sent: .+, arriving about /);
    }
    expectQuietConsole(office);
  });
});
