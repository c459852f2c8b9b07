import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextClient, PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { releaseBrowser, workerBrowser } from '../support/browser.ts';
import { expectCleanConsole, openPerson, type Person, waitForActionLink, waitForPath } from '../support/browser-accounts.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';

/** A verified account that signed up in `locale`, made over HTTP as the sign-up form would. */
async function accountIn(serverUrl: string, locale: 'en' | 'es'): Promise<string> {
  const email = uniqueEmail(`locale-${locale}`);
  const post = (path: string, body: unknown) =>
    fetch(`${serverUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClient() },
      body: JSON.stringify(body),
    });
  const signUp = await post('/api/account/signup', { email, confirmEmail: email, password: PASSWORD, confirmPassword: PASSWORD, locale });
  expect(signUp.status).toBe(201);
  const link = await waitForActionLink(serverUrl, email, 'verifyEmail');
  expect(new URL(link).searchParams.get('lang')).toBe(locale === 'es' ? 'es' : null);
  const verified = await post('/api/account/verify-email', { oobCode: new URL(link).searchParams.get('oobCode') });
  expect(verified.status).toBe(200);
  return email;
}

const pageLanguage = (person: Person) => person.page.evaluate(() => document.documentElement.lang);

describe('the customer’s saved language in Chromium', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { TRUST_PROXY: '1' } }), workerBrowser()]);
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await server?.stop();
  });

  it('switches an English page to Spanish when a customer who chose Spanish logs in', async () => {
    const email = await accountIn(server.url, 'es');
    const person = await openPerson(browser, server.url, { locale: 'en-US' });
    try {
      await person.page.goto(`${server.url}/login`);
      expect(await pageLanguage(person)).toBe('en');
      await person.page.getByLabel('E-mail address', { exact: true }).fill(email);
      await person.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await person.page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect.poll(() => pageLanguage(person), { timeout: 10_000 }).toBe('es');
      await waitForPath(person.page, '/home');
      expect(await person.page.evaluate(() => localStorage.getItem('techhelp.locale'))).toBe('es');
      expectCleanConsole(person);
    } finally {
      await person.context.close();
    }
  });

  it('leaves the page in the language it shows when the customer’s saved language is that one', async () => {
    const email = await accountIn(server.url, 'en');
    const person = await openPerson(browser, server.url, { locale: 'en-US' });
    try {
      await person.page.goto(`${server.url}/login`);
      await person.page.getByLabel('E-mail address', { exact: true }).fill(email);
      await person.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await person.page.getByRole('button', { name: 'Log in', exact: true }).click();
      await waitForPath(person.page, '/home');
      expect(await pageLanguage(person)).toBe('en');
      expectCleanConsole(person);
    } finally {
      await person.context.close();
    }
  });
});
