import type { LocaleChoice } from '../../shared/account.ts';
import type { Locale } from '../../shared/locale.ts';
import { ApiRequestError, apiFetch } from './api-client.ts';
import { reportError } from './error-reporter.ts';
import { currentSession, setSavedLocale } from './session.ts';

/**
 * Saves the language a signed-in customer chose (the header's switch), so that their e-mails come in it and their
 * other devices open in it (decision 016). A visitor's choice stays on this browser only. Never rejects: the screen
 * already shows the chosen language, and a failure to save it is reported, not shown.
 */
export async function saveLocaleChoice(locale: Locale): Promise<void> {
  const { me } = currentSession();
  if (!me.user || me.locale === locale) return;
  try {
    const body: LocaleChoice = { locale };
    await apiFetch<{ ok: true }>('/api/account/locale', { method: 'PUT', body });
    setSavedLocale(locale);
  } catch (error) {
    // A session that has just ended (401) has no language to save; anything else is worth the owner's notice.
    if (!(error instanceof ApiRequestError) || error.status >= 500) void reportError({ error, componentName: 'LanguageSwitch' });
  }
}
