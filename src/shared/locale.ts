/** The customers' languages (decision 016). Free of dependencies: part of every first load. */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'es';

/** `?lang=es` on any page opens it in that language: the links in e-mails carry the customer's. */
export const LOCALE_QUERY_PARAMETER = 'lang';

/** Each language's name in itself, for the switcher in the header. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };
