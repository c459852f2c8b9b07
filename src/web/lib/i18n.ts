import { i18n, type Messages } from '@lingui/core';
import { fillIn } from '../../shared/english.ts';
import { isLocale, LOCALE_QUERY_PARAMETER, type Locale } from '../../shared/locale.ts';

/**
 * The browser's languages (decision 016): Lingui, with one catalogue per part of the app, and only the active
 * language's catalogues ever downloaded. `pseudo` (accented English) is for the test that finds untranslated
 * texts; it is chosen only by `?lang=pseudo`, never offered.
 */
export type UiLocale = Locale | 'pseudo';

type Catalogue = () => Promise<{ messages: Messages }>;

/**
 * The catalogues, by part: `first`, the shell, shared components and landing page, with the name, tagline,
 * navigation and general messages of src/shared (every first load); `forms`, the signed-out forms (sign-up, login,
 * forgot password) with the account rules and texts of src/shared, with those forms and any other screen (decision
 * 019); `rules`, the business facts of src/shared and the other public pages, with them and any other page;
 * `screens`, the signed-in customer's screens and the account forms, with the rest of src/shared's texts (the rules
 * and texts of visits, payments and the chat, validation messages, the server's errors), with the first of them.
 */
export type Part = 'first' | 'forms' | 'rules' | 'screens';

const CATALOGUES: Record<Part, Record<UiLocale, Catalogue[]>> = {
  first: {
    en: [() => import('../locales/en.po'), () => import('../../shared/locales/site/en.po')],
    es: [() => import('../locales/es.po'), () => import('../../shared/locales/site/es.po')],
    pseudo: [() => import('../locales/pseudo.po'), () => import('../../shared/locales/site/pseudo.po')],
  },
  forms: {
    en: [() => import('../features/accounts/locales/forms/en.po'), () => import('../../shared/locales/forms/en.po')],
    es: [() => import('../features/accounts/locales/forms/es.po'), () => import('../../shared/locales/forms/es.po')],
    pseudo: [() => import('../features/accounts/locales/forms/pseudo.po'), () => import('../../shared/locales/forms/pseudo.po')],
  },
  rules: {
    en: [() => import('../../shared/locales/facts/en.po'), () => import('../locales/public/en.po')],
    es: [() => import('../../shared/locales/facts/es.po'), () => import('../locales/public/es.po')],
    pseudo: [() => import('../../shared/locales/facts/pseudo.po'), () => import('../locales/public/pseudo.po')],
  },
  screens: {
    en: [
      () => import('../app/locales/en.po'),
      () => import('../../shared/locales/en.po'),
      () => import('../features/accounts/locales/en.po'),
      () => import('../../shared/locales/signed-in/en.po'),
      () => import('../features/appointments/locales/en.po'),
      () => import('../features/payments/locales/en.po'),
      () => import('../features/chat/locales/en.po'),
    ],
    es: [
      () => import('../app/locales/es.po'),
      () => import('../../shared/locales/es.po'),
      () => import('../features/accounts/locales/es.po'),
      () => import('../../shared/locales/signed-in/es.po'),
      () => import('../features/appointments/locales/es.po'),
      () => import('../features/payments/locales/es.po'),
      () => import('../features/chat/locales/es.po'),
    ],
    pseudo: [
      () => import('../app/locales/pseudo.po'),
      () => import('../../shared/locales/pseudo.po'),
      () => import('../features/accounts/locales/pseudo.po'),
      () => import('../../shared/locales/signed-in/pseudo.po'),
      () => import('../features/appointments/locales/pseudo.po'),
      () => import('../features/payments/locales/pseudo.po'),
      () => import('../features/chat/locales/pseudo.po'),
    ],
  },
};

const STORAGE_KEY = 'techhelp.locale';

const isUiLocale = (value: unknown): value is UiLocale => value === 'pseudo' || isLocale(value);

function stored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The language to start in: `?lang=` (links in e-mails carry the customer's), else the one chosen before on this
 * browser, else Spanish when the browser's first preference is a Spanish, else English.
 */
export function initialLocale(): UiLocale {
  const asked = new URLSearchParams(window.location.search).get(LOCALE_QUERY_PARAMETER);
  if (isUiLocale(asked)) return asked;
  const kept = stored();
  if (isUiLocale(kept)) return kept;
  const preferred = navigator.languages?.[0] ?? navigator.language ?? '';
  return preferred.toLowerCase().startsWith('es') ? 'es' : 'en';
}

const wanted = new Set<Part>(['first']);
const loaded = new Map<string, Promise<Messages>>();

function load(locale: UiLocale, part: Part): Promise<Messages> {
  const key = `${locale}:${part}`;
  let messages = loaded.get(key);
  if (!messages) {
    messages = Promise.all(CATALOGUES[part][locale].map((catalogue) => catalogue())).then((modules) =>
      Object.assign({}, ...modules.map((module) => module.messages)),
    );
    // A failed download may be tried again (the error screen's Try again).
    messages.catch(() => loaded.delete(key));
    loaded.set(key, messages);
  }
  return messages;
}

/** The catalogues of `locale` for `parts`, as one set of messages. */
async function messagesOf(locale: UiLocale, parts: Iterable<Part>): Promise<Messages> {
  return Object.assign({}, ...(await Promise.all([...parts].map((part) => load(locale, part)))));
}

/** The switch of language under way, if any: loading more parts waits for it (loadMessages). */
let switching: Promise<unknown> = Promise.resolve();

/**
 * Shows the app in `locale`, after its catalogues have arrived; remembers the choice on this browser. Every part
 * wanted by the time they arrive comes too: a screen that asked for its part while the switch was under way (a
 * customer's saved language followed at sign-in while their home screen loads) would otherwise show message ids.
 */
export function activateLocale(locale: UiLocale): Promise<void> {
  const activation = (async () => {
    let parts: Part[];
    let messages: Messages;
    do {
      parts = [...wanted];
      messages = await messagesOf(locale, parts);
    } while (wanted.size !== parts.length);
    i18n.loadAndActivate({ locale, messages });
    document.documentElement.lang = locale === 'pseudo' ? 'en' : locale;
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // A browser that keeps nothing still shows the language for this visit.
    }
  })();
  switching = activation.catch(() => {});
  return activation;
}

/**
 * Loads more of the catalogues in the active language (lazy-route.tsx waits for them before a screen shows). A
 * switch of language under way is waited for first: it loads these parts too (they are wanted by then).
 */
export async function loadMessages(parts: Part[]): Promise<void> {
  for (const part of parts) wanted.add(part);
  await switching;
  const locale = isUiLocale(i18n.locale) ? i18n.locale : 'en';
  const messages = await messagesOf(locale, parts);
  // The language may have changed while they came: the switch loaded every wanted part, these included.
  if (i18n.locale === locale) i18n.load(locale, messages);
}

/** The active language, as the server and `Intl` know it. */
export function activeLocale(): Locale {
  return i18n.locale === 'es' ? 'es' : 'en';
}

/**
 * A message defined in src/shared or src/server (`english('…')`), in the active language, with its values: the
 * English text is its message id (src/shared/english.ts); a text no loaded catalogue holds is shown as it came, its
 * placeholders filled in. One of the two ways a text reaches the screen (docs/conventions.md); the server's errors
 * come through it by `errorText` (error-text.ts).
 */
export const translate = (english: string, values?: Readonly<Record<string, string | number>>): string =>
  english in i18n.messages ? i18n._(english, values) : fillIn(english, values ?? {});

/** Whether a loaded catalogue holds the message whose id is this English text. */
export const isTranslated = (english: string): boolean => english in i18n.messages;

export { i18n };
