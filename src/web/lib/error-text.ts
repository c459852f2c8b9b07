import type { ErrorParams } from '../../shared/api-error.ts';
import { ERROR_TEMPLATES, type ErrorTemplate } from '../../shared/error-texts.ts';
import { GENERIC_SERVER_ERROR_MESSAGE } from '../../shared/messages.ts';
import { ApiRequestError } from './api-client.ts';
import { isTranslated, translate } from './i18n.ts';

/** The templates of the errors sent with values: those any screen may meet, and those the loaded features added. */
const templates: Record<string, ErrorTemplate> = { ...ERROR_TEMPLATES };

/**
 * Adds a feature's refusals with values (its code → template table): called by the feature's API module, so that
 * the templates load with the screens that can meet those refusals, not with every first load.
 */
export function registerErrorTemplates(more: Readonly<Record<string, ErrorTemplate>>): void {
  Object.assign(templates, more);
}

/**
 * The server's explanation of a failed call, in the active language: an error with values (`params`) is shown from
 * its code's template (src/shared/error-texts.ts and the features' tables) with those values; any other by its
 * message, which is the English id of a catalogue message (`english('…')`). A message no loaded catalogue holds is
 * shown in English as the server sent it. Undefined for a failure that is not the server's answer (our own code threw).
 */
export function errorText(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  return serverErrorText(error);
}

/** The same, for the error body's parts (`{ code, message, params? }`). */
export function serverErrorText({ code, message, params }: { code: string; message: string; params?: ErrorParams | undefined }): string {
  const template = params && Object.hasOwn(templates, code) ? templates[code] : undefined;
  const id = typeof template === 'function' && params ? template(params) : template;
  // A template no loaded catalogue holds (a plural one cannot be filled in here): the server's English instead.
  return typeof id === 'string' && isTranslated(id) ? translate(id, params) : translate(message);
}

/** A failure's explanation for a toast or a banner: the server's, else the generic one, in the active language. */
export function failureText(error: unknown): string {
  return errorText(error) ?? translate(GENERIC_SERVER_ERROR_MESSAGE);
}
