import { z } from 'zod';
import { BILL_TEXTS, type BillLine, customerLines } from './billing.ts';
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
  business: z.object({ name: z.string(), phone: z.string(), email: z.string(), website: z.string() }),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
  visit: z.object({ startsAt: z.string(), isRemote: z.boolean() }),
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
  void: english('Void'),
  voided: english('VOID: this visit was deleted. Nothing is due, and there is nothing to pay.'),
} as const;

/** The invoice's number as printed: five digits at least, e.g. 00042. */
export function invoiceNumberText(number: number): string {
  return String(number).padStart(5, '0');
}

/** The invoice's lines: the bill's, when the amount came from it, or one line for the visit. */
export function invoiceLines(bill: Parameters<typeof customerLines>[0], amountCents: number): BillLine[] {
  return customerLines(bill, amountCents) ?? [{ text: BILL_TEXTS.visit, values: {}, cents: amountCents }];
}
