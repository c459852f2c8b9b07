import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { BUSINESS_TIME_ZONE, SLOT_LABELS, type SlotLabel } from './business.ts';
import { english } from './english.ts';

/**
 * The one place that turns instants into the business's New York wall-clock time and back. Slots are New York
 * times stored as UTC instants; they are correct across daylight-saving changes because the zone rules, not a
 * fixed offset, make the conversion.
 */

/** A calendar day in New York, as YYYY-MM-DD. */
export type BusinessDate = string;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const SLOT_PATTERN = /^(\d{2}):(\d{2})(am|pm)$/;

export function inBusinessZone(instant: Date | number): TZDate {
  return new TZDate(typeof instant === 'number' ? instant : instant.getTime(), BUSINESS_TIME_ZONE);
}

/** A day as the error log and the tables show it, e.g. 11/21/2026. */
export function formatBusinessDay(instant: Date | number): string {
  return format(inBusinessZone(instant), 'MM/dd/yyyy');
}

/** A time of day with seconds, e.g. 02:05:09pm. */
export function formatBusinessTimeOfDay(instant: Date | number): string {
  return format(inBusinessZone(instant), 'hh:mm:ssaaa');
}

/**
 * The years a business date may fall in. Every visit, payment and filter does; outside them Date and TZDate read a
 * year below 100 as 19xx, and PostgreSQL knows no year 0 or 10000, so a date typed there would become a wrong
 * instant or a failed query.
 */
export const FIRST_BUSINESS_YEAR = 1900;
export const LAST_BUSINESS_YEAR = 2999;

export function parseBusinessDate(date: string): { year: number; month: number; day: number } | undefined {
  const match = DATE_PATTERN.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_BUSINESS_YEAR || year > LAST_BUSINESS_YEAR) return undefined;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

export function isSlotLabel(value: string): value is SlotLabel {
  return (SLOT_LABELS as readonly string[]).includes(value);
}

function slotClock(label: SlotLabel): { hours: number; minutes: number } {
  const match = SLOT_PATTERN.exec(label);
  if (!match) throw new Error(`not a slot label: ${label}`);
  const hours12 = Number(match[1]) % 12;
  return { hours: match[3] === 'pm' ? hours12 + 12 : hours12, minutes: Number(match[2]) };
}

/** The UTC instant of a slot on a New York day. */
export function slotInstant(date: BusinessDate, label: SlotLabel): Date {
  const parts = parseBusinessDate(date);
  if (!parts) throw new RangeError(`not a date: ${date}`);
  const { hours, minutes } = slotClock(label);
  return new Date(new TZDate(parts.year, parts.month - 1, parts.day, hours, minutes, BUSINESS_TIME_ZONE).getTime());
}

/**
 * New York's calendar day of an instant, read by one formatter made once: "11/27/2026". Building a zoned date and
 * formatting it with date-fns asked the zone's offset of the Intl API about ten times for each day read (a tenth
 * of the server's work per availability or list request, measured in a profile: docs/performance.md).
 */
const BUSINESS_DAY = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const US_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

const HOUR_MS = 60 * 60 * 1000;

/**
 * The day of each UTC hour already read. Since 1970 New York is always a whole number of hours from UTC, and its
 * days and clock changes begin on the hour, so every instant of a UTC hour has the same New York day. Bounded:
 * emptied when full.
 */
const dayOfHour = new Map<number, BusinessDate>();
const DAY_OF_HOUR_ENTRIES = 4096;

/** The New York day of an instant, as YYYY-MM-DD. */
export function businessDateOf(instant: Date | number): BusinessDate {
  const time = typeof instant === 'number' ? instant : instant.getTime();
  const hour = Math.floor(time / HOUR_MS);
  const known = dayOfHour.get(hour);
  if (known !== undefined) return known;
  const match = US_DAY.exec(BUSINESS_DAY.format(time));
  // Years before 1000 or after 9999 have no four-digit form: the zoned date reads them as before.
  if (!match) return format(inBusinessZone(time), 'yyyy-MM-dd');
  const day = `${match[3]}-${match[1]}-${match[2]}`;
  if (time >= 0) {
    if (dayOfHour.size >= DAY_OF_HOUR_ENTRIES) dayOfHour.clear();
    dayOfHour.set(hour, day);
  }
  return day;
}

/** The slot label of an instant, when it is exactly one of the eight slot times in New York. */
export function slotLabelOf(instant: Date | number): SlotLabel | undefined {
  const label = format(inBusinessZone(instant), 'hh:mmaaa');
  const local = inBusinessZone(instant);
  if (local.getSeconds() !== 0 || local.getMilliseconds() !== 0) return undefined;
  return isSlotLabel(label) ? label : undefined;
}

/** Saturday or Sunday in New York. */
export function isWeekendDate(date: BusinessDate): boolean {
  const parts = parseBusinessDate(date);
  if (!parts) return false;
  const weekday = new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

export type Slot = { label: SlotLabel; startsAt: Date };

export function slotsOf(date: BusinessDate): Slot[] {
  return SLOT_LABELS.map((label) => ({ label, startsAt: slotInstant(date, label) }));
}

/** Bookable: a weekend slot that has not started and starts within the booking window. */
export function isBookableInstant(startsAt: Date, now: Date, windowDays: number): boolean {
  const label = slotLabelOf(startsAt);
  if (!label || !isWeekendDate(businessDateOf(startsAt))) return false;
  return startsAt.getTime() > now.getTime() && startsAt.getTime() <= now.getTime() + windowDays * 24 * 60 * 60 * 1000;
}

/** The last New York day a customer may book, counted from now. */
export function lastBookableDate(now: Date, windowDays: number): BusinessDate {
  return businessDateOf(addDays(now, windowDays));
}

/** The month (YYYY-MM) after `month`. */
export function monthAfter(month: string): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
}

/** Every day of a month (YYYY-MM), as YYYY-MM-DD. */
export function daysOfMonth(month: string): BusinessDate[] {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) throw new RangeError(`not a month: ${month}`);
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  const count = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return Array.from({ length: count }, (_, index) => `${match[1]}-${match[2]}-${String(index + 1).padStart(2, '0')}`);
}

/** The spec's appointment id: the New York date as YYYYMMDD, a hyphen, and a random UUID. */
export function appointmentIdFor(startsAt: Date, uuid: string): string {
  return `${businessDateOf(startsAt).replaceAll('-', '')}-${uuid}`;
}

/** "Saturday, November 28, 2026 at 08:00am" in New York time, whatever the browser's zone. */
export function formatAppointmentTime(instant: Date | number): string {
  return format(inBusinessZone(instant), "EEEE, MMMM d, yyyy 'at' hh:mmaaa");
}

/** "New York time" when the viewer's zone differs from the business's, so no one misreads a slot. */
export function zoneNoteFor(viewerTimeZone: string | undefined, at: Date = new Date()): string | undefined {
  if (!viewerTimeZone || viewerTimeZone === BUSINESS_TIME_ZONE) return undefined;
  const offset = (zone: string) => format(new TZDate(at.getTime(), zone), 'xxx');
  return offset(viewerTimeZone) === offset(BUSINESS_TIME_ZONE) && viewerTimeZone.startsWith('America/')
    ? undefined
    : english('New York time');
}

/** Midnight at the start of a New York day, as a UTC instant (23 or 25 hours long on DST Sundays). */
export function businessDayStart(date: BusinessDate): Date {
  const parts = parseBusinessDate(date);
  if (!parts) throw new RangeError(`not a date: ${date}`);
  return new Date(new TZDate(parts.year, parts.month - 1, parts.day, 0, 0, BUSINESS_TIME_ZONE).getTime());
}

/** Midnight at the end of a New York day. */
export function businessDayEnd(date: BusinessDate): Date {
  const parts = parseBusinessDate(date);
  if (!parts) throw new RangeError(`not a date: ${date}`);
  return new Date(new TZDate(parts.year, parts.month - 1, parts.day + 1, 0, 0, BUSINESS_TIME_ZONE).getTime());
}

/** A visit's length: each slot runs 90 minutes, up to the next slot's start. */
export const APPOINTMENT_MINUTES = 90;

/** A closed span of time (the owner's time off), end exclusive. */
export type ClosedSpan = { startsAt: Date; endsAt: Date };

/** Why a slot cannot be booked, when it cannot. */
export type SlotClosedReason = 'time-off' | 'notice';

/** A slot falls in time off when the visit (start to start + 90 minutes) overlaps a closed span. */
export function isInTimeOff(startsAt: Date, closed: readonly ClosedSpan[]): boolean {
  const start = startsAt.getTime();
  const end = start + APPOINTMENT_MINUTES * 60 * 1000;
  return closed.some((span) => start < span.endsAt.getTime() && end > span.startsAt.getTime());
}

/** Within the minimum notice: less than `minNoticeHours` from now (exactly that much notice is enough). */
export function isWithinNotice(startsAt: Date, now: Date, minNoticeHours: number): boolean {
  return startsAt.getTime() - now.getTime() < minNoticeHours * HOUR_MS;
}

/** Past the customer's cut-off: less than `cutoffHours` before the visit (exactly that much is still allowed). */
export function isPastCutoff(startsAt: Date, now: Date, cutoffHours: number): boolean {
  return startsAt.getTime() - now.getTime() < cutoffHours * HOUR_MS;
}

/** Why an otherwise open slot is closed by the owner's schedule: time off first, then the minimum notice. */
export function slotClosedReason(
  startsAt: Date,
  now: Date,
  rules: { minNoticeHours: number; closed: readonly ClosedSpan[] },
): SlotClosedReason | undefined {
  if (isInTimeOff(startsAt, rules.closed)) return 'time-off';
  if (isWithinNotice(startsAt, now, rules.minNoticeHours)) return 'notice';
  return undefined;
}

/** A 24-hour New York clock time, e.g. 14:05 (the change log's time). */
export function businessClockOf(instant: Date | number): string {
  return format(inBusinessZone(instant), 'HH:mm');
}

/** The New York hours in which texts not about a visit already booked may go (US quiet hours: 8 a.m. to 9 p.m.). */
export const TEXTING_HOURS = { from: 8, until: 21 } as const;

/**
 * When a text held to TEXTING_HOURS may go: undefined when `instant` is inside them, else the next 8 a.m. in New
 * York (the same morning before 8, the next morning after 9 p.m.).
 */
export function nextTextingHour(instant: Date | number): Date | undefined {
  const local = inBusinessZone(instant);
  const hour = local.getHours();
  if (hour >= TEXTING_HOURS.from && hour < TEXTING_HOURS.until) return undefined;
  const day = hour < TEXTING_HOURS.from ? local.getDate() : local.getDate() + 1;
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), day, TEXTING_HOURS.from, 0, BUSINESS_TIME_ZONE).getTime());
}
