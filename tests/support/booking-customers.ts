import type { Browser, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import type { CustomerAppointment } from '../../src/shared/appointments.ts';
import { PASSWORD, PROFILE, uniqueEmail } from './accounts.ts';
import { openPage, type WatchedPage } from './browser.ts';

/**
 * Customers for the browser tests, made the way a browser would make them but over plain HTTP against the
 * running server (startServer): sign up, follow the e-mailed verification link, log in, fill the service form.
 */

export type HttpCustomer = { email: string; cookies: { name: string; value: string }[]; cookieHeader: string };

async function postJson(baseUrl: string, path: string, body: unknown, cookieHeader?: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookieHeader ? { cookie: cookieHeader } : {}) },
    body: JSON.stringify(body),
  });
}

/** A verified, signed-in account with the given address; with the service form done when `profile` is set. */
export async function createVerifiedAccount(baseUrl: string, email: string, { profile = false } = {}): Promise<HttpCustomer> {
  const signup = await postJson(baseUrl, '/api/account/signup', {
    email,
    confirmEmail: email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(signup.status, await signup.clone().text()).toBe(201);
  const link = ((await (await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { links: string[] }[])
    .flatMap((mail) => mail.links)
    .find((candidate) => candidate.includes('mode=verifyEmail'));
  if (!link) throw new Error(`no verification e-mail to ${email}`);
  const verified = await postJson(baseUrl, '/api/account/verify-email', { oobCode: new URL(link).searchParams.get('oobCode') });
  expect(verified.status).toBe(200);

  const login = await postJson(baseUrl, '/api/account/login', { email, password: PASSWORD, rememberMe: false });
  expect(login.status).toBe(200);
  const cookies = login.headers.getSetCookie().map((header) => {
    const [pair = ''] = header.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  const cookieHeader = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  if (profile) {
    const saved = await fetch(`${baseUrl}/api/account/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: cookieHeader },
      body: JSON.stringify(PROFILE),
    });
    expect(saved.status).toBe(200);
  }
  return { email, cookies, cookieHeader };
}

/** A verified, signed-in customer with the service form done: ready to book. */
export async function createBookingCustomer(baseUrl: string, prefix = 'booker'): Promise<HttpCustomer> {
  return createVerifiedAccount(baseUrl, uniqueEmail(prefix), { profile: true });
}

/** Signs a browser context in as the customer. */
export async function signInContext(context: BrowserContext, baseUrl: string, customer: HttpCustomer): Promise<void> {
  await context.addCookies(customer.cookies.map((cookie) => ({ ...cookie, url: baseUrl })));
}

export async function bookOverHttp(
  baseUrl: string,
  customer: HttpCustomer,
  date: string,
  slot: string,
  isRemote = false,
): Promise<CustomerAppointment> {
  const response = await postJson(baseUrl, '/api/appointments', { date, slot, isRemote }, customer.cookieHeader);
  expect(response.status).toBe(201);
  return (await response.json()) as CustomerAppointment;
}

export async function describeOverHttp(baseUrl: string, customer: HttpCustomer, appointmentId: string, description: string) {
  const response = await fetch(`${baseUrl}/api/appointments/${appointmentId}/description`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: customer.cookieHeader },
    body: JSON.stringify({ description }),
  });
  expect(response.status).toBe(200);
}

/**
 * A page in its own context, signed in as the person and opened at `path`: desktop width, New York time, and a
 * 10-second default timeout, so a missing element fails fast instead of holding the test to its overall limit.
 */
export async function openSignedIn(browser: Browser, baseUrl: string, person: HttpCustomer, path: string): Promise<WatchedPage> {
  const watched = await openPage(browser, { viewport: { width: 1280, height: 900 }, timezoneId: 'America/New_York' });
  watched.page.setDefaultTimeout(10_000);
  await signInContext(watched.context, baseUrl, person);
  await watched.page.goto(`${baseUrl}${path}`);
  return watched;
}
