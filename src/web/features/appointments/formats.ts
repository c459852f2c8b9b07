import { msg } from '@lingui/core/macro';
import { format } from 'date-fns/format';
import { BUSINESS_TIME_ZONE, type SlotLabel } from '../../../shared/business.ts';
import { type BusinessDate, inBusinessZone, slotInstant } from '../../../shared/business-time.ts';
import { formatAppointmentTimeIn, formatMoney, spanishTime, spanishTimeWithArticle } from '../../../shared/locale-format.ts';
import { activeLocale, i18n } from '../../lib/i18n.ts';

/**
 * Dates, times, amounts and visit types of the booking screens in the active language. English keeps the spec's
 * formats exactly ("Saturday, November 28, 2026 at 08:00am", "08:00am", "$45.50"); Spanish uses `Intl`, always in
 * New York time. A component that shows them uses `useLingui()`, so that it shows them again when the language changes.
 */

const spanish = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('es', { timeZone: BUSINESS_TIME_ZONE, ...options });

const SPANISH_DATE = spanish({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const SPANISH_MONTH = spanish({ month: 'long', year: 'numeric' });
const SPANISH_WEEKDAY = spanish({ weekday: 'short' });

/** "Saturday, November 28, 2026" or "sábado, 28 de noviembre de 2026", New York date. */
export function longDate(date: BusinessDate): string {
  const instant = slotInstant(date, '08:00am');
  return activeLocale() === 'es' ? SPANISH_DATE.format(instant) : format(inBusinessZone(instant), 'EEEE, MMMM d, yyyy');
}

/** "Saturday, November 28, 2026 at 08:00am" or "sábado, 28 de noviembre de 2026 a las 8:00 a. m.", New York time. */
export function appointmentTime(instant: Date | number): string {
  return formatAppointmentTimeIn(instant, activeLocale(), 'all');
}

/**
 * A slot's time as the picker shows it: the spec's "08:00am" in English, "8:00 a. m." in Spanish (which may break
 * after "8:00" in a narrow button).
 */
export function slotTime(label: SlotLabel, startsAt: Date): string {
  return activeLocale() === 'es' ? spanishTime(startsAt, 'meridiem') : label;
}

/** An arrival time of "on my way" (issue 39): "10:40am", "10:40 a. m." (kept on one line), New York time. */
export function arrivalTime(instant: Date | number): string {
  return activeLocale() === 'es' ? spanishTimeWithArticle(instant, 'all') : format(inBusinessZone(instant), 'h:mmaaa');
}

/** "$45.50", in English and in Spanish (as US Spanish writes it). */
export function money(cents: number): string {
  return formatMoney(cents, activeLocale());
}

/** The calendar's caption in Spanish: "noviembre de 2026". */
export const spanishMonthCaption = (month: Date): string => SPANISH_MONTH.format(month);

/** The calendar's weekday heading in Spanish: "sáb". */
export const spanishWeekday = (day: Date): string => SPANISH_WEEKDAY.format(day);

const APPOINTMENT_TYPES = { remote: msg`Remote`, inPerson: msg`In-Person` };

/** The kind of visit as the list shows it: the spec's "In-Person" and "Remote" in English. */
export function appointmentType(isRemote: boolean): string {
  return i18n._(isRemote ? APPOINTMENT_TYPES.remote : APPOINTMENT_TYPES.inPerson);
}
