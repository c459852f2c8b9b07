import { z } from 'zod';

/** The values of an error's message, by its placeholders' names (`{hours}`): what the browser translates it with. */
export type ErrorParams = Readonly<Record<string, string | number>>;

/**
 * The one error shape every API failure answers with: { error: { code, message, params? } }. `message` is the
 * English text, its values filled in; `params`, when the message has values, are those values, with which the
 * browser shows the code's template in the customer's language (src/shared/error-texts.ts).
 */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
