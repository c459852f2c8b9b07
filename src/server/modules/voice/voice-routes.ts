import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { ReminderCallChoiceSchema, ReminderCallsSchema } from '../../../shared/reminder-calls.ts';
import { HttpError } from '../../plugins/errors.ts';
import { requireVerifiedUser } from '../../plugins/session.ts';
import { isTwilioSignatureValid } from '../texts/index.ts';
import type { ReminderCallService } from './reminder-call-service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 409: ApiErrorSchema };
const TWIML = 'text/xml; charset=utf-8';

/** The customer's yes or no to a reminder call the day before (registered only when REMINDER_CALLS is on). */
export const reminderCallChoiceRoutes: FastifyPluginAsyncZod<{ calls: ReminderCallService }> = async (app, { calls }) => {
  app.put(
    '/api/account/reminder-calls',
    { config: { access: 'verified' }, schema: { body: ReminderCallChoiceSchema, response: { 200: ReminderCallsSchema, ...errors } } },
    async (request) => calls.choose(requireVerifiedUser(request), request.body.wanted),
  );
};

/**
 * Twilio's request when a key is pressed during a reminder call (decision 040), at PUBLIC_URL/api/voice/reminder/<token>:
 * refused with 403 unless Twilio signed it (X-Twilio-Signature, with the auth token, over this address and the
 * form's fields) and the token names a visit and is still good. Registered only with Twilio's settings.
 */
export const voiceWebhookRoutes: FastifyPluginAsyncZod<{ calls: ReminderCallService; authToken: string }> = async (
  app,
  { calls, authToken },
) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post(
    '/api/voice/reminder/:token',
    {
      bodyLimit: 16 * 1024,
      schema: { params: z.object({ token: z.string().min(1).max(100) }), body: z.record(z.string(), z.string()) },
    },
    async (request, reply) => {
      const url = `${app.config.publicUrl}/api/voice/reminder/${request.params.token}`;
      const signature = request.headers['x-twilio-signature'];
      if (!(await isTwilioSignatureValid(authToken, typeof signature === 'string' ? signature : undefined, url, request.body))) {
        request.log.warn('a reminder-call webhook came without a valid Twilio signature: refused');
        throw new HttpError(403, 'FORBIDDEN', 'This request is not signed by Twilio.');
      }
      const answer = await calls.answer(request.params.token, request.body.Digits);
      if (answer === undefined) {
        request.log.warn('a reminder-call webhook named no visit or an expired one: refused');
        throw new HttpError(403, 'FORBIDDEN', 'This call is not valid any more.');
      }
      return reply.type(TWIML).send(answer);
    },
  );
};
