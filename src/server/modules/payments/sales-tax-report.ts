import { stringify } from 'csv-stringify/sync';
import type { StoredBill } from '../../../shared/admin.ts';
import { businessDayEnd, businessDayStart } from '../../../shared/business-time.ts';
import { isTestPayment } from '../../../shared/payments.ts';
import {
  JURISDICTIONS,
  type Jurisdiction,
  rateOn,
  rateText,
  SALES_TAX_RATES,
  type SalesTaxRate,
  TAX_TEXTS,
} from '../../../shared/sales-tax.ts';
import {
  NO_SALES,
  quarterAround,
  type SalesTaxFigures,
  type SalesTaxReport,
  saleOf,
  salesTaxFigures,
} from '../../../shared/sales-tax-report.ts';
import type { Executor } from '../../db/client.ts';
import type { PaymentRow } from '../../db/schema.ts';
import { appointmentsById } from '../appointments/index.ts';
import { listPaymentsCapturedBetween, listPaymentsRefundedBetween } from './payment-queries.ts';

/**
 * The sales-tax report (issue 38): what each jurisdiction sold in one of New York's sales-tax quarters, from the
 * payments and the bills they paid. A sale counts in the quarter its payment was taken; a refund gives back the whole
 * sale with its tax, deducted in the quarter it was given; TEST payments never count. A payment whose bill has no tax
 * (an amount typed by hand, a bill from before sales tax) is a non-taxable sale in Suffolk, the business's county.
 */

type PaymentFacts = Pick<PaymentRow, 'id' | 'appointmentId' | 'amountCents' | 'provider' | 'isTest'> & {
  paidBill?: PaymentRow['paidBill'];
};

/** `sales` less `refunds`, figure by figure; the count is of both (the payments behind the figures). */
function net(sales: SalesTaxFigures, refunds: SalesTaxFigures): SalesTaxFigures {
  return {
    grossCents: sales.grossCents - refunds.grossCents,
    nonTaxableCents: sales.nonTaxableCents - refunds.nonTaxableCents,
    exemptCents: sales.exemptCents - refunds.exemptCents,
    taxableCents: sales.taxableCents - refunds.taxableCents,
    taxCents: sales.taxCents - refunds.taxCents,
    count: sales.count + refunds.count,
  };
}

function add(a: SalesTaxFigures, b: SalesTaxFigures): SalesTaxFigures {
  return {
    grossCents: a.grossCents + b.grossCents,
    nonTaxableCents: a.nonTaxableCents + b.nonTaxableCents,
    exemptCents: a.exemptCents + b.exemptCents,
    taxableCents: a.taxableCents + b.taxableCents,
    taxCents: a.taxCents + b.taxCents,
    count: a.count + b.count,
  };
}

/** The rates of `jurisdiction` in force from `from` to `to` (YYYY-MM-DD), oldest first: the day's, then each new one. */
export function ratesDuring(
  jurisdiction: Jurisdiction,
  from: string,
  to: string,
  table: readonly SalesTaxRate[] = SALES_TAX_RATES,
): number[] {
  const rates: number[] = [];
  try {
    rates.push(rateOn(jurisdiction, from, table));
  } catch {
    // No rate yet on the quarter's first day: only those starting within it.
  }
  const starting = table
    .filter((row) => row.jurisdiction === jurisdiction && row.from > from && row.from <= to)
    .sort((a, b) => a.from.localeCompare(b.from));
  for (const row of starting) if (rates.at(-1) !== row.rate) rates.push(row.rate);
  return rates;
}

/**
 * The report of the quarter of `day`, from the payments taken in it (`sold`) and those given back in it (`refunded`),
 * each with its appointment's bill. TEST payments are left out of both.
 */
export function salesTaxReportOf(
  day: string,
  sold: readonly PaymentFacts[],
  refunded: readonly PaymentFacts[],
  billOf: (appointmentId: string) => Pick<StoredBill, 'tax' | 'totalCents'> | null | undefined,
): SalesTaxReport {
  const { quarter, previous, next } = quarterAround(day);
  const scaledPayments = new Map<string, SalesTaxReport['scaled'][number]>();
  const salesOf = (payments: readonly PaymentFacts[]) =>
    payments
      .filter((payment) => !isTestPayment(payment))
      .map((payment) => {
        // The bill as it stood when the payment was taken; the job's current bill for payments from before it was kept.
        const sale = saleOf(payment.amountCents, payment.paidBill ?? billOf(payment.appointmentId));
        if (sale.scaledFrom !== null) {
          scaledPayments.set(payment.id, {
            paymentId: payment.id,
            appointmentId: payment.appointmentId,
            amountCents: payment.amountCents,
            billCents: sale.scaledFrom,
          });
        }
        return sale;
      });
  const sales = salesOf(sold);
  const refunds = salesOf(refunded);
  const jurisdictions = JURISDICTIONS.map((jurisdiction) => {
    const salesHere = salesTaxFigures(sales.filter((sale) => sale.jurisdiction === jurisdiction));
    const refundsHere = salesTaxFigures(refunds.filter((sale) => sale.jurisdiction === jurisdiction));
    return {
      jurisdiction,
      rates: ratesDuring(jurisdiction, quarter.from, quarter.to),
      sales: salesHere,
      refunds: refundsHere,
      net: net(salesHere, refundsHere),
    };
  });
  return {
    quarter,
    previous,
    next,
    jurisdictions,
    total: jurisdictions.reduce((total, entry) => add(total, entry.net), NO_SALES),
    scaled: [...scaledPayments.values()],
  };
}

/** The report of the quarter of `day` (YYYY-MM-DD; any day of it), its periods New York days. */
export async function salesTaxReport(db: Executor, day: string): Promise<SalesTaxReport> {
  const { quarter } = quarterAround(day);
  const start = businessDayStart(quarter.from);
  const end = businessDayEnd(quarter.to);
  const sold = await listPaymentsCapturedBetween(db, start, end);
  const refunded = await listPaymentsRefundedBetween(db, start, end);
  const appointments = await appointmentsById(
    db,
    [...sold, ...refunded].map((payment) => payment.appointmentId),
  );
  return salesTaxReportOf(day, sold, refunded, (appointmentId) => appointments.get(appointmentId)?.bill ?? null);
}

/** Whole cents as the CSV writes them: 158.63, -158.63. */
const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * The report as a CSV for the books and the return: per jurisdiction its sales, its refunds (negative, deducted) and
 * the net, then the quarter's total, then a note for each payment whose figures were scaled to what was paid. Every
 * cell is a number or our own words (nothing a customer typed), so none is neutralised: a refund's "-158.63" stays a
 * number for the spreadsheet.
 */
export function salesTaxCsv(report: SalesTaxReport): string {
  const label = report.quarter.label;
  const row = (place: string, rate: string, line: string, figures: SalesTaxFigures, sign = 1) => [
    label,
    place,
    rate,
    line,
    money(sign * figures.grossCents),
    money(sign * figures.nonTaxableCents),
    money(sign * figures.exemptCents),
    money(sign * figures.taxableCents),
    money(sign * figures.taxCents),
    String(figures.count),
  ];
  const rows = report.jurisdictions.flatMap((entry) => {
    const place = TAX_TEXTS.jurisdictions[entry.jurisdiction];
    const rate = entry.rates.map(rateText).join(' then ');
    return [row(place, rate, 'Sales', entry.sales), row(place, rate, 'Refunds', entry.refunds, -1), row(place, rate, 'Net', entry.net)];
  });
  const notes = report.scaled.map((payment) => [
    label,
    'Note',
    '',
    `Payment ${payment.paymentId} of appointment ${payment.appointmentId}: ${money(payment.amountCents)} paid, bill ${money(payment.billCents)}; its taxable sales and tax scaled to what was paid`,
  ]);
  return stringify([
    [
      'Quarter',
      'Jurisdiction',
      'Rate',
      'Line',
      'Gross sales (USD)',
      'Non-taxable sales (USD)',
      'Exempt sales (USD)',
      'Taxable sales (USD)',
      'Sales tax (USD)',
      'Count',
    ],
    ...rows,
    row('All jurisdictions', '', 'Net', report.total),
    ...notes,
  ]);
}
