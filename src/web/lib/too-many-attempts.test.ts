// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import { tooManyAttempts } from '../../shared/messages.ts';
import { activateLocale, translate } from './i18n.ts';

describe("a rate limit's wait, as the server sends it and as the customer reads it", () => {
  afterAll(async () => {
    await activateLocale('en');
  });

  it('is English from the server, in seconds under a minute and in whole minutes after', () => {
    expect(tooManyAttempts(0)).toBe('Too many attempts. Please try again in 1 second.');
    expect(tooManyAttempts(42_100)).toBe('Too many attempts. Please try again in 43 seconds.');
    expect(tooManyAttempts(60_000)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tooManyAttempts(14 * 60_000 + 1)).toBe('Too many attempts. Please try again in 15 minutes.');
  });

  it('reads in Spanish with its count for a Spanish customer, and as it came in English', async () => {
    await activateLocale('es');
    expect(translate(tooManyAttempts(14 * 60_000))).toBe('Demasiados intentos. Por favor, vuelva a intentarlo en 14 minutos.');
    expect(translate(tooManyAttempts(1000))).toBe('Demasiados intentos. Por favor, vuelva a intentarlo en 1 segundo.');
    await activateLocale('en');
    expect(translate(tooManyAttempts(14 * 60_000))).toBe('Too many attempts. Please try again in 14 minutes.');
  });
});
