import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteAccountSchema } from '../../../shared/account.ts';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { requireVerifiedUser } from '../../plugins/session.ts';
import type { PrivacyService } from './privacy-service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 409: ApiErrorSchema };

/** GET /api/account/export (a JSON download) and POST /api/account/delete (decision 024). */
export const privacyRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (app, { privacy }) => {
  app.get('/api/account/export', { config: { access: 'verified' } }, async (request, reply) => {
    const viewer = requireVerifiedUser(request);
    const data = await privacy.export(viewer);
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="techhelp-my-data-${day}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.post(
    '/api/account/delete',
    {
      config: { access: 'verified' },
      schema: { body: DeleteAccountSchema, response: { 200: z.object({ cancelled: z.number().int() }), ...errors } },
    },
    async (request, reply) => {
      const viewer = requireVerifiedUser(request);
      // An account without a password is confirmed by how recent this session's sign-in is (issue 36).
      const outcome = await privacy.deleteAccount(viewer, request.sessionId ?? '', request.body.confirmation);
      // The session is gone from the database; the browser forgets its cookie too.
      reply.clearCookie('techhelp.session_token', { path: '/' });
      return outcome;
    },
  );
};
