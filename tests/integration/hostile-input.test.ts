import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, buildApp } from '../../src/server/app.ts';
import {
  appointments,
  auditLog,
  configChanges,
  errorLog,
  outboxEmails,
  paymentOrders,
  payments,
  profiles,
  user,
  waitlistEntries,
} from '../../src/server/db/schema.ts';
import { EmailSchema, ProfileSchema } from '../../src/shared/account.ts';
import { ConfigChangeSchema } from '../../src/shared/admin.ts';
import { DESCRIPTION_MAX_LENGTH, NOTES_MAX_LENGTH } from '../../src/shared/appointments.ts';
import { MAX_OPEN_APPOINTMENTS, SLOT_LABELS, zipForCity } from '../../src/shared/business.ts';
import { businessDateOf, isWeekendDate, slotLabelOf } from '../../src/shared/business-time.ts';
import { CLIENT_ERROR_BODY_LIMIT, ERROR_FIELD_MAX_LENGTH, ERROR_MESSAGE_MAX_LENGTH } from '../../src/shared/error-log.ts';
import { isLocale } from '../../src/shared/locale.ts';
import { MAX_AMOUNT_CENTS } from '../../src/shared/payments.ts';
import { latestCode, PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { book, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';
import { temporaryDirectory, testConfig } from '../support/config.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

/**
 * Every route, every viewer, hostile input: random and malicious bodies, queries, path parameters and headers.
 * The server never answers 5xx, every error is the standard shape, and nothing invalid is ever stored.
 */

/**
 * Runs per route; each run picks a viewer, a method and a hostile (or, sometimes, valid) part of each kind. Set
 * HOSTILE_RUNS (say 500) to search longer by hand; a failure prints its seed and its shrunk request.
 */
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 40);
/**
 * The seed: fixed in `npm test`, so that a commit passes or fails the same every time; `npm run fuzz` sets
 * HOSTILE_SEED to a fresh one (and prints it), and every counterexample it finds joins FOUND below.
 */
const BASE_SEED = Number(process.env.HOSTILE_SEED ?? 20_261_123);

/** Each route its own seed, derived from the base seed and the route, so adding a route changes no other's inputs. */
function seedFor(route: string): number {
  let hash = BASE_SEED | 0;
  for (const character of route) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return hash;
}

type Viewer = 'visitor' | 'customer' | 'admin';
type Person = { id: string; email: string; cookie: string };

/**
 * What the hostile requests of one route start from: the keys of a well-formed body and query, and valid values
 * for its path parameters (functions, because they name the data the suite made). Each run keeps some parts,
 * drops some and makes the rest hostile, so requests reach the handlers as well as the validators.
 */
type RouteCase = {
  body?: () => Record<string, unknown>;
  query?: () => Record<string, string>;
  params?: Record<string, () => string[]>;
  /** A signed-in viewer gets an endless event stream. */
  stream?: boolean;
  /** The viewer the route is for: sent more often than the others, so that its requests get past the guards. */
  for?: Viewer;
};

// The suite's data, made in beforeAll; the route table reads it when it builds each request.
const made = {
  /** The customer's open appointment: description, then cancellation. */
  ownAppointment: '',
  /** The customer's completed job with an amount: checkout and payment. */
  payable: '',
  customerOrder: '',
  /** A client's appointments: admin payment, admin edits, deletion. */
  adminPayable: '',
  adminOrder: '',
  editable: '',
  deletable: '',
  /** A payment taken by hand for a client's job: the refund. */
  refundable: '',
  reviewable: '',
  configChange: '',
  deletableConfigChange: '',
  errorEntry: '',
  timeOff: '',
  /** The customer's day on the waitlist (issue 39): its offer's read and booking, then leaving it. */
  waitlistEntry: '',
};
const people: Record<Exclude<Viewer, 'visitor'>, Person> = {
  customer: { id: '', email: '', cookie: '' },
  admin: { id: '', email: '', cookie: '' },
};
const bookingDays = upcomingWeekendDays(8, 3);
let bookingCounter = 0;
const configChange = () => ({
  date: '2026-11-21',
  time: '10:00',
  collectionName: 'database',
  context: 'Router',
  description: 'New firmware',
});

/**
 * One entry per route the app registers (HEAD goes with GET). The test below fails when a route is missing here,
 * so a new route gets its hostile-input coverage by adding one line.
 */
/** The cases of the paths no route takes, which the not-found handler answers (not a route of its own). */
const NOT_FOUND_HANDLER = 'GET /*';

const ROUTES: Record<string, RouteCase> = {
  'GET /healthz': {},
  'GET /sw.js': {},
  'POST /api/errors': { body: () => ({ errorMessage: 'The page broke', componentName: 'Home', appointmentIdentifier: '' }) },
  'GET /api/events': { for: 'customer', stream: true },
  'GET /api/account/me': {},
  'POST /api/account/signup': {
    body: () => {
      const email = uniqueEmail('hostile');
      return { email, confirmEmail: email, password: PASSWORD, confirmPassword: PASSWORD, locale: 'es' };
    },
  },
  'POST /api/account/login': { body: () => ({ email: uniqueEmail('nobody'), password: PASSWORD, rememberMe: false }) },
  'POST /api/account/logout': {},
  'POST /api/account/forgot-password': { body: () => ({ email: uniqueEmail('forgot') }) },
  'POST /api/account/resend-verification': { body: () => ({ email: uniqueEmail('resend') }) },
  'POST /api/account/verify-email': { body: () => ({ oobCode: 'a'.repeat(32) }) },
  'POST /api/account/reset-password': { body: () => ({ oobCode: 'a'.repeat(32), newPassword: PASSWORD, confirmPassword: PASSWORD }) },
  'POST /api/account/recover-email': { body: () => ({ oobCode: 'a'.repeat(32) }) },
  'POST /api/account/password-reset-email': { for: 'customer' },
  'POST /api/account/change-email': {
    for: 'customer',
    body: () => {
      const email = uniqueEmail('changed');
      return { email, confirmEmail: email };
    },
  },
  'PUT /api/account/locale': { for: 'customer', body: () => ({ locale: 'es' }) },
  'PUT /api/account/profile': {
    for: 'customer',
    body: () => ({ firstName: 'Ann', lastName: "O'Neil", phoneNumber: '631-555-0100', streetAddress: '1 Main St', city: 'Bay Shore' }),
  },
  'GET /api/appointments/availability': { for: 'customer', query: () => ({ month: (bookingDays[0] ?? '').slice(0, 7) }) },
  'GET /api/appointments': { for: 'customer' },
  'POST /api/appointments': {
    for: 'customer',
    body: () => {
      bookingCounter += 1;
      return {
        date: bookingDays[bookingCounter % bookingDays.length],
        slot: SLOT_LABELS[bookingCounter % SLOT_LABELS.length],
        isRemote: false,
      };
    },
  },
  'PUT /api/appointments/:id/description': {
    for: 'customer',
    params: { id: () => [made.ownAppointment] },
    body: () => ({ description: 'The printer jams' }),
  },
  'POST /api/appointments/:id/reschedule': {
    for: 'customer',
    params: { id: () => [made.ownAppointment] },
    body: () => {
      bookingCounter += 1;
      return { date: bookingDays[bookingCounter % bookingDays.length], slot: SLOT_LABELS[bookingCounter % SLOT_LABELS.length] };
    },
  },
  'POST /api/appointments/:id/cancel': { for: 'customer', params: { id: () => [made.ownAppointment] } },
  'GET /api/appointments/:id/calendar.ics': { for: 'customer', params: { id: () => [made.ownAppointment] }, query: () => ({ lang: 'es' }) },
  'GET /api/past-visits': { for: 'customer' },
  'GET /api/pay-links/:appointmentId': { params: { appointmentId: () => [made.payable] } },
  'POST /api/admin/appointments/:id/pay-link': { for: 'admin', params: { id: () => [made.adminPayable] } },
  'GET /api/waitlist': { for: 'customer' },
  'POST /api/waitlist': { for: 'customer', body: () => ({ date: bookingDays[0] }) },
  'DELETE /api/waitlist/:id': { for: 'customer', params: { id: () => [made.waitlistEntry] } },
  'GET /api/waitlist/:id/offer': { for: 'customer', params: { id: () => [made.waitlistEntry] } },
  'POST /api/waitlist/:id/book': { for: 'customer', params: { id: () => [made.waitlistEntry] }, body: () => ({ isRemote: false }) },
  'GET /api/admin/waitlist': { for: 'admin' },
  'GET /api/payments/checkout/:appointmentId': { for: 'customer', params: { appointmentId: () => [made.payable] } },
  'GET /api/invoices/:appointmentId': { for: 'customer', params: { appointmentId: () => [made.payable] } },
  'GET /api/invoices/:appointmentId/pdf': {
    for: 'customer',
    params: { appointmentId: () => [made.payable] },
    query: () => ({ lang: 'es' }),
  },
  'POST /api/payments/orders': { for: 'customer', body: () => ({ appointmentId: made.payable }) },
  'POST /api/payments/orders/:orderId/capture': { for: 'customer', params: { orderId: () => [made.customerOrder] } },
  'POST /api/chat': {
    for: 'customer',
    body: () => ({ messages: [{ role: 'user', content: 'How much is 90 minutes of troubleshooting?' }] }),
  },
  'POST /api/chat/inquiries': { for: 'customer', body: () => ({ organisation: 'Islip Library', message: 'Answer patrons about hours.' }) },
  'GET /api/admin/customers': { for: 'admin', query: () => ({ email: people.customer.email }) },
  'GET /api/admin/customers/appointments': { for: 'admin', query: () => ({ email: people.customer.email }) },
  'POST /api/admin/payments/orders': { for: 'admin', body: () => ({ appointmentId: made.adminPayable, amount: '80' }) },
  'POST /api/admin/payments/orders/:orderId/capture': { for: 'admin', params: { orderId: () => [made.adminOrder] } },
  'POST /api/admin/payments/:paymentId/refund': { for: 'admin', params: { paymentId: () => [made.refundable] } },
  // The owner's own job, paid by hand: its thank-you asked the owner, as its customer, for a rating.
  'GET /api/reviews/:appointmentId': { for: 'admin', params: { appointmentId: () => [made.reviewable] } },
  'POST /api/reviews/:appointmentId': {
    for: 'admin',
    params: { appointmentId: () => [made.reviewable] },
    body: () => ({ rating: 5, comment: 'Quick and kind.', mayShow: true }),
  },
  'PUT /api/reviews/:appointmentId/consent': {
    for: 'admin',
    params: { appointmentId: () => [made.reviewable] },
    body: () => ({ mayShow: false }),
  },
  'GET /api/reviews/public': {},
  'POST /api/contact': { body: () => ({ name: 'Ann', email: 'ann@example.com', phone: '631-555-0142', message: 'Hello', language: 'es' }) },
  'GET /api/admin/reviews': { for: 'admin' },
  'GET /api/admin/appointments': { for: 'admin' },
  'PATCH /api/admin/appointments/:id': {
    for: 'admin',
    params: { id: () => [made.editable] },
    body: () => ({
      description: 'Router replaced',
      notes: 'Bring a cable',
      isCompleted: true,
      isPaid: false,
      isRemote: true,
      amount: '75.00',
      paymentMethod: 'cash',
    }),
  },
  'DELETE /api/admin/appointments/:id': { for: 'admin', params: { id: () => [made.deletable] } },
  'POST /api/admin/appointments/:id/reschedule': {
    for: 'admin',
    params: { id: () => [made.editable] },
    body: () => {
      bookingCounter += 1;
      return { date: bookingDays[bookingCounter % bookingDays.length], slot: SLOT_LABELS[bookingCounter % SLOT_LABELS.length] };
    },
  },
  'GET /api/admin/appointments/:id/history': { for: 'admin', params: { id: () => [made.editable] } },
  'GET /api/admin/appointments/:id/tax-exemption': { for: 'admin', params: { id: () => [made.editable] } },
  'GET /api/admin/customers/:userId/tax-exemption': { for: 'admin', params: { userId: () => [people.customer.id] } },
  'PUT /api/admin/customers/:userId/tax-exemption': {
    for: 'admin',
    params: { userId: () => [people.customer.id] },
    body: () => ({ kind: 'resale', certificate: 'RS-42', date: '2026-01-15' }),
  },
  'DELETE /api/admin/customers/:userId/tax-exemption': { for: 'admin', params: { userId: () => [people.customer.id] } },
  'GET /api/admin/completed': { for: 'admin' },
  'GET /api/admin/paid': { for: 'admin', query: () => ({ from: '2026-01-01', to: '2030-12-31' }) },
  'GET /api/admin/paid.csv': { for: 'admin', query: () => ({ from: '2026-01-01', to: '2030-12-31' }) },
  'GET /api/admin/sales-tax': { for: 'admin', query: () => ({ quarter: '2026-04-15' }) },
  'GET /api/admin/sales-tax.csv': { for: 'admin', query: () => ({ quarter: '2026-04-15' }) },
  'GET /api/admin/errors': { for: 'admin', query: () => ({ page: '1' }) },
  'DELETE /api/admin/errors/:id': { for: 'admin', params: { id: () => [made.errorEntry] } },
  'GET /api/admin/config-changes': { for: 'admin', query: () => ({ collection: 'database' }) },
  'POST /api/admin/config-changes': { for: 'admin', body: configChange },
  'PUT /api/admin/config-changes/:id': { for: 'admin', params: { id: () => [made.configChange] }, body: configChange },
  'DELETE /api/admin/config-changes/:id': { for: 'admin', params: { id: () => [made.deletableConfigChange] } },
  'GET /api/admin/time-off': { for: 'admin' },
  'POST /api/admin/time-off': { for: 'admin', body: () => ({ kind: 'day', date: '2029-12-01', reason: 'Away' }) },
  'POST /api/admin/time-off/:id/reopen': { for: 'admin', params: { id: () => [made.timeOff] } },
  'GET /api/admin/calendar-feed': { for: 'admin' },
  'POST /api/admin/calendar-feed': { for: 'admin' },
  'DELETE /api/admin/calendar-feed': { for: 'admin' },
  // The owner's own calendar: an address this machine refuses to fetch (not public), so nothing leaves the test.
  'GET /api/admin/calendar-import': { for: 'admin' },
  'PUT /api/admin/calendar-import': { for: 'admin', body: () => ({ url: 'http://127.0.0.1:9/calendar.ics' }) },
  'POST /api/admin/calendar-import/fetch': { for: 'admin' },
  'DELETE /api/admin/calendar-import': { for: 'admin' },
  'GET /calendar/:file': { params: { file: () => [`${'A'.repeat(43)}.ics`, 'feed.ics'] } },
  'GET /api/admin/booking-rules': { for: 'admin' },
  'GET /api/admin/backups': { for: 'admin' },
  'PUT /api/admin/booking-rules': { for: 'admin', body: () => ({ minNoticeHours: 12, cutoffHours: 24 }) },
  'GET /api/auth/*': {
    params: { '*': () => ['callback/google', 'sign-in/social', 'get-session', 'ok'] },
    query: () => ({ code: 'abc', state: 'xyz' }),
  },
  'POST /api/auth/*': {
    params: { '*': () => ['sign-in/social', 'sign-up/email', 'sign-out'] },
    body: () => ({ provider: 'google', callbackURL: '/home', errorCallbackURL: '/login?error=google' }),
  },
  'GET /api/account/trusted-contact': { for: 'customer' },
  'PUT /api/account/trusted-contact': {
    for: 'customer',
    body: () => ({ name: 'Laura Smith', email: 'laura@example.com', phoneNumber: '631-555-0123' }),
  },
  'DELETE /api/account/trusted-contact': { for: 'customer' },
  'GET /api/account/export': { for: 'customer' },
  // A wrong password always: the suite's customer must stay.
  'POST /api/account/delete': { for: 'customer', body: () => ({ confirmation: 'not the password' }) },
  'GET /contact-copies/stop': { query: () => ({ u: people.customer.id, e: 'laura@example.com', s: 'A'.repeat(43), lang: 'es' }) },
  'POST /contact-copies/stop': { body: () => ({ u: people.customer.id, e: 'laura@example.com', s: 'A'.repeat(43), lang: 'es' }) },
  'GET /contact-copies/agree': { query: () => ({ u: people.customer.id, e: 'laura@example.com', s: 'A'.repeat(43), lang: 'es' }) },
  'POST /contact-copies/agree': { body: () => ({ u: people.customer.id, e: 'laura@example.com', s: 'A'.repeat(43), lang: 'es' }) },
  'GET /contact-copies/refuse': { query: () => ({ u: people.customer.id, e: 'laura@example.com', s: 'A'.repeat(43), lang: 'es' }) },
  'POST /contact-copies/refuse': { body: () => ({ u: people.customer.id, e: 'laura@example.com', s: 'A'.repeat(43), lang: 'es' }) },
  'POST /api/account/texts/code': { for: 'customer' },
  // A wrong code always: nothing is pending for the suite's customer.
  'POST /api/account/texts/confirm': { for: 'customer', body: () => ({ code: '123456' }) },
  'POST /api/admin/appointments/:id/on-my-way': { for: 'admin', params: { id: () => [made.editable] }, body: () => ({ minutes: 30 }) },
  'POST /api/admin/appointments/:id/estimate': {
    for: 'admin',
    params: { id: () => [made.editable] },
    body: () => ({ kind: 'troubleshooting', minutes: 60, hardware: [{ description: 'Solid-state drive', amount: '100.00' }] }),
  },
  'GET /api/admin/appointments/:id/estimate': { for: 'admin', params: { id: () => [made.editable] } },
  'GET /api/estimates/:appointmentId': { for: 'customer', params: { appointmentId: () => [made.ownAppointment] } },
  'POST /api/estimates/:appointmentId/decision': {
    for: 'customer',
    params: { appointmentId: () => [made.ownAppointment] },
    body: () => ({ decision: 'approve', name: 'Mary-Ann Smith', estimateId: '00000000-0000-0000-0000-000000000000' }),
  },
  'PUT /api/account/trusted-contact/estimates': { for: 'customer', body: () => ({ allowed: true }) },
  'GET /api/account/code-word': { for: 'customer' },
  'PUT /api/account/code-word': { for: 'customer', body: () => ({ fresh: true }) },
  'GET /estimate-approval': { query: () => ({ token: `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.${'A'.repeat(43)}`, lang: 'es' }) },
  'POST /estimate-approval': {
    body: () => ({
      token: `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.${'A'.repeat(43)}`,
      decision: 'decline',
      reason: 'Too dear for now',
      lang: 'es',
    }),
  },
  'GET /dev/sms.json': { query: () => ({ to: '+16315550100' }) },
  'GET /dev/sms': { query: () => ({ to: '+16315550100' }) },
  'GET /dev/mailbox.json': { query: () => ({ to: people.customer.email }) },
  'GET /dev/mailbox': { query: () => ({ to: people.customer.email }) },
  'GET /': {},
  // The built files, each its own route.
  'GET /assets/app-4f2a.js': {},
  // Every other path: the not-found handler (the app for a page's path, a 404 for a file or an API path).
  [NOT_FOUND_HANDLER]: {
    params: {
      '*': () => ['assets/app-4f2a.js.map', 'assets/app-4f2a.js.br', 'index.html', 'home', 'services', 'favicon.ico', 'api/nothing'],
    },
  },
};

/** Requests the properties found failing, kept as fixed examples (with the status they get now, where it matters). */
const FOUND: Array<{ viewer: Viewer; method: string; url: string; payload?: string; contentType?: string; status?: number }> = [
  // Fastify's own shape for a path it cannot decode or whose parameter is too long.
  { viewer: 'visitor', method: 'PUT', url: '/api/appointments/%/description', status: 400 },
  { viewer: 'visitor', method: 'POST', url: `/api/appointments/${'x'.repeat(20_000)}/cancel`, status: 414 },
  // NUL characters PostgreSQL cannot store.
  { viewer: 'visitor', method: 'GET', url: '/dev/mailbox.json?to=%00', status: 400 },
  { viewer: 'admin', method: 'PATCH', url: '/api/admin/appointments/%00', payload: '{}', contentType: 'application/json', status: 400 },
  // Dates whose years Date reads as 19xx, or PostgreSQL cannot hold.
  { viewer: 'admin', method: 'GET', url: '/api/admin/paid.csv?from=0050-06-15&to=0099-12-31', status: 400 },
  { viewer: 'admin', method: 'GET', url: '/api/admin/paid?from=9999-12-31&to=9999-12-31', status: 400 },
  { viewer: 'admin', method: 'GET', url: '/api/admin/paid?from=0000-01-01', status: 400 },
  // A quarter reaching past the years a New York day can hold (December 2999 ends in 3000).
  { viewer: 'admin', method: 'GET', url: '/api/admin/sales-tax?quarter=2999-12-15', status: 400 },
  { viewer: 'admin', method: 'GET', url: '/api/admin/sales-tax.csv?quarter=1900-02-01', status: 400 },
  { viewer: 'customer', method: 'GET', url: '/api/appointments/availability?month=0000-01', status: 400 },
  // better-auth's own error bodies, { code, message } or none at all.
  { viewer: 'visitor', method: 'GET', url: '/api/auth/sign-in/social', status: 404 },
  { viewer: 'visitor', method: 'GET', url: '/api/auth/callback/google?code=a&code=b&state=x', status: 400 },
  { viewer: 'visitor', method: 'POST', url: '/api/auth/sign-in/social', payload: '12', contentType: 'application/json', status: 400 },
  // Empty callback addresses beside a 5,000-element field with an empty name (seed -1509763728): better-auth's 500.
  {
    viewer: 'customer',
    method: 'POST',
    url: '/api/auth/sign-in/social?',
    payload: JSON.stringify({ provider: 'google', callbackURL: '', errorCallbackURL: '', '': Array.from({ length: 5000 }, () => []) }),
    contentType: 'application/json',
    status: 400,
  },
  {
    viewer: 'visitor',
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: JSON.stringify({ provider: 'google', callbackURL: 'https://evil.example/steal' }),
    contentType: 'application/json',
    status: 400,
  },
  {
    viewer: 'visitor',
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: '{"provider":"yahoo"}',
    contentType: 'application/json',
  },
];

// --- Hostile values -----------------------------------------------------------------------------------------

/** JSON text spliced into a body as it is: numbers JSON.stringify cannot write, and nesting too deep to build. */
class RawJson {
  constructor(readonly text: string) {}
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'Bay Shore\u0000',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE appointments; --",
  "' OR '1'='1",
  '1; SELECT pg_sleep(10)',
  '$1',
  '%s%n%x',
  '{{7*7}}\u0024{7*7}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0x10',
  '1e309',
  '1e3',
  '-1',
  '0',
  '0.5',
  '1.005',
  '75.001',
  '99999.99',
  '10000.00',
  '10000.01',
  '10001',
  '100000000000000000000000',
  '000075',
  ' 75 ',
  '７５',
  '١٢',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\uD800',
  'a\uDFFFb',
  '\u202Egnp.exe',
  '\u200B',
  '\uFEFF',
  'e\u0301',
  '👩‍👩‍👧‍👦',
  '𝕳𝖊𝖑𝖑𝖔',
  '\r\nSet-Cookie: admin=1',
  '../../etc/passwd',
  '%00',
  '%',
  '0000-01-01',
  '0050-06-15',
  '0099-12-31',
  '1900-02-29',
  '2026-02-29',
  '2028-02-29',
  '2026-02-31',
  '9999-12-31',
  '2026-13-01',
  '2026-00-10',
  '+002026-01-01',
  '2026-1-1',
  '0000-01',
  '0001-02',
  '9999-12',
  '2026-00',
  '24:00',
  '23:59',
  '08:00am',
  '08:00AM',
  '07:00am',
  'Bay Shore',
  'bay shore',
  'Select a City',
  'database',
  'cash',
  'bitcoin',
  'A@EXAMPLE.COM',
  'a@b.co',
  'a@example.com ',
  '"a b"@example.com',
  '00000000-0000-0000-0000-000000000000',
  '20261121-00000000-0000-0000-0000-000000000000',
  'SANDBOX-00000000-0000-0000-0000-000000000000',
  'a'.repeat(33),
  'a'.repeat(101),
  'a'.repeat(257),
  'x'.repeat(2001),
  'é'.repeat(3000),
  ' '.repeat(2500),
];
const HUGE_STRINGS = ['x'.repeat(20_000), '\u0000'.repeat(4000), 'a'.repeat(70_000)];
const HOSTILE_NUMBERS: unknown[] = [
  0,
  -1,
  0.5,
  1.005,
  7500.5,
  1e21,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  new RawJson('-0'),
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('1E400'),
  new RawJson('1.0'),
  new RawJson('123456789012345678901234567890'),
];
const DEEP_ARRAY = new RawJson(`${'['.repeat(5000)}${']'.repeat(5000)}`);
const PROTO_OBJECTS = [
  new RawJson('{"__proto__":{"isAdmin":true,"emailVerified":true}}'),
  new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'),
  { toString: 'x', valueOf: 1 },
];

/** Header text a real HTTP parser would let through: printable ASCII and Latin-1. */
const headerText = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((code) => code !== 0x7f)
    .map((code) => String.fromCharCode(code)),
  maxLength: 60,
});

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_STRINGS), fc.constantFrom(...HOSTILE_STRINGS)).map(([a, b]) => a + b) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, DEEP_ARRAY, ...PROTO_OBJECTS) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
);

const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'userId', 'id', 'amountCents', 'paidAt', 'role', ''),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// --- Request plans --------------------------------------------------------------------------------------------

/** A part kept valid, left out, or replaced by a hostile value. */
const KEEP = { keep: true } as const;
const OMIT = { omit: true } as const;
type Choice<T> = typeof KEEP | typeof OMIT | { value: T };

const choice = <T>(hostile: fc.Arbitrary<T>): fc.Arbitrary<Choice<T>> =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constant(KEEP) },
    { weight: 1, arbitrary: fc.constant(OMIT) },
    { weight: 3, arbitrary: hostile.map((value) => ({ value })) },
  );

/** Mostly absent, sometimes there: most requests keep most parts sane, so the hostile one reaches the handler. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>, weight = 4): fc.Arbitrary<T | null> =>
  fc.oneof({ weight, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

type BodyPlan =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'fields'; fields: Array<[string, Choice<unknown>]>; extras: Array<[string, unknown]>; pollute: RawJson | null }
  | { kind: 'text'; contentType: string; text: string };

const MALFORMED_JSON = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  '[1,2',
  '{"a":1}}',
  "{'a':1}",
  'nul',
  'tru',
  '{"a":undefined}',
  '{"a":NaN}',
  '{"a":Infinity}',
  '\uFEFF{}',
  '{}\u0000',
  '{"a":"\\u00"}',
  '{"a":"\\ud800"}',
  '{"a":1,"a":2}',
  '"just a string"',
  '12',
  'null',
  '[]',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":{"__proto__":[]}}',
  '['.repeat(20_000),
];
const WRONG_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'text/html',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/json;;;',
  'application/vnd.api+json',
  'application/jsonx',
  'text/json',
  ';',
  '*/*',
  'garbage',
];

const bodyPlan = (keys: string[]): fc.Arbitrary<BodyPlan> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant<BodyPlan>({ kind: 'none' }) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value): BodyPlan => ({ kind: 'json', value })) },
    {
      weight: keys.length > 0 ? 5 : 1,
      arbitrary: fc
        .record({
          fields: fc.tuple(...keys.map((key) => choice(hostileValue).map((value): [string, Choice<unknown>] => [key, value]))),
          extras: fc.array(fc.tuple(hostileKey, hostileValue), { maxLength: 2 }),
          pollute: rarely(fc.constantFrom(...PROTO_OBJECTS.filter((entry) => entry instanceof RawJson)), 3),
        })
        .map((plan): BodyPlan => ({ kind: 'fields', ...plan, fields: [...plan.fields] })),
    },
    {
      // A valid body, sent with whatever the other parts of the request are.
      weight: keys.length > 0 ? 1 : 0,
      arbitrary: fc.constant<BodyPlan>({
        kind: 'fields',
        fields: keys.map((key): [string, Choice<unknown>] => [key, KEEP]),
        extras: [],
        pollute: null,
      }),
    },
    {
      // A valid body but for one hostile field: the deepest reach into a handler.
      weight: keys.length > 0 ? 4 : 0,
      arbitrary: fc.record({ index: fc.nat({ max: Math.max(0, keys.length - 1) }), value: hostileValue }).map(
        ({ index, value }): BodyPlan => ({
          kind: 'fields',
          fields: keys.map((key, at): [string, Choice<unknown>] => [key, at === index ? { value } : KEEP]),
          extras: [],
          pollute: null,
        }),
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.constantFrom(...MALFORMED_JSON),
          fc.string({ unit: 'binary', maxLength: 30 }),
          fc
            .jsonValue({ maxDepth: 3 })
            .map((value) => JSON.stringify(value))
            .chain((text) => fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut))),
        )
        .map((text): BodyPlan => ({ kind: 'text', contentType: 'application/json', text })),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({
          contentType: fc.oneof(fc.constantFrom(...WRONG_TYPES), headerText),
          text: fc.oneof(
            fc.constantFrom('{}', 'email=a%40b.co&x=1', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--xyz--', '<a/>'),
            hostileString,
          ),
        })
        .map((plan): BodyPlan => ({ kind: 'text', ...plan })),
    },
  );

type QueryPlan =
  | { kind: 'fields'; fields: Array<[string, Choice<string>]>; extras: Array<[string, string]>; raw: boolean }
  | { kind: 'raw'; text: string };

const RAW_QUERIES = [
  '?',
  '?&&&',
  '?=',
  '?a',
  '?%',
  '?%E0%A4%A',
  '?a[b]=c',
  '?__proto__[isAdmin]=true',
  '?constructor[prototype][isAdmin]=true',
  '?month=2026-01&month=2026-02',
  '?email=a@b.co&email=c@d.co',
  '?page=1&page=2',
  `?${'a=1&'.repeat(2000)}`,
  '?page=%00',
  '?to=%00',
  '?email=%00',
  '?from=0000-01-01',
  '?from=0050-06-15&to=0099-12-31',
  '?month=0000-01',
  '?month=0001-02',
];

const queryPlan = (keys: string[]): fc.Arbitrary<QueryPlan> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record({
          fields: fc.tuple(...keys.map((key) => choice(hostileString).map((value): [string, Choice<string>] => [key, value]))),
          extras: fc.array(fc.tuple(fc.oneof(hostileKey, fc.constantFrom(...keys, 'x')), hostileString), { maxLength: 2 }),
          raw: fc.boolean(),
        })
        .map((plan): QueryPlan => ({ kind: 'fields', ...plan, fields: [...plan.fields] })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom(...RAW_QUERIES),
          headerText.map((text) => `?${text}`),
        )
        .map((text): QueryPlan => ({ kind: 'raw', text })),
    },
  );

const RAW_PATH_PIECES = [
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%00',
  '%2F',
  '..',
  '.',
  '%2e%2e%2f',
  'a/b',
  '',
  ';',
  '%3F',
  '%23',
  '%C0%AF',
  'x'.repeat(5000),
];

/** Per path parameter: which valid value to keep, or what to send instead. */
type PathPlan = Array<{ name: string; pick: number; value: Choice<string> | { raw: string } }>;
const pathPlan = (params: string[]): fc.Arbitrary<PathPlan> =>
  fc
    .tuple(
      ...params.map((name) =>
        fc.record({
          name: fc.constant(name),
          pick: fc.nat({ max: 9 }),
          value: fc.oneof(
            { weight: 4, arbitrary: choice(hostileString) },
            { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_PIECES).map((raw) => ({ raw })) },
          ),
        }),
      ),
    )
    .map((plan) => [...plan]);

type CookiePlan = 'viewer' | 'none' | 'garbage' | 'garbage-session' | 'bad-encoding' | 'huge' | 'viewer-and-garbage' | 'two-sessions';
type HeaderPlan = {
  cookie: CookiePlan;
  garbage: string;
  origin: string | null;
  accept: string | null;
  acceptEncoding: string | null;
  secFetchSite: string | null;
  userAgent: string | null;
  forwardedFor: string | null;
  range: string | null;
  ifNoneMatch: string | null;
};

const headerPlan: fc.Arbitrary<HeaderPlan> = fc.record({
  cookie: fc.constantFrom<CookiePlan>(
    'viewer',
    'viewer',
    'viewer',
    'viewer',
    'viewer',
    'viewer',
    'none',
    'garbage',
    'garbage-session',
    'bad-encoding',
    'huge',
    'viewer-and-garbage',
    'two-sessions',
  ),
  garbage: headerText,
  origin: rarely(
    fc.oneof(
      fc.constantFrom(
        'null',
        'http://evil.example',
        'http://localhost:3000',
        'http://localhost:80',
        'https://localhost',
        'javascript:alert(1)',
        '',
        '*',
        'http://[::1',
      ),
      headerText,
    ),
  ),
  accept: rarely(
    fc.oneof(
      fc.constantFrom('*/*', 'application/json', 'text/html', 'text/event-stream', 'application/xml', '', ';;;', 'application/json;q=0'),
      headerText,
    ),
  ),
  acceptEncoding: rarely(fc.constantFrom('br', 'gzip', 'deflate', 'gzip, br', 'identity;q=0', '*', 'br;q=NaN', 'x-garbage', '')),
  secFetchSite: rarely(fc.constantFrom('same-origin', 'none', 'same-site', 'cross-site', 'garbage')),
  userAgent: rarely(fc.oneof(headerText, fc.constant('x'.repeat(10_000)))),
  forwardedFor: rarely(fc.oneof(fc.constantFrom('1.2.3.4', '::1, 10.0.0.1', 'garbage'), headerText)),
  range: rarely(fc.constantFrom('bytes=0-0', 'bytes=-5', 'bytes=99999999999-', 'bytes=5-1', 'bytes=0-1,2-3,4-5', 'garbage')),
  ifNoneMatch: rarely(fc.constantFrom('*', '"x"', 'W/"1"', 'garbage')),
});

type Plan = { viewer: Viewer; method: string; path: PathPlan; query: QueryPlan; body: BodyPlan; headers: HeaderPlan };

// --- Building and checking requests --------------------------------------------------------------------------

let clientNumber = 0;
/** Each request from its own address, so that the rate limits (proven elsewhere) do not turn the barrage into 429s. */
/**
 * A client address of its own for each request, so that the per-client limits never stop the suite: 127.x.y.z,
 * all of it this machine, so the development mailbox (served to this machine only) is probed as well.
 */
function nextAddress(): string {
  clientNumber += 1;
  return `127.${1 + ((clientNumber >> 16) & 127)}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
}

/** Percent-encoding that, like a browser, writes a lone surrogate as U+FFFD instead of throwing. */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function resolve<T>(value: Choice<T>, valid: () => T): T | undefined {
  if ('keep' in value) return valid();
  if ('omit' in value) return undefined;
  return value.value;
}

function urlOf(route: string, routeCase: RouteCase, plan: Plan): string {
  let url = route;
  for (const { name, pick, value } of plan.path) {
    const pool = routeCase.params?.[name]?.() ?? [''];
    const valid = pool[pick % pool.length] ?? '';
    const piece =
      'raw' in value
        ? value.raw
        : (() => {
            const chosen = resolve(value, () => valid);
            return chosen === undefined ? '' : name === '*' && 'keep' in value ? chosen : percentEncode(chosen);
          })();
    url = url.replace(name === '*' ? '*' : `:${name}`, piece);
  }
  const query = plan.query;
  if (query.kind === 'raw') return `${url}${query.text}`;
  const valid = routeCase.query?.() ?? {};
  const pairs: Array<[string, string]> = [];
  for (const [key, value] of query.fields) {
    const chosen = resolve(value, () => valid[key] ?? '');
    if (chosen !== undefined) pairs.push([key, chosen]);
  }
  pairs.push(...query.extras);
  if (pairs.length === 0) return url;
  const encode = (text: string) => (query.raw ? text.replaceAll(/[#&=?\s%]/g, (match) => percentEncode(match)) : percentEncode(text));
  return `${url}?${pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&')}`;
}

function bodyOf(routeCase: RouteCase, plan: BodyPlan): { payload?: string; contentType?: string } {
  switch (plan.kind) {
    case 'none':
      return {};
    case 'json':
      return { payload: JSON.stringify(plan.value), contentType: 'application/json' };
    case 'text':
      return { payload: plan.text, contentType: plan.contentType };
    case 'fields': {
      const valid = routeCase.body?.() ?? {};
      const entries: string[] = plan.pollute ? [plan.pollute.text.slice(1, -1)] : [];
      for (const [key, value] of [...plan.fields, ...plan.extras.map(([key, item]): [string, Choice<unknown>] => [key, { value: item }])]) {
        const chosen = resolve(value, () => valid[key]);
        if (chosen !== undefined) entries.push(`${JSON.stringify(key)}:${jsonText(chosen)}`);
      }
      return { payload: `{${entries.join(',')}}`, contentType: 'application/json' };
    }
  }
}

function cookieOf(viewer: Viewer, plan: HeaderPlan): string | undefined {
  const own = viewer === 'visitor' ? '' : people[viewer].cookie;
  switch (plan.cookie) {
    case 'viewer':
      return own || undefined;
    case 'none':
      return undefined;
    case 'garbage':
      return plan.garbage;
    case 'garbage-session':
      return `techhelp.session_token=${plan.garbage}`;
    case 'bad-encoding':
      return `techhelp.session_token=%E0%A4%A; other=%ZZ; ${own}`;
    case 'huge':
      return `techhelp.session_token=${'a'.repeat(20_000)}; ${own}`;
    case 'viewer-and-garbage':
      return `${own}; ${plan.garbage}; ${own}`;
    case 'two-sessions':
      return `${people.customer.cookie}; ${people.admin.cookie}`;
  }
}

type Sent = { method: string; url: string; headers: Record<string, string>; payload?: string };

function headersOf(viewer: Viewer, plan: HeaderPlan, contentType: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  const cookie = cookieOf(viewer, plan);
  if (cookie !== undefined) headers.cookie = cookie;
  if (contentType !== undefined) headers['content-type'] = contentType;
  if (plan.origin !== null) headers.origin = plan.origin;
  if (plan.accept !== null) headers.accept = plan.accept;
  if (plan.acceptEncoding !== null) headers['accept-encoding'] = plan.acceptEncoding;
  if (plan.secFetchSite !== null) headers['sec-fetch-site'] = plan.secFetchSite;
  if (plan.userAgent !== null) headers['user-agent'] = plan.userAgent;
  if (plan.forwardedFor !== null) headers['x-forwarded-for'] = plan.forwardedFor;
  if (plan.range !== null) headers.range = plan.range;
  if (plan.ifNoneMatch !== null) headers['if-none-match'] = plan.ifNoneMatch;
  return headers;
}

/** fast-check's report with long runs of one character written as a count, so a failure stays readable. */
function reporter<T>(details: fc.RunDetails<T>): void {
  if (!details.failed) return;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(clip(`${fc.defaultReportMessage(details) ?? 'the property failed'}\n${cause}`, 20_000));
}

function clip(text: string, length = 300): string {
  const short = text.replaceAll(/(.)\1{40,}/gsu, (run, char: string) => `${char}…(${run.length} times)`);
  return short.length > length ? `${short.slice(0, length)}… (${short.length} characters)` : short;
}

function describeRequest(sent: Sent): string {
  return `${sent.method} ${clip(sent.url)}\nheaders: ${clip(JSON.stringify(sent.headers))}\nbody: ${clip(JSON.stringify(sent.payload ?? null))}`;
}

function decoded(response: LightMyRequestResponse): string {
  if (response.rawPayload.length === 0) return '';
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === 'deflate') return inflateSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** The promise every answer keeps: below 500, and every error in the one shape, as JSON. */
function expectWellBehaved(sent: Sent, response: { statusCode: number; headers: LightMyRequestResponse['headers'] }, body: string) {
  const context = `${describeRequest(sent)}\nanswer: ${response.statusCode} ${clip(body)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  if (sent.method === 'HEAD' || response.statusCode === 204 || response.statusCode === 304) return;
  const contentType = String(response.headers['content-type'] ?? '');
  if (response.statusCode >= 400) {
    expect(contentType, context).toMatch(/^application\/json/);
    let parsed: unknown;
    expect(() => {
      parsed = JSON.parse(body);
    }, context).not.toThrow();
    // `params` only for a message with values (a rate limit's wait): strings and numbers by name.
    const { params, ...error } = (parsed as { error?: { params?: unknown } }).error ?? {};
    expect({ error }, context).toStrictEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    if (params !== undefined)
      expect(
        Object.values(params as object).every((value) => ['string', 'number'].includes(typeof value)),
        context,
      ).toBe(true);
    const { code, message } = (parsed as { error: { code: string; message: string } }).error;
    expect(code.length, context).toBeGreaterThan(0);
    expect(message.length, context).toBeGreaterThan(0);
  } else if (contentType.startsWith('application/json')) {
    expect(() => JSON.parse(body), context).not.toThrow();
  }
}

// --- The suite ------------------------------------------------------------------------------------------------

let app: FastifyInstance;
let database: TestDatabase;
const registered: RouteOptions[] = [];
const admins = new Set<string>();

async function signIn(email: string): Promise<string> {
  const result = await app.auth.api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  return result.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/**
 * Logout, a password-reset e-mail and a change of address end the viewer's sessions, as they should: the viewer
 * signs in again (verifying a changed address first), keeping the same account and its data.
 */
async function keepSignedIn(person: Person): Promise<void> {
  const me = await app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie: person.cookie }, remoteAddress: nextAddress() });
  if (me.json().user?.emailVerified) return;
  const [row] = await database.db.select().from(user).where(eq(user.id, person.id));
  if (!row) throw new Error(`the account ${person.email} is gone`);
  if (!row.emailVerified) {
    const { code } = await latestCode(app, row.email, 'verifyEmail');
    const verified = await app.inject({
      method: 'POST',
      url: '/api/account/verify-email',
      payload: { oobCode: code },
      remoteAddress: nextAddress(),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  }
  person.email = row.email;
  person.cookie = await signIn(row.email);
}

async function send(
  routeCase: RouteCase,
  sent: Sent,
): Promise<{ statusCode: number; headers: LightMyRequestResponse['headers']; body: string }> {
  const options = {
    method: sent.method as 'GET',
    url: sent.url,
    headers: sent.headers,
    payload: sent.payload,
    remoteAddress: nextAddress(),
  };
  if (!routeCase.stream) {
    const response = await app.inject(options);
    return { statusCode: response.statusCode, headers: response.headers, body: decoded(response) };
  }
  // The event stream never ends for a signed-in viewer (closing the app ends it): read its head, and the body
  // only when it is not the stream.
  const response = await app.inject({ ...options, payloadAsStream: true });
  if (String(response.headers['content-type']).startsWith('text/event-stream')) {
    return { statusCode: response.statusCode, headers: response.headers, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(Buffer.from(chunk as Uint8Array));
  return { statusCode: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') };
}

function routeParams(route: string): string[] {
  return [...route.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
}

function planFor(route: string, routeCase: RouteCase): fc.Arbitrary<Plan> {
  const method = route.split(' ')[0] ?? 'GET';
  return fc.record({
    viewer: fc.oneof(
      ...(['visitor', 'customer', 'admin'] as const).map((viewer) => ({
        weight: viewer === routeCase.for ? 4 : 1,
        arbitrary: fc.constant<Viewer>(viewer),
      })),
    ),
    // The route's method; HEAD for a GET; now and then another one, for the path's not-found answer.
    method: fc.oneof(
      { weight: 6, arbitrary: fc.constant(method) },
      { weight: method === 'GET' ? 2 : 0, arbitrary: fc.constant('HEAD') },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') },
    ),
    path: pathPlan(routeParams(route)),
    query: queryPlan(Object.keys(routeCase.query?.() ?? {})),
    body: bodyPlan(Object.keys(routeCase.body?.() ?? {})),
    headers: headerPlan,
  });
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What Object.prototype holds before the barrage: a __proto__ or constructor key that got through would add to it. */
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

describe('hostile input', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    // A built web app of its own, so the page routes are there whether or not npm run build ran.
    const webRoot = temporaryDirectory('techhelp-web-');
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    writeFileSync(path.join(webRoot, 'assets', 'app-4f2a.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);
    app = await buildApp({
      config: testConfig({ GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' }),
      db: database.db,
      listen: database.listen,
      logger: false,
      webRoot,
      onRoute: (route) => registered.push(route),
    });
    await app.ready();

    const customer = await bookingCustomer(app, 'hostile-customer');
    const admin = await bookingCustomer(app, 'hostile-owner');
    const client = await bookingCustomer(app, 'hostile-client');
    await database.db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    await app.notices.settle();
    admins.add(admin.id);
    Object.assign(people.customer, customer);
    Object.assign(people.admin, admin);

    const booked = async (who: Person, day: number, slot: number) => {
      const response = await book(app, who.cookie, bookingDays[day] ?? '', SLOT_LABELS[slot] ?? '08:00am');
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };
    const asAdmin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      app.inject({ method, url, payload, headers: { cookie: admin.cookie } });

    made.ownAppointment = await booked(customer, 0, 0);
    made.payable = await booked(customer, 0, 1);
    made.adminPayable = await booked(client, 1, 0);
    made.editable = await booked(client, 1, 1);
    made.deletable = await booked(client, 1, 2);
    // The client has three open appointments already (the most allowed): the owner's own job is the one paid and refunded.
    const refundable = await booked(admin, 1, 3);
    const paidByHand = await asAdmin('PATCH', `/api/admin/appointments/${refundable}`, {
      amount: '60.00',
      isCompleted: true,
      isPaid: true,
      paymentMethod: 'cash',
    });
    expect(paidByHand.statusCode, paidByHand.body).toBe(200);
    const [payment] = await database.db.select().from(payments).where(eq(payments.appointmentId, refundable));
    made.refundable = payment?.id ?? '';
    made.reviewable = refundable;
    expect((await asAdmin('PATCH', `/api/admin/appointments/${made.payable}`, { isCompleted: true, amount: '75.00' })).statusCode).toBe(
      200,
    );
    const order = await app.inject({
      method: 'POST',
      url: '/api/payments/orders',
      payload: { appointmentId: made.payable },
      headers: { cookie: customer.cookie },
    });
    expect(order.statusCode, order.body).toBe(201);
    made.customerOrder = order.json().orderId;
    const adminOrder = await asAdmin('POST', '/api/admin/payments/orders', { appointmentId: made.adminPayable, amount: '80' });
    expect(adminOrder.statusCode, adminOrder.body).toBe(201);
    made.adminOrder = adminOrder.json().orderId;
    made.configChange = (await asAdmin('POST', '/api/admin/config-changes', configChange())).json().id;
    made.deletableConfigChange = (await asAdmin('POST', '/api/admin/config-changes', configChange())).json().id;
    made.timeOff = (
      await asAdmin('POST', '/api/admin/time-off', { kind: 'slot', date: '2029-12-02', slot: '08:00am', reason: '' })
    ).json().id;
    const report = await app.inject({ method: 'POST', url: '/api/errors', payload: { errorMessage: 'It broke', componentName: 'Home' } });
    expect(report.statusCode).toBe(204);
    const [entry] = await database.db.select().from(errorLog);
    made.errorEntry = entry?.id ?? '';
    const [waiting] = await database.db.insert(waitlistEntries).values({ userId: customer.id, date: '2029-12-01' }).returning();
    made.waitlistEntry = waiting?.id ?? '';
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.destroy();
  });

  it('covers every route the app registers', () => {
    const keys = new Set<string>();
    for (const route of registered) {
      for (const method of [route.method].flat()) keys.add(`${method} ${route.url}`);
    }
    // HEAD is Fastify's own companion of each GET; it is sent with the GET routes' hostile requests.
    keys.add(NOT_FOUND_HANDLER);
    const routes = [...keys].filter((key) => !(key.startsWith('HEAD ') && keys.has(key.replace(/^HEAD /, 'GET ')))).sort();
    expect(
      routes.filter((key) => !(key in ROUTES)),
      'routes without hostile-input coverage: add them to ROUTES',
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((key) => !keys.has(key)),
      'ROUTES names routes that no longer exist',
    ).toEqual([]);
  });

  for (const [route, routeCase] of Object.entries(ROUTES)) {
    it(`${route}: never 5xx, every error in the standard shape, nothing invalid stored`, async () => {
      const method = route.split(' ')[0] ?? 'GET';
      const pathTemplate = route.slice(method.length + 1);
      await fc.assert(
        fc.asyncProperty(planFor(route, routeCase), async (plan) => {
          const url = urlOf(pathTemplate, routeCase, plan);
          const body = WRITES.has(plan.method) ? bodyOf(routeCase, plan.body) : {};
          const sent: Sent = {
            method: plan.method,
            url,
            headers: headersOf(plan.viewer, plan.headers, body.contentType),
            payload: body.payload,
          };
          const response = await send(routeCase, sent);
          expectWellBehaved(sent, response, response.body);
          if (WRITES.has(plan.method) && response.statusCode < 300) await expectStoredDataValid(describeRequest(sent));
          if (plan.viewer !== 'visitor') await keepSignedIn(people[plan.viewer]);
        }),
        { numRuns: RUNS_PER_ROUTE, reporter, seed: process.env.HOSTILE_EXACT_SEED ? BASE_SEED : seedFor(route) },
      );
      await expectStoredDataValid(route);
      expect(Object.getOwnPropertyNames(Object.prototype).sort(), 'Object.prototype is unchanged').toEqual(PROTOTYPE_KEYS);
    });
  }

  it('answers the requests that once broke it, found by the properties above', async () => {
    for (const found of FOUND) {
      const headers: Record<string, string> = found.contentType ? { 'content-type': found.contentType } : {};
      if (found.viewer !== 'visitor') headers.cookie = people[found.viewer].cookie;
      const sent: Sent = { method: found.method, url: found.url, headers, payload: found.payload };
      const response = await send({}, sent);
      expectWellBehaved(sent, response, response.body);
      if (found.status) expect(response.statusCode, describeRequest(sent)).toBe(found.status);
    }
  });

  /** Tries `attempt` on each slot of `days` in turn (the properties have taken some by now) until one is answered with `status`. */
  const firstSlotAnswering = async (
    status: number,
    days: string[],
    attempt: (day: string, slot: string) => Promise<LightMyRequestResponse>,
  ): Promise<LightMyRequestResponse | undefined> => {
    let answer: LightMyRequestResponse | undefined;
    for (const day of days) {
      for (const slot of SLOT_LABELS) {
        answer = await attempt(day, slot);
        if (answer.statusCode === status) return answer;
      }
    }
    return answer;
  };
  /** Books the first free slot of the booking days for `customer`. */
  const bookFreeSlot = async (customer: Person) => {
    const booked = await firstSlotAnswering(201, bookingDays, (day, slot) => book(app, customer.cookie, day, slot));
    expect(booked?.statusCode, booked?.body).toBe(201);
    return booked?.json().id as string;
  };

  it('finds the stored data valid after a visit is moved to another day (found with seed -1642798932)', async () => {
    // A move keeps the id (decision 015), so its day and the visit's differ; the checks above once took that for
    // invalid data. A fixed seed may never move a visit to another day, so one is moved here.
    const customer = await bookingCustomer(app, 'hostile-moved');
    const id = await bookFreeSlot(customer);
    const otherDays = [...bookingDays].reverse().filter((day) => day !== bookedForOf(id));
    const moved = await firstSlotAnswering(200, otherDays, (day, slot) =>
      app.inject({
        method: 'POST',
        url: `/api/appointments/${id}/reschedule`,
        payload: { date: day, slot },
        headers: { cookie: customer.cookie },
      }),
    );
    expect(moved?.statusCode, moved?.body).toBe(200);
    const [row] = await database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row && businessDateOf(row.startsAt)).not.toBe(bookedForOf(id));
    await expectStoredDataValid('a visit moved to another day');
  });

  it('finds the stored data valid after a refund reopens a job beside three open ones (found with seed -502393721)', async () => {
    // The limit of three open appointments is the booking's; a refund makes a paid job payable again, whatever else
    // its customer has booked since.
    const customer = await bookingCustomer(app, 'hostile-refunded');
    const paid = await bookFreeSlot(customer);
    const paying = await app.inject({
      method: 'PATCH',
      url: `/api/admin/appointments/${paid}`,
      payload: { amount: '60.00', isCompleted: true, isPaid: true, paymentMethod: 'cash' },
      headers: { cookie: people.admin.cookie },
    });
    expect(paying.statusCode, paying.body).toBe(200);
    for (let open = 0; open < MAX_OPEN_APPOINTMENTS; open += 1) await bookFreeSlot(customer);
    const [payment] = await database.db.select().from(payments).where(eq(payments.appointmentId, paid));
    const refund = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment?.id}/refund`,
      headers: { cookie: people.admin.cookie },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await expectStoredDataValid('a job reopened by a refund beside three open ones');
  });

  it('refuses a NUL character anywhere in the input with a 400, however deep, before it reaches the database', async () => {
    const nested = `{"description":${'['.repeat(30_000)}"\\u0000"${']'.repeat(30_000)}}`;
    const attempts: Array<{ method: 'GET' | 'PUT' | 'PATCH'; url: string; payload?: string | object; cookie: string }> = [
      { method: 'GET', url: '/dev/mailbox.json?to=%00', cookie: '' },
      { method: 'GET', url: '/api/admin/customers?email=a%00', cookie: people.admin.cookie },
      { method: 'GET', url: '/api/admin/appointments/%00/history', cookie: people.admin.cookie },
      {
        method: 'PUT',
        url: '/api/account/profile',
        payload: { ...ROUTES['PUT /api/account/profile']?.body?.(), streetAddress: '1 Main\u0000' },
        cookie: people.customer.cookie,
      },
      {
        method: 'PATCH',
        url: `/api/admin/appointments/${made.editable}`,
        payload: { notes: 'x', '\u0000': 1 },
        cookie: people.admin.cookie,
      },
      { method: 'PATCH', url: `/api/admin/appointments/${made.editable}`, payload: nested, cookie: people.admin.cookie },
    ];
    for (const { method, url, payload, cookie } of attempts) {
      const headers: Record<string, string> = typeof payload === 'string' ? { 'content-type': 'application/json' } : {};
      if (cookie) headers.cookie = cookie;
      const response = await app.inject({ method, url, payload, headers, remoteAddress: nextAddress() });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('keeps a browser error report that carries NUL characters, with each written as U+FFFD', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/errors',
      payload: { errorMessage: 'bad \u0000 byte', componentName: 'Home\u0000' },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(204);
    const rows = await database.db.select().from(errorLog).where(eq(errorLog.errorMessage, 'bad \uFFFD byte'));
    expect(rows).toEqual([expect.objectContaining({ componentName: 'Home\uFFFD', source: 'browser' })]);
  });

  describe('oversized bodies', () => {
    const bodyRoutes = () =>
      registered.flatMap((route) =>
        [route.method]
          .flat()
          .filter((method) => WRITES.has(method))
          .map((method) => ({
            method,
            url: route.url.replace(/:(\w+)/g, 'x').replace('*', 'sign-in/social'),
            limit: route.bodyLimit ?? BODY_LIMIT_BYTES,
          })),
      );
    const oversized: Array<[string, (bytes: number) => string]> = [
      ['application/json', (bytes) => `{"description":"${'x'.repeat(bytes - 18)}"}`],
      ['text/plain', (bytes) => 'x'.repeat(bytes)],
      ['application/x-www-form-urlencoded', (bytes) => `a=${'x'.repeat(bytes - 2)}`],
      ['application/octet-stream', (bytes) => 'x'.repeat(bytes)],
    ];

    it('are refused with 413 in the standard shape on every route that takes a body, whatever their type', async () => {
      expect(bodyRoutes().length).toBeGreaterThan(20);
      for (const viewer of ['visitor', 'admin'] as const) {
        for (const { method, url, limit } of bodyRoutes()) {
          for (const [contentType, make] of oversized) {
            const payload = make(limit + 1);
            const headers: Record<string, string> = { 'content-type': contentType };
            if (viewer === 'admin') headers.cookie = people.admin.cookie;
            const sent: Sent = { method, url, headers, payload };
            const response = await app.inject({ method: method as 'POST', url, headers, payload, remoteAddress: nextAddress() });
            expect(response.statusCode, describeRequest(sent)).toBe(413);
            expectWellBehaved(sent, response, response.body);
            expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
          }
        }
      }
    });

    it('are refused with 413 when they arrive without a declared length', async () => {
      for (const { method, url, limit } of bodyRoutes()) {
        const payload = Readable.from([Buffer.from(`{"description":"${'x'.repeat(limit)}"}`)]);
        // Sent by the admin, whom every route lets in: a visitor is refused (401) by a guarded route before any of
        // its body is read.
        const headers = { 'content-type': 'application/json', cookie: people.admin.cookie };
        const response = await app.inject({ method: method as 'POST', url, headers, payload, remoteAddress: nextAddress() });
        const sent: Sent = { method, url, headers, payload: '(a stream of the limit and more)' };
        expect(response.statusCode, describeRequest(sent)).toBe(413);
        expectWellBehaved(sent, response, response.body);
      }
    });

    it('are read up to the limit: a body of exactly the limit is not refused for its size', async () => {
      for (const { method, url, limit } of bodyRoutes()) {
        const payload = `{"description":"${'x'.repeat(limit - 18)}"}`;
        expect(Buffer.byteLength(payload)).toBe(limit);
        const headers = { 'content-type': 'application/json' };
        const response = await app.inject({ method: method as 'POST', url, headers, payload, remoteAddress: nextAddress() });
        const sent: Sent = { method, url, headers, payload };
        expect(response.statusCode, describeRequest(sent)).not.toBe(413);
        expectWellBehaved(sent, response, response.body);
      }
      expect(bodyRoutes().find((route) => route.url === '/api/errors')?.limit).toBe(CLIENT_ERROR_BODY_LIMIT);
    });
  });
});

// --- What the database may hold -------------------------------------------------------------------------------

function expectValid(ok: boolean, what: string, row: unknown, context: string) {
  expect(ok, `${what}\nrow: ${clip(JSON.stringify(row), 600)}\nafter: ${context}`).toBe(true);
}

/** Every stored row obeys the shared rules, whatever the requests before it sent. */
/**
 * The day an appointment was booked for, from its id (YYYYMMDD-uuid). A move keeps the id, which is the calendar
 * UID and the key of payments and history (decision 015), so after one it no longer names the visit's day.
 */
const bookedForOf = (id: string) => `${id.slice(0, 4)}-${id.slice(4, 6)}-${id.slice(6, 8)}`;

async function expectStoredDataValid(context: string): Promise<void> {
  const db = database.db;
  const users = await db.select().from(user);
  for (const row of users) {
    expectValid(EmailSchema.safeParse(row.email).success && row.email === row.email.toLowerCase(), 'a user e-mail address', row, context);
    expectValid(!row.isAdmin || admins.has(row.id), 'only the accounts made admins here are admins', row, context);
    expectValid(isLocale(row.locale), 'a user’s language is one the app speaks', row, context);
  }

  for (const row of await db.select().from(profiles)) {
    const parsed = ProfileSchema.safeParse(row);
    const trimmed = ['firstName', 'lastName', 'phoneNumber', 'streetAddress'].every((key) => {
      const value = row[key as keyof typeof row] as string;
      return value === value.trim();
    });
    expectValid(parsed.success && trimmed && row.state === 'NY' && row.zipCode === zipForCity(row.city), 'a profile', row, context);
  }

  const paymentRows = await db.select().from(payments);
  const stored = await db.select().from(appointments);
  const openByUser = new Map<string, number>();
  const activeStarts = new Set<number>();
  for (const row of stored) {
    const day = businessDateOf(row.startsAt);
    // The payment in force: a refunded one stays on record but no longer pays the job.
    const inForce = paymentRows.filter((entry) => entry.appointmentId === row.id && entry.refundedAt === null);
    expectValid(inForce.length <= 1, 'at most one payment in force per appointment', { row, inForce }, context);
    const payment = inForce[0];
    expectValid(
      /^\d{8}-[0-9a-f-]{36}$/.test(row.id) &&
        isWeekendDate(bookedForOf(row.id)) &&
        isWeekendDate(day) &&
        slotLabelOf(row.startsAt) === row.slotLabel,
      'an appointment on a weekend slot, its id named by the weekend day it was booked for',
      row,
      context,
    );
    expectValid(
      row.description.length <= DESCRIPTION_MAX_LENGTH &&
        row.description === row.description.trim() &&
        row.notes.length <= NOTES_MAX_LENGTH,
      'an appointment description and notes within their limits',
      row,
      context,
    );
    expectValid(
      Number.isInteger(row.amountCents) && row.amountCents >= 0 && row.amountCents <= MAX_AMOUNT_CENTS,
      'an appointment amount in whole cents, at most the maximum',
      row,
      context,
    );
    expectValid((row.paidAt === null) === (payment === undefined), 'paid exactly when a payment is in force', row, context);
    expectValid(row.paidAt === null || row.completedAt !== null, 'a paid appointment is completed', row, context);
    if (payment) expectValid(payment.amountCents === row.amountCents, 'the payment is the appointment’s amount', { row, payment }, context);
    if (row.cancelledAt === null && row.deletedAt === null) {
      expectValid(!activeStarts.has(row.startsAt.getTime()), 'one active appointment per slot', row, context);
      activeStarts.add(row.startsAt.getTime());
      // The limit is the booking's: a job the owner refunded is payable, so open, again, and may take its customer
      // past it (a refund is never refused for that); only the other open appointments count.
      const reopenedByRefund = paymentRows.some((entry) => entry.appointmentId === row.id && entry.refundedAt !== null);
      if (row.paidAt === null && !reopenedByRefund) openByUser.set(row.userId, (openByUser.get(row.userId) ?? 0) + 1);
    }
  }
  for (const [userId, open] of openByUser)
    expectValid(
      open <= MAX_OPEN_APPOINTMENTS,
      'at most 3 open appointments, besides the jobs reopened by a refund',
      { userId, open },
      context,
    );

  for (const row of paymentRows) {
    expectValid(
      Number.isInteger(row.amountCents) && row.amountCents > 0 && row.amountCents <= MAX_AMOUNT_CENTS && row.currency === 'USD',
      'a payment amount',
      row,
      context,
    );
  }
  for (const row of await db.select().from(paymentOrders)) {
    expectValid(
      Number.isInteger(row.amountCents) && row.amountCents > 0 && row.amountCents <= MAX_AMOUNT_CENTS,
      'an order amount',
      row,
      context,
    );
  }

  for (const row of await db.select().from(configChanges)) {
    const input = { date: row.date, time: row.time, collectionName: row.collection, context: row.context, description: row.description };
    const parsed = ConfigChangeSchema.safeParse(input);
    expectValid(
      parsed.success && parsed.data.context === row.context && parsed.data.description === row.description,
      'a change-log entry',
      row,
      context,
    );
  }

  for (const row of await db.select().from(errorLog)) {
    expectValid(
      row.errorMessage.length <= ERROR_MESSAGE_MAX_LENGTH &&
        row.componentName.length <= ERROR_FIELD_MAX_LENGTH &&
        row.appointmentIdentifier.length <= ERROR_FIELD_MAX_LENGTH &&
        row.userId.length <= ERROR_FIELD_MAX_LENGTH,
      'an error-log entry within its limits',
      row,
      context,
    );
  }

  const appointmentIds = new Set(stored.map((row) => row.id));
  for (const row of await db.select().from(auditLog))
    expectValid(appointmentIds.has(row.appointmentId), 'an audit entry of an appointment', row, context);

  for (const row of await db.select({ to: outboxEmails.toAddress }).from(outboxEmails)) {
    expectValid(EmailSchema.safeParse(row.to).success, 'an e-mail to a valid address', row, context);
  }
}
