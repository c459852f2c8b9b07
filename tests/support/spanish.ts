import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatter } from '@lingui/format-po';
import { fillIn } from '../../src/shared/english.ts';
import { callAs } from './back-office-people.ts';
import { createVerifiedAccount, type HttpCustomer } from './booking-customers.ts';

/**
 * The Spanish catalogues (decision 016), read by the browser tests that walk screens in Spanish, so that they
 * look for what the catalogue says a Spanish-speaking customer sees rather than a second copy of it.
 */
export const CATALOGUES = {
  web: ['src/web/locales/es.po'],
  site: ['src/shared/locales/site/es.po'],
  // The account texts of src/shared and the signed-out forms have catalogues of their own (decision 019).
  shared: ['src/shared/locales/es.po', 'src/shared/locales/facts/es.po', 'src/shared/locales/forms/es.po'],
  app: ['src/web/app/locales/es.po'],
  accounts: ['src/web/features/accounts/locales/es.po', 'src/web/features/accounts/locales/forms/es.po'],
  appointments: ['src/web/features/appointments/locales/es.po'],
  payments: ['src/web/features/payments/locales/es.po'],
  server: ['src/server/locales/es.po'],
  public: ['src/web/locales/public/es.po'],
  chat: ['src/web/features/chat/locales/es.po'],
} as const;
export type Part = keyof typeof CATALOGUES;

/** A browser that prefers Spanish, in New York time. */
export const SPANISH_BROWSER = { locale: 'es-US', timezoneId: 'America/New_York' };

const translations = new Map<Part, Map<string, string>>();

/** Reads every Spanish catalogue once per worker; call it in `beforeAll` before `es`. */
export async function loadCatalogues(): Promise<void> {
  if (translations.size > 0) return;
  const po = formatter({ lineNumbers: false });
  for (const [part, files] of Object.entries(CATALOGUES) as [Part, readonly string[]][]) {
    const messages = new Map<string, string>();
    for (const file of files) {
      const filename = fileURLToPath(new URL(`../../${file}`, import.meta.url));
      const parsed = await po.parse(readFileSync(filename, 'utf8'), { locale: 'es', sourceLocale: 'en', filename });
      for (const [id, message] of Object.entries(parsed)) {
        if (!message.obsolete && message.translation) messages.set(message.message ?? id, message.translation);
      }
    }
    translations.set(part, messages);
  }
}

/** The Spanish of an English message in one catalogue, with its `{name}` placeholders filled in. */
export function es(part: Part, english: string, values: Record<string, string> = {}): string {
  const spanish = translations.get(part)?.get(english);
  if (!spanish) throw new Error(`${CATALOGUES[part].join(' and ')} have no Spanish for "${english}"`);
  return fillIn(spanish, values);
}

/**
 * The catalogues' English sentences (two words or more, without placeholders) whose Spanish differs: one of them
 * on a Spanish screen is a text left in English.
 */
export function englishSentences(): string[] {
  const sentences = new Set<string>();
  for (const messages of translations.values()) {
    for (const [english, spanish] of messages) {
      if (english !== spanish && /\w+ \w+/.test(english) && !/[{}<]/.test(english)) sentences.add(english);
    }
  }
  return [...sentences];
}

/**
 * How the app writes a visit's time in Spanish, New York time ("sábado, 28 de noviembre de 2026 a las 9:30 a. m."),
 * worked out here from Intl on its own, so that the tests do not check src/shared/locale-format.ts against itself.
 */
export function expectedSpanishTime(instant: Date): string {
  const spanish = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('es', { timeZone: 'America/New_York', ...options });
  const at =
    spanish({ hour: 'numeric', hourCycle: 'h12' })
      .formatToParts(instant)
      .find((part) => part.type === 'hour')?.value === '1'
      ? 'a la'
      : 'a las';
  return `${spanish({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(instant)} ${at} ${spanish({ hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }).format(instant)}`;
}

/** Spaces as a person sees them: Intl puts no-break spaces in "8:00 a. m.". */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** A pattern for a name that begins with this text (a button named "Editar la descripción de …"). */
export const startingWith = (text: string): RegExp => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/**
 * A verified, signed-in account, made over HTTP (createVerifiedAccount), whose saved language is Spanish: the app
 * follows a signed-in customer's saved language (decision 016), so an account left in English would turn a
 * Spanish browser's screens back to English as soon as it signs in.
 */
export async function createSpanishAccount(baseUrl: string, email: string, { profile = false } = {}): Promise<HttpCustomer> {
  const customer = await createVerifiedAccount(baseUrl, email, { profile });
  await callAs(baseUrl, customer, 'PUT', '/api/account/locale', { locale: 'es' });
  return customer;
}
