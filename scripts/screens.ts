/**
 * npm run screens [-- <set>] [--app <folder>] [--out <folder>] [--only <screen,…>] [--variants <variant,…>] [--no-build]
 *
 * Pictures of every screen (public, customer, back office) for docs/screens/<set>/ (default set: `current`), each
 * at four variants: desktop (1280×800), phone (412×915), phone with Chrome's text at 200% and phone in Spanish (the
 * back office is English only: three variants). Full-page PNGs, reduced to at most 256 colours (pngs.ts), and a
 * README.md that lists each file with a one-line note.
 *
 * --only and --variants narrow the run (names as in SCREENS and VARIANTS below); --out writes elsewhere; --app runs
 * another checkout's build (a git worktree of an older commit, built there first); --no-build never builds.
 *
 * It builds the app in `--app` (default: this checkout) when its dist/ is missing or older than its sources, starts
 * that build's server (dist/server/main.js) on a free port of 127.0.0.1 with a temporary DATA_DIR, seeds it over
 * the HTTP API as the tests do (an owner; a customer with a paid visit, a completed one waiting for payment, a
 * booked one, a rating and a day on the waitlist; neighbours who fill that day; time off, errors, a change-log
 * entry), and photographs each screen in the browser tests' Chromium (tests/support/browser.ts) with reduced motion
 * and the page's clock stopped on the Saturday of the seeded visits at 4 p.m. New York time.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { TZDate } from '@date-fns/tz';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { type BusinessDate, businessDateOf, isWeekendDate, slotInstant } from '../src/shared/business-time.ts';
import { chromiumToTestIn } from '../tests/support/browser.ts';
import { temporaryDirectory } from '../tests/support/config.ts';
import { type ServerProcess, startServer } from '../tests/support/server-process.ts';
// @ts-expect-error: a plain ES module script without types
import { staleness } from './build-if-stale.mjs';
import { reducePng, textOf, withText } from './pngs.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));

// --- Options ---

type VariantName = 'desktop' | 'phone' | 'phone-200' | 'es';
type Variant = { viewport: { width: number; height: number }; locale: 'en-US' | 'es-US'; textScale: 1 | 2; note: string };

const VARIANTS: Record<VariantName, Variant> = {
  desktop: { viewport: { width: 1280, height: 800 }, locale: 'en-US', textScale: 1, note: 'Desktop' },
  phone: { viewport: { width: 412, height: 915 }, locale: 'en-US', textScale: 1, note: 'Phone' },
  'phone-200': {
    viewport: { width: 412, height: 915 },
    locale: 'en-US',
    textScale: 2,
    note: 'Phone, text at 200%',
  },
  es: { viewport: { width: 412, height: 915 }, locale: 'es-US', textScale: 1, note: 'Phone, in Spanish' },
};
const VARIANT_NAMES = Object.keys(VARIANTS) as VariantName[];

// --- The seeded data ---

const PASSWORD = 'correct horse battery';
const OWNER_EMAIL = 'owner@example.com';
const SUPPORT_PHONE = '(631) 555-0199';
type ProfileValues = { firstName: string; lastName: string; phoneNumber: string; streetAddress: string; city: string };
const CUSTOMER = {
  email: 'margaret.sullivan@example.com',
  profile: {
    firstName: 'Margaret',
    lastName: 'Sullivan',
    phoneNumber: '631-555-0142',
    streetAddress: '27 Maple Avenue',
    city: 'Bay Shore',
  },
};
const NEIGHBOURS = [
  {
    email: 'robert.chen@example.com',
    profile: { firstName: 'Robert', lastName: 'Chen', phoneNumber: '631-555-0117', streetAddress: '4 Harbor Lane', city: 'Islip' },
  },
  {
    email: 'linda.alvarez@example.com',
    profile: { firstName: 'Linda', lastName: 'Alvarez', phoneNumber: '631-555-0188', streetAddress: '310 Main Street', city: 'Smithtown' },
  },
  {
    email: 'james.oconnor@example.com',
    profile: { firstName: 'James', lastName: "O'Connor", phoneNumber: '631-555-0163', streetAddress: '95 Oak Street', city: 'Sayville' },
  },
] as const;

type Person = { email: string; client: string; cookies: { name: string; value: string }[]; cookieHeader: string };
type Seed = {
  owner: Person;
  customer: Person;
  /** Saturday of the seeded visits, and the browser's "now" on it. */
  saturday: BusinessDate;
  now: Date;
  paidId: string;
  completedId: string;
  /** The day the booking dialog is opened on. */
  bookingDay: BusinessDate;
};

let clients = 0;
/** A client address of its own for each person and each browser window (the server runs with TRUST_PROXY=1). */
function nextClient(): string {
  clients += 1;
  return `10.77.${(clients >> 8) & 255}.${clients & 255}`;
}

function addDays(date: BusinessDate, days: number): BusinessDate {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

/**
 * The Saturday of the seeded visits: the first whose 8 a.m. is more than 13 hours away (the booking rules' minimum
 * notice is 12), so that runs from one Sunday to the next Friday afternoon show the same dates.
 */
function seededSaturday(now = new Date()): BusinessDate {
  for (let offset = 0; ; offset++) {
    const date = businessDateOf(new Date(now.getTime() + offset * 86_400_000));
    if (isWeekendDate(date) && new Date(`${date}T12:00:00Z`).getUTCDay() === 6) {
      if (slotInstant(date, '08:00am').getTime() - now.getTime() > 13 * 3_600_000) return date;
    }
  }
}

async function call(
  base: string,
  person: Person | { client: string; cookieHeader?: string },
  method: string,
  route: string,
  body: unknown,
  expected: number,
): Promise<Response> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      'x-forwarded-for': person.client,
      ...(person.cookieHeader ? { cookie: person.cookieHeader } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== expected) {
    throw new Error(`seeding: ${method} ${route} answered ${response.status}, not ${expected}: ${await response.text()}`);
  }
  return response;
}

/** Signs up, follows the e-mailed verification link, signs in and fills the service form, as the tests' helpers do. */
async function account(base: string, email: string, profile?: ProfileValues): Promise<Person> {
  const visitor = { client: nextClient() };
  await call(
    base,
    visitor,
    'POST',
    '/api/account/signup',
    { email, confirmEmail: email, password: PASSWORD, confirmPassword: PASSWORD },
    201,
  );
  const mails = (await (await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { links: string[] }[];
  const link = mails.flatMap((mail) => mail.links).find((candidate) => candidate.includes('mode=verifyEmail'));
  if (!link) throw new Error(`seeding: no verification e-mail to ${email}`);
  await call(base, visitor, 'POST', '/api/account/verify-email', { oobCode: new URL(link).searchParams.get('oobCode') }, 200);
  const login = await call(base, visitor, 'POST', '/api/account/login', { email, password: PASSWORD, rememberMe: false }, 200);
  const cookies = login.headers.getSetCookie().map((header) => {
    const [pair = ''] = header.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  const person = { email, client: visitor.client, cookies, cookieHeader: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
  if (profile) await call(base, person, 'PUT', '/api/account/profile', profile, 200);
  return person;
}

async function book(base: string, person: Person, date: BusinessDate, slot: string, description: string, isRemote = false) {
  const response = await call(base, person, 'POST', '/api/appointments', { date, slot, isRemote }, 201);
  const { id } = (await response.json()) as { id: string };
  await call(base, person, 'PUT', `/api/appointments/${id}/description`, { description }, 200);
  return id;
}

/**
 * The state every screen is shown in. Saturday S: the customer's 8 a.m. visit done and paid by card (troubleshooting
 * with a part, rated five stars), the 9:30 a.m. one done and waiting for payment; Saturday S+7: the customer's
 * next visit; Sunday S+8: full (the three neighbours' visits), the customer on its waitlist; Saturday S+14 closed.
 */
async function seedData(base: string): Promise<Seed> {
  const saturday = seededSaturday();
  const [owner, customer, ...neighbours] = await Promise.all([
    account(base, OWNER_EMAIL),
    account(base, CUSTOMER.email, CUSTOMER.profile),
    ...NEIGHBOURS.map((neighbour) => account(base, neighbour.email, neighbour.profile)),
  ]);
  if (!owner || !customer) throw new Error('seeding: no owner or customer');
  // The code word is drawn at random; the pictures show the same one every run.
  await call(base, customer, 'PUT', '/api/account/code-word', { word: 'maple' }, 200);
  const patch = (id: string, body: unknown) => call(base, owner, 'PATCH', `/api/admin/appointments/${id}`, body, 200);

  const paidId = await book(base, customer, saturday, '08:00am', 'My printer stopped printing from the laptop after the last update.');
  await patch(paidId, {
    work: {
      kind: 'troubleshooting',
      start: '08:00',
      end: '09:15',
      hardware: [{ description: 'USB printer cable, 10 ft', amount: '12.99' }],
    },
    workDone: 'Reinstalled the printer driver, replaced the cable and printed a test page.',
    isCompleted: true,
  });
  await patch(paidId, { isPaid: true, paymentMethod: 'card' });
  await call(
    base,
    customer,
    'POST',
    `/api/reviews/${paidId}`,
    { rating: 5, comment: 'Patient and clear. The printer works again.', mayShow: true },
    200,
  );

  const completedId = await book(base, customer, saturday, '09:30am', 'The laptop is very slow and shows pop-ups.', true);
  await patch(completedId, {
    work: { kind: 'troubleshooting', start: '09:30', end: '10:30', hardware: [] },
    workDone: 'Removed two adware programs and turned off startup apps.',
    notes: 'Suggested a memory upgrade.',
    isCompleted: true,
  });

  const nextSaturday = addDays(saturday, 7);
  await book(base, customer, nextSaturday, '11:00am', 'Please help me set up video calls with my grandchildren.');

  const fullSunday = addDays(saturday, 8);
  const slots = ['08:00am', '09:30am', '11:00am', '12:30pm', '02:00pm', '03:30pm', '05:00pm', '06:30pm'];
  const jobs = ['New router: the Wi-Fi drops upstairs.', 'Move photos from an old phone to the new one.', 'Set up e-mail on a new tablet.'];
  for (const [index, slot] of slots.entries()) {
    const neighbour = neighbours[index % neighbours.length];
    if (!neighbour) continue;
    await book(base, neighbour, fullSunday, slot, jobs[index % jobs.length] ?? '', index % 3 === 2);
  }
  await call(base, customer, 'POST', '/api/waitlist', { date: fullSunday }, 201);

  await call(base, owner, 'POST', '/api/admin/time-off', { kind: 'day', date: addDays(saturday, 14), reason: 'Family wedding' }, 201);
  for (const errorMessage of ['Printer driver crashed', 'Scanner timed out']) {
    await call(base, customer, 'POST', '/api/errors', { errorMessage, componentName: 'ScreensSeed' }, 204);
  }
  await call(
    base,
    owner,
    'POST',
    '/api/admin/config-changes',
    {
      date: addDays(saturday, -5),
      time: '09:00',
      collectionName: 'software',
      context: 'Accounting database',
      description: 'Upgraded to the new version.',
    },
    201,
  );

  const [year, month, day] = saturday.split('-').map(Number);
  const now = new TZDate(year ?? 0, (month ?? 1) - 1, day ?? 1, 16, 0, 0, 'America/New_York');
  return { owner, customer, saturday, now: new Date(now.getTime()), paidId, completedId, bookingDay: addDays(saturday, 1) };
}

// --- The screens ---

type Viewer = 'visitor' | 'customer' | 'owner';
type Screen = {
  name: string;
  viewer: Viewer;
  path: (seed: Seed) => string;
  /** What the screen is and the state it is shown in, for the README. */
  note: string;
  /** Waits for the screen's content (after its heading) and brings it to the state shown. */
  ready?: (page: Page, seed: Seed, variant: Variant) => Promise<void>;
};

const spanish = (variant: Variant) => variant.locale === 'es-US';
/** Waits until the text shows (a phone's cards may hide a table that holds it too). */
const text = (page: Page, value: string | RegExp) => page.getByText(value).filter({ visible: true }).first().waitFor();

const SCREENS: Screen[] = [
  { name: 'landing', viewer: 'visitor', path: () => '/', note: 'Public home page (/), signed out.' },
  { name: 'services', viewer: 'visitor', path: () => '/services', note: 'Services and prices (/services), signed out.' },
  { name: 'securified', viewer: 'visitor', path: () => '/securified', note: 'Security help page (/securified), signed out.' },
  { name: 'remotesupport', viewer: 'visitor', path: () => '/remotesupport', note: 'Remote support page (/remotesupport), signed out.' },
  {
    name: 'login',
    viewer: 'visitor',
    path: () => '/login',
    note: 'Sign-in form (/login), empty.',
    ready: (page) => page.locator('input').first().waitFor(),
  },
  {
    name: 'signup',
    viewer: 'visitor',
    path: () => '/signup',
    note: 'Registration form (/signup), empty.',
    ready: (page) => page.locator('input').first().waitFor(),
  },
  {
    name: 'forgot-password',
    viewer: 'visitor',
    path: () => '/forgot-password',
    note: 'Password reset request (/forgot-password), empty.',
    ready: (page) => page.locator('input').first().waitFor(),
  },
  {
    name: 'about',
    viewer: 'visitor',
    path: () => '/about',
    note: 'About and contact (/about), signed out (before issue 40 there was no such page: "Page not found").',
  },
  { name: 'not-found', viewer: 'visitor', path: () => '/no-such-page', note: 'Page not found (an unknown address, /no-such-page).' },
  {
    name: 'home',
    viewer: 'customer',
    path: () => '/home',
    note: "Customer's home (/home): a completed visit waiting for payment, the next visit booked, a day on the waitlist, the booking calendar.",
    ready: (page) => page.getByRole('grid').first().waitFor(),
  },
  {
    name: 'booking',
    viewer: 'customer',
    path: () => '/home',
    note: "Booking on /home: Sunday's 11:00 a.m. in-person visit chosen, the confirmation dialog open.",
    ready: async (page, seed, variant) => {
      await page.getByRole('grid').first().waitFor();
      await chooseDay(page, seed.bookingDay);
      // "11:00am", "11:00 a. m.": the same start in either language.
      await page
        .getByRole('button', { name: /^11:00/ })
        .first()
        .click();
      await closeToasts(page);
      await page.getByRole('button', { name: spanish(variant) ? 'Confirmar' : 'Confirm', exact: true }).click();
      await openDialog(page);
    },
  },
  {
    name: 'makepayment',
    viewer: 'customer',
    path: (seed) => `/makepayment?appointment=${encodeURIComponent(seed.completedId)}`,
    note: 'Checkout (/makepayment) of the completed visit, in the payments test mode.',
    ready: (page) => text(page, '$50.00'),
  },
  {
    name: 'invoice',
    viewer: 'customer',
    path: (seed) => `/invoice/${encodeURIComponent(seed.paidId)}`,
    note: 'Invoice of the paid visit (/invoice/<visit>).',
    ready: (page) => text(page, '12.99'),
  },
  {
    name: 'review',
    viewer: 'customer',
    path: (seed) => `/review/${encodeURIComponent(seed.paidId)}`,
    note: "Rating page of the paid visit (/review/<visit>), with the customer's five stars and comment.",
    ready: (page) => text(page, 'Patient and clear'),
  },
  {
    name: 'account',
    viewer: 'customer',
    path: () => '/account',
    note: "Customer's account (/account): sign-in, details and texts, code word, trusted contact, the customer's data.",
    ready: (page) => text(page, CUSTOMER.email),
  },
  {
    name: 'serviceform',
    viewer: 'customer',
    path: () => '/serviceform',
    note: 'Service form (/serviceform), filled in with the saved details.',
    ready: async (page) => {
      const street = CUSTOMER.profile.streetAddress;
      await page.waitForFunction((value) => [...document.querySelectorAll('input')].some((input) => input.value === value), street);
    },
  },
  { name: 'chat', viewer: 'customer', path: () => '/chat', note: 'Chat assistant (/chat), before the first question.' },
  {
    name: 'admin',
    viewer: 'owner',
    path: () => '/admin',
    note: "Back office dashboard (/admin): the weekend's agenda and the open visits, eight on a full Sunday.",
    ready: (page) => text(page, 'Chen'),
  },
  {
    name: 'admin-edit',
    viewer: 'owner',
    path: () => '/admin',
    note: "The dashboard's edit dialog open on the completed visit waiting for payment: its bill and its history.",
    ready: async (page, seed) => {
      // The table's row on a desktop, the card on a phone.
      const edit = page.getByRole('button', { name: /^Edit/ });
      const visit = page.locator(`[data-appointment-id="${seed.completedId}"]`).filter({ visible: true, has: edit }).first();
      await visit.locator(edit).first().click();
      await openDialog(page);
    },
  },
  {
    name: 'adminpayment',
    viewer: 'owner',
    path: () => '/adminpayment',
    note: 'Take a Payment (/adminpayment): the customer checked, their unpaid visit listed.',
    ready: async (page) => {
      await page.getByLabel('Customer e-mail', { exact: true }).fill(CUSTOMER.email);
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await text(page, /amount \$/);
    },
  },
  {
    name: 'completed-appointments',
    viewer: 'owner',
    path: () => '/completed-appointments',
    note: 'Completed visits waiting for payment (/completed-appointments).',
    ready: (page) => text(page, 'Sullivan'),
  },
  {
    name: 'paid-appointments',
    viewer: 'owner',
    path: () => '/paid-appointments',
    note: 'Paid visits with their totals (/paid-appointments).',
    ready: (page) => text(page, 'Sullivan'),
  },
  {
    name: 'sales-tax',
    viewer: 'owner',
    path: () => '/sales-tax',
    note: 'Sales tax (/sales-tax) for the quarter of the card payment, whose printer cable is taxed.',
    ready: async (page) => {
      await text(page, 'Suffolk County');
      // The server stamps the payment with the day of the run, which may fall in the quarter before the Saturday's.
      const counted = page.getByText('1 payment', { exact: true }).filter({ visible: true });
      if ((await counted.count()) === 0) {
        await page.getByRole('button', { name: 'Previous quarter', exact: true }).click();
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      }
      await counted.first().waitFor();
    },
  },
  {
    name: 'errorlog',
    viewer: 'owner',
    path: () => '/errorlog',
    note: 'Error log (/errorlog) with two errors a browser reported.',
    ready: (page) => text(page, 'Scanner timed out'),
  },
  {
    name: 'config-change-log',
    viewer: 'owner',
    path: () => '/config-change-log',
    note: 'Config change log (/config-change-log), the software collection viewed with one entry.',
    ready: async (page) => {
      await page.getByLabel('Collection', { exact: true }).selectOption('software');
      await page.getByRole('button', { name: 'View', exact: true }).click();
      await text(page, 'Accounting database');
    },
  },
  { name: 'change-log-form', viewer: 'owner', path: () => '/change-log-form', note: 'Change log form (/change-log-form), empty.' },
  {
    name: 'time-off',
    viewer: 'owner',
    path: () => '/admin/time-off',
    note: 'Time off (/admin/time-off): a closed Saturday, the booking rules, the calendar feed and import.',
    ready: (page) => text(page, 'Family wedding'),
  },
  {
    name: 'reviews',
    viewer: 'owner',
    path: () => '/admin/reviews',
    note: "Ratings (/admin/reviews) with the customer's five stars.",
    ready: (page) => text(page, 'Patient and clear'),
  },
  {
    name: 'waitlist',
    viewer: 'owner',
    path: () => '/admin/waitlist',
    note: 'Waitlist (/admin/waitlist): the customer waiting for the full Sunday.',
    ready: (page) => text(page, 'Sullivan'),
  },
];

/** The variants a screen is shown in: the back office is English only (docs/conventions.md). */
const variantsOf = (screen: Screen): VariantName[] =>
  screen.viewer === 'owner' ? VARIANT_NAMES.filter((name) => name !== 'es') : VARIANT_NAMES;

// --- In the page ---

async function chooseDay(page: Page, date: BusinessDate): Promise<void> {
  const button = page.locator(`td[data-day="${date}"] button`);
  for (let turns = 0; (await button.count()) === 0 && turns < 3; turns++) {
    const caption = await page.locator('.rdp-caption_label').first().textContent();
    await page.locator('.rdp-button_next').first().click();
    await page.waitForFunction((shown) => document.querySelector('.rdp-caption_label')?.textContent !== shown, caption);
  }
  await button.click();
}

async function closeToasts(page: Page): Promise<void> {
  const close = page.locator('.Toastify__toast .Toastify__close-button');
  while ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
  await page.locator('.Toastify__toast').waitFor({ state: 'detached' });
}

/** The open dialog, once it has finished opening (the fade ends at once with reduced motion). */
async function openDialog(page: Page): Promise<void> {
  await page.locator('.modal.show [role="dialog"], .modal.show[role="dialog"], [role="dialog"]').first().waitFor();
  await page.waitForFunction(() => {
    const modal = document.querySelector('.modal.show');
    return modal !== null && getComputedStyle(modal).opacity === '1';
  });
}

/** The requests each page has under way, but the live-update stream, which stays open. */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page): void {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (request) => {
    if (!request.url().includes('/api/events')) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/** No request under way for 300 ms (at most 15 s of waiting). */
async function settleNetwork(page: Page): Promise<void> {
  const open = inFlight.get(page) ?? new Set();
  const deadline = Date.now() + 15_000;
  let quietSince = Date.now();
  while (Date.now() - quietSince < 300) {
    if (Date.now() > deadline) throw new Error(`requests still under way: ${[...open].map((request) => request.url()).join(', ')}`);
    if (open.size > 0) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The screen at rest: its heading shown and no loading spinner, the web fonts in, every image loaded (lazy ones
 * scrolled into view first), the page back at its top, two frames drawn.
 */
async function settle(page: Page): Promise<void> {
  // No hover left on what was clicked.
  await page.mouse.move(0, 0);
  await page.locator('h1').first().waitFor();
  await page.locator('.page-spinner, .spinner-border').first().waitFor({ state: 'detached' });
  await settleNetwork(page);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const step = Math.max(200, window.innerHeight - 100);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, 0);
    await Promise.race([
      Promise.all(
        [...document.images]
          .filter((image) => !image.complete)
          .map(
            (image) =>
              new Promise((resolve) => {
                image.addEventListener('load', resolve);
                image.addEventListener('error', resolve);
              }),
          ),
      ),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]);
  });
  await frames(page);
}

const frames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * The whole page as one picture of a window as tall as the page. Playwright's full-page picture (and DevTools'
 * captureBeyondViewport) drops the font sizes set with Page.setFontSizes while it draws, so text at 200% would be
 * drawn at 100% in a picture measured at 200%; a taller window keeps them.
 */
async function wholePageInWindow(page: Page, width: number): Promise<Buffer> {
  for (let round = 0; round < 5; round++) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    if (page.viewportSize()?.height === height) break;
    await page.setViewportSize({ width, height });
    await frames(page);
  }
  return page.screenshot({ animations: 'disabled', caret: 'hide' });
}

// --- The run ---

type Options = { set: string; app: string; out: string; only?: string[]; variants: VariantName[]; build: boolean };

function options(): Options {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      app: { type: 'string' },
      out: { type: 'string' },
      only: { type: 'string' },
      variants: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  const set = positionals[0] ?? 'current';
  if (!/^[\w.-]+$/.test(set)) throw new Error(`the set's name "${set}" may hold only letters, digits, dots, dashes and underscores`);
  const only = values.only?.split(',').map((name) => name.trim());
  const unknown = only?.filter((name) => !SCREENS.some((screen) => screen.name === name)) ?? [];
  if (unknown.length > 0)
    throw new Error(`unknown screens: ${unknown.join(', ')} (known: ${SCREENS.map((screen) => screen.name).join(', ')})`);
  const variants = (values.variants?.split(',').map((name) => name.trim()) ?? VARIANT_NAMES) as VariantName[];
  const badVariants = variants.filter((name) => !VARIANT_NAMES.includes(name));
  if (badVariants.length > 0) throw new Error(`unknown variants: ${badVariants.join(', ')} (known: ${VARIANT_NAMES.join(', ')})`);
  return {
    set,
    app: path.resolve(values.app ?? REPO),
    out: path.resolve(values.out ?? path.join(REPO, 'docs/screens', set)),
    only,
    variants,
    build: !values['no-build'],
  };
}

/**
 * Runs `npm run build` in the app when its build is older than its sources (scripts/build-if-stale.mjs). A checkout
 * from before the build's stamp (dist/.build-stamp) cannot say: its dist/ is taken as it is once it holds a server.
 */
function buildIfNeeded(app: string): void {
  const reason: string | undefined = staleness(app);
  if (!reason) return;
  const unstamped = !existsSync(path.join(app, 'scripts/build-stamp.mjs'));
  if (unstamped && existsSync(path.join(app, 'dist/server/main.js'))) return;
  console.log(`Building ${app}: ${reason}.`);
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: app, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed in ${app}`);
}

/** The app's commit, for the README: its short hash and subject, and whether its sources differ from it. */
function commitOf(app: string): string {
  try {
    const git = (...args: string[]) => execFileSync('git', ['-C', app, ...args], { encoding: 'utf8' }).trim();
    const [hash = '', subject = ''] = git('log', '-1', '--format=%h%x00%s').split('\0');
    const dirty = git('status', '--porcelain', '--', 'src').length > 0;
    const short = subject.length > 90 ? `${subject.slice(0, 87)}…` : subject;
    return `commit ${hash} ("${short}")${dirty ? ', with uncommitted changes in src/' : ''}`;
  } catch {
    return 'an app outside git';
  }
}

/** The most one picture may take, however busy the machine: a wait that never ends fails that picture only. */
const SHOT_TIMEOUT_MS = 120_000;

function withinTime<T>(milliseconds: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not done within ${milliseconds / 1000} s`)), milliseconds);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

type Shot = { screen: Screen; variant: VariantName; file: string };

async function capture(browser: Browser, server: ServerProcess, seed: Seed, shot: Shot): Promise<void> {
  const variant = VARIANTS[shot.variant];
  const context: BrowserContext = await browser.newContext({
    viewport: variant.viewport,
    locale: variant.locale,
    timezoneId: 'America/New_York',
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
    deviceScaleFactor: 1,
    extraHTTPHeaders: { 'x-forwarded-for': nextClient() },
  });
  try {
    const person = shot.screen.viewer === 'customer' ? seed.customer : shot.screen.viewer === 'owner' ? seed.owner : undefined;
    if (person) await context.addCookies(person.cookies.map((cookie) => ({ ...cookie, url: server.url })));
    const page = await context.newPage();
    trackRequests(page);
    page.setDefaultTimeout(15_000);
    await page.clock.setFixedTime(seed.now);
    if (variant.textScale === 2) {
      const devtools = await context.newCDPSession(page);
      await devtools.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    }
    await page.goto(`${server.url}${shot.screen.path(seed)}`);
    await page.locator('h1').first().waitFor();
    await shot.screen.ready?.(page, seed, variant);
    await settle(page);
    const { lang, rootPx, bodyPx, pageWidth } = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      pageWidth: document.documentElement.scrollWidth,
      rootPx: Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
      bodyPx: Number.parseFloat(getComputedStyle(document.body).fontSize),
    }));
    const wantedLang = spanish(variant) ? 'es' : 'en';
    if (!lang.startsWith(wantedLang)) throw new Error(`the page says lang="${lang}", not ${wantedLang}`);
    if (variant.textScale === 2 && (rootPx < 30 || bodyPx < 30))
      throw new Error(`the text is not at 200% (root ${rootPx} px, body ${bodyPx} px)`);
    // A dialog covers the window, not the page: the picture is the window, made tall enough for the whole dialog,
    // its scrolling body included.
    const dialogBottom = () =>
      page.evaluate(() => {
        const dialog = document.querySelector('.modal.show .modal-dialog') ?? document.querySelector('dialog[open]');
        if (!dialog) return undefined;
        const body = dialog.querySelector('.modal-body');
        const hidden = body ? body.scrollHeight - body.clientHeight : 0;
        return Math.ceil(dialog.getBoundingClientRect().bottom + hidden + 32);
      });
    let bottom = await dialogBottom();
    const inDialog = bottom !== undefined;
    for (let round = 0; bottom !== undefined && bottom > (page.viewportSize()?.height ?? 0) && round < 5; round++) {
      await page.setViewportSize({ width: variant.viewport.width, height: bottom });
      await frames(page);
      bottom = await dialogBottom();
    }
    let png: Buffer;
    if (inDialog) {
      png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    } else if (variant.textScale === 2) {
      png = await wholePageInWindow(page, variant.viewport.width);
    } else {
      png = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
    }
    if (variant.textScale === 2) {
      const rootAfter = await page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
      if (rootAfter < 30) throw new Error(`the text went back from 200% while the picture was taken (root ${rootAfter} px)`);
    }
    // A page wider than the window says so in the README, read back from the PNG (a 200% picture is as wide as the window).
    const overflow = pageWidth > variant.viewport.width ? `The page is ${pageWidth} px wide: it scrolls sideways.` : '';
    writeFileSync(shot.file, overflow ? withText(reducePng(png), NOTE_KEY, overflow) : reducePng(png));
  } finally {
    // A context that will not close must not hold the run (nor hide why the picture failed).
    await Promise.race([context.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  }
}

const PREFERRED_PORT = 4517;

/** `preferred` when nothing listens on it at 127.0.0.1, else a port the system picks. */
function freePort(preferred: number): Promise<number> {
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : port));
      });
    });
  return listen(preferred).catch(() => listen(0));
}

/** The browser tests' Chromium with their flags (tests/support/browser.ts): the headless shell, else Debian's full one, else the packaged one. */
async function launchChromium(): Promise<Browser> {
  const { executablePath, args, env } = await chromiumToTestIn();
  return chromium.launch({ executablePath, args: [...args, '--disable-quic'], env });
}

/** The keyword of the PNG text chunk that holds what the README adds to a picture's note. */
const NOTE_KEY = 'Comment';

const fileName = (screen: string, variant: VariantName) => `${screen}-${variant}.png`;

const AREAS: Record<Viewer, string> = {
  visitor: 'Public screens (signed out)',
  customer: 'Customer screens (signed in as Margaret Sullivan)',
  owner: 'Back office (signed in as the owner; English only, so no Spanish pictures)',
};

/** README.md of the set: how it was made, then each PNG in the folder with its one-line note, by area. */
function writeReadme(out: string, set: string, app: string, seed: Seed): void {
  const present = new Set(readdirSync(out));
  const lines: string[] = [];
  for (const [viewer, title] of Object.entries(AREAS) as [Viewer, string][]) {
    const files = SCREENS.filter((screen) => screen.viewer === viewer).flatMap((screen) =>
      variantsOf(screen)
        .map((variant) => ({ file: fileName(screen.name, variant), note: `${screen.note} ${VARIANTS[variant].note}.` }))
        .filter(({ file }) => present.has(file))
        .map(({ file, note }) => {
          const extra = textOf(readFileSync(path.join(out, file)), NOTE_KEY);
          return { file, note: extra ? `${note} ${extra}` : note };
        }),
    );
    if (files.length > 0) lines.push('', `## ${title}`, '', ...files.map(({ file, note }) => `- [${file}](${file}): ${note}`));
  }
  const inNewYork = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', ...options }).format(seed.now);
  writeFileSync(
    path.join(out, 'README.md'),
    [
      `# Screens: ${set}`,
      '',
      `Made on ${new Date().toISOString().slice(0, 10)} by \`npm run screens -- ${set}\` from ${commitOf(app)}.`,
      'What the sets are and how to make them again: [../README.md](../README.md).',
      '',
      `Each picture is the whole page (a dialog: the window, as tall as the dialog), with the browser's clock stopped at`,
      `${inNewYork({ dateStyle: 'full' })}, ${inNewYork({ timeStyle: 'short' })} (New York). The server keeps the real clock:`,
      'the times it writes itself (when a payment was taken, when an error was logged) are those of the run. Variants:',
      "`desktop` 1280×800; `phone` 412×915; `phone-200` 412×915 with Chrome's font size at 32 px (text at 200%);",
      '`es` 412×915 in Spanish.',
      ...lines,
      '',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  const opts = options();
  if (opts.build) buildIfNeeded(opts.app);
  const entry = path.join(opts.app, 'dist/server/main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: build the app first (npm run build)`);

  const shots: Shot[] = SCREENS.filter((screen) => !opts.only || opts.only.includes(screen.name)).flatMap((screen) =>
    // English before Spanish: the customer's saved language is switched to Spanish once, for the Spanish pictures.
    opts.variants
      .filter((variant) => variantsOf(screen).includes(variant))
      .map((variant) => ({ screen, variant, file: path.join(opts.out, fileName(screen.name, variant)) })),
  );
  shots.sort((a, b) => Number(a.variant === 'es') - Number(b.variant === 'es'));
  if (shots.length === 0) throw new Error('nothing to capture: the screens chosen have none of the variants chosen');

  mkdirSync(opts.out, { recursive: true });
  const whole = !opts.only && opts.variants.length === VARIANT_NAMES.length;
  if (whole) for (const file of readdirSync(opts.out).filter((name) => name.endsWith('.png'))) rmSync(path.join(opts.out, file));

  const dataDir = temporaryDirectory('techhelp-screens-');
  // A port of its own, the same each run when it is free: the invoice prints the address (localhost:<port>).
  const env = { ADMIN_EMAILS: OWNER_EMAIL, SUPPORT_PHONE, TRUST_PROXY: '1', PORT: String(await freePort(PREFERRED_PORT)) };
  const [server, browser] = await Promise.all([startServer({ env, dataDir, entry }), launchChromium()]);
  const failures: string[] = [];
  try {
    const seed = await seedData(server.url);
    let spanishSaved = false;
    for (const shot of shots) {
      if (shot.variant === 'es' && shot.screen.viewer === 'customer' && !spanishSaved) {
        // The app follows a signed-in customer's saved language (decision 016).
        await call(server.url, seed.customer, 'PUT', '/api/account/locale', { locale: 'es' }, 200);
        spanishSaved = true;
      }
      const shotStarted = Date.now();
      try {
        await withinTime(SHOT_TIMEOUT_MS, capture(browser, server, seed, shot));
        console.log(`${path.relative(REPO, shot.file)} (${((Date.now() - shotStarted) / 1000).toFixed(1)} s)`);
      } catch (error) {
        failures.push(`${path.basename(shot.file)}: ${(error as Error).message.split('\n')[0]}`);
        console.error(`FAILED ${path.basename(shot.file)}: ${(error as Error).message}`);
      }
    }
    writeReadme(opts.out, opts.set, opts.app, seed);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const bytes = readdirSync(opts.out)
    .filter((name) => name.endsWith('.png'))
    .reduce((total, name) => total + statSync(path.join(opts.out, name)).size, 0);
  console.log(
    `${shots.length - failures.length} of ${shots.length} pictures in ${path.relative(process.cwd(), opts.out) || '.'} ` +
      `(${(bytes / 1_048_576).toFixed(1)} MB in the folder) in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (failures.length > 0) {
    console.error(`Not captured:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
