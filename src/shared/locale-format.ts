import { formatDollars } from './appointments.ts';
import { BUSINESS_TIME_ZONE } from './business.ts';
import { formatAppointmentTime } from './business-time.ts';
import type { Locale } from './locale.ts';

/**
 * Visit times and amounts in a customer's language, for the screens and the e-mails alike (decision 016). English
 * keeps the spec's formats exactly ("Saturday, November 28, 2026 at 08:00am", "$45.50"); Spanish uses `Intl`,
 * always in New York time ("sábado, 28 de noviembre de 2026 a las 8:00 a. m."), and writes dollars as Spanish speakers
 * in the United States read them ("$1,234.50", Intl's `es-US`): the customers live on Long Island, the prices on the
 * service pages are written "$50", and Spain's "1234,50 US$" read as a different sum (a comma there is a thousands
 * separator to them).
 */

const spanish = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('es', { timeZone: BUSINESS_TIME_ZONE, ...options });
const SPANISH_DATE = spanish({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
// The hours 1 to 12 (`h12`): `hour12: true` gives Spanish's 0 to 11, and the 12:30pm slot read "0:30 p. m.".
const SPANISH_TIME = spanish({ hour: 'numeric', minute: '2-digit', hourCycle: 'h12' });
const SPANISH_HOUR = spanish({ hour: 'numeric', hourCycle: 'h12' });
const SPANISH_MONEY = new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' });

/**
 * On screen, no-break spaces keep "a. m." from splitting over two lines (`meridiem`: a slot button may still break
 * after "8:00") or the whole time together (`all`: in a sentence); e-mails keep Intl's own spaces.
 */
export type KeepTogether = 'none' | 'meridiem' | 'all';

/** "8:00 a. m." in New York time. */
export function spanishTime(instant: Date | number, keepTogether: KeepTogether = 'none'): string {
  const time = SPANISH_TIME.format(instant);
  if (keepTogether === 'none') return time;
  const meridiem = time.replace(/([ap]\.) (m\.)/, '$1\u00a0$2');
  return keepTogether === 'all' ? meridiem.replace(/ /g, '\u00a0') : meridiem;
}

/** A time in Spanish with its article, as "de {time}" or "a {time}" need it: "la 1:05 p. m.", "las 10:40 a. m.". */
export function spanishTimeWithArticle(instant: Date | number, keepTogether: KeepTogether = 'none'): string {
  const article = SPANISH_HOUR.formatToParts(instant).find((part) => part.type === 'hour')?.value === '1' ? 'la' : 'las';
  return `${article}${keepTogether === 'all' ? '\u00a0' : ' '}${spanishTime(instant, keepTogether)}`;
}

/** A visit's day and time. */
export function formatAppointmentTimeIn(instant: Date | number, locale: Locale, keepTogether: KeepTogether = 'none'): string {
  if (locale !== 'es') return formatAppointmentTime(instant);
  // "a la una", "a las ocho".
  const at = SPANISH_HOUR.formatToParts(instant).find((part) => part.type === 'hour')?.value === '1' ? 'a la' : 'a las';
  return `${SPANISH_DATE.format(instant)} ${at} ${spanishTime(instant, keepTogether)}`;
}

/** An amount in US dollars. */
export function formatMoney(cents: number, locale: Locale): string {
  if (locale === 'es') return SPANISH_MONEY.format(cents / 100);
  // A credit (a bill's adjustment) reads "-$14.99", the sign before the dollar.
  return cents < 0 ? `-$${formatDollars(-cents)}` : `$${formatDollars(cents)}`;
}

const DAY_FORMATS = {
  en: new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }),
  es: spanish({ day: 'numeric', month: 'long', year: 'numeric' }),
} as const;

/** A day, New York's, without its weekday: "November 28, 2026", "28 de noviembre de 2026" (an invoice's dates). */
export function formatDay(instant: Date | number, locale: Locale): string {
  return DAY_FORMATS[locale === 'es' ? 'es' : 'en'].format(instant);
}
