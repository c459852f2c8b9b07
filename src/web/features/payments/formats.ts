import { formatDollars } from '../../../shared/appointments.ts';
import { BUSINESS_TIME_ZONE } from '../../../shared/business.ts';
import { formatAppointmentTime } from '../../../shared/business-time.ts';
import { activeLocale } from '../../lib/i18n.ts';

/**
 * Amounts and visit times of the payment screens in the active language. English keeps the spec's formats exactly
 * ("$75.00", "Saturday, November 28, 2026 at 08:00am"); Spanish uses `Intl`, in New York time. A component that
 * shows them uses `useLingui()`, so that it shows them again when the language changes.
 */

const SPANISH_DATE = new Intl.DateTimeFormat('es', {
  timeZone: BUSINESS_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const SPANISH_TIME = new Intl.DateTimeFormat('es', { timeZone: BUSINESS_TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true });
const SPANISH_HOUR = new Intl.DateTimeFormat('es', { timeZone: BUSINESS_TIME_ZONE, hour: 'numeric', hour12: true });

/** "$75.00" in English, "75,00 US$" in Spanish. */
export function money(cents: number): string {
  const locale = activeLocale();
  return locale === 'es'
    ? new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100)
    : `$${formatDollars(cents)}`;
}

/** "Saturday, November 28, 2026 at 08:00am" or "sábado, 28 de noviembre de 2026 a las 8:00 a. m.", New York time. */
export function visitTime(instant: Date | number): string {
  if (activeLocale() !== 'es') return formatAppointmentTime(instant);
  // "a la una", "a las ocho".
  const at = SPANISH_HOUR.formatToParts(instant).find((part) => part.type === 'hour')?.value === '1' ? 'a la' : 'a las';
  return `${SPANISH_DATE.format(instant)} ${at} ${SPANISH_TIME.format(instant)}`;
}
