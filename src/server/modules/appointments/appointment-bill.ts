import { type AppointmentWork, BILL_TOO_LARGE, type StoredBill } from '../../../shared/admin.ts';
import { appointmentBill, type BillLine, durationText, lineInEnglish, minutesBetween, taxLine } from '../../../shared/billing.ts';
import type { ServiceKind } from '../../../shared/business.ts';
import type { EstimateInput } from '../../../shared/estimates.ts';
import { MAX_AMOUNT_CENTS } from '../../../shared/payments.ts';
import { type BillTax, billTax, type Jurisdiction, type TaxClass, type TaxExemption, taxOn } from '../../../shared/sales-tax.ts';
import { HttpError } from '../../plugins/errors.ts';

/** The tax classes a bill's lines take unless the owner chooses another (configuration: TAX_CLASS_*). */
export type TaxDefaults = { time: Record<ServiceKind, TaxClass>; parts: TaxClass };

/** Where and when a job's sale happens, for its tax: the county, the visit's New York day, the customer's exemption. */
export type TaxPlace = { jurisdiction: Jurisdiction; date: string; exemption: TaxExemption | null };

/** Half up, in whole numbers: a × b ÷ c for non-negative a and b and a positive c. */
const scaled = (a: number, b: number, c: number) => Math.floor((2 * a * b + c) / (2 * c));

/**
 * A job's bill from the clock (decision 020) with its sales tax (decision 035), as the job's life cycle stores it: the
 * lines for what the owner entered, each with its tax class, what they come to, the tax, and the amount charged.
 * An amount the owner sets by hand replaces the lines' total before tax; its difference from the lines is shared
 * between the taxable and the other lines in proportion, so a discount lowers the tax with the price.
 */
export function billFor(work: AppointmentWork, place: TaxPlace, defaults: TaxDefaults): StoredBill {
  const minutes = minutesBetween(work.start, work.end);
  if (minutes === null) throw new HttpError(400, 'VALIDATION', 'The end must come after the start.');
  const bill = appointmentBill(
    work.kind,
    minutes,
    work.hardware.map((part) => ({ description: part.description, cents: part.amount, taxClass: part.taxClass ?? defaults.parts })),
    work.timeTaxClass ?? defaults.time[work.kind],
  );
  const subtotalCents = work.override?.amount ?? bill.totalCents;
  let tax: BillTax;
  try {
    tax = billTax(bill.lines as { cents: number; taxClass: TaxClass }[], place);
  } catch (error) {
    throw new HttpError(400, 'VALIDATION', (error as Error).message);
  }
  if (subtotalCents !== bill.totalCents) {
    const taxableCents = bill.totalCents > 0 ? scaled(tax.taxableCents, subtotalCents, bill.totalCents) : 0;
    tax = { ...tax, taxableCents, taxCents: tax.exemption ? 0 : taxOn(taxableCents, tax.rate) };
  }
  const totalCents = subtotalCents + tax.taxCents;
  // Each line is capped by the form's schema; what they come to, tax included, is capped here, as a typed amount is.
  if (totalCents > MAX_AMOUNT_CENTS) throw new HttpError(400, 'VALIDATION', BILL_TOO_LARGE);
  return {
    kind: work.kind,
    start: work.start,
    end: work.end,
    minutes,
    lines: bill.lines,
    computedCents: bill.totalCents,
    subtotalCents,
    tax,
    totalCents,
    overrideReason: work.override?.reason ?? null,
  };
}

/** An estimate priced as a bill (issue 38): its lines (with their tax classes), what they come to, the tax and the total. */
export type EstimatePrice = {
  kind: ServiceKind;
  minutes: number;
  lines: BillLine[];
  subtotalCents: number;
  tax: BillTax;
  totalCents: number;
};

/**
 * The price of an estimate, exactly as billFor prices a bill of `minutes` with the same parts: the fee schedule, each
 * line's tax class (configuration's defaults unless the owner chose one), and the tax of the customer's place.
 */
export function estimateFor(input: EstimateInput, place: TaxPlace, defaults: TaxDefaults): EstimatePrice {
  const bill = appointmentBill(
    input.kind,
    input.minutes,
    input.hardware.map((part) => ({ description: part.description, cents: part.amount, taxClass: part.taxClass ?? defaults.parts })),
    input.timeTaxClass ?? defaults.time[input.kind],
  );
  let tax: BillTax;
  try {
    tax = billTax(bill.lines as { cents: number; taxClass: TaxClass }[], place);
  } catch (error) {
    throw new HttpError(400, 'VALIDATION', (error as Error).message);
  }
  const totalCents = bill.totalCents + tax.taxCents;
  if (totalCents > MAX_AMOUNT_CENTS) throw new HttpError(400, 'VALIDATION', BILL_TOO_LARGE);
  return { kind: input.kind, minutes: input.minutes, lines: bill.lines, subtotalCents: bill.totalCents, tax, totalCents };
}

/** What the customer is shown of an estimate: its lines, then the tax line (as on a bill, customerLines). */
export function estimateLines(estimate: { lines: BillLine[]; tax: BillTax }): BillLine[] {
  return estimate.tax.taxableCents !== 0 || estimate.tax.exemption ? [...estimate.lines, taxLine(estimate.tax)] : [...estimate.lines];
}

/** A bill in one line of English, for the history: "1 h 40 min of troubleshooting (09:30–11:10): …, $75.00". */
export function billSummary(bill: StoredBill): string {
  const lines = bill.lines.map((line) => `${lineInEnglish(line)} $${(line.cents / 100).toFixed(2)}`).join('; ');
  const tax =
    bill.tax && (bill.tax.taxableCents !== 0 || bill.tax.exemption)
      ? `; ${lineInEnglish(taxLine(bill.tax))} $${dollars(bill.tax.taxCents)}`
      : '';
  // With a tax line after them, the lines come to a subtotal; without one, to the total.
  const sum = tax ? 'subtotal' : 'total';
  return `${durationText(bill.minutes)} of ${bill.kind} (${bill.start}–${bill.end}): ${lines}; ${sum} $${(bill.computedCents / 100).toFixed(2)}${tax}`;
}

/** Whole cents as the history writes them: 75.00. */
export const dollars = (cents: number) => (cents / 100).toFixed(2);
