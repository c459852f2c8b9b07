import { z } from 'zod';
import { english, fillIn } from './english.ts';

/** Payments: limits, request and response contracts, and texts of spec sections 4, 5 and 8. */
export const MAX_AMOUNT_CENTS = 1_000_000;

export const CustomerOrderSchema = z.object({ appointmentId: z.string().min(1).max(100) });

/** The admin's amount: a positive whole number of dollars, digits only, at most $10,000. */
export const AdminAmountSchema = z
  .string()
  .trim()
  .regex(/^\d+$/, { error: 'Please enter a valid amount.' })
  .refine((value) => Number(value) > 0 && Number(value) * 100 <= MAX_AMOUNT_CENTS, { error: 'Please enter a valid amount.' });

export const AdminOrderSchema = z.object({ appointmentId: z.string().min(1).max(100), amount: AdminAmountSchema });
export const CustomerLookupSchema = z.object({ email: z.string().trim().toLowerCase().max(254) });
/** Whether an address belongs to a customer: the admin's payment screen checks it first. */
export const CustomerExistsSchema = z.object({ exists: z.boolean() });
export type CustomerExists = z.infer<typeof CustomerExistsSchema>;

/** A line of a bill: an English text (a message id) with its values, and what it costs. */
export const BillLineSchema = z.object({
  text: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  cents: z.number().int(),
});

export const CheckoutSchema = z.object({
  appointmentId: z.string(),
  amountCents: z.number().int(),
  startsAt: z.string(),
  provider: z.enum(['paypal', 'sandbox']),
  /** What the amount is made of, when the owner billed the job from the clock: English texts with their values. */
  lines: z.array(BillLineSchema).nullable().default(null),
  /** The estimate the customer approved (src/shared/estimates.ts), to show beside the bill; null when none was. */
  estimate: z.object({ totalCents: z.number().int() }).nullable().default(null),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

export const OrderCreatedSchema = z.object({ orderId: z.string() });
export type OrderCreated = z.infer<typeof OrderCreatedSchema>;

export const CaptureOutcomeSchema = z.object({
  appointmentId: z.string(),
  payerName: z.string(),
  amountCents: z.number().int(),
  captureId: z.string(),
  /** Taken in test mode or through PayPal's sandbox: no money moved, and the thank-you says so. */
  isTest: z.boolean(),
});
export type CaptureOutcome = z.infer<typeof CaptureOutcomeSchema>;

export const RefundOutcomeSchema = z.object({
  paymentId: z.string(),
  appointmentId: z.string(),
  amountCents: z.number().int(),
  refundedAt: z.string(),
  refundReference: z.string(),
});
export type RefundOutcome = z.infer<typeof RefundOutcomeSchema>;

/**
 * The texts with values in them, as messages with ICU placeholders: `PAYMENT_TEXTS` fills them in English, and the
 * browser shows them in the active language with `translate(PAYMENT_TEMPLATES.…, values)`.
 */
export const PAYMENT_TEMPLATES = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a dollar sign, then the ICU placeholder {dollars}
  makePayment: english('Make a Payment of ${dollars}'),
  thankYou: english('Thank you for your payment {name}!'),
} as const;

/**
 * The customer's texts are marked for translation; the back office's (the admin's payment screen, refunds, the paid
 * list) stay in English (decision 016).
 */
export const PAYMENT_TEXTS = {
  invoiceNotFound: english('That invoice was not found.'),
  checkout: english('Checkout'),
  makePayment: (dollars: string) => fillIn(PAYMENT_TEMPLATES.makePayment, { dollars }),
  paymentProcessError: english('Error during Payment Process.'),
  approvalError: english('Error during Approval Process.'),
  adminApprovalError: 'Error during Approval Process',
  scriptError: english('Error loading PayPal scripts!'),
  thankYou: (name: string) => fillIn(PAYMENT_TEMPLATES.thankYou, { name }),
  checkEmailError: 'An error occurred while checking the email.',
  userExists: 'User exists!',
  userMissing: 'User does not exist. Try again!',
  adminPaid: 'Appointment Paid! Thank you!',
  invalidAmount: 'Please enter a valid amount.',
  confirmAmount: (dollars: string) => `Is $${dollars} the correct amount?`,
  alreadyPaid: english('This visit is already paid.'),
  amountNotSet: english('The amount for this job has not been set yet. Please call us.'),
  declined: english('Your payment method was declined. Please try another card or account.'),
  orderStale: english('The amount of this job has changed. Please start the payment again.'),
  // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
  paymentInProgress: english('A payment for this job is being processed. Please wait a minute, then look at your appointments before trying again.'),
  appointmentChangeDuringPayment: english('A payment for this job is being processed right now. Try again in a minute.'),
  // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
  paymentPending: english('PayPal is still reviewing your payment for this job. We will e-mail your receipt as soon as PayPal completes it; please do not pay again.'),
  // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
  appointmentChangeDuringPendingPayment: english('PayPal is still reviewing a payment for this job. The job can be changed once PayPal completes or declines it.'),
  orderReplaced: english('This payment can no longer be completed. Please start the payment again.'),
  paymentNotFound: english('That payment was not found.'),
  refundInProgress: 'This refund is already being processed. Try again in a minute.',
  refundFailed: 'The refund could not be made. Nothing was changed; please try again in a moment.',
  refundPending:
    'PayPal accepted the refund and is still processing it. The payment shows as refunded, and the customer is e-mailed, once PayPal completes it.',
  refundNeedsPayPal: 'This PayPal payment can only be refunded while PayPal is configured on the server.',
  undoWithRefund: 'To undo a payment, refund it from the Paid list.',
  testLabel: 'TEST',
} as const;

/**
 * Whether a payment is TEST, no money: taken through PayPal's sandbox or in test mode (`is_test`), or a test-mode
 * one (provider `sandbox`) however it was stored. Every place that shows or counts a payment asks this.
 */
export function isTestPayment(payment: { provider: string; isTest: boolean }): boolean {
  return payment.isTest || payment.provider === 'sandbox';
}
