import { addDays } from 'date-fns';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { user } from '../../src/server/db/schema.ts';
import { SLOT_LABELS } from '../../src/shared/business.ts';
import { businessDateOf, isWeekendDate } from '../../src/shared/business-time.ts';
import { me, PROFILE, uniqueEmail, verifiedCustomer } from './accounts.ts';

/** A verified customer with a completed service form: ready to book. */
export async function bookingCustomer(app: FastifyInstance, prefix = 'booker') {
  const customer = await verifiedCustomer(app, uniqueEmail(prefix));
  const saved = await app.inject({ method: 'PUT', url: '/api/account/profile', headers: { cookie: customer.cookie }, payload: PROFILE });
  expect(saved.statusCode).toBe(200);
  const { user } = await me(app, customer.cookie);
  return { ...customer, id: user.id as string };
}

/** A customer made an admin (as `npm run admin -- grant` would), for the back office. */
export async function bookingAdmin(app: FastifyInstance, db: Database) {
  const admin = await bookingCustomer(app, 'owner');
  await db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
  await app.notices.settle();
  return admin;
}

/**
 * The weekend days (YYYY-MM-DD) from `fromDays` days ahead, in order, leaving out the dates in `except`: the fixed
 * dates a test books with its own clock, which the real clock reaches some day.
 */
export function upcomingWeekendDays(count: number, fromDays = 2, except: readonly string[] = []): string[] {
  const days: string[] = [];
  for (let offset = fromDays; days.length < count; offset++) {
    const date = businessDateOf(addDays(new Date(), offset));
    if (isWeekendDate(date) && !days.includes(date) && !except.includes(date)) days.push(date);
  }
  return days;
}

/** Free slots one after another, through every slot of each of `days` in turn: each call answers the next. */
export function slotSequence(days: string[]): () => { date: string; slot: string } {
  let next = 0;
  return () => {
    const index = next++;
    return { date: days[Math.floor(index / SLOT_LABELS.length)] ?? '', slot: SLOT_LABELS[index % SLOT_LABELS.length] ?? '' };
  };
}

export function book(app: FastifyInstance, cookie: string, date: string, slot: string, isRemote = false) {
  return app.inject({ method: 'POST', url: '/api/appointments', headers: { cookie }, payload: { date, slot, isRemote } });
}

/**
 * The Sunday New York's clocks change in `year` (YYYY-MM-DD): the second Sunday of March (spring forward, 2am to 3am)
 * or the first Sunday of November (fall back, 2am to 1am).
 */
export function daylightSavingSunday(change: 'march' | 'november', year: number): string {
  return change === 'march' ? nthSunday(year, 3, 2) : nthSunday(year, 11, 1);
}

/** The `nth` Sunday of `month` (1 to 12) in `year`, YYYY-MM-DD. */
function nthSunday(year: number, month: number, nth: number): string {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const day = 1 + ((7 - firstWeekday) % 7) + 7 * (nth - 1);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The first such Sunday after `date` (YYYY-MM-DD). */
export function daylightSavingSundayAfter(change: 'march' | 'november', date: string): string {
  const year = Number(date.slice(0, 4));
  const sameYear = daylightSavingSunday(change, year);
  return sameYear > date ? sameYear : daylightSavingSunday(change, year + 1);
}

/** The date `days` days after `date` (before, when negative), both YYYY-MM-DD. */
export function daysAfter(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

/** The day before `date`, both YYYY-MM-DD. */
export function dayBefore(date: string): string {
  return daysAfter(date, -1);
}

/**
 * The first Sunday of June two years from now (YYYY-MM-DD), for a test that books with its own clock: no clock change
 * for months around it, and far from every booking the other tests make on the real clock, which a reminder pass run
 * with the test's clock would otherwise find due. Never a fixed date, which the real clock reaches some day.
 */
export function summerSundayAhead(): string {
  return nthSunday(new Date().getUTCFullYear() + 2, 6, 1);
}
