import { format } from 'date-fns/format';
import type { AdminAppointment } from '../../../shared/admin.ts';
import {
  type BusinessDate,
  businessDateOf,
  businessDayStart,
  inBusinessZone,
  isWeekendDate,
  parseBusinessDate,
} from '../../../shared/business-time.ts';

/**
 * The owner's weekend agenda: which weekend, which visits, in what order. Pure, so the choice of the weekend is
 * tested around Friday night, Saturday, Sunday night and a daylight-saving change, whatever the viewer's zone.
 */

export type AgendaWeekend = { saturday: BusinessDate; sunday: BusinessDate };

export type AgendaAppointment = {
  appointment: AdminAppointment;
  /** The New York time of day, e.g. 08:00am. */
  time: string;
};

export type AgendaDay = {
  date: BusinessDate;
  /** e.g. Saturday, November 28 */
  heading: string;
  appointments: AgendaAppointment[];
};

export type WeekendAgenda = { weekend: AgendaWeekend; days: [AgendaDay, AgendaDay]; count: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** A New York calendar day moved by whole days (pure calendar arithmetic, no zone involved). */
function shiftDate(date: BusinessDate, days: number): BusinessDate {
  const parts = parseBusinessDate(date);
  if (!parts) throw new RangeError(`not a date: ${date}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day) + days * DAY_MS).toISOString().slice(0, 10);
}

function weekdayOf(date: BusinessDate): number {
  const parts = parseBusinessDate(date);
  if (!parts) throw new RangeError(`not a date: ${date}`);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
}

/**
 * The weekend the agenda shows at `now`, in New York time: on a Saturday or a Sunday, that weekend; on any other
 * day, the coming Saturday and Sunday.
 */
export function agendaWeekend(now: Date | number): AgendaWeekend {
  const today = businessDateOf(now);
  const weekday = weekdayOf(today);
  const saturday = isWeekendDate(today) ? shiftDate(today, weekday === 0 ? -1 : 0) : shiftDate(today, 6 - weekday);
  return { saturday, sunday: shiftDate(saturday, 1) };
}

/** "Saturday, November 28" for a New York day. */
export function agendaDayHeading(date: BusinessDate): string {
  return format(inBusinessZone(businessDayStart(date)), 'EEEE, MMMM d');
}

/** The customer's full address, as a map search wants it. */
export function fullAddress(customer: AdminAppointment['customer']): string {
  const { streetAddress, city, state, zipCode } = customer;
  return [streetAddress, city, `${state} ${zipCode}`.trim()].filter(Boolean).join(', ');
}

/** A map search for an address, opened in Google Maps. */
export function mapSearchHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** The open visits of the weekend shown at `now`, by New York day, each day in time order. */
export function weekendAgenda(appointments: readonly AdminAppointment[], now: Date | number): WeekendAgenda {
  const weekend = agendaWeekend(now);
  const timed = appointments
    .map((appointment) => ({ appointment, startsAt: Date.parse(appointment.startsAt) }))
    .filter(({ startsAt }) => !Number.isNaN(startsAt))
    .sort((a, b) => a.startsAt - b.startsAt || a.appointment.id.localeCompare(b.appointment.id));
  const dayOf = (date: BusinessDate): AgendaDay => ({
    date,
    heading: agendaDayHeading(date),
    appointments: timed
      .filter(({ startsAt }) => businessDateOf(startsAt) === date)
      .map(({ appointment, startsAt }) => ({ appointment, time: format(inBusinessZone(startsAt), 'hh:mmaaa') })),
  });
  const days: [AgendaDay, AgendaDay] = [dayOf(weekend.saturday), dayOf(weekend.sunday)];
  return { weekend, days, count: days[0].appointments.length + days[1].appointments.length };
}
