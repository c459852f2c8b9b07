import { z } from 'zod';

/** The one error shape every API failure answers with: { error: { code, message } }. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
