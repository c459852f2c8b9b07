import { z } from 'zod';
import { TaxExemptionSchema } from './sales-tax.ts';

/**
 * The owner's record of a customer's sales-tax exemption (issue 38, decision 035), as the back office reads and
 * writes it: `GET`, `PUT` (the certificate, src/shared/sales-tax.ts's TaxExemptionSchema) and `DELETE` on
 * /api/admin/customers/:userId/tax-exemption, and `GET /api/admin/appointments/:id/tax-exemption` for the
 * customer of an appointment (the back office's lists name appointments, not their customers' ids).
 */
export const CustomerTaxExemptionSchema = z.object({
  userId: z.string(),
  /** The exemption recorded, or null: the customer's bills are taxed. */
  exemption: TaxExemptionSchema.nullable(),
});
export type CustomerTaxExemption = z.infer<typeof CustomerTaxExemptionSchema>;

/** What a certificate is, as the back office names each kind. */
export const TAX_EXEMPTION_KIND_LABELS = {
  'exempt-organization': 'Exempt organization (ST-119.1)',
  resale: 'Resale (ST-120)',
} as const;

/** The back office's refusals (it stays English). */
export const TAX_EXEMPTION_TEXTS = {
  noCustomer: 'That customer was not found.',
  noAppointment: 'That appointment was not found.',
} as const;
