import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, LOCALE_QUERY_PARAMETER, LOCALES, type Locale } from '../shared/locale.ts';
import { formatAppointmentTimeIn, formatDay, formatMoney } from '../shared/locale-format.ts';
import { findUpwards } from './find-upwards.ts';

/**
 * The server's languages (decision 016): the e-mails' texts are English strings marked with `english('…')`, whose
 * English is their message id; src/server/locales/{en,es}.po hold them (and src/shared/locales with its site/, forms/, signed-in/ and facts/ those of src/shared), read once at
 * start. The build copies both next to the built code (dist/server/locales, dist/shared/locales); `CATALOGUES_ROOT`
 * finds them from wherever this code runs.
 */
export type Translator = {
  readonly locale: Locale;
  /** The English text (a message id) in this language, with its ICU placeholders filled. */
  t(english: string, values?: Record<string, unknown>): string;
  /** A visit's time as the e-mails write it, in New York time: English keeps its one fixed format. */
  appointmentTime(instant: Date | number): string;
  /** An amount in dollars: `$12.50` (in Spanish as well, as US Spanish writes it). */
  money(cents: number): string;
  /** A day in New York: `November 28, 2026`, `28 de noviembre de 2026`. */
  day(instant: Date | number): string;
  /** A link into the app that opens it in this language (`?lang=es`); English links stay as they are. */
  link(url: string): string;
};

/**
 * The folder that holds shared/locales and server/locales: src when the code runs from its sources (the tests), dist
 * once built. Found from this module's folder upwards, since the built code runs from dist/server (the server's
 * single file) and dist/server/cli (each command-line tool's).
 */
const CATALOGUES_ROOT = findCataloguesRoot();

function findCataloguesRoot(): string {
  const relative = path.join('server', 'locales', 'en.po');
  const found = findUpwards(path.dirname(fileURLToPath(import.meta.url)), relative, existsSync);
  if (!found) throw new Error('server/locales and shared/locales are missing: they must be deployed with the built server');
  return found.slice(0, -relative.length - 1);
}

function readCatalogue(relative: string, locale: Locale): Messages {
  const file = path.join(CATALOGUES_ROOT, relative);
  const catalogue = formatter().parse(readFileSync(file, 'utf8'), {
    locale,
    sourceLocale: DEFAULT_LOCALE,
    filename: file,
  }) as Record<string, { translation?: string; obsolete?: boolean }>;
  const messages: Messages = {};
  for (const [id, entry] of Object.entries(catalogue)) {
    // An entry without a translation falls back to its id, the English text.
    if (!entry.obsolete && entry.translation) messages[id] = compileMessage(entry.translation);
  }
  return messages;
}

function makeTranslator(locale: Locale, messages: Messages): Translator {
  const i18n: I18n = setupI18n({ locale, messages: { [locale]: messages } });
  // A text missing from the catalogue is its own English, compiled the same way.
  i18n.setMessagesCompiler(compileMessage);
  return {
    locale,
    t: (english, values) => i18n._(english, values),
    // As the screens write them (src/shared/locale-format.ts), so that an e-mail and a screen agree.
    appointmentTime: (instant) => formatAppointmentTimeIn(instant, locale),
    money: (cents) => formatMoney(cents, locale),
    day: (instant) => formatDay(instant, locale),
    link: (url) => {
      if (locale === DEFAULT_LOCALE) return url;
      const withLocale = new URL(url);
      withLocale.searchParams.set(LOCALE_QUERY_PARAMETER, locale);
      return withLocale.toString();
    },
  };
}

/** The e-mails' own texts, over the texts of src/shared they use too (the business's tagline). */
const messagesOf = (locale: Locale): Messages => ({
  ...readCatalogue(`shared/locales/${locale}.po`, locale),
  ...readCatalogue(`shared/locales/site/${locale}.po`, locale),
  ...readCatalogue(`shared/locales/forms/${locale}.po`, locale),
  ...readCatalogue(`shared/locales/signed-in/${locale}.po`, locale),
  ...readCatalogue(`shared/locales/facts/${locale}.po`, locale),
  ...readCatalogue(`server/locales/${locale}.po`, locale),
});

const TRANSLATORS = Object.fromEntries(LOCALES.map((locale) => [locale, makeTranslator(locale, messagesOf(locale))])) as Record<
  Locale,
  Translator
>;

/** The translator of a customer's saved language; English for anything else. */
export function translatorFor(locale: Locale | string | null | undefined): Translator {
  return locale === 'es' ? TRANSLATORS.es : TRANSLATORS.en;
}

/** The owner's and the admins' e-mails (the back office is in English). */
export const ENGLISH: Translator = TRANSLATORS.en;
