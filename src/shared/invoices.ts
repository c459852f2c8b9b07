import { z } from 'zod';
import { BILL_TEXTS, type BillLine, customerLines, SERVICE_KINDS } from './billing.ts';
import { english } from './english.ts';
import { BillLineSchema } from './payments.ts';

/**
 * The itemised invoice of a job (issue 18): numbered without gaps when the job is first completed with an amount,
 * shown to its customer and to the owner as a printable page, and attached to the receipt as a PDF.
 */

/** How a job was paid, as the invoice names it: online (PayPal, or the test mode), or by hand. */
export const INVOICE_METHODS = ['paypal', 'test', 'cash', 'check', 'card'] as const;
export type InvoiceMethod = (typeof INVOICE_METHODS)[number];

export const InvoiceSchema = z.object({
  number: z.number().int().positive(),
  issuedAt: z.string(),
  appointmentId: z.string(),
  /** The business; `address` is its postal address (configuration's BUSINESS_ADDRESS), '' when not set. */
  business: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string(), website: z.string() }),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
  visit: z.object({ startsAt: z.string(), isRemote: z.boolean() }),
  /** The time the work took, when the bill came from the clock: its kind, from and to (HH:MM), minutes and hourly fee. */
  work: z
    .object({
      kind: z.enum(SERVICE_KINDS),
      start: z.string(),
      end: z.string(),
      minutes: z.number().int(),
      hourlyCents: z.number().int(),
    })
    .nullable(),
  /** What was done, in the owner's words for the customer; '' when not written. */
  workDone: z.string(),
  lines: z.array(BillLineSchema),
  amountCents: z.number().int(),
  /**
   * Due until paid; paid; refunded (the money went back, and it may be paid again); or void: the owner deleted the
   * visit before it was paid, so nothing is owed and nothing can be paid.
   */
  status: z.enum(['due', 'paid', 'refunded', 'void']),
  payment: z
    .object({
      method: z.enum(INVOICE_METHODS),
      reference: z.string(),
      paidAt: z.string(),
      amountCents: z.number().int(),
      refundedAt: z.string().nullable(),
    })
    .nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const INVOICE_TEXTS = {
  methods: {
    paypal: english('PayPal'),
    test: english('Test mode (no money was taken)'),
    cash: english('Cash'),
    check: english('Check'),
    card: english('Card'),
  } satisfies Record<InvoiceMethod, string>,
  /** The payment in a sentence, each method with its own words ("in cash", "by check"), never its label mid-sentence. */
  paid: {
    paypal: english('{amount} paid on {date} with PayPal.'),
    test: english('{amount} paid on {date} in test mode (no money was taken).'),
    cash: english('{amount} paid on {date} in cash.'),
    check: english('{amount} paid on {date} by check.'),
    card: english('{amount} paid on {date} by card.'),
  } satisfies Record<InvoiceMethod, string>,
  void: english('Void'),
  voided: english('VOID: this visit was deleted. Nothing is due, and there is nothing to pay.'),
  /** The time of the work under the visit: "Troubleshooting: 09:30–11:05, 1 h 35 min, at $50 an hour". */
  work: english('{kind}: {start}–{end}, {duration}, at {rate} an hour'),
  workDone: english('Work done'),
} as const;

/** The invoice's number as printed: five digits at least, e.g. 00042. */
export function invoiceNumberText(number: number): string {
  return String(number).padStart(5, '0');
}

/** The invoice's lines: the bill's, when the amount came from it, or one line for the visit. */
export function invoiceLines(bill: Parameters<typeof customerLines>[0], amountCents: number): BillLine[] {
  return customerLines(bill, amountCents) ?? [{ text: BILL_TEXTS.visit, values: {}, cents: amountCents }];
}
