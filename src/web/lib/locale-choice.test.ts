// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../shared/account.ts';

/** The active language, as the stand-in for i18n.ts keeps it; `activated`, every switch the session asked for. */
const language = vi.hoisted(() => ({ locale: 'en', activated: [] as string[] }));

vi.mock('./i18n.ts', () => ({
  i18n: language,
  activeLocale: () => (language.locale === 'es' ? 'es' : 'en'),
  activateLocale: async (locale: string) => {
    language.activated.push(locale);
    language.locale = locale;
  },
}));

const { clearSession, currentSession, setProfile, setSession } = await import('./session.ts');
const { saveLocaleChoice } = await import('./locale-choice.ts');

const signedIn = (locale?: 'en' | 'es', id = 'u1'): Me => ({
  user: { id, email: 'mary@example.com', emailVerified: true, isAdmin: false },
  profile: null,
  ...(locale ? { locale } : {}),
});

const localeWrites = () => vi.mocked(fetch).mock.calls.filter(([url]) => url === '/api/account/locale');

describe('the signed-in customer’s saved language', () => {
  beforeEach(() => {
    language.locale = 'en';
    language.activated = [];
    clearSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('is activated when the customer signs in and it differs from the one shown', async () => {
    setSession(signedIn('es'));
    await vi.waitFor(() => expect(language.activated).toEqual(['es']));
  });

  it('changes nothing when it is the one shown, or for a visitor', () => {
    setSession(signedIn('en'));
    setSession({ user: null, profile: null });
    expect(language.activated).toEqual([]);
  });

  it('is followed once per sign-in: a later change of the same session does not switch back', () => {
    setSession(signedIn('es'));
    language.locale = 'en';
    setProfile({
      firstName: 'Mary',
      lastName: 'Smith',
      phoneNumber: '631-555-0142',
      streetAddress: '1 Main Street',
      city: 'Islip',
      state: 'NY',
      zipCode: '11751',
      email: 'mary@example.com',
      isCompleted: true,
      isAdmin: false,
      wantsTexts: false,
      textsStopped: false,
      textsConfirmed: false,
    });
    expect(language.activated).toEqual(['es']);
  });

  it('gives way to a ?lang= the page was opened with, and to the pseudo-locale', () => {
    window.history.replaceState(null, '', '/home?lang=en');
    setSession(signedIn('es'));
    window.history.replaceState(null, '', '/');
    clearSession();
    language.locale = 'pseudo';
    setSession(signedIn('es'));
    expect(language.activated).toEqual([]);
  });

  it('is saved on the server when a signed-in customer chooses another language, and kept in the session', async () => {
    setSession(signedIn('en'));
    await saveLocaleChoice('es');
    expect(localeWrites()).toHaveLength(1);
    const [, init] = localeWrites()[0] ?? [];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ locale: 'es' });
    expect(currentSession().me.locale).toBe('es');
    await saveLocaleChoice('es');
    expect(localeWrites()).toHaveLength(1);
  });

  it('is not sent for a visitor, whose choice stays on this browser', async () => {
    await saveLocaleChoice('es');
    expect(localeWrites()).toEqual([]);
  });
});
