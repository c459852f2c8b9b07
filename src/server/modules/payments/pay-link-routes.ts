import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { PAST_VISIT_TEXTS, PastVisitSchema, PayLinkResentSchema, PayLinkSummarySchema } from '../../../shared/past-visits.ts';
import { APPOINTMENT_ID_PATTERN } from '../../../shared/pay-link.ts';
import { requireAdmin, requireVerifiedUser } from '../../plugins/session.ts';
import type { PaymentService } from './payment-service.ts';

const LinkParamsSchema = z.object({ appointmentId: z.string().regex(APPOINTMENT_ID_PATTERN, { error: PAST_VISIT_TEXTS.payLinkNotFound }) });
const AppointmentParamsSchema = z.object({ id: z.string().min(1).max(100) });
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};

/**
 * The customer's history and the pay link (issue 40): the customer's past visits with their invoices, what the pay
 * link's landing tells a signed-out visitor, and the owner's "Resend pay link".
 */
export const payLinkRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (app, { payments }) => {
  app.get(
    '/api/past-visits',
    { config: { access: 'verified' }, schema: { response: { 200: z.array(PastVisitSchema), ...errors } } },
    async (request) => payments.pastVisits(requireVerifiedUser(request)),
  );

  // Open to whoever holds the link (it is the key, as the e-mail gives it); answers only the amount and the day.
  app.get(
    '/api/pay-links/:appointmentId',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params: LinkParamsSchema, response: { 200: PayLinkSummarySchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex');
      return payments.payLinkSummary(request.params.appointmentId);
    },
  );

  app.post(
    '/api/admin/appointments/:id/pay-link',
    { schema: { params: AppointmentParamsSchema, response: { 200: PayLinkResentSchema, ...errors } } },
    async (request) => payments.resendPayLink(requireAdmin(request), request.params.id),
  );
};
