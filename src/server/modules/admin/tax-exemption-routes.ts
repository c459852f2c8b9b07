import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { TaxExemptionSchema } from '../../../shared/sales-tax.ts';
import { type CustomerTaxExemption, CustomerTaxExemptionSchema, TAX_EXEMPTION_TEXTS } from '../../../shared/tax-exemptions.ts';
import type { Database, Executor } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { requireAdmin } from '../../plugins/session.ts';
import { accountById, forgetTaxExemption, recordTaxExemption, taxExemptionOf } from '../accounts/index.ts';
import { readAppointment } from '../appointments/index.ts';

const CustomerSchema = z.object({ userId: z.string().min(1).max(100) });
const IdSchema = z.object({ id: z.string().min(1).max(100) });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** A customer's account: an unknown or deleted one is refused. */
async function requireCustomer(db: Executor, userId: string): Promise<void> {
  if (!(await accountById(db, userId))) throw new HttpError(404, 'NOT_FOUND', TAX_EXEMPTION_TEXTS.noCustomer);
}

/**
 * A customer's sales-tax exemption (issue 38, decision 035): the owner records the certificate the customer gave
 * them (an exempt organization's ST-119.1 or a reseller's ST-120) and may remove it. Bills completed while it is
 * recorded carry no tax and say why; bills already made keep theirs. Admins only: under /api/admin, each route is
 * guarded as its request arrives (plugins/session.ts), before anything is read or validated.
 */
export const taxExemptionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const answer = async (executor: Executor, userId: string): Promise<CustomerTaxExemption> => ({
    userId,
    exemption: await taxExemptionOf(executor, userId),
  });

  app.get(
    '/api/admin/customers/:userId/tax-exemption',
    { schema: { params: CustomerSchema, response: { 200: CustomerTaxExemptionSchema, ...errors } } },
    async (request) => {
      await requireCustomer(db, request.params.userId);
      return answer(db, request.params.userId);
    },
  );

  app.put(
    '/api/admin/customers/:userId/tax-exemption',
    { schema: { params: CustomerSchema, body: TaxExemptionSchema, response: { 200: CustomerTaxExemptionSchema, ...errors } } },
    async (request) => {
      const owner = requireAdmin(request);
      const { userId } = request.params;
      return db.transaction(async (tx) => {
        await requireCustomer(tx, userId);
        await recordTaxExemption(tx, userId, request.body, owner.id);
        return answer(tx, userId);
      });
    },
  );

  app.delete(
    '/api/admin/customers/:userId/tax-exemption',
    { schema: { params: CustomerSchema, response: { 200: CustomerTaxExemptionSchema, ...errors } } },
    async (request) => {
      requireAdmin(request);
      const { userId } = request.params;
      return db.transaction(async (tx) => {
        await requireCustomer(tx, userId);
        await forgetTaxExemption(tx, userId);
        return { userId, exemption: null };
      });
    },
  );

  // The back office's lists name each appointment, not its customer's id: the editor reads the exemption by it.
  app.get(
    '/api/admin/appointments/:id/tax-exemption',
    { schema: { params: IdSchema, response: { 200: CustomerTaxExemptionSchema, ...errors } } },
    async (request) => {
      const appointment = await readAppointment(db, request.params.id, { includeInactive: true });
      if (!appointment) throw new HttpError(404, 'NOT_FOUND', TAX_EXEMPTION_TEXTS.noAppointment);
      return answer(db, appointment.userId);
    },
  );
};
