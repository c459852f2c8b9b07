import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import {
  AvailabilityQuerySchema,
  AvailabilitySchema,
  BookAppointmentSchema,
  CustomerAppointmentSchema,
  DescriptionSchema,
  RescheduleAppointmentSchema,
} from '../../../shared/appointments.ts';
import { english } from '../../../shared/english.ts';
import { SCHEDULE_TEXTS } from '../../../shared/schedule.ts';
import { HttpError } from '../../plugins/errors.ts';
import { requireVerifiedUser } from '../../plugins/session.ts';
import type { AppointmentService } from './appointment-service.ts';

const IdParamsSchema = z.object({ id: z.string().regex(/^\d{8}-[0-9a-f-]{36}$/, { error: english('That visit was not found.') }) });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

export const appointmentRoutes: FastifyPluginAsyncZod<{ appointments: AppointmentService }> = async (app, { appointments }) => {
  app.get(
    '/api/appointments/availability',
    { config: { access: 'verified' }, schema: { querystring: AvailabilityQuerySchema, response: { 200: AvailabilitySchema, ...errors } } },
    async (request) => {
      return appointments.availability(request.query.month, new Date(), requireVerifiedUser(request).id);
    },
  );

  app.get(
    '/api/appointments',
    { config: { access: 'verified' }, schema: { response: { 200: z.array(CustomerAppointmentSchema), ...errors } } },
    async (request) => appointments.list(requireVerifiedUser(request)),
  );

  app.post(
    '/api/appointments',
    { config: { access: 'verified' }, schema: { body: BookAppointmentSchema, response: { 201: CustomerAppointmentSchema, ...errors } } },
    async (request, reply) => {
      const created = await appointments.book(requireVerifiedUser(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/appointments/:id/description',
    {
      config: { access: 'verified' },
      schema: { params: IdParamsSchema, body: DescriptionSchema, response: { 200: CustomerAppointmentSchema, ...errors } },
    },
    async (request) => appointments.describe(requireVerifiedUser(request), request.params.id, request.body.description),
  );

  app.post(
    '/api/appointments/:id/reschedule',
    {
      config: { access: 'verified' },
      schema: { params: IdParamsSchema, body: RescheduleAppointmentSchema, response: { 200: CustomerAppointmentSchema, ...errors } },
    },
    async (request) => appointments.reschedule(requireVerifiedUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/appointments/:id/cancel',
    { config: { access: 'verified' }, schema: { params: IdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await appointments.cancel(requireVerifiedUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // The owner's calendar feed, to subscribe to from a phone: its address is its key, so no session is asked for.
  app.get(
    '/calendar/:file',
    { schema: { params: z.object({ file: z.string().max(200) }), response: { 200: z.string(), 404: ApiErrorSchema } } },
    async (request, reply) => {
      const feed = await appointments.ownerFeed(request.params.file);
      if (feed === undefined) throw new HttpError(404, 'NOT_FOUND', SCHEDULE_TEXTS.feedNotFound);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(feed);
    },
  );
};
