import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS } from '../../src/shared/chat.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { createBookingCustomer, createVerifiedAccount, signInContext } from '../support/booking-customers.ts';
import { axeViolations, openPage, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { mailbox } from '../support/browser-accounts.ts';
import { startOpenAIStandIn } from '../support/openai-stand-in.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

describe('the chat page in Chromium', () => {
  let builtIn: ServerProcess;
  let compatible: ServerProcess;
  let standIn: Awaited<ReturnType<typeof startOpenAIStandIn>>;
  let browser: Browser;

  beforeAll(async () => {
    standIn = await startOpenAIStandIn();
    [builtIn, compatible, browser] = await Promise.all([
      startServer({ env: { ADMIN_EMAILS: 'owner@techhelp.test' } }),
      startServer({ env: { OPENAI_API_KEY: standIn.apiKey, OPENAI_BASE_URL: standIn.baseUrl } }),
      workerBrowser(),
    ]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await Promise.all([builtIn?.stop(), compatible?.stop()]);
    await standIn?.close();
  });

  it('asks, shows Thinking... on a disabled Send, shows the answer, keeps the context, and clears', async () => {
    const customer = await createVerifiedAccount(compatible.url, uniqueEmail('chatter'));
    const { page, context, consoleErrors } = await openPage(browser);
    try {
      await signInContext(context, compatible.url, customer);
      await page.goto(`${compatible.url}/chat`);
      const input = page.getByLabel(CHAT_TEXTS.inputLabel);
      const send = page.getByRole('button', { name: CHAT_TEXTS.send, exact: true });

      standIn.enqueue({ kind: 'slow', delayMs: 1_000, content: 'Yes, we come to Bayport.' });
      await input.fill('Do you come to Bayport?');
      await input.press('Enter');
      const thinking = page.getByRole('button', { name: CHAT_TEXTS.thinking });
      await expect.poll(() => thinking.isVisible()).toBe(true);
      expect(await thinking.isDisabled()).toBe(true);

      const log = page.getByRole('log');
      await expect.poll(() => log.textContent(), { timeout: 10_000 }).toContain('Yes, we come to Bayport.');
      expect(await send.isEnabled()).toBe(true);
      expect(await log.textContent()).toContain('Do you come to Bayport?');

      standIn.enqueue({ kind: 'answer', content: 'On Saturdays and Sundays.' });
      await input.fill('Which days?');
      await send.click();
      await expect.poll(() => log.textContent(), { timeout: 10_000 }).toContain('On Saturdays and Sundays.');
      // The second request carried the whole conversation.
      expect(
        standIn.requests
          .at(-1)
          ?.body.messages.map((message) => message.content)
          .slice(1),
      ).toEqual(['Do you come to Bayport?', 'Yes, we come to Bayport.', 'Which days?']);

      await page.getByRole('button', { name: CHAT_TEXTS.clear }).click();
      expect(await log.textContent()).toBe(CHAT_TEXTS.empty);
      expect(await input.inputValue()).toBe('');
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows 'Sorry, something went wrong.' on a failure and keeps the question to send again", async () => {
    const customer = await createVerifiedAccount(compatible.url, uniqueEmail('unlucky'));
    const { page, context, consoleErrors } = await openPage(browser);
    try {
      await signInContext(context, compatible.url, customer);
      await page.goto(`${compatible.url}/chat`);
      standIn.enqueue({ kind: 'status', status: 500 });
      const input = page.getByLabel(CHAT_TEXTS.inputLabel);
      await input.fill('Can you fix my printer?');
      await page.getByRole('button', { name: CHAT_TEXTS.send, exact: true }).click();
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toContain(CHAT_TEXTS.failure);
      expect(await input.inputValue()).toBe('Can you fix my printer?');
      expect(await page.getByRole('button', { name: CHAT_TEXTS.send, exact: true }).isEnabled()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      // The browser reports the failed call itself (a 502 response); nothing else went wrong.
      expect(consoleErrors.filter((text) => !text.includes('502'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is reached from the promo link on /home, answers from the business facts, and sends a custom-chatbot request by keyboard', async () => {
    await createVerifiedAccount(builtIn.url, 'owner@techhelp.test');
    const customer = await createBookingCustomer(builtIn.url, 'promo');
    const { page, context, consoleErrors } = await openPage(browser);
    try {
      await signInContext(context, builtIn.url, customer);
      await page.goto(`${builtIn.url}/home`);
      await page.getByRole('link', { name: 'Have a question? Ask our assistant' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/chat');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(CHAT_TEXTS.title);
      expect(await axeViolations(page)).toEqual([]);

      const input = page.getByLabel(CHAT_TEXTS.inputLabel);
      await input.fill('How much would 90 minutes of troubleshooting be?');
      await input.press('Enter');
      await expect.poll(() => page.getByRole('log').textContent(), { timeout: 10_000 }).toContain('$75');

      // The custom chatbot offer, by keyboard alone.
      await page.getByRole('button', { name: CHAT_TEXTS.customAsk }).focus();
      await page.keyboard.press('Enter');
      const organisation = page.getByLabel(CHAT_TEXTS.organisationLabel);
      await expect.poll(() => organisation.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.type('Bayport Garden Club');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Answer members about meetings and dues.');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('status').filter({ hasText: CHAT_TEXTS.inquirySent }).count()).toBe(1);
      // The focus goes back to the button that opened the form.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(CHAT_TEXTS.customAsk);
      expect(await axeViolations(page)).toEqual([]);
      const [notice] = await mailbox(builtIn.url, 'owner@techhelp.test');
      expect(notice?.subject).toBe('Custom chatbot request from Bayport Garden Club');
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sends a visitor who is not signed in away from /chat', async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${builtIn.url}/chat`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Not Authorized');
    } finally {
      await context.close();
    }
  });
});
