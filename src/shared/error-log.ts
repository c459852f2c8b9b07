/** Limits of an error-log entry; longer text is cut, never refused, so an error is never lost. */
export const ERROR_MESSAGE_MAX_LENGTH = 4000;
export const ERROR_FIELD_MAX_LENGTH = 200;
/** Largest body the browser may send to the error-log endpoint, in bytes. */
export const CLIENT_ERROR_BODY_LIMIT = 16 * 1024;
/** The user id the spec's log uses when no signed-in user is involved. */
export const NO_USER_ID = 'No user id';

/** PostgreSQL text cannot hold U+0000: an error report keeps its text, with each one written as U+FFFD. */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD');
}

/** A failure to keep in the error log, as any part of the server reports it (the error-log module stores it). */
export type ErrorReport = {
  userId?: string | undefined;
  errorMessage: string;
  appointmentIdentifier?: string | undefined;
  componentName: string;
  source: 'server' | 'browser';
};

/** Keeps a failure in the error log: the function the server's parts are given (the error-log module makes it). */
export type ErrorRecorder = (report: ErrorReport) => Promise<void>;
