import type { Availability } from '../../../shared/appointments.ts';
import type { SlotLabel } from '../../../shared/business.ts';
import {
  type BusinessDate,
  businessDateOf,
  type ClosedSpan,
  daysOfMonth,
  isBookableInstant,
  monthAfter,
  parseBusinessDate,
  type SlotClosedReason,
  slotClosedReason,
  slotsOf,
} from '../../../shared/business-time.ts';

/**
 * What the calendar knows about time: the server's clock and its booking window, as of the last answer, and the
 * owner's schedule (time off, minimum notice).
 */
export type BookingWindow = { now: Date; windowDays: number; minNoticeHours?: number; closed?: ClosedSpan[] };

/** Free, taken, closed (weekday, past, beyond the window), or closed by the owner's schedule (with its reason). */
export type SlotStatus = 'free' | 'taken' | 'closed' | SlotClosedReason;
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
export function bookingWindowOf(
  availability: Pick<Availability, 'lastBookableDate'> & Partial<Pick<Availability, 'closed' | 'minNoticeHours'>>,
  now: Date,
): BookingWindow {
  const today = calendarDayNumber(businessDateOf(now));
  const last = calendarDayNumber(availability.lastBookableDate);
  return {
    now,
    windowDays: today === undefined || last === undefined ? 0 : Math.max(0, last - today),
    minNoticeHours: availability.minNoticeHours ?? 0,
    closed: closedSpansOf(availability),
  };
}

/** The owner's time off an availability answer tells, as instants. */
export function closedSpansOf(availability: Partial<Pick<Availability, 'closed'>> | undefined): ClosedSpan[] {
  return (availability?.closed ?? []).map((span) => ({ startsAt: new Date(span.startsAt), endsAt: new Date(span.endsAt) }));
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
    else
      status =
        slotClosedReason(startsAt, window.now, { minNoticeHours: window.minNoticeHours ?? 0, closed: window.closed ?? [] }) ?? 'free';
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

/**
 * The month to show instead of `month` when `month` has no day left to choose and a later month of the booking
 * window may have one (a month's last days: its last weekend has passed): the next month; undefined when `month`
 * has a free day or is the window's last month.
 */
export function monthToSkipTo(
  month: string,
  taken: Set<number>,
  window: BookingWindow,
  lastBookableDate: BusinessDate,
): string | undefined {
  if (month >= monthOf(lastBookableDate)) return undefined;
  return daysOfMonth(month).some((date) => hasFreeSlot(date, taken, window)) ? undefined : monthAfter(month);
}
