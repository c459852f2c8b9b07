import type { ErrorParams } from './api-error.ts';
import { TOO_MANY_ATTEMPTS } from './messages.ts';

/**
 * The template of each error code that the server sends with values (`params`): the `english('…')` message, with
 * `{name}` placeholders, that the server filled in English for `message` and that the browser shows in the active
 * language with the same values (src/web/lib/error-text.ts). A code sends values with one template only; its other
 * refusals (NOT_ALLOWED for a completed visit) send none and are shown by their message, which is their template.
 * The back office's refusals with values (the owner's move outside the window) stay English and are not listed.
 */
export type ErrorTemplate = string | ((params: ErrorParams) => string);

/**
 * The templates any screen may need (a rate limit answers any form). A feature's own refusals with values are in its
 * own table (APPOINTMENT_ERROR_TEMPLATES), which the browser loads with that feature's screens only.
 */
export const ERROR_TEMPLATES: Readonly<Record<string, ErrorTemplate>> = {
  RATE_LIMITED: ({ unit }) => (unit === 'minute' ? TOO_MANY_ATTEMPTS.minute : TOO_MANY_ATTEMPTS.second),
};
