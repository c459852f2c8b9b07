import { z } from 'zod';
import { ESTIMATE_STATES, HardwareLinesSchema } from './admin.ts';
import { english } from './english.ts';
import { BillLineSchema } from './payments.ts';
import { TaxClassSchema } from './sales-tax.ts';

/**
 * Estimates the customer approves (issue 38): before the work, the owner sends the expected time and parts, priced
 * and taxed as a bill would be. The customer (or their trusted contact, when the customer allowed it and the contact
 * agreed to their copies) approves by typing their name, or declines with a reason. A bill that comes to more than
 * the approved estimate by more than ESTIMATE_OVER_PERCENT needs the owner's confirmation, and the pay page shows both.
 */

/**
 * The routes (the server's and the browser's contract):
 * - `POST /api/admin/appointments/:id/estimate` (admin; body EstimateRequest) → 201 Estimate. Sends it: the customer is
 *   e-mailed (and texted when their number is confirmed) a link to `/estimate/:appointmentId`; their trusted contact
 *   gets a link of their own when the customer allowed it and the contact agreed. A newer estimate replaces an open or
 *   decided one (state `replaced`). Refused (409) once the job is completed, paid, cancelled or deleted.
 * - `GET /api/admin/appointments/:id/estimate` (admin) → `{ estimate }`: the latest, or null when none was sent.
 * - `GET /api/estimates/:appointmentId` (the job's customer) → Estimate (the latest, not replaced) or 404.
 * - `POST /api/estimates/:appointmentId/decision` (the job's customer; body CustomerEstimateDecision, which names the
 *   estimate answered) → 200 Estimate; 409 when it is no longer waiting (decided, replaced, or the job is done).
 * - `PUT /api/account/trusted-contact/estimates` (the customer; body `{ allowed: boolean }`) → 204: whether their trusted
 *   contact may approve estimates for them.
 * - The contact's page: `GET /estimate-approval?token=…` (server-rendered, no sign-in) and its form's POST.
 * - `PATCH /api/admin/appointments/:id` with `work` whose bill goes over the approved estimate by more than the share:
 *   409 `OVER_ESTIMATE` unless the body also has `confirmOverEstimate: true`.
 * - AdminAppointment has `estimate: EstimateSummary`; the checkout has `estimate: { totalCents } | null` (the approved one).
 */

/**
 * sent: waiting for the customer; approved or declined by them; replaced by a newer estimate of the same job. Defined
 * in admin.ts (with the owner's summary), which the job's row in the back office carries: admin.ts cannot import this
 * file, which imports it.
 */
export { ESTIMATE_STATES, type EstimateState, type EstimateSummary, EstimateSummarySchema } from './admin.ts';

/** The most a bill may exceed an approved estimate, in percent, before the owner must confirm it (configuration). */
export const DEFAULT_ESTIMATE_OVER_PERCENT = 10;

/** Longest expected time an estimate may state: ten hours. */
export const ESTIMATE_MAX_MINUTES = 600;

/** What the owner sends: the kind of work, the time expected, and the parts expected, with their tax classes. */
export const EstimateRequestSchema = z.object({
  kind: z.enum(['troubleshooting', 'consulting'], { error: 'Choose troubleshooting or consulting.' }),
  timeTaxClass: TaxClassSchema.optional(),
  minutes: z
    .number({ error: 'Enter the expected time in minutes.' })
    .int({ error: 'Enter the expected time in whole minutes.' })
    .min(30, { error: 'Expect at least 30 minutes.' })
    .max(ESTIMATE_MAX_MINUTES, { error: `At most ${ESTIMATE_MAX_MINUTES} minutes.` }),
  /** The parts expected, as a bill's are entered. */
  hardware: HardwareLinesSchema,
});
export type EstimateRequest = z.input<typeof EstimateRequestSchema>;
export type EstimateInput = z.output<typeof EstimateRequestSchema>;

/** An estimate as the customer, their contact and the owner see it. */
export const EstimateSchema = z.object({
  id: z.string(),
  appointmentId: z.string(),
  state: z.enum(ESTIMATE_STATES),
  sentAt: z.string(),
  kind: z.enum(['troubleshooting', 'consulting']),
  minutes: z.number().int(),
  /** The expected lines, then the tax line (as on a bill). */
  lines: z.array(BillLineSchema),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  visit: z.object({ startsAt: z.string(), isRemote: z.boolean() }),
  decidedAt: z.string().nullable(),
  /** The name typed to approve, or the decliner's name. */
  decidedByName: z.string().nullable(),
  decidedBy: z.enum(['customer', 'contact']).nullable(),
  declineReason: z.string().nullable(),
});
export type Estimate = z.infer<typeof EstimateSchema>;

/** The customer's (or contact's) answer: approve by typing their name, or decline with a reason. */
export const EstimateDecisionSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    name: z
      .string()
      .trim()
      .min(2, { error: english('Type your name to approve.') })
      .max(100, { error: english('At most 100 characters.') }),
  }),
  z.object({
    decision: z.literal('decline'),
    reason: z
      .string()
      .trim()
      .min(3, { error: english('Say why, so the technician can help.') })
      .max(500, { error: english('At most 500 characters.') }),
  }),
]);
export type EstimateDecision = z.infer<typeof EstimateDecisionSchema>;

/**
 * The customer's answer names the estimate it answers: one replaced meanwhile (a newer total the page did not show)
 * is refused with 409, never approved unseen.
 */
export const CustomerEstimateDecisionSchema = z.intersection(EstimateDecisionSchema, z.object({ estimateId: z.string().min(1) }));
export type CustomerEstimateDecision = z.infer<typeof CustomerEstimateDecisionSchema>;

/** PUT /api/account/trusted-contact/estimates: whether the customer's trusted contact may approve their estimates. */
export const EstimateApprovalSettingSchema = z.object({ allowed: z.boolean() });
export type EstimateApprovalSetting = z.infer<typeof EstimateApprovalSettingSchema>;

/** Why an estimate's request was refused, in the customer's and the owner's words. */
export const ESTIMATE_TEXTS = {
  notFound: english('There is no estimate for this visit.'),
  noLongerOpen: english('This estimate has already been answered, or a newer one replaced it.'),
  notAllowed: 'An estimate cannot be sent for a visit that is completed, paid, cancelled or deleted.',
  noTrustedContact: english('Name a trusted contact first.'),
} as const;

/**
 * The owner's bill over the approved estimate by more than the share (back office, English; thrown with its values,
 * code OVER_ESTIMATE; the amounts with their dollar sign): confirmed by sending the edit again with `confirmOverEstimate: true`.
 */
export const OVER_ESTIMATE_TEMPLATE =
  'The bill comes to {bill}, more than the approved estimate of {approved} by over {percent}%. Check it with the customer, then confirm.';

/** Whether a bill of `billCents` goes over the approved estimate by more than `percent` (whole cents, rounded down). */
export function isOverEstimate(billCents: number, approvedCents: number, percent: number): boolean {
  return billCents > approvedCents + Math.floor((approvedCents * percent) / 100);
}
