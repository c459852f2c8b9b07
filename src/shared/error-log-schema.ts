import { z } from 'zod';
import { ERROR_FIELD_MAX_LENGTH, ERROR_MESSAGE_MAX_LENGTH, storableText } from './error-log.ts';

const clipped = (max: number) => z.string().transform((value) => storableText(value).slice(0, max));

/** What the browser reports. The user id is never taken from the browser; the server knows who is signed in. */
export const ClientErrorReportSchema = z.object({
  errorMessage: clipped(ERROR_MESSAGE_MAX_LENGTH).pipe(z.string().min(1)),
  componentName: clipped(ERROR_FIELD_MAX_LENGTH).pipe(z.string().min(1)),
  appointmentIdentifier: clipped(ERROR_FIELD_MAX_LENGTH).optional(),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;
