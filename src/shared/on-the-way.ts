import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { z } from 'zod';
import { BUSINESS_TIME_ZONE } from './business.ts';
import { businessDateOf, inBusinessZone, parseBusinessDate } from './business-time.ts';
import type { Locale } from './locale.ts';
import { spanishTimeWithArticle } from './locale-format.ts';

/**
 * "On my way" (issue 39): the owner, leaving for an in-person visit of today, picks an arrival estimate; the customer
 * (and their trusted contact, if they agreed) gets a text and an e-mail naming the technician, the time and the
 * customer's code word. The choices, the request, the answer and the arithmetic of the arrival time live here.
 */

/** The estimates offered, in minutes from now. */
export const ARRIVAL_MINUTES = [15, 30, 45, 60] as const;

const CLOCK_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** POST /api/admin/appointments/:id/on-my-way: minutes from now, or a time of the visit's day typed as HH:MM (24-hour). */
export const OnMyWayRequestSchema = z.union([
  z.strictObject({
    minutes: z.literal(ARRIVAL_MINUTES, { error: 'Choose 15, 30, 45 or 60 minutes, or type a time.' }),
  }),
  z.strictObject({ at: z.string().regex(CLOCK_PATTERN, { error: 'Type the arrival time as HH:MM, e.g. 10:40 or 14:05.' }) }),
]);
export type OnMyWayRequest = z.infer<typeof OnMyWayRequestSchema>;

/**
 * The answer: when the technician should arrive, and who was told (`texted`: the customer's text was queued, which
 * needs their consent and confirmed number; `contactCopied`: their trusted contact's e-mail). `repeated`: the same
 * estimate had been sent less than a minute before (a double tap), so nothing was sent again.
 */
export const OnMyWayAnswerSchema = z.object({
  arrivesAt: z.string(),
  texted: z.boolean(),
  emailed: z.boolean(),
  contactCopied: z.boolean(),
  repeated: z.boolean(),
});
export type OnMyWayAnswer = z.infer<typeof OnMyWayAnswerSchema>;

/** The back office's refusals (English only, like the back office). */
export const ON_MY_WAY_REFUSALS = {
  timePassed: 'That time has already passed: choose a number of minutes or type a later time today.',
  tooLate: 'That time is more than 12 hours away: type the time you expect to arrive today.',
  noAccount: 'This customer has deleted their account: there is nobody to tell.',
} as const;

/** A repeat of the same estimate within this many milliseconds is a double tap: nothing is sent again. */
export const ON_MY_WAY_REPEAT_MS = 60_000;

const MINUTE_MS = 60_000;

/**
 * The arrival instant for a request made at `now` about a visit on `visitDay` (a New York date): now plus the
 * minutes, to the minute; or the typed New York time of that day.
 */
export function arrivalInstant(request: OnMyWayRequest, now: Date, visitDay: string): Date {
  if ('minutes' in request) return new Date(Math.floor((now.getTime() + request.minutes * MINUTE_MS) / MINUTE_MS) * MINUTE_MS);
  const parts = parseBusinessDate(visitDay);
  const [hours, minutes] = request.at.split(':').map(Number);
  if (!parts || hours === undefined || minutes === undefined) throw new RangeError(`not a day and time: ${visitDay} ${request.at}`);
  return new Date(new TZDate(parts.year, parts.month - 1, parts.day, hours, minutes, BUSINESS_TIME_ZONE).getTime());
}

/** Why a typed arrival cannot be sent, or undefined: not before the current minute, and within 12 hours. */
export function arrivalProblem(arrivesAt: Date, now: Date): string | undefined {
  if (arrivesAt.getTime() < Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS) return ON_MY_WAY_REFUSALS.timePassed;
  if (arrivesAt.getTime() - now.getTime() > 12 * 60 * MINUTE_MS) return ON_MY_WAY_REFUSALS.tooLate;
  return undefined;
}

/** The arrival as a time of day in New York, the language's way: "10:40am"; in Spanish with its article, "las 10:40 a. m.". */
export function formatArrivalTime(instant: Date | number, locale: Locale): string {
  return locale === 'es' ? spanishTimeWithArticle(instant) : format(inBusinessZone(instant), 'h:mmaaa');
}

/** Whether a visit's "on the way" still stands on its day (the customer's home screen shows it only then). */
export function isOnTheWayToday(arrivesAt: string | null, now: Date | number): boolean {
  if (arrivesAt === null) return false;
  const instant = Date.parse(arrivesAt);
  return !Number.isNaN(instant) && businessDateOf(instant) === businessDateOf(now);
}

/**
 * The back office's customer beside a visit (decision 038): with the code word only for an in-person visit on its
 * New York day, the one "on my way" is sent for; every other row, list and answer leaves the word out.
 */
export function withCodeWordIfToday<Customer extends { codeWord?: string | null }>(
  customer: Customer,
  visit: { isRemote: boolean; startsAt: Date },
  now: Date | number,
): Customer {
  if (!visit.isRemote && businessDateOf(visit.startsAt) === businessDateOf(now)) return customer;
  const { codeWord: _left, ...rest } = customer;
  return rest as Customer;
}
