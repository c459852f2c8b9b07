import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TEXTS } from '../../src/shared/chat.ts';
import { openedDialog } from '../support/accessibility.ts';
import { nextClient, PROFILE, uniqueEmail } from '../support/accounts.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { callAs, mailboxOf, openWindow, type Window } from '../support/back-office-people.ts';
import { bookOverHttp, createVerifiedAccount, describeOverHttp, type HttpCustomer } from '../support/booking-customers.ts';
import { releaseBrowser, workerBrowser } from '../support/browser.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

/**
 * Script typed into any free-text field comes back as text on every screen that shows it. The pages are opened
 * with the Content-Security-Policy switched off (bypassCSP), so that the test proves the rendering itself is
 * inert rather than leaning on the policy to block what got through: no payload may run, open a dialog, or
 * become an element, and each must be shown literally.
 */

const ADMIN_EMAIL = 'owner.inert@example.com';
const DAYS = upcomingWeekendDays(2, 2);
const day = (index: number) => DAYS[index] ?? '';

/** The usual ways in: an element with a handler, a script, breaking out of an attribute, a javascript: link. */
const payload = (field: string) =>
  `${field}: <img src=x onerror="window.__xss=1;alert(1)"> <script>window.__xss=1</script> "><svg onload="window.__xss=1"> <a href="javascript:window.__xss=1">link</a>`;
/** The street address allows 100 characters. */
const SHORT = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>`;

const TEXT = {
  description: payload('description'),
  editedDescription: payload('edited description'),
  notes: payload('notes'),
  context: payload('context'),
  configDescription: payload('change'),
  errorMessage: payload('error'),
  componentName: payload('component'),
  appointmentIdentifier: payload('appointment'),
  chat: payload('chat'),
  organisation: '<img src=x onerror="window.__xss=1"> Garden Club',
  inquiry: payload('inquiry'),
};

describe('script in stored text stays inert on every screen, in Chromium against the real server', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: HttpCustomer;
  let customer: HttpCustomer;
  let completedId = '';
  let openId = '';
  const windows: Window[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL, TRUST_PROXY: '1' } }), workerBrowser()]);
    [admin, customer] = await Promise.all([
      createVerifiedAccount(server.url, ADMIN_EMAIL),
      createVerifiedAccount(server.url, uniqueEmail('inert.customer'), { profile: true }),
    ]);
    await callAs(server.url, customer, 'PUT', '/api/account/profile', { ...PROFILE, streetAddress: SHORT });

    const completed = await bookOverHttp(server.url, customer, day(0), '09:30am');
    completedId = completed.id;
    await describeOverHttp(server.url, customer, completedId, TEXT.description);
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${completedId}`, {
      description: TEXT.editedDescription,
      notes: TEXT.notes,
      amount: '75',
      isCompleted: true,
    });
    openId = (await bookOverHttp(server.url, customer, day(1), '11:00am')).id;
    await describeOverHttp(server.url, customer, openId, TEXT.description);
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${openId}`, { notes: TEXT.notes });
    const paid = await bookOverHttp(server.url, customer, day(1), '02:00pm');
    await describeOverHttp(server.url, customer, paid.id, TEXT.description);
    await callAs(server.url, admin, 'PATCH', `/api/admin/appointments/${paid.id}`, {
      amount: '40',
      isCompleted: true,
      isPaid: true,
      paymentMethod: 'cash',
    });

    await callAs(
      server.url,
      customer,
      'POST',
      '/api/errors',
      { errorMessage: TEXT.errorMessage, componentName: TEXT.componentName, appointmentIdentifier: TEXT.appointmentIdentifier },
      204,
    );
    await callAs(
      server.url,
      admin,
      'POST',
      '/api/admin/config-changes',
      { date: '2026-11-21', time: '09:00', collectionName: 'software', context: TEXT.context, description: TEXT.configDescription },
      201,
    );
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  async function open(person: HttpCustomer | undefined): Promise<Page> {
    const window = await openWindow(browser, server.url, person, {
      bypassCSP: true,
      extraHTTPHeaders: { 'x-forwarded-for': nextClient() },
    });
    windows.push(window);
    window.page.on('dialog', (dialog) => {
      dialogs.push(`${new URL(window.page.url()).pathname}: ${dialog.type()} ${dialog.message()}`);
      void dialog.dismiss();
    });
    return window.page;
  }

  /** Nothing ran, nothing became markup, and every text is on the screen as typed. */
  async function expectInert(page: Page, where: string, texts: string[], fields: Array<{ label: string; value: string }> = []) {
    const state = await page.evaluate(() => ({
      ran: (window as unknown as { __xss?: unknown }).__xss,
      injected: [
        ...document.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload], a[href^="javascript:"]'),
        ...[...document.scripts].filter((script) => script.textContent?.includes('__xss')),
      ].map((element) => element.outerHTML.slice(0, 80)),
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what the reader sees
      text: document.body.innerText.replace(/\s+/g, ' '),
    }));
    expect(state.ran, `${where}: a payload ran`).toBeUndefined();
    expect(state.injected, `${where}: a payload became markup`).toEqual([]);
    for (const text of texts) expect(state.text, `${where}: shown literally`).toContain(text);
    for (const { label, value } of fields)
      expect(await page.getByLabel(label, { exact: true }).inputValue(), `${where}: ${label}`).toBe(value);
    expect(dialogs).toEqual([]);
  }

  async function visit(page: Page, path: string, ready: string) {
    await page.goto(`${server.url}${path}`);
    // The shown text: the back office's navigation holds each screen's name too, hidden in its closed group.
    await page.getByText(ready, { exact: false }).filter({ visible: true }).first().waitFor();
  }

  it("shows the customer's own text literally: /home (table and cards), the description dialog, /account, /chat", async () => {
    const page = await open(customer);
    await visit(page, '/home', TEXT.editedDescription.slice(0, 30));
    await expectInert(page, '/home', [TEXT.editedDescription, TEXT.description]);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.locator('.appointment-card').first().waitFor();
    await expectInert(page, '/home as cards', [TEXT.editedDescription, TEXT.description]);
    await page.getByRole('button', { name: /^Edit/ }).filter({ visible: true }).last().click();
    await openedDialog(page, 'Edit the description');
    await expectInert(page, '/home description dialog', [], [{ label: 'Describe the problem', value: TEXT.description }]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await visit(page, '/account', 'Your account');
    await expect.poll(() => page.getByLabel('Street address', { exact: true }).inputValue()).toBe(SHORT);
    await expectInert(page, '/account', [], [{ label: 'Street address', value: SHORT }]);

    await visit(page, '/chat', CHAT_TEXTS.title);
    await page.getByLabel(CHAT_TEXTS.inputLabel).fill(TEXT.chat);
    await page.getByRole('button', { name: CHAT_TEXTS.send, exact: true }).click();
    await expect.poll(() => page.locator('.chat-message-assistant').count(), { timeout: 10_000 }).toBe(1);
    await expectInert(page, '/chat', [TEXT.chat]);

    await page.getByRole('button', { name: CHAT_TEXTS.customAsk }).click();
    await page.getByLabel(CHAT_TEXTS.organisationLabel).fill(TEXT.organisation);
    await page.getByLabel(CHAT_TEXTS.inquiryLabel).fill(TEXT.inquiry);
    await page.getByRole('button', { name: CHAT_TEXTS.inquirySend }).click();
    await page.getByRole('status').filter({ hasText: CHAT_TEXTS.inquirySent }).waitFor();
    await expectInert(page, '/chat after the chatbot request', [TEXT.chat]);
  });

  it('shows every stored text literally in the back office: lists, cards, the edit dialog and its history, the logs', async () => {
    const page = await open(admin);
    await visit(page, '/admin', TEXT.notes.slice(0, 20));
    await expectInert(page, '/admin', [TEXT.description, TEXT.notes, SHORT]);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.locator('.admin-card').first().waitFor();
    await expectInert(page, '/admin as cards', [TEXT.description, TEXT.notes, SHORT]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await visit(page, '/completed-appointments', TEXT.editedDescription.slice(0, 30));
    await expectInert(page, '/completed-appointments', [TEXT.editedDescription, TEXT.notes]);
    await page.locator(`.admin-table tbody tr[data-appointment-id="${completedId}"]`).getByRole('button', { name: /^Edit/ }).click();
    const dialog = await openedDialog(page, 'Edit appointment');
    await dialog.locator('.admin-history-list > li').first().waitFor();
    // The history quotes the text before and after each change.
    await expectInert(
      page,
      'the edit dialog with its history',
      [TEXT.description, TEXT.editedDescription, TEXT.notes],
      [
        { label: 'Description', value: TEXT.editedDescription },
        { label: 'Notes', value: TEXT.notes },
      ],
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await visit(page, '/paid-appointments', 'Total from');
    await page.locator('.admin-table tbody tr').first().waitFor();
    await expectInert(page, '/paid-appointments', []);

    await visit(page, '/errorlog', TEXT.errorMessage.slice(0, 20));
    await expectInert(page, '/errorlog', [TEXT.errorMessage, TEXT.componentName, TEXT.appointmentIdentifier]);

    await visit(page, '/config-change-log', 'Config Change Log');
    await page.getByLabel('Collection', { exact: true }).selectOption('software');
    await page.getByRole('button', { name: 'View' }).click();
    await page.locator('.admin-table tbody tr').first().waitFor();
    await expectInert(page, '/config-change-log', [TEXT.context, TEXT.configDescription]);
    await page.locator('.admin-table tbody tr').first().getByRole('button', { name: /^Edit/ }).click();
    await openedDialog(page, 'Edit change-log entry');
    await expectInert(
      page,
      'the change-log edit dialog',
      [],
      [
        { label: 'Context', value: TEXT.context },
        { label: 'Description', value: TEXT.configDescription },
      ],
    );
  });

  it('escapes the chatbot request in the e-mail to the admins and in the development mailbox', async () => {
    await callAs(server.url, customer, 'POST', '/api/chat/inquiries', { organisation: TEXT.organisation, message: TEXT.inquiry }, 201);
    await expect.poll(async () => (await mailboxOf(server.url, ADMIN_EMAIL)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const [mail] = (await mailboxOf(server.url, ADMIN_EMAIL)).filter((entry) => entry.subject.startsWith('Custom chatbot request'));
    expect(mail?.subject).toBe(`Custom chatbot request from ${TEXT.organisation}`);
    const html = (mail as unknown as { html: string }).html;
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>window');
    expect(html).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');

    // The development mailbox answers this machine only: a window without the simulated client's X-Forwarded-For.
    const window = await openWindow(browser, server.url, undefined, { bypassCSP: true });
    windows.push(window);
    const { page } = window;
    await page.goto(`${server.url}/dev/mailbox?to=${encodeURIComponent(ADMIN_EMAIL)}`);
    await page
      .locator('details')
      .first()
      .evaluate((details) => {
        (details as HTMLDetailsElement).open = true;
      });
    await expectInert(page, '/dev/mailbox', [`Custom chatbot request from ${TEXT.organisation}`, TEXT.inquiry]);
  });
});
