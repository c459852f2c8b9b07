import { english } from './english.ts';

/** User-facing texts shared by the server and the browser (kept free of dependencies for the first bundle). */
export const GENERIC_SERVER_ERROR_MESSAGE = english('Something went wrong on our side. Please try again in a moment.');
export const NETWORK_ERROR_MESSAGE = english('We could not reach the server. Please check your internet connection and try again.');
export const MAINTENANCE_MESSAGE = english('Sorry, we are down for maintenance now. Be back soon!');

/** A refused attempt (a rate limit), by the unit of the wait: what the browser shows, in the customer's language. */
export const TOO_MANY_ATTEMPTS = {
  second: english('Too many attempts. Please try again in {count, plural, one {# second} other {# seconds}}.'),
  minute: english('Too many attempts. Please try again in {count, plural, one {# minute} other {# minutes}}.'),
} as const;

/** The wait before the next attempt, in whole seconds under a minute, else in whole minutes: the params of RATE_LIMITED. */
export function attemptWait(milliseconds: number): { count: number; unit: keyof typeof TOO_MANY_ATTEMPTS } {
  const seconds = Math.max(1, Math.ceil(milliseconds / 1000));
  return seconds < 60 ? { count: seconds, unit: 'second' } : { count: Math.ceil(seconds / 60), unit: 'minute' };
}

/** The wait before the next attempt, as the server's message says it: English, TOO_MANY_ATTEMPTS with its count filled in. */
export function tooManyAttempts(milliseconds: number): string {
  const { count, unit } = attemptWait(milliseconds);
  return `Too many attempts. Please try again in ${count} ${unit}${count === 1 ? '' : 's'}.`;
}
