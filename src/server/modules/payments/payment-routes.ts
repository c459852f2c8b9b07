import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { CustomerAppointmentSchema } from '../../../shared/appointments.ts';
import { businessDateOf } from '../../../shared/business-time.ts';
import { InvoiceSchema } from '../../../shared/invoices.ts';
import { LOCALES } from '../../../shared/locale.ts';
import {
  AdminOrderSchema,
  CaptureOutcomeSchema,
  CheckoutSchema,
  CustomerExistsSchema,
  CustomerLookupSchema,
  CustomerOrderSchema,
  OrderCreatedSchema,
  RefundOutcomeSchema,
} from '../../../shared/payments.ts';
import { SalesTaxQuerySchema, SalesTaxReportSchema, salesTaxCsvName } from '../../../shared/sales-tax-report.ts';
import { requireAdmin, requireVerifiedUser } from '../../plugins/session.ts';
import { accountByEmail } from '../accounts/index.ts';
import { customerAppointment, openAppointmentsOf } from '../appointments/index.ts';
import type { PaymentService } from './payment-service.ts';
import { salesTaxCsv, salesTaxReport } from './sales-tax-report.ts';

const OrderParamsSchema = z.object({ orderId: z.string().min(1).max(100) });
const CheckoutParamsSchema = z.object({ appointmentId: z.string().min(1).max(100) });
const InvoicePdfQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });
const PaymentParamsSchema = z.object({ paymentId: z.uuid({ error: 'That payment was not found.' }) });
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
    { config: { access: 'verified' }, schema: { params: CheckoutParamsSchema, response: { 200: CheckoutSchema, ...errors } } },
    async (request) => payments.checkout(requireVerifiedUser(request), request.params.appointmentId),
  );

  app.get(
    '/api/invoices/:appointmentId',
    { config: { access: 'verified' }, schema: { params: CheckoutParamsSchema, response: { 200: InvoiceSchema, ...errors } } },
    async (request) => payments.invoice(requireVerifiedUser(request), request.params.appointmentId),
  );

  app.get(
    '/api/invoices/:appointmentId/pdf',
    { config: { access: 'verified' }, schema: { params: CheckoutParamsSchema, querystring: InvoicePdfQuerySchema } },
    async (request, reply) => {
      const { pdf, filename } = await payments.invoicePdf(requireVerifiedUser(request), request.params.appointmentId, request.query.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/payments/orders',
    { config: { access: 'verified' }, schema: { body: CustomerOrderSchema, response: { 201: OrderCreatedSchema, ...errors } } },
    async (request, reply) => {
      const order = await payments.createCustomerOrder(requireVerifiedUser(request), request.body.appointmentId);
      return reply.code(201).send(order);
    },
  );

  app.post(
    '/api/payments/orders/:orderId/capture',
    { config: { access: 'verified' }, schema: { params: OrderParamsSchema, response: { 200: CaptureOutcomeSchema, ...errors } } },
    async (request) => payments.captureCustomerOrder(requireVerifiedUser(request), request.params.orderId),
  );

  app.get(
    '/api/admin/customers',
    { schema: { querystring: CustomerLookupSchema, response: { 200: CustomerExistsSchema, ...errors } } },
    async (request) => {
      requireAdmin(request);
      return { exists: Boolean(await accountByEmail(app.db, request.query.email)) };
    },
  );

  app.get(
    '/api/admin/customers/appointments',
    { schema: { querystring: CustomerLookupSchema, response: { 200: z.array(CustomerAppointmentSchema), ...errors } } },
    async (request) => {
      requireAdmin(request);
      const customer = await accountByEmail(app.db, request.query.email);
      if (!customer) return [];
      return (await openAppointmentsOf(app.db, customer.id)).map((row) => customerAppointment(row));
    },
  );

  app.post(
    '/api/admin/payments/orders',
    { schema: { body: AdminOrderSchema, response: { 201: OrderCreatedSchema, ...errors } } },
    async (request, reply) => {
      const order = await payments.createAdminOrder(requireAdmin(request), request.body.appointmentId, Number(request.body.amount));
      return reply.code(201).send(order);
    },
  );

  app.post(
    '/api/admin/payments/orders/:orderId/capture',
    { schema: { params: OrderParamsSchema, response: { 200: CaptureOutcomeSchema, ...errors } } },
    async (request) => payments.captureAdminOrder(requireAdmin(request), request.params.orderId),
  );

  // The sales-tax report of a quarter (any day of it; today's in New York when none is named), and the same as CSV.
  app.get(
    '/api/admin/sales-tax',
    { schema: { querystring: SalesTaxQuerySchema, response: { 200: SalesTaxReportSchema, ...errors } } },
    async (request) => {
      requireAdmin(request);
      return salesTaxReport(app.db, request.query.quarter ?? businessDateOf(new Date()));
    },
  );

  app.get('/api/admin/sales-tax.csv', { schema: { querystring: SalesTaxQuerySchema } }, async (request, reply) => {
    requireAdmin(request);
    const report = await salesTaxReport(app.db, request.query.quarter ?? businessDateOf(new Date()));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${salesTaxCsvName(report.quarter)}"`)
      .send(salesTaxCsv(report));
  });

  app.post(
    '/api/admin/payments/:paymentId/refund',
    { schema: { params: PaymentParamsSchema, response: { 200: RefundOutcomeSchema, ...errors } } },
    async (request) => payments.refund(requireAdmin(request), request.params.paymentId),
  );
};
