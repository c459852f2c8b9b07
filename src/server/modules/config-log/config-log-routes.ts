import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONFIG_COLLECTIONS, ConfigChangeSchema, ConfigEntrySchema } from '../../../shared/admin.ts';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { requireAdmin } from '../../plugins/session.ts';
import type { ConfigLogService } from './config-log-service.ts';

const UuidSchema = z.object({ id: z.uuid({ error: 'That entry was not found.' }) });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/**
 * The back office's configuration change log. Admins only: under /api/admin, each route is guarded as its request
 * arrives (plugins/session.ts), before anything is read or validated.
 */
export const configLogRoutes: FastifyPluginAsyncZod<{ configLog: ConfigLogService }> = async (app, { configLog }) => {
  app.get(
    '/api/admin/config-changes',
    {
      schema: {
        querystring: z.object({ collection: z.enum(CONFIG_COLLECTIONS) }),
        response: { 200: z.array(ConfigEntrySchema), ...errors },
      },
    },
    async (request) => configLog.list(request.query.collection),
  );

  app.post(
    '/api/admin/config-changes',
    { schema: { body: ConfigChangeSchema, response: { 201: ConfigEntrySchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await configLog.add(requireAdmin(request), request.body)),
  );

  app.put(
    '/api/admin/config-changes/:id',
    { schema: { params: UuidSchema, body: ConfigChangeSchema, response: { 200: ConfigEntrySchema, ...errors } } },
    async (request) => configLog.edit(request.params.id, request.body),
  );

  app.delete(
    '/api/admin/config-changes/:id',
    { schema: { params: UuidSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await configLog.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
