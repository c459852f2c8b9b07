import { z } from 'zod';
import type { StoredBill } from './admin.ts';
import { parseBusinessDate } from './business-time.ts';
import { JURISDICTIONS, type Jurisdiction, salesTaxQuarterOf } from './sales-tax.ts';

/**
 * The sales-tax report of the back office (issue 38): for one of New York's sales-tax quarters, each jurisdiction's
 * gross, non-taxable, exempt and taxable sales and the tax collected, as the quarterly return (ST-100) asks for them.
 * A sale counts in the quarter its payment was taken, a refund (the whole sale with its tax) in the quarter it was
 * given back; TEST payments never count. Whole cents throughout. The back office stays English (decision 016).
 */

/** A quarter that New York days can hold: its first and last days, and the day asked, between 1900 and 2999. */
export function isReportableQuarterDay(day: string): boolean {
  if (!parseBusinessDate(day)) return false;
  const quarter = salesTaxQuarterOf(day);
  return parseBusinessDate(quarter.from) !== undefined && parseBusinessDate(quarter.to) !== undefined;
}

/** `GET /api/admin/sales-tax?quarter=YYYY-MM-DD`: any day of the quarter; the current one (New York) when absent. */
export const SalesTaxQuerySchema = z.object({
  quarter: z
    .string()
    .refine(isReportableQuarterDay, { error: 'Choose a day of the quarter as YYYY-MM-DD, between 1900 and 2999.' })
    .optional(),
});
export type SalesTaxQuery = z.infer<typeof SalesTaxQuerySchema>;

/**
 * What a set of sales (or of refunds) comes to. `grossCents` is what was paid, tax included; `taxCents` the tax in it;
 * `taxableCents` the sales taxed; `nonTaxableCents` the rest before tax (gross − taxable − tax), in which
 * `exemptCents` is what would have been taxed but for the customer's exemption certificate (ST-119.1, ST-120);
 * `count` the payments (or refunds) counted.
 */
export const SalesTaxFiguresSchema = z.object({
  grossCents: z.number().int(),
  nonTaxableCents: z.number().int(),
  exemptCents: z.number().int(),
  taxableCents: z.number().int(),
  taxCents: z.number().int(),
  count: z.number().int().nonnegative(),
});
export type SalesTaxFigures = z.infer<typeof SalesTaxFiguresSchema>;

export const NO_SALES: SalesTaxFigures = { grossCents: 0, nonTaxableCents: 0, exemptCents: 0, taxableCents: 0, taxCents: 0, count: 0 };

/** What one payment sold: where, what was paid, the taxable part, the tax, and what an exemption kept from tax. */
export type Sale = {
  jurisdiction: Jurisdiction;
  grossCents: number;
  taxableCents: number;
  taxCents: number;
  exemptCents: number;
  /** The bill's total, when the payment was of another amount and the bill's figures were scaled to it. */
  scaledFrom: number | null;
};

/** Half up, in whole numbers: a × b ÷ c for non-negative b and a positive c (a negative a rounds away from zero). */
const scaled = (a: number, b: number, c: number) => Math.sign(a) * Math.floor((2 * Math.abs(a) * b + c) / (2 * c));

/**
 * The sale a payment of `amountCents` made, by its appointment's bill. When the amount is not the bill's total (the
 * owner took another amount at the payment), the bill's taxable sales and tax are scaled to what was paid.
 */
export function saleOf(amountCents: number, bill: Pick<StoredBill, 'tax' | 'totalCents'> | null | undefined): Sale {
  const tax = bill?.tax;
  if (!bill || !tax) {
    return { jurisdiction: 'suffolk', grossCents: amountCents, taxableCents: 0, taxCents: 0, exemptCents: 0, scaledFrom: null };
  }
  const figures = {
    taxableCents: tax.exemption ? 0 : tax.taxableCents,
    taxCents: tax.taxCents,
    exemptCents: tax.exemption ? tax.taxableCents : 0,
  };
  if (bill.totalCents === amountCents) return { jurisdiction: tax.jurisdiction, grossCents: amountCents, ...figures, scaledFrom: null };
  const share = (cents: number) => (bill.totalCents > 0 ? scaled(cents, amountCents, bill.totalCents) : 0);
  return {
    jurisdiction: tax.jurisdiction,
    grossCents: amountCents,
    taxableCents: share(figures.taxableCents),
    taxCents: share(figures.taxCents),
    exemptCents: share(figures.exemptCents),
    scaledFrom: bill.totalCents,
  };
}

/** What sales (or refunds) come to: the non-taxable part is what is left of the gross after the taxable and the tax. */
export function salesTaxFigures(sales: readonly Sale[]): SalesTaxFigures {
  const sum = (pick: (sale: Sale) => number) => sales.reduce((total, sale) => total + pick(sale), 0);
  const grossCents = sum((sale) => sale.grossCents);
  const taxableCents = sum((sale) => sale.taxableCents);
  const taxCents = sum((sale) => sale.taxCents);
  return {
    grossCents,
    nonTaxableCents: grossCents - taxableCents - taxCents,
    exemptCents: sum((sale) => sale.exemptCents),
    taxableCents,
    taxCents,
    count: sales.length,
  };
}

/** One jurisdiction's quarter: the sales taken in it, the refunds given in it, and what is reported (sales − refunds). */
export const SalesTaxJurisdictionSchema = z.object({
  jurisdiction: z.enum(JURISDICTIONS),
  /** The combined rates in force during the quarter (thousandths of a percent: 8625 is 8.625%), oldest first. */
  rates: z.array(z.number().int()),
  sales: SalesTaxFiguresSchema,
  /** Given back in the quarter, as positive amounts: deducted in `net`. */
  refunds: SalesTaxFiguresSchema,
  net: SalesTaxFiguresSchema,
});
export type SalesTaxJurisdiction = z.infer<typeof SalesTaxJurisdictionSchema>;

export const SalesTaxQuarterSchema = z.object({ from: z.string(), to: z.string(), label: z.string() });

export const SalesTaxReportSchema = z.object({
  /** The quarter: its first and last New York days and its name ("Mar 2026 – May 2026"). */
  quarter: SalesTaxQuarterSchema,
  /** A day of the quarter before and of the one after, for the chooser; null past the years the report can hold. */
  previous: z.string().nullable(),
  next: z.string().nullable(),
  /** Every jurisdiction, in the order of JURISDICTIONS, those with no sales too. */
  jurisdictions: z.array(SalesTaxJurisdictionSchema),
  /** The jurisdictions' `net` together. */
  total: SalesTaxFiguresSchema,
  /**
   * Payments whose amount was not their bill's total (an amount the owner took by hand at the payment): their bill's
   * taxable sales and tax are scaled to what was paid. Worth checking against the invoices before filing.
   */
  scaled: z.array(
    z.object({ paymentId: z.string(), appointmentId: z.string(), amountCents: z.number().int(), billCents: z.number().int() }),
  ),
});
export type SalesTaxReport = z.infer<typeof SalesTaxReportSchema>;

/** The day `days` after `date` (YYYY-MM-DD; before it when negative). */
function shiftDay(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** The quarter of `day`, with a day of the quarters either side of it (null where the report cannot go). */
export function quarterAround(day: string): {
  quarter: z.infer<typeof SalesTaxQuarterSchema>;
  previous: string | null;
  next: string | null;
} {
  const quarter = salesTaxQuarterOf(day);
  const previous = shiftDay(quarter.from, -1);
  const next = shiftDay(quarter.to, 1);
  return {
    quarter,
    previous: isReportableQuarterDay(previous) ? previous : null,
    next: isReportableQuarterDay(next) ? next : null,
  };
}

/** The CSV's file name: techhelp-sales-tax-2026-03-01-to-2026-05-31.csv. */
export function salesTaxCsvName(quarter: { from: string; to: string }): string {
  return `techhelp-sales-tax-${quarter.from}-to-${quarter.to}.csv`;
}
