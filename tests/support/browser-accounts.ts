import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type MailboxEntry, nextClient, PASSWORD, PROFILE, uniqueEmail } from './accounts.ts';
import { openPage, type WatchedPage } from './browser.ts';

/**
 * Helpers for the account screens in Chromium against the real built server. Each person in a test gets their
 * own browser context and their own client address (X-Forwarded-For, honoured because the server runs with
 * TRUST_PROXY=1), so the per-client rate limits of the account routes count each person apart, as they would
 * in real life, instead of tripping over the many sign-ups one test file makes from 127.0.0.1.
 */

export type ActionMode = 'verifyEmail' | 'resetPassword' | 'recoverEmail';

type ConsoleEntry = { text: string; url: string };

export type Person = WatchedPage & {
  serverUrl: string;
  client: string;
  /** Every console error and page error, with the address it came from. */
  problems: ConsoleEntry[];
};

/** A browser context for one person, watched for console errors, with a generous but finite wait for elements. */
export async function openPerson(browser: Browser, serverUrl: string, options: BrowserContextOptions = {}): Promise<Person> {
  const client = nextClient();
  const watched = await openPage(browser, {
    viewport: { width: 1280, height: 900 },
    ...options,
    extraHTTPHeaders: { 'x-forwarded-for': client },
  });
  const problems: ConsoleEntry[] = [];
  watched.page.on('console', (message) => {
    if (message.type() === 'error') problems.push({ text: message.text(), url: message.location().url });
  });
  watched.page.on('pageerror', (error) => problems.push({ text: `pageerror: ${error.message}`, url: '' }));
  watched.page.setDefaultTimeout(10_000);
  return { ...watched, serverUrl, client, problems };
}

/**
 * Asserts the console stayed clean. Chromium reports every HTTP error answer as a console error ("Failed to load
 * resource: … status of 401"); a test that provokes one on purpose names it as `{ path, status }`.
 */
export function expectCleanConsole(person: Person, expectedFailures: Array<{ path: string; status: number }> = []): void {
  const unexpected = person.problems.filter(({ text, url }) => {
    const status = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(text)?.[1];
    if (!status || !url) return true;
    const path = new URL(url).pathname;
    return !expectedFailures.some((expected) => expected.path === path && String(expected.status) === status);
  });
  expect(unexpected).toEqual([]);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the page is at `path` and returns how many milliseconds that took from `since`. */
export async function waitForPath(page: Page, path: string, since = Date.now(), timeout = 10_000): Promise<number> {
  await expect.poll(() => pathOf(page), { timeout, interval: 50 }).toBe(path);
  return Date.now() - since;
}

/** The texts of every link and button of the top navigation, in order. */
export function navigationEntries(page: Page): Promise<string[]> {
  return page
    .locator('#site-nav')
    .locator('a, button')
    .evaluateAll((elements) => elements.map((element) => element.textContent?.trim() ?? ''));
}

/** What a screen reader reads as the field's description: its hint and its error, by aria-describedby. */
export function descriptionOf(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' | '),
  );
}

/** The open dialog with this title, once it has finished opening (its OK button has the focus). */
export async function openDialog(page: Page, title: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ state: 'visible' });
  const ok = dialog.getByRole('button', { name: 'OK', exact: true });
  await expect.poll(() => ok.evaluate((button) => button === document.activeElement), { timeout: 5000 }).toBe(true);
  return dialog;
}

export async function dialogBody(dialog: Locator): Promise<string> {
  return ((await dialog.locator('.modal-body').textContent()) ?? '').trim();
}

/** Closes a message dialog with its OK button and waits until it is gone. */
export async function closeDialog(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'OK', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Presses Tab until `target` has the focus; fails if it never gets it. */
export async function tabTo(page: Page, target: Locator, maxPresses = 40): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

// --- The real server's API and dev mailbox, for the data a test needs but does not test. ---

async function post(person: Person, path: string, body: unknown, expectedStatus: number): Promise<void> {
  const response = await fetch(`${person.serverUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': person.client },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(expectedStatus);
}

export async function mailbox(serverUrl: string, to: string): Promise<MailboxEntry[]> {
  const response = await fetch(`${serverUrl}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as MailboxEntry[];
}

/**
 * The action links (newest first) mailed to `to` for `mode`. The server builds them from PUBLIC_URL, which a
 * server on a random port cannot know in advance, so they are pointed at the server under test.
 */
export async function actionLinks(serverUrl: string, to: string, mode: ActionMode): Promise<string[]> {
  const base = new URL(serverUrl);
  return (await mailbox(serverUrl, to))
    .flatMap((mail) => mail.links)
    .filter((link) => new URL(link).searchParams.get('mode') === mode)
    .map((link) => {
      const url = new URL(link);
      url.protocol = base.protocol;
      url.host = base.host;
      return url.toString();
    });
}

/** Waits for the `count`-th e-mailed link of this mode to `to` and returns the newest. */
export async function waitForActionLink(serverUrl: string, to: string, mode: ActionMode, count = 1): Promise<string> {
  await expect
    .poll(async () => (await actionLinks(serverUrl, to, mode)).length, { timeout: 5000, interval: 100 })
    .toBeGreaterThanOrEqual(count);
  const [newest] = await actionLinks(serverUrl, to, mode);
  if (!newest) throw new Error(`no ${mode} link to ${to}`);
  return newest;
}

/** Registers through the API and, unless told otherwise, verifies with the e-mailed code. */
export async function registerAccount(
  person: Person,
  { email = uniqueEmail(), password = PASSWORD, verified = true }: { email?: string; password?: string; verified?: boolean } = {},
): Promise<{ email: string; password: string }> {
  await post(person, '/api/account/signup', { email, confirmEmail: email, password, confirmPassword: password }, 201);
  if (verified) {
    const link = await waitForActionLink(person.serverUrl, email, 'verifyEmail');
    await post(person, '/api/account/verify-email', { oobCode: new URL(link).searchParams.get('oobCode') }, 200);
  }
  return { email, password };
}

/** Signs the person's browser in through the API (the context shares the session cookie with its pages). */
export async function signInBrowser(person: Person, email: string, password = PASSWORD): Promise<void> {
  const response = await person.context.request.post(`${person.serverUrl}/api/account/login`, {
    data: { email, password, rememberMe: false },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function saveProfile(person: Person, profile: Record<string, string> = PROFILE): Promise<void> {
  const response = await person.context.request.put(`${person.serverUrl}/api/account/profile`, { data: profile });
  expect(response.status(), await response.text()).toBe(200);
}

/** Who the server says the person's browser is signed in as. */
export async function whoAmI(person: Person): Promise<{ user: { email: string } | null; profile: { phoneNumber: string } | null }> {
  const response = await person.context.request.get(`${person.serverUrl}/api/account/me`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** A verified customer, signed in in this person's browser, with the service form done unless told otherwise. */
export async function signedInCustomer(person: Person, { withProfile = true } = {}): Promise<{ email: string; password: string }> {
  const account = await registerAccount(person);
  await signInBrowser(person, account.email, account.password);
  if (withProfile) await saveProfile(person);
  return account;
}
