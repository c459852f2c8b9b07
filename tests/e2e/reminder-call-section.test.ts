import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyboardUser } from '../support/accessibility.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { callAs, expectQuietConsole, openWindow } from '../support/back-office-people.ts';
import type { HttpCustomer } from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { expectReflow } from '../support/reflow.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import { createSpanishAccount, es, loadCatalogues, plain, SPANISH_BROWSER } from '../support/spanish.ts';
import { startTwilioStandIn } from '../support/twilio-stand-in.ts';

const SID = `AC${'0'.repeat(31)}8`;
const TOKEN = 'twilio-auth-token-for-reminder-call-page';

type Me = { reminderCalls?: { wanted: boolean; number: string | null } };

/**
 * The reminder-call section of /account (decision 040) in Chromium against the built server with reminder calls
 * configured (through the Twilio stand-in, as tests/integration/reminder-calls.test.ts sets them up): a customer
 * with a landline (a phone number, no texts) who reads Spanish ticks and unticks "call me" by keyboard, in Spanish;
 * the server keeps each choice; axe clean, and the section fits 320 px and text at 200%.
 */
describe('reminder calls on /account, in Spanish, in the browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
  let customer: HttpCustomer;

  beforeAll(async () => {
    await loadCatalogues();
    twilio = await startTwilioStandIn(SID, TOKEN);
    [server, browser] = await Promise.all([
      startServer({
        env: {
          TWILIO_ACCOUNT_SID: SID,
          TWILIO_AUTH_TOKEN: TOKEN,
          TWILIO_FROM: '+16315550199',
          TWILIO_API_URL: twilio.url,
          REMINDER_CALLS: 'true',
          TWILIO_VOICE_FROM: '+16315550177',
        },
      }),
      workerBrowser(),
    ]);
    // The service form's number, 631-555-0100, and no texts asked for: a landline.
    customer = await createSpanishAccount(server.url, uniqueEmail('fijo'), { profile: true });
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
    await twilio?.close();
  });

  it('a landline customer ticks and unticks the call by keyboard, in Spanish; axe clean at 320 px and text at 200%', async () => {
    const window = await openWindow(browser, server.url, customer, SPANISH_BROWSER);
    try {
      const { page } = window;
      await page.goto(`${server.url}/account`);
      const section = page.getByRole('region', { name: es('accounts', 'Reminder calls') });
      const box = section.getByRole('checkbox', { name: es('shared', 'Call me the day before to remind me (for landlines)') });
      await box.waitFor({ timeout: 10_000 });
      expect(await box.isChecked()).toBe(false);
      expect(plain(await section.textContent())).toContain(
        plain(
          es(
            'shared',
            'An automated call between 10 a.m. and 7 p.m. the day before each visit, to the phone number on your account. Press 1 to confirm, 2 to speak with us, 9 to stop the calls. You can turn it off here at any time.',
          ),
        ),
      );
      expect(await axeViolations(page)).toEqual([]);

      // By keyboard: Tab to the box (every stop shows where the focus is), Space ticks it, and it is saved.
      const keyboard = new KeyboardUser(page);
      await keyboard.tabTo(box);
      await keyboard.press('Space');
      const status = section.getByRole('status');
      await expect.poll(() => status.textContent()).toBe(es('accounts', 'Saved: we will call you the day before each visit.'));
      await section.getByText(es('shared', 'We will call {number}.', { number: '(631) 555-0100' })).waitFor();
      expect(await box.isChecked()).toBe(true);
      expect((await callAs<Me>(server.url, customer, 'GET', '/api/account/me')).reminderCalls).toMatchObject({
        wanted: true,
        number: '+16315550100',
      });
      // The focus stays on the box through the save, so Space again undoes it.
      expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await expectReflow(page);

      // Space again, without moving: no calls.
      await box.focus();
      expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
      await keyboard.press('Space');
      await expect.poll(() => status.textContent()).toBe(es('accounts', 'Saved: no reminder calls.'));
      expect(await box.isChecked()).toBe(false);
      expect((await callAs<Me>(server.url, customer, 'GET', '/api/account/me')).reminderCalls).toMatchObject({
        wanted: false,
        number: null,
      });
      expect(keyboard.missingFocusIndicators).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      expectQuietConsole(window);
    } finally {
      await window.context.close();
    }
  });
});
