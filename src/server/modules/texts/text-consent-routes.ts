import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { TEXT_CODE_MESSAGES, TextCodeSchema } from '../../../shared/text-messages.ts';
import { HttpError } from '../../plugins/errors.ts';
import { requireVerifiedUser } from '../../plugins/session.ts';
import type { TextService } from './text-service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 409: ApiErrorSchema, 429: ApiErrorSchema };

/**
 * The customer proves their number before any text but the code goes to it (decision 031): a new code on request,
 * within the limits, and the code typed back.
 */
export const textConsentRoutes: FastifyPluginAsyncZod<{ texts: TextService }> = async (app, { texts }) => {
  app.post(
    '/api/account/texts/code',
    { config: { access: 'verified' }, schema: { response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
    async (request) => {
      const outcome = await texts.sendCode(requireVerifiedUser(request).id);
      if (outcome === 'sent') return { ok: true as const };
      if (outcome === 'limited') throw new HttpError(429, 'TOO_MANY_CODES', TEXT_CODE_MESSAGES.limited);
      if (outcome === 'taken') throw new HttpError(409, 'NUMBER_TAKEN', TEXT_CODE_MESSAGES.taken);
      if (outcome === 'stopped') throw new HttpError(409, 'NUMBER_STOPPED', TEXT_CODE_MESSAGES.stopped);
      throw new HttpError(409, 'NOTHING_TO_CONFIRM', TEXT_CODE_MESSAGES.off);
    },
  );

  app.post(
    '/api/account/texts/confirm',
    {
      config: { access: 'verified' },
      schema: { body: TextCodeSchema, response: { 200: z.object({ ok: z.literal(true) }), ...errors } },
    },
    async (request) => {
      await texts.confirmCode(requireVerifiedUser(request).id, request.body.code);
      return { ok: true as const };
    },
  );
};
