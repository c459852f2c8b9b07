import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AdminCustomer } from '../../../shared/admin.ts';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { CustomerAppointmentSchema } from '../../../shared/appointments.ts';
import {
  AdminWaitlistSchema,
  BookOfferSchema,
  JoinWaitlistSchema,
  WAITLIST_TEXTS,
  WaitlistEntriesSchema,
  WaitlistEntrySchema,
} from '../../../shared/waitlist.ts';
import type { Executor } from '../../db/client.ts';
import { requireAdmin, requireVerifiedUser } from '../../plugins/session.ts';
import type { WaitlistService } from './waitlist-service.ts';

const IdParamsSchema = z.object({ id: z.uuid({ error: WAITLIST_TEXTS.notFound }) });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/**
 * The waitlist (issue 39): the customer's days (list, join, leave), the offer of a freed slot (read, book), and the
 * owner's view of every day's line under /api/admin (guarded as its request arrives, plugins/session.ts).
 */
export const waitlistRoutes: FastifyPluginAsyncZod<{
  waitlist: WaitlistService;
  customers: (db: Executor, ids: Iterable<string>) => Promise<Map<string, AdminCustomer>>;
}> = async (app, { waitlist, customers }) => {
  app.get(
    '/api/waitlist',
    { config: { access: 'verified' }, schema: { response: { 200: WaitlistEntriesSchema, ...errors } } },
    async (request) => waitlist.list(requireVerifiedUser(request)),
  );

  app.post(
    '/api/waitlist',
    { config: { access: 'verified' }, schema: { body: JoinWaitlistSchema, response: { 201: WaitlistEntrySchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await waitlist.join(requireVerifiedUser(request), request.body.date)),
  );

  app.delete(
    '/api/waitlist/:id',
    { config: { access: 'verified' }, schema: { params: IdParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await waitlist.leave(requireVerifiedUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/waitlist/:id/offer',
    { config: { access: 'verified' }, schema: { params: IdParamsSchema, response: { 200: WaitlistEntrySchema, ...errors } } },
    async (request) => waitlist.offer(requireVerifiedUser(request), request.params.id),
  );

  app.post(
    '/api/waitlist/:id/book',
    {
      config: { access: 'verified' },
      schema: { params: IdParamsSchema, body: BookOfferSchema, response: { 201: CustomerAppointmentSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await waitlist.bookOffer(requireVerifiedUser(request), request.params.id, request.body)),
  );

  app.get('/api/admin/waitlist', { schema: { response: { 200: AdminWaitlistSchema, ...errors } } }, async (request) => {
    requireAdmin(request);
    return waitlist.forOwner(customers);
  });
};
