import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_TEXTS } from '../../src/shared/appointments.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { createBookingCustomer, type HttpCustomer, signInContext } from '../support/booking-customers.ts';
import { openPage, releaseBrowser, type WatchedPage, workerBrowser } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

/** A weekend day a few days ahead, well past any minimum notice. */
const DAY = upcomingWeekendDays(1, 3)[0] ?? '';
const SLOT = '05:00pm';

describe("live slots: one customer's booking and cancellation show in another customer's open picker", () => {
  let server: ServerProcess;
  let browser: Browser;
  const opened: WatchedPage[] = [];
  let booker: HttpCustomer;
  let watcher: HttpCustomer;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), workerBrowser()]);
    [booker, watcher] = await Promise.all([
      createBookingCustomer(server.url, 'slot-booker'),
      createBookingCustomer(server.url, 'slot-watcher'),
    ]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  const liveStatus = (page: Page) => page.getByRole('status').filter({ hasText: 'Live updates:' });
  const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
  const open = (page: Page) => page.getByRole('button', { name: SLOT, exact: true });
  const booked = (page: Page) => page.getByRole('button', { name: `${SLOT} Booked`, exact: true });

  /** /home signed in as the customer, live, with the picker showing DAY's times. */
  async function openPicker(customer: HttpCustomer): Promise<Page> {
    const watched = await openPage(browser, { viewport: { width: 1280, height: 900 }, timezoneId: 'America/New_York' });
    opened.push(watched);
    const { page } = watched;
    page.setDefaultTimeout(10_000);
    await signInContext(watched.context, server.url, customer);
    await page.goto(`${server.url}/home`);
    await expect.poll(() => liveStatus(page).textContent(), { timeout: 10_000 }).toBe('Live updates: Online');
    await page.locator('.booking-calendar .rdp-month_grid').waitFor();
    const day = page.locator(`td[data-day="${DAY}"] button`);
    const caption = page.locator('.rdp-caption_label');
    for (let turns = 0; (await day.count()) === 0 && turns < 3; turns++) {
      const shown = await caption.textContent();
      await page.getByRole('button', { name: 'next month' }).click();
      await expect.poll(() => caption.textContent()).not.toBe(shown);
    }
    await day.click();
    await open(page).waitFor();
    return page;
  }

  /**
   * Starts watching every DOM change of the page for the slot showing `state`; the answer is the browser's clock (ms since
   * 1970) at the change that made it so. Started before the change is caused, so the instant is the page's own, not the
   * moment this test gets round to asking.
   */
  async function watchSlot(page: Page, state: 'booked' | 'open'): Promise<() => Promise<number>> {
    await page.evaluate(
      ([slot, wanted]) => {
        const shown = () => {
          const button = [...document.querySelectorAll('.slot-button')].find(
            (candidate) => candidate.querySelector('.slot-time')?.textContent === slot,
          );
          const status = button?.querySelector('.slot-status')?.textContent;
          if (!button) return false;
          return wanted === 'booked' ? status === 'Booked' : status === undefined && !button.hasAttribute('aria-disabled');
        };
        const watched = window as unknown as { slotShownAt?: number };
        delete watched.slotShownAt;
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          watched.slotShownAt = Date.now();
          observer.disconnect();
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      },
      [SLOT, state] as const,
    );
    return () =>
      page
        .waitForFunction(() => (window as unknown as { slotShownAt?: number }).slotShownAt, undefined, { timeout: 10_000 })
        .then((handle) => handle.jsonValue() as Promise<number>);
  }

  /** The browser's clock when the first byte of the server's answer reached it. */
  function answeredAt(response: Response): number {
    const timing = response.request().timing();
    expect(timing.responseStart).toBeGreaterThanOrEqual(0);
    return timing.startTime + timing.responseStart;
  }

  async function confirm(page: Page, text: string): Promise<void> {
    const asked = dialog(page, 'Please confirm');
    await expect.poll(() => asked.locator('.modal-body').textContent()).toBe(text);
    await asked.getByRole('button', { name: 'OK' }).click();
  }

  it("disables the slot in B's open picker within a second of A's booking, and reopens it within a second of A's cancelling, without a reload", async () => {
    try {
      const [a, b] = [await openPicker(booker), await openPicker(watcher)];
      expect(await open(b).isEnabled()).toBe(true);
      const reloads: string[] = [];
      b.on('framenavigated', (frame) => {
        if (frame === b.mainFrame()) reloads.push(frame.url());
      });

      // A books the slot; from the moment its answer reaches A's browser, B's picker has a second to show it taken.
      // Both instants are read off the browser's own clock (the answer's network timing in A, the DOM change in B),
      // so the time this test's own calls take on a busy machine is not counted against the app.
      const bookedShown = await watchSlot(b, 'booked');
      await open(a).click();
      await a.getByRole('button', { name: 'Confirm', exact: true }).click();
      const bookedAnswer = a.waitForResponse(
        (response) => response.url().endsWith('/api/appointments') && response.request().method() === 'POST',
      );
      await confirm(a, APPOINTMENT_TEXTS.confirmVisit('In-Person'));
      const booking = await bookedAnswer;
      expect(booking.status()).toBe(201);
      expect((await bookedShown()) - answeredAt(booking)).toBeLessThan(1000);
      expect(await booked(b).count()).toBe(1);
      expect(await booked(b).getAttribute('aria-disabled')).toBe('true');
      expect(await open(b).count()).toBe(0);

      const describe = dialog(a, 'Your visit is booked');
      await describe.getByLabel('Describe the problem').fill('The router blinks red.');
      await describe.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => describe.count()).toBe(0);

      // A cancels it; B's picker has a second to offer the slot again.
      const reopenedShown = await watchSlot(b, 'open');
      const row = a.locator('.appointment-table tbody tr').first();
      await row.getByRole('button', { name: /^Cancel/ }).click();
      const cancelledAnswer = a.waitForResponse((response) => response.url().endsWith('/cancel'));
      await confirm(a, APPOINTMENT_TEXTS.cancelConfirm);
      const cancelling = await cancelledAnswer;
      expect(cancelling.status()).toBe(204);
      expect((await reopenedShown()) - answeredAt(cancelling)).toBeLessThan(1000);
      expect(await open(b).count()).toBe(1);
      expect(await open(b).isEnabled()).toBe(true);
      expect(await booked(b).count()).toBe(0);

      expect(reloads).toEqual([]);
      expect(await liveStatus(b).textContent()).toBe('Live updates: Online');
    } finally {
      for (const watched of opened.splice(0)) {
        expect(watched.consoleErrors).toEqual([]);
        await watched.context.close();
      }
    }
  });
});
