import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { CalendarImportAddressSchema, CalendarImportStatusSchema } from '../../../shared/schedule.ts';
import { requireAdmin } from '../../plugins/session.ts';
import type { CalendarImportService } from './calendar-import.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/**
 * The owner's own calendar in the back office (issue 39): its status, its address (set, replaced, removed) and
 * "Fetch now". Admins only: under /api/admin, each route is guarded as its request arrives (plugins/session.ts).
 */
export const calendarImportRoutes: FastifyPluginAsyncZod<{ calendarImport: CalendarImportService }> = async (app, { calendarImport }) => {
  app.get('/api/admin/calendar-import', { schema: { response: { 200: CalendarImportStatusSchema, ...errors } } }, async (request) => {
    requireAdmin(request);
    return calendarImport.status();
  });

  app.put(
    '/api/admin/calendar-import',
    { schema: { body: CalendarImportAddressSchema, response: { 200: CalendarImportStatusSchema, ...errors } } },
    async (request) => calendarImport.setAddress(requireAdmin(request), request.body.url),
  );

  app.delete('/api/admin/calendar-import', { schema: { response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await calendarImport.remove(requireAdmin(request));
    return reply.code(204).send(null);
  });

  app.post(
    '/api/admin/calendar-import/fetch',
    { schema: { response: { 200: CalendarImportStatusSchema, ...errors } } },
    async (request) => {
      requireAdmin(request);
      await calendarImport.fetchNow();
      return calendarImport.status();
    },
  );
};
