import { z } from 'zod';

/** Limits of an error-log entry; longer text is cut, never refused, so an error is never lost. */
export const ERROR_MESSAGE_MAX_LENGTH = 4000;
export const ERROR_FIELD_MAX_LENGTH = 200;
/** Largest body the browser may send to the error-log endpoint, in bytes. */
export const CLIENT_ERROR_BODY_LIMIT = 16 * 1024;

const clipped = (max: number) => z.string().transform((value) => value.slice(0, max));

/** What the browser reports. The user id is never taken from the browser; the server knows who is signed in. */
export const ClientErrorReportSchema = z.object({
  errorMessage: clipped(ERROR_MESSAGE_MAX_LENGTH).pipe(z.string().min(1)),
  componentName: clipped(ERROR_FIELD_MAX_LENGTH).pipe(z.string().min(1)),
  appointmentIdentifier: clipped(ERROR_FIELD_MAX_LENGTH).optional(),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;

/** Placeholder user ids the spec's log uses when no signed-in user is involved. */
export const NO_USER_ID = 'No user id';
