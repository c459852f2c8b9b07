import { z } from 'zod';

/** The one error shape every API failure answers with. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const GENERIC_SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';
export const MAINTENANCE_MESSAGE = 'Sorry, we are down for maintenance now. Be back soon!';
