import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import {
  AdminReviewsSchema,
  CustomerReviewSchema,
  PublicReviewsSchema,
  ReviewAnswerSchema,
  ReviewConsentSchema,
} from '../../../shared/reviews.ts';
import { requireAdmin, requireVerifiedUser } from '../../plugins/session.ts';
import type { ReviewService } from './review-service.ts';

const ParamsSchema = z.object({ appointmentId: z.string().min(1).max(100) });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewService }> = async (app, { reviews }) => {
  // Open to visitors: two small reads (an aggregate and the latest three shown) and the names of at most three customers.
  app.get('/api/reviews/public', { schema: { response: { 200: PublicReviewsSchema } } }, async () => reviews.shown());

  app.get(
    '/api/reviews/:appointmentId',
    { config: { access: 'verified' }, schema: { params: ParamsSchema, response: { 200: CustomerReviewSchema, ...errors } } },
    async (request) => reviews.mine(requireVerifiedUser(request), request.params.appointmentId),
  );

  app.post(
    '/api/reviews/:appointmentId',
    {
      config: { access: 'verified' },
      schema: { params: ParamsSchema, body: ReviewAnswerSchema, response: { 200: CustomerReviewSchema, ...errors } },
    },
    async (request) => reviews.answer(requireVerifiedUser(request), request.params.appointmentId, request.body),
  );

  app.put(
    '/api/reviews/:appointmentId/consent',
    {
      config: { access: 'verified' },
      schema: { params: ParamsSchema, body: ReviewConsentSchema, response: { 200: CustomerReviewSchema, ...errors } },
    },
    async (request) => reviews.consent(requireVerifiedUser(request), request.params.appointmentId, request.body.mayShow),
  );

  app.get('/api/admin/reviews', { schema: { response: { 200: AdminReviewsSchema, ...errors } } }, async (request) => {
    requireAdmin(request);
    return reviews.all();
  });
};
