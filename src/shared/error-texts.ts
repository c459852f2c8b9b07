import type { ErrorParams } from './api-error.ts';
import { APPOINTMENT_TEMPLATES } from './appointment-templates.ts';
import { TOO_MANY_ATTEMPTS } from './messages.ts';

/**
 * The template of each error code that the server sends with values (`params`): the `english('…')` message, with
 * `{name}` placeholders, that the server filled in English for `message` and that the browser shows in the active
 * language with the same values (src/web/lib/error-text.ts). A code sends values with one template only; its other
 * refusals (NOT_ALLOWED for a completed visit) send none and are shown by their message, which is their template.
 * The back office's refusals with values (the owner's move outside the window) stay English and are not listed.
 */
export const ERROR_TEMPLATES: Readonly<Record<string, string | ((params: ErrorParams) => string)>> = {
  TOO_SOON: APPOINTMENT_TEMPLATES.slotWithinNotice,
  NOT_ALLOWED: APPOINTMENT_TEMPLATES.pastCutoff,
  RATE_LIMITED: ({ unit }) => (unit === 'minute' ? TOO_MANY_ATTEMPTS.minute : TOO_MANY_ATTEMPTS.second),
};

/** The template an error with values is written from, or undefined for an error without (its message is its own id). */
export function errorTemplate(code: string, params: ErrorParams | undefined): string | undefined {
  if (!params || !Object.hasOwn(ERROR_TEMPLATES, code)) return undefined;
  const template = ERROR_TEMPLATES[code];
  return typeof template === 'function' ? template(params) : template;
}
