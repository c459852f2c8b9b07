import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { AdminOrderSchema, CustomerAppointmentSchema, CustomerLookupSchema, CustomerOrderSchema } from '../../../shared/appointments.ts';
import { requireAdmin, requireVerifiedUser } from '../../plugins/session.ts';
import { customerAppointment } from '../appointments/appointment-service.ts';
import { findUserByEmail, listUnpaidAppointmentsOf } from './payment-queries.ts';
import type { PaymentService } from './payment-service.ts';

const OrderSchema = z.object({ orderId: z.string() });
const OrderParamsSchema = z.object({ orderId: z.string().min(1).max(100) });
const CheckoutParamsSchema = z.object({ appointmentId: z.string().min(1).max(100) });
const CheckoutSchema = z.object({
  appointmentId: z.string(),
  amountCents: z.number().int(),
  startsAt: z.string(),
  provider: z.enum(['paypal', 'sandbox']),
});
const OutcomeSchema = z.object({ appointmentId: z.string(), payerName: z.string(), amountCents: z.number().int(), captureId: z.string() });
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  402: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  502: ApiErrorSchema,
};

export const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (app, { payments }) => {
  app.get(
    '/api/payments/checkout/:appointmentId',
    { schema: { params: CheckoutParamsSchema, response: { 200: CheckoutSchema, ...errors } } },
    async (request) => payments.checkout(requireVerifiedUser(request), request.params.appointmentId),
  );

  app.post(
    '/api/payments/orders',
    { schema: { body: CustomerOrderSchema, response: { 201: OrderSchema, ...errors } } },
    async (request, reply) => {
      const order = await payments.createCustomerOrder(requireVerifiedUser(request), request.body.appointmentId);
      return reply.code(201).send(order);
    },
  );

  app.post(
    '/api/payments/orders/:orderId/capture',
    { schema: { params: OrderParamsSchema, response: { 200: OutcomeSchema, ...errors } } },
    async (request) => payments.captureCustomerOrder(requireVerifiedUser(request), request.params.orderId),
  );

  app.get(
    '/api/admin/customers',
    { schema: { querystring: CustomerLookupSchema, response: { 200: z.object({ exists: z.boolean() }), ...errors } } },
    async (request) => {
      requireAdmin(request);
      return { exists: Boolean(await findUserByEmail(app.db, request.query.email)) };
    },
  );

  app.get(
    '/api/admin/customers/appointments',
    { schema: { querystring: CustomerLookupSchema, response: { 200: z.array(CustomerAppointmentSchema), ...errors } } },
    async (request) => {
      requireAdmin(request);
      const customer = await findUserByEmail(app.db, request.query.email);
      if (!customer) return [];
      return (await listUnpaidAppointmentsOf(app.db, customer.id)).map(customerAppointment);
    },
  );

  app.post(
    '/api/admin/payments/orders',
    { schema: { body: AdminOrderSchema, response: { 201: OrderSchema, ...errors } } },
    async (request, reply) => {
      const order = await payments.createAdminOrder(requireAdmin(request), request.body.appointmentId, Number(request.body.amount));
      return reply.code(201).send(order);
    },
  );

  app.post(
    '/api/admin/payments/orders/:orderId/capture',
    { schema: { params: OrderParamsSchema, response: { 200: OutcomeSchema, ...errors } } },
    async (request) => payments.captureAdminOrder(requireAdmin(request), request.params.orderId),
  );
};
