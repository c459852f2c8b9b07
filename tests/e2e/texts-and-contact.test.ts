import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '../../src/shared/account.ts';
import { TEXTS_OPT_IN_TERMS } from '../../src/shared/text-messages.ts';
import { answerConfirm, expectQuietConsole, openWindow, type Window } from '../support/back-office-people.ts';
import { createBookingCustomer, type HttpCustomer } from '../support/booking-customers.ts';
import { axeViolations, releaseBrowser, workerBrowser } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

/**
 * The account screen's opt-in to texts and its trusted contact (issue 18), in Chromium against the built server with
 * its development text outbox: the box starts unticked with the carriers' wording tied to it, ticking it texts a
 * code and nothing else, the code typed on the screen confirms the number and sends the welcome text (decision 031),
 * and a trusted contact is saved (invited, not yet copied), refused when it is the customer's own address, and
 * removed; no axe violation, and nothing wider than a phone.
 */
describe('texts and the trusted contact on the account screen', () => {
  let server: ServerProcess;
  let browser: Browser;
  let customer: HttpCustomer;
  let window: Window;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), workerBrowser()]);
    customer = await createBookingCustomer(server.url, 'texts-screen');
    window = await openWindow(browser, server.url, customer);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  const outbox = async () =>
    (await (await fetch(`${server.url}/dev/sms.json`)).json()) as Array<{ to: string; kind: string; body: string }>;

  it('offers texts unticked, with the terms read with the box; a tick texts a code, and the code typed on the screen starts the texts', async () => {
    const { page } = window;
    await page.goto(`${server.url}/account`);
    const box = page.getByRole('checkbox', { name: 'Send me text messages about my visits' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    const terms = await box.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    expect(terms).toContain(TEXTS_OPT_IN_TERMS.join(' '));
    expect(await outbox()).toEqual([]);

    await box.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await answerConfirm(page, ACCOUNT_TEXTS.accountSaveConfirm, 'OK');
    await page.getByText(ACCOUNT_TEXTS.accountSaveSuccess).waitFor();
    // The code, and nothing else, until the number is confirmed.
    const [codeText, ...others] = await outbox();
    expect(others).toEqual([]);
    expect(codeText).toMatchObject({ kind: 'code' });
    const code = /\b(\d{6})\b/.exec(codeText?.body ?? '')?.[1] ?? '';
    const confirmation = page.getByRole('region', { name: 'Confirm your number for texts' });
    await confirmation.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // A wrong code is refused on the screen, and nothing more is texted.
    await confirmation.getByLabel('Code from the text').fill(code === '000000' ? '111111' : '000000');
    await confirmation.getByRole('button', { name: 'Confirm number' }).click();
    await confirmation.getByText('That code is not right. Please check the text we sent and try again.').waitFor();
    expect(await outbox()).toHaveLength(1);
    await confirmation.getByLabel('Code from the text').fill(code);
    await confirmation.getByRole('button', { name: 'Confirm number' }).click();
    await page.getByText('Your number is confirmed: texts about your visits will come to it.').waitFor();
    await expect.poll(() => confirmation.count()).toBe(0);
    const [welcome] = await outbox();
    expect(welcome).toMatchObject({ kind: 'welcome' });
    expect(welcome?.body).toContain('Reply HELP for help, STOP to stop');

    // After a reload the box shows what was saved.
    await page.reload();
    await expect.poll(() => box.isChecked()).toBe(true);
  });

  it("saves a trusted contact, refuses the customer's own address with the reason on screen, and removes it after asking", async () => {
    const { page } = window;
    await page.goto(`${server.url}/account`);
    const section = page.getByRole('region', { name: 'Trusted contact' });
    await section.waitFor();
    await section.getByLabel('Their name').fill('Laura Smith');
    await section.getByLabel('Their e-mail').fill(customer.email);
    await section.getByRole('button', { name: 'Save trusted contact' }).click();
    await section.getByText('Trusted contact: please enter someone else’s e-mail address, not your own.').waitFor();

    await section.getByLabel('Their e-mail').fill('laura@example.com');
    await section.getByLabel('Their phone (optional)').fill('631-555-0123');
    await section.getByRole('button', { name: 'Save trusted contact' }).click();
    await section.getByText('Your trusted contact is saved. We e-mailed them an invitation: copies start once they agree.').waitFor();
    await section.getByText('We e-mailed Laura Smith an invitation. Copies start once they agree.').waitFor();
    const saved = await fetch(`${server.url}/api/account/trusted-contact`, { headers: { cookie: customer.cookieHeader } });
    expect(await saved.json()).toEqual({
      contact: {
        name: 'Laura Smith',
        email: 'laura@example.com',
        phoneNumber: '631-555-0123',
        copiesStopped: false,
        status: 'invited',
        mayApproveEstimates: false,
      },
    });
    expect(await axeViolations(page)).toEqual([]);

    // The contact's invitation leads to a page of ours with the words they agree to and one large button: styled,
    // no axe violation, and on a phone nothing wider than the screen.
    const [invitation] = (await (await fetch(`${server.url}/dev/mailbox.json?to=laura%40example.com`)).json()) as Array<{
      links: string[];
    }>;
    const agree = new URL(invitation?.links.find((link) => link.includes('/contact-copies/agree')) ?? '');
    const contactPage = await page.context().newPage();
    await contactPage.setViewportSize({ width: 360, height: 740 });
    await contactPage.goto(`${server.url}${agree.pathname}${agree.search}`);
    await contactPage.getByRole('heading', { level: 1, name: /Get copies of .+’s visit messages\?/ }).waitFor();
    const button = contactPage.getByRole('button', { name: 'I agree' });
    expect(await button.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThanOrEqual(44);
    expect(await contactPage.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(244, 247, 249)');
    expect(await contactPage.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    expect(await axeViolations(contactPage)).toEqual([]);
    await contactPage.close();

    // On a phone, nothing is wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await page.setViewportSize({ width: 1280, height: 900 });

    await section.getByRole('button', { name: 'Remove trusted contact' }).click();
    await answerConfirm(page, 'Stop sending copies to Laura Smith?', 'OK');
    await section.getByText('Your trusted contact is removed. No more copies will be sent.').waitFor();
    expect(await section.getByLabel('Their name').inputValue()).toBe('');
    const removed = await fetch(`${server.url}/api/account/trusted-contact`, { headers: { cookie: customer.cookieHeader } });
    expect(await removed.json()).toEqual({ contact: null });
    expectQuietConsole(window, [
      { path: '/api/account/trusted-contact', status: 400 },
      { path: '/api/account/texts/confirm', status: 400 },
    ]);
  });
});
