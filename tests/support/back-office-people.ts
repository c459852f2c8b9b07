import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type HttpCustomer, signInContext } from './booking-customers.ts';
import { openPage, type WatchedPage } from './browser.ts';

/**
 * People of the back-office browser tests, made over plain HTTP against the running server (startServer) the
 * way a browser would: sign up, follow the e-mailed verification link, log in. An address listed in
 * ADMIN_EMAILS becomes an admin when it is verified.
 */

export type MailboxEntry = { to: string; subject: string; text: string; links: string[] };

export async function mailboxOf(baseUrl: string, to: string): Promise<MailboxEntry[]> {
  const response = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as MailboxEntry[];
}

/** A JSON call as a signed-in person; fails the test unless the server answers `expectedStatus`. */
export async function callAs<T = unknown>(
  baseUrl: string,
  person: HttpCustomer,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  expectedStatus = 200,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { cookie: person.cookieHeader, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBe(expectedStatus);
  return (text ? JSON.parse(text) : undefined) as T;
}

export type Window = WatchedPage & { problems: Array<{ text: string; url: string }> };

/** A browser window signed in as the person, in New York time, with every console error kept with its address. */
export async function openWindow(
  browser: Browser,
  baseUrl: string,
  person: HttpCustomer | undefined,
  options: BrowserContextOptions = {},
): Promise<Window> {
  const watched = await openPage(browser, { viewport: { width: 1280, height: 900 }, timezoneId: 'America/New_York', ...options });
  const problems: Window['problems'] = [];
  watched.page.on('console', (message) => {
    if (message.type() === 'error') problems.push({ text: message.text(), url: message.location().url });
  });
  watched.page.on('pageerror', (error) => problems.push({ text: `pageerror: ${error.message}`, url: '' }));
  watched.page.setDefaultTimeout(10_000);
  if (person) await signInContext(watched.context, baseUrl, person);
  return { ...watched, problems };
}

/**
 * The console stayed clean, apart from failures provoked on purpose: Chromium logs every HTTP error answer as a
 * console error, named here by path and status; `allowed` lists other expected texts.
 */
export function expectQuietConsole(window: Window, expectedFailures: Array<{ path: string; status: number }> = [], allowed: RegExp[] = []) {
  const unexpected = window.problems.filter(({ text, url }) => {
    if (allowed.some((pattern) => pattern.test(text))) return false;
    const status = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(text)?.[1];
    if (!status || !url) return true;
    const path = new URL(url).pathname;
    return !expectedFailures.some((expected) => expected.path === path && String(expected.status) === status);
  });
  expect(unexpected, JSON.stringify(unexpected, null, 1)).toEqual([]);
}

/** The open dialog with this name once it has finished opening (its fade-in done, so axe sees final colours). */
export async function shownDialog(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor({ state: 'visible' });
  await expect.poll(() => dialog.evaluate((element) => element.closest('.modal')?.classList.contains('show') ?? false)).toBe(true);
  await expect.poll(() => dialog.evaluate((element) => Number(getComputedStyle(element.closest('.modal') ?? element).opacity))).toBe(1);
  return dialog;
}

/** Answers the app's confirm dialog, after checking its question. */
export async function answerConfirm(page: Page, question: string, answer: 'OK' | 'Cancel') {
  const dialog = await shownDialog(page, 'Please confirm');
  expect((await dialog.locator('.modal-body').textContent())?.trim()).toBe(question);
  await dialog.getByRole('button', { name: answer, exact: true }).last().click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Set BACK_OFFICE_SCREENSHOTS=/some/dir to keep pictures of the screens for a look by eye. */
export async function screenshotIfAsked(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const directory = process.env.BACK_OFFICE_SCREENSHOTS;
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: path.join(directory, `${name}.png`), fullPage });
}

/**
 * Stops the page's Date at the present moment (Playwright's clock; the page's timers keep running), so that a
 * countdown the page starts from now on counts from exactly this time. Returns the time.
 */
export async function stopDate(page: Page): Promise<number> {
  const now = Date.now();
  await page.clock.setFixedTime(now);
  return now;
}

/**
 * Runs `steps` with the page's Date stopped (stopDate), then lets it run on from the present. A message dialog that
 * moves on by itself after 3 s counted by Date, opened inside, then waits for the checks made on it before OK is
 * pressed, however long they take on a busy machine.
 */
export async function withDateStopped<T>(page: Page, steps: () => Promise<T>): Promise<T> {
  await stopDate(page);
  const result = await steps();
  await page.clock.setSystemTime(Date.now());
  return result;
}

/**
 * Runs a message dialog's 3-second countdown (which counts by Date) that started while the page's Date stood at
 * `stoppedAt`: it still counts 1 ms before its end, with the page where it was, and ends at 3 s. The page's Date
 * stays there (setSystemTime lets it run again); the caller looks for what the end of the countdown does.
 */
export async function runCountdown(page: Page, dialog: Locator, stoppedAt: number): Promise<void> {
  const countdown = dialog.getByText(/^Continuing in/);
  expect(await countdown.textContent()).toBe('Continuing in 3 seconds.');
  const before = page.url();
  await page.clock.setFixedTime(stoppedAt + 2999);
  await expect.poll(() => countdown.textContent()).toBe('Continuing in 1 second.');
  expect(page.url()).toBe(before);
  await page.clock.setFixedTime(stoppedAt + 3000);
}
