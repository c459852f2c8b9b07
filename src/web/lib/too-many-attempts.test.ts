// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import { attemptWait, tooManyAttempts } from '../../shared/messages.ts';
import { serverErrorText } from './error-text.ts';
import { activateLocale } from './i18n.ts';

/** The body the server sends for a rate limit (plugins/errors.ts, tooManyAttemptsError). */
const refusal = (milliseconds: number) => ({
  code: 'RATE_LIMITED',
  message: tooManyAttempts(milliseconds),
  params: attemptWait(milliseconds),
});

describe("a rate limit's wait, as the server sends it and as the customer reads it", () => {
  afterAll(async () => {
    await activateLocale('en');
  });

  it('is English from the server, in seconds under a minute and in whole minutes after, with the count and unit as params', () => {
    expect(tooManyAttempts(0)).toBe('Too many attempts. Please try again in 1 second.');
    expect(tooManyAttempts(42_100)).toBe('Too many attempts. Please try again in 43 seconds.');
    expect(tooManyAttempts(60_000)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tooManyAttempts(14 * 60_000 + 1)).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(attemptWait(42_100)).toEqual({ count: 43, unit: 'second' });
    expect(attemptWait(14 * 60_000 + 1)).toEqual({ count: 15, unit: 'minute' });
  });

  it('reads in Spanish with its count for a Spanish customer, and in English as the server said it', async () => {
    await activateLocale('es');
    expect(serverErrorText(refusal(14 * 60_000))).toBe('Demasiados intentos. Por favor, vuelva a intentarlo en 14 minutos.');
    expect(serverErrorText(refusal(1000))).toBe('Demasiados intentos. Por favor, vuelva a intentarlo en 1 segundo.');
    await activateLocale('en');
    expect(serverErrorText(refusal(14 * 60_000))).toBe('Too many attempts. Please try again in 14 minutes.');
    expect(serverErrorText(refusal(1000))).toBe('Too many attempts. Please try again in 1 second.');
  });
});
