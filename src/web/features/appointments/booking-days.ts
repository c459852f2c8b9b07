import type { Availability } from '../../../shared/appointments.ts';
import type { SlotLabel } from '../../../shared/business.ts';
import { type BusinessDate, businessDateOf, isBookableInstant, parseBusinessDate, slotsOf } from '../../../shared/business-time.ts';

/** What the calendar knows about time: the server's clock and its booking window, as of the last answer. */
export type BookingWindow = { now: Date; windowDays: number };

export type SlotStatus = 'free' | 'taken' | 'closed';
export type DaySlot = { label: SlotLabel; startsAt: Date; status: SlotStatus };

const DAY_MS = 24 * 60 * 60 * 1000;

function calendarDayNumber(date: BusinessDate): number | undefined {
  const parts = parseBusinessDate(date);
  return parts ? Date.UTC(parts.year, parts.month - 1, parts.day) / DAY_MS : undefined;
}

/**
 * The server's booking window in days, read back from its answer: the last bookable date is the New York date
 * `windowDays` after now, so the two dates are that many calendar days apart.
 */
export function bookingWindowOf(availability: Pick<Availability, 'lastBookableDate'>, now: Date): BookingWindow {
  const today = calendarDayNumber(businessDateOf(now));
  const last = calendarDayNumber(availability.lastBookableDate);
  return { now, windowDays: today === undefined || last === undefined ? 0 : Math.max(0, last - today) };
}

export function takenSet(availability: Pick<Availability, 'taken'> | undefined): Set<number> {
  return new Set((availability?.taken ?? []).map((instant) => Date.parse(instant)));
}

/** The eight slots of a New York day: taken by someone, closed (weekday, past, beyond the window), or free. */
export function slotsForDay(date: BusinessDate, taken: Set<number>, window: BookingWindow): DaySlot[] {
  return slotsOf(date).map(({ label, startsAt }) => {
    let status: SlotStatus = 'free';
    if (taken.has(startsAt.getTime())) status = 'taken';
    else if (!isBookableInstant(startsAt, window.now, window.windowDays)) status = 'closed';
    return { label, startsAt, status };
  });
}

/** A day can be chosen when at least one of its slots is free. */
export function hasFreeSlot(date: BusinessDate, taken: Set<number>, window: BookingWindow): boolean {
  return slotsForDay(date, taken, window).some((slot) => slot.status === 'free');
}

/** The month (YYYY-MM) of a New York date. */
export function monthOf(date: BusinessDate): string {
  return date.slice(0, 7);
}
