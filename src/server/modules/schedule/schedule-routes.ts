import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import {
  BookingRulesSchema,
  CalendarFeedAddressSchema,
  CalendarFeedStatusSchema,
  CloseTimeSchema,
  SCHEDULE_TEXTS,
  TimeOffSchema,
} from '../../../shared/schedule.ts';
import { requireAdmin } from '../../plugins/session.ts';
import type { ScheduleService } from './schedule-service.ts';

const IdSchema = z.object({ id: z.uuid({ error: SCHEDULE_TEXTS.notFound }) });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/**
 * The owner's schedule in the back office: time off and the booking rules. Admins only: under /api/admin, each
 * route is guarded as its request arrives (plugins/session.ts), before anything is read or validated.
 */
export const scheduleRoutes: FastifyPluginAsyncZod<{ schedule: ScheduleService }> = async (app, { schedule }) => {
  app.get('/api/admin/time-off', { schema: { response: { 200: z.array(TimeOffSchema), ...errors } } }, async () => schedule.list());

  app.post(
    '/api/admin/time-off',
    { schema: { body: CloseTimeSchema, response: { 201: TimeOffSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await schedule.close(requireAdmin(request), request.body)),
  );

  app.post(
    '/api/admin/time-off/:id/reopen',
    { schema: { params: IdSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await schedule.reopen(requireAdmin(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get('/api/admin/booking-rules', { schema: { response: { 200: BookingRulesSchema, ...errors } } }, async () => schedule.rules());

  app.put(
    '/api/admin/booking-rules',
    { schema: { body: BookingRulesSchema, response: { 200: BookingRulesSchema, ...errors } } },
    async (request) => schedule.changeRules(requireAdmin(request), request.body),
  );

  app.get('/api/admin/calendar-feed', { schema: { response: { 200: CalendarFeedStatusSchema, ...errors } } }, async () =>
    schedule.feedStatus(),
  );

  app.post('/api/admin/calendar-feed', { schema: { response: { 201: CalendarFeedAddressSchema, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await schedule.replaceFeed(requireAdmin(request))),
  );

  app.delete('/api/admin/calendar-feed', { schema: { response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await schedule.removeFeed(requireAdmin(request));
    return reply.code(204).send(null);
  });
};
