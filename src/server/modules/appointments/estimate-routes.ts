import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { english } from '../../../shared/english.ts';
import { CustomerEstimateDecisionSchema, EstimateRequestSchema, EstimateSchema } from '../../../shared/estimates.ts';
import { requireAdmin, requireVerifiedUser } from '../../plugins/session.ts';
import { estimateApprovalPage } from './estimate-page.ts';
import type { EstimateService } from './estimates.ts';

const AdminParamsSchema = z.object({ id: z.string().min(1).max(100) });
const CustomerParamsSchema = z.object({
  appointmentId: z.string().regex(/^\d{8}-[0-9a-f-]{36}$/, { error: english('That visit was not found.') }),
});
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/**
 * Estimates (issue 38, src/shared/estimates.ts): the owner sends and reads a job's estimate (under /api/admin, so
 * guarded as the request arrives), the job's customer reads and answers it, and their trusted contact answers it from
 * the page their link opens.
 */
export const estimateRoutes: FastifyPluginAsyncZod<{ estimates: EstimateService }> = async (app, { estimates }) => {
  app.post(
    '/api/admin/appointments/:id/estimate',
    { schema: { params: AdminParamsSchema, body: EstimateRequestSchema, response: { 201: EstimateSchema, ...errors } } },
    async (request, reply) => {
      const sent = await estimates.send(requireAdmin(request), request.params.id, request.body);
      return reply.code(201).send(sent);
    },
  );

  app.get(
    '/api/admin/appointments/:id/estimate',
    // A job without an estimate is no error: the owner's dialog asks for every job it opens.
    { schema: { params: AdminParamsSchema, response: { 200: z.object({ estimate: EstimateSchema.nullable() }), ...errors } } },
    async (request) => {
      requireAdmin(request);
      return { estimate: await estimates.forAdmin(request.params.id) };
    },
  );

  app.get(
    '/api/estimates/:appointmentId',
    { config: { access: 'verified' }, schema: { params: CustomerParamsSchema, response: { 200: EstimateSchema, ...errors } } },
    async (request) => estimates.forCustomer(requireVerifiedUser(request), request.params.appointmentId),
  );

  app.post(
    '/api/estimates/:appointmentId/decision',
    {
      config: { access: 'verified' },
      schema: { params: CustomerParamsSchema, body: CustomerEstimateDecisionSchema, response: { 200: EstimateSchema, ...errors } },
    },
    async (request) => estimates.decide(requireVerifiedUser(request), request.params.appointmentId, request.body),
  );

  await app.register(estimateApprovalPage, { estimates });
};
