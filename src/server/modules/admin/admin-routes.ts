import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAppointmentSchema,
  AdminAppointmentUpdateSchema,
  AuditEntrySchema,
  ErrorLogQuerySchema,
  ErrorPageSchema,
  PaidListSchema,
  PeriodQuerySchema,
  UpdateOutcomeSchema,
} from '../../../shared/admin.ts';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { RescheduleAppointmentSchema } from '../../../shared/appointments.ts';
import { OnMyWayAnswerSchema, OnMyWayRequestSchema } from '../../../shared/on-the-way.ts';
import { requireAdmin } from '../../plugins/session.ts';
import type { AdminService } from './admin-service.ts';

const IdSchema = z.object({ id: z.string().min(1).max(100) });
const UuidSchema = z.object({ id: z.uuid({ error: 'That entry was not found.' }) });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/**
 * The back office. Every route here answers admins only: being under /api/admin, each is guarded as its request
 * arrives (plugins/session.ts), before its body is read or validated.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ admin: AdminService }> = async (app, { admin }) => {
  app.get('/api/admin/appointments', { schema: { response: { 200: z.array(AdminAppointmentSchema), ...errors } } }, async () =>
    admin.open(),
  );

  app.patch(
    '/api/admin/appointments/:id',
    {
      schema: {
        params: IdSchema,
        body: AdminAppointmentUpdateSchema,
        response: { 200: UpdateOutcomeSchema, ...errors },
      },
    },
    async (request) => admin.update(requireAdmin(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/appointments/:id',
    { schema: { params: IdSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await admin.remove(requireAdmin(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/appointments/:id/on-my-way',
    { schema: { params: IdSchema, body: OnMyWayRequestSchema, response: { 200: OnMyWayAnswerSchema, ...errors } } },
    async (request) => admin.onMyWay(requireAdmin(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/appointments/:id/reschedule',
    { schema: { params: IdSchema, body: RescheduleAppointmentSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await admin.move(requireAdmin(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/appointments/:id/history',
    { schema: { params: IdSchema, response: { 200: z.array(AuditEntrySchema), ...errors } } },
    async (request) => admin.history(request.params.id),
  );

  app.get('/api/admin/completed', { schema: { response: { 200: z.array(AdminAppointmentSchema), ...errors } } }, async () =>
    admin.completed(),
  );

  app.get(
    '/api/admin/paid',
    {
      schema: {
        querystring: PeriodQuerySchema,
        response: { 200: PaidListSchema, ...errors },
      },
    },
    async (request) => admin.paid(request.query.from, request.query.to),
  );

  app.get('/api/admin/paid.csv', { schema: { querystring: PeriodQuerySchema } }, async (request, reply) => {
    const csv = await admin.paidCsv(request.query.from, request.query.to);
    const name = `techhelp-paid-${request.query.from ?? 'start'}-to-${request.query.to ?? 'today'}.csv`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv);
  });

  app.get(
    '/api/admin/errors',
    {
      schema: {
        querystring: ErrorLogQuerySchema,
        response: {
          200: ErrorPageSchema,
          ...errors,
        },
      },
    },
    async (request) => admin.errors(request.query.page),
  );

  app.delete(
    '/api/admin/errors/:id',
    { schema: { params: UuidSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await admin.deleteError(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
