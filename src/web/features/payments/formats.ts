import { formatAppointmentTimeIn, formatMoney } from '../../../shared/locale-format.ts';
import { activeLocale } from '../../lib/i18n.ts';

/**
 * Amounts and visit times of the payment screens in the active language (src/shared/locale-format.ts). A component
 * that shows them uses `useLingui()`, so that it shows them again when the language changes.
 */

/** "$75.00", in English and in Spanish (as US Spanish writes it). */
export const money = (cents: number): string => formatMoney(cents, activeLocale());

/**
 * An amount on a button, whose line may break at a space but never inside a word. Intl may join a number and its
 * sign with a no-break space, and on a phone a button breaks a unit too wide for its line anywhere (styles.css): at
 * 360 px with the text at 200 % Spain's "Pagar 75,00 US$" came out as "75,00 U" over "S$".
 */
export const buttonMoney = (cents: number): string => money(cents).replace(/\u00a0/g, ' ');

/** "Saturday, November 28, 2026 at 08:00am" or "sábado, 28 de noviembre de 2026 a las 8:00 a. m.", New York time. */
export const appointmentTime = (instant: Date | number): string => formatAppointmentTimeIn(instant, activeLocale());
