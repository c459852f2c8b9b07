import { z } from 'zod';
import { english } from './english.ts';
import type { PayLinkSummary } from './pay-link.ts';

/**
 * The customer's past visits (issue 40): the visits they paid for, newest first, each with its invoice (and so its
 * receipt, the paid invoice's PDF), shown on /home under "Past visits". Only their own, only those the owner did not
 * delete; a cancelled visit is not one (it never took place and has no invoice). Capped: the last
 * PAST_VISIT_MONTHS months, at most PAST_VISIT_LIMIT visits.
 */
export const PAST_VISIT_MONTHS = 24;
export const PAST_VISIT_LIMIT = 50;

export const PastVisitSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  isRemote: z.boolean(),
  description: z.string(),
  amountCents: z.number().int(),
  paidAt: z.string(),
  /** The invoice's number, or null for a visit paid without one (no amount was ever set). */
  invoiceNumber: z.number().int().nullable(),
  /** Paid in the payments' test mode: no money was taken (the invoice says TEST). */
  isTest: z.boolean(),
});
export type PastVisit = z.infer<typeof PastVisitSchema>;

export const PayLinkSummarySchema = z.object({
  amountCents: z.number().int().positive(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
}) satisfies z.ZodType<PayLinkSummary>;

/** The owner sent a visit's pay link again: by e-mail always, and by text when the customer takes texts. */
export const PayLinkResentSchema = z.object({ texted: z.boolean() });
export type PayLinkResent = z.infer<typeof PayLinkResentSchema>;

/** The owner may send a visit's pay link again once in this many minutes. */
export const PAY_LINK_RESEND_MINUTES = 10;

export const PAST_VISIT_TEXTS = {
  /** The pay link of a visit that is not waiting for a payment (paid, not yet completed, cancelled), or of none. */
  payLinkNotFound: english('This pay link is not waiting for a payment. Log in to see your visits.'),
  /** "Add to calendar" of a visit that is not the customer's, or not still to come. */
  calendarNotFound: english('That visit was not found, or it has already taken place.'),
} as const;
