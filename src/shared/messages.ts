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

/** The wait before the next attempt, as the server sends it: English, TOO_MANY_ATTEMPTS with its count filled in. */
export function tooManyAttempts(milliseconds: number): string {
  const seconds = Math.max(1, Math.ceil(milliseconds / 1000));
  const [count, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `Too many attempts. Please try again in ${count} ${unit}${count === 1 ? '' : 's'}.`;
}

/** A text made by `tooManyAttempts`, matched back to its template and count; undefined for any other text. */
export function readTooManyAttempts(text: string): { template: string; count: number } | undefined {
  const match = /^Too many attempts\. Please try again in (\d+) (second|minute)s?\.$/.exec(text);
  if (!match) return undefined;
  return { template: TOO_MANY_ATTEMPTS[match[2] as 'second' | 'minute'], count: Number(match[1]) };
}
