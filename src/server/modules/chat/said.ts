import type { Locale } from '../../../shared/locale.ts';
import { translatorFor } from '../../i18n.ts';

/**
 * How the assistant's answers are written once (issue 41): each is an English message marked `english('…')`, with
 * an ICU placeholder (`{phone}`, `{minutes}`) for every fact, and src/server/locales/es.po holds its Spanish, as for
 * the e-mails. A value is the same in both languages (a number, a phone number, a name), words given in each
 * language (a list of days, a button's name), a text of src/shared with the site's own Spanish (`fact`), or another
 * message of its own (the owner's cut-off rule).
 */

/** Words given in each language: a list of days, a button as each language's screens name it. */
export type Words = { readonly [L in Locale]: string };
/** An English message (its own catalogue id) and the values of its placeholders. */
export type Said = { readonly message: string; readonly values: Readonly<Record<string, Value>> };
export type Value = string | number | Words | Said;

export const said = (message: string, values: Readonly<Record<string, Value>> = {}): Said => ({ message, values });
export const words = (en: string, es: string): Words => ({ en, es });

/**
 * Texts of src/shared the site shows (a service's description, a security lesson, the technician's bio), joined by
 * spaces: in English as they are, in Spanish as the site translates them. Their Spanish is the site's own, from
 * src/shared/locales/facts/es.po, which the server's translator loads with its own catalogue (src/server/i18n.ts), so
 * one English fact has one Spanish, on the site and in the assistant's answers (issue 41).
 */
export const fact = (...texts: readonly string[]): Words =>
  words(texts.join(' '), texts.map((text) => translatorFor('es').t(text)).join(' '));

const isSaid = (value: Value): value is Said => typeof value === 'object' && 'message' in value;

/** A value in `locale`: numbers stay numbers, for the catalogue's plural forms. */
function valueIn(value: Value, locale: Locale): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  return isSaid(value) ? say(value, locale) : value[locale];
}

/** The message in `locale`, from the server's catalogues (English: the message itself), its placeholders filled. */
export function say(text: Said | Words, locale: Locale): string {
  if (!isSaid(text)) return text[locale];
  const values = Object.fromEntries(Object.entries(text.values).map(([name, value]) => [name, valueIn(value, locale)]));
  return translatorFor(locale).t(text.message, values);
}

/** Every English message a Said holds, its own and its values' (for the test that each has its Spanish). */
export function messagesOf(text: Said | Words): string[] {
  if (!isSaid(text)) return [];
  return [text.message, ...Object.values(text.values).flatMap((value) => (typeof value === 'object' ? messagesOf(value) : []))];
}
