import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/accounts.ts';
import { launchBrowser, openPage } from '../support/browser.ts';
import { waitForActionLink } from '../support/browser-accounts.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import { SPANISH_BROWSER } from '../support/spanish.ts';

/**
 * What a phone downloads to open each page a visitor can arrive on, measured as the server sends it (brotli, the
 * bytes on the wire), in a fresh browser: at most 100 kB of JavaScript, as for `/` (issue: "/login was 137 kB").
 * tests/process/bundle-budget.test.ts names the modules of these loads; this test counts what the browser fetched.
 */
const JS_BUDGET_BYTES = 100_000;

/** A new account's verification link, as the customer opens it from the e-mail. */
async function verificationLink(serverUrl: string): Promise<string> {
  const email = uniqueEmail('first-load');
  const password = 'first-load-password';
  const signup = await fetch(`${serverUrl}/api/account/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, confirmEmail: email, password, confirmPassword: password }),
  });
  expect(signup.status).toBe(201);
  const link = new URL(await waitForActionLink(serverUrl, email, 'verifyEmail'));
  return `${link.pathname}${link.search}`;
}

/**
 * Every page a visitor enters on: the public pages, the forms 'Make an Appointment Now' leads to, the e-mail links
 * (a verification link that works; a link that failed opens a dialog whose code comes when it is needed).
 */
const ENTRY_PAGES: Array<{ path: string | ((serverUrl: string) => Promise<string>); screen: string }> = [
  { path: '/', screen: 'index' },
  { path: '/services', screen: 'services-page' },
  { path: '/securified', screen: 'securified-page' },
  { path: '/remotesupport', screen: 'remote-support-page' },
  { path: '/login', screen: 'login-page' },
  { path: '/signup', screen: 'signup-page' },
  { path: '/forgot-password', screen: 'forgot-password-page' },
  { path: '/usermgmt?mode=resetPassword&oobCode=not-a-real-code-0123456789', screen: 'user-management-page' },
  { path: verificationLink, screen: 'user-management-page' },
];

const LANGUAGES: Array<{ name: string; options: BrowserContextOptions }> = [
  { name: 'English', options: {} },
  { name: 'Spanish', options: SPANISH_BROWSER },
];

type Script = { file: string; wireBytes: number };

describe('the first load of every entry page', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const language of LANGUAGES) {
    it(`needs at most ${JS_BUDGET_BYTES / 1000} kB of JavaScript on the wire, in ${language.name}`, async () => {
      const loads: Array<{ path: string; total: number; scripts: Script[] }> = [];
      for (const entry of ENTRY_PAGES) {
        const path = typeof entry.path === 'string' ? entry.path : await entry.path(server.url);
        // A context of its own: nothing cached from the page before.
        const { page, context, consoleErrors } = await openPage(browser, language.options);
        try {
          const responses: string[] = [];
          page.on('response', (response) => {
            if (response.url().endsWith('.js')) responses.push(response.headers()['content-encoding'] ?? 'identity');
          });
          // The page has loaded when nothing has been fetched for half a second: its lazy screen included.
          await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          const scripts = await page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
              .map((entry) => ({ file: new URL(entry.name).pathname, wireBytes: (entry as PerformanceResourceTiming).encodedBodySize })),
          );
          // Measured, not assumed: the page's own screen, loaded lazily, is among what was counted.
          expect(
            scripts.map((script) => script.file).filter((file) => file.startsWith(`/assets/${entry.screen}-`)),
            path,
          ).toHaveLength(1);
          // Large scripts come compressed; the few under 1 kB are sent as they are.
          expect(responses.filter((encoding) => encoding === 'br').length, path).toBeGreaterThan(0);
          expect(
            consoleErrors.filter((error) => !/status of 4\d\d/.test(error)),
            path,
          ).toEqual([]);
          loads.push({ path, total: scripts.reduce((sum, script) => sum + script.wireBytes, 0), scripts });
        } finally {
          await context.close();
        }
      }
      const over = loads
        .filter((load) => load.total > JS_BUDGET_BYTES)
        .map((load) => `${load.path}: ${load.total} B (${load.scripts.map((script) => `${script.file} ${script.wireBytes}`).join(', ')})`);
      expect(over).toEqual([]);
    });
  }
});
