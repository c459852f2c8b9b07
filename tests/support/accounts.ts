import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export const PASSWORD = 'correct horse battery';

export type MailboxEntry = { id: string; to: string; subject: string; text: string; html: string; links: string[]; createdAt: string };

let counter = 0;
let clientCounter = 0;

/**
 * A different client address for each call, so that the per-client rate limits of the account routes, which
 * the rate-limit tests prove, do not trip the many sign-ups of the other tests.
 */
export function nextClient(): string {
  clientCounter += 1;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}
/** A fresh, valid (lower-case) address for each call. */
export function uniqueEmail(prefix = 'customer'): string {
  counter += 1;
  return `${prefix.toLowerCase()}.${Date.now().toString(36)}${counter}@example.com`;
}

export async function mailbox(app: FastifyInstance, to: string): Promise<MailboxEntry[]> {
  const response = await app.inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(to)}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The newest e-mail to `to` whose action link has the given mode, and that link's one-time code. */
export async function latestCode(app: FastifyInstance, to: string, mode: 'verifyEmail' | 'resetPassword' | 'recoverEmail') {
  const mails = await mailbox(app, to);
  const mail = mails.find((entry) => entry.links.some((link) => link.includes(`mode=${mode}`)));
  if (!mail) throw new Error(`no ${mode} e-mail to ${to}; got: ${mails.map((entry) => entry.subject).join(', ')}`);
  const link = mail.links.find((entry) => entry.includes(`mode=${mode}`)) ?? '';
  return { mail, link, code: new URL(link).searchParams.get('oobCode') ?? '' };
}

/** The cookie header a browser would send back after this response. */
export function cookieFrom(response: LightMyRequestResponse): string {
  const setCookie = response.headers['set-cookie'];
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

export async function signUp(app: FastifyInstance, email: string, password = PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/account/signup',
    remoteAddress: nextClient(),
    payload: { email, confirmEmail: email, password, confirmPassword: password },
  });
}

export async function login(app: FastifyInstance, email: string, password = PASSWORD, rememberMe = false) {
  return app.inject({ method: 'POST', url: '/api/account/login', remoteAddress: nextClient(), payload: { email, password, rememberMe } });
}

export async function verify(app: FastifyInstance, email: string) {
  const { code } = await latestCode(app, email, 'verifyEmail');
  return app.inject({ method: 'POST', url: '/api/account/verify-email', remoteAddress: nextClient(), payload: { oobCode: code } });
}

/** Signs up, verifies by the e-mailed link, logs in; returns the session cookie. */
export async function verifiedCustomer(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = PASSWORD,
): Promise<{ email: string; cookie: string }> {
  expect((await signUp(app, email, password)).statusCode).toBe(201);
  expect((await verify(app, email)).statusCode).toBe(200);
  const response = await login(app, email, password);
  expect(response.statusCode).toBe(200);
  return { email, cookie: cookieFrom(response) };
}

export const PROFILE = {
  firstName: "Mary-Ann O'Neil",
  lastName: 'Smith',
  phoneNumber: '631-555-0100',
  streetAddress: '12 Main Street',
  city: 'Bay Shore',
};

export async function me(app: FastifyInstance, cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The hidden fields of a trusted contact's page's form (stop, agree or refuse), as a browser would post them. */
export function hiddenFields(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name, value]) => [name, value]),
  );
}

/**
 * The newest invitation to be someone's trusted contact that went to `contactEmail` (from the customer `customerId`,
 * when given), with its Agree and Refuse links and their parameters (decision 031).
 */
export async function contactInvitation(app: FastifyInstance, contactEmail: string, customerId?: string) {
  const isAgree = (link: string) =>
    new URL(link).pathname === '/contact-copies/agree' && (!customerId || new URL(link).searchParams.get('u') === customerId);
  const mails = await mailbox(app, contactEmail);
  const mail = mails.find((entry) => entry.links.some(isAgree));
  if (!mail) throw new Error(`no invitation to ${contactEmail}; got: ${mails.map((entry) => entry.subject).join(', ')}`);
  const agreeLink = mail.links.find(isAgree) ?? '';
  const refuseLink = mail.links.find((link) => new URL(link).pathname === '/contact-copies/refuse') ?? '';
  return { mail, agreeLink, refuseLink, params: Object.fromEntries(new URL(agreeLink).searchParams) };
}

/** Opens a link of a contact's e-mail (GET), as their browser would. */
export function openContactLink(app: FastifyInstance, link: string) {
  const url = new URL(link);
  return app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

/** Posts a contact's page's form to `/contact-copies/<page>`, as its button does. */
export function postContactForm(app: FastifyInstance, page: 'stop' | 'agree' | 'refuse', fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: `/contact-copies/${page}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}
