import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { CLIENT_ERROR_BODY_LIMIT } from '../../../shared/error-log.ts';
import { ClientErrorReportSchema } from '../../../shared/error-log-schema.ts';
import { consumeRateLimit } from '../../plugins/rate-limit-store.ts';
import { ANONYMOUS_REPORTS_LIMIT } from './error-log-service.ts';

/**
 * The browser's way into the error log: small bodies, few per minute per client and, from visitors, few per
 * minute in all; the user id is the server's.
 */
export const errorLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/errors',
    {
      bodyLimit: CLIENT_ERROR_BODY_LIMIT,
      // An error is never lost: NUL characters are kept as U+FFFD by the schema rather than refused.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, acceptsNulText: true },
      schema: {
        body: ClientErrorReportSchema,
        response: { 204: z.null(), 400: ApiErrorSchema, 413: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!request.viewer) await consumeRateLimit(app.db, 'errors:anonymous', ANONYMOUS_REPORTS_LIMIT);
      await app.recordError({
        userId: request.viewerId,
        errorMessage: request.body.errorMessage,
        appointmentIdentifier: request.body.appointmentIdentifier,
        componentName: request.body.componentName,
        source: 'browser',
      });
      return reply.code(204).send(null);
    },
  );
};
