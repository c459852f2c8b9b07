import { describe, expect, it } from 'vitest';
import type { BillTax } from './sales-tax.ts';
import { type Sale, saleOf, salesTaxFigures } from './sales-tax-report.ts';

const suffolk = (taxableCents: number, taxCents: number, exemption: BillTax['exemption'] = null): BillTax => ({
  jurisdiction: 'suffolk',
  rate: 8625,
  taxableCents,
  taxCents,
  exemption,
});

describe('a payment as a sale for the sales-tax report', () => {
  it('takes the taxable sales and the tax of the bill it paid', () => {
    expect(saleOf(15863, { totalCents: 15863, tax: suffolk(10000, 863) })).toEqual({
      jurisdiction: 'suffolk',
      grossCents: 15863,
      taxableCents: 10000,
      taxCents: 863,
      exemptCents: 0,
      scaledFrom: null,
    });
  });

  it('counts an amount typed by hand, or a bill from before sales tax, as a non-taxable sale in Suffolk', () => {
    const none = { jurisdiction: 'suffolk', grossCents: 9000, taxableCents: 0, taxCents: 0, exemptCents: 0, scaledFrom: null };
    expect(saleOf(9000, null)).toEqual(none);
    expect(saleOf(9000, { totalCents: 9000 })).toEqual(none);
  });

  it('counts an exempt customer’s would-be taxable sales as exempt, not taxable', () => {
    const exemption = { kind: 'resale' as const, certificate: 'R-1', date: '2026-01-02' };
    const sale = saleOf(15000, { totalCents: 15000, tax: suffolk(10000, 0, exemption) });
    expect(sale).toMatchObject({ grossCents: 15000, taxableCents: 0, taxCents: 0, exemptCents: 10000 });
    expect(salesTaxFigures([sale])).toMatchObject({ nonTaxableCents: 15000, exemptCents: 10000 });
  });

  it('scales the bill’s figures, half up, to a payment of another amount, and says so', () => {
    // $158.63 billed, $100.00 taken: 10000 × 10000 ÷ 15863 = 6303.97…, 863 × 10000 ÷ 15863 = 544.03…
    expect(saleOf(10000, { totalCents: 15863, tax: { ...suffolk(10000, 863), jurisdiction: 'nassau' } })).toEqual({
      jurisdiction: 'nassau',
      grossCents: 10000,
      taxableCents: 6304,
      taxCents: 544,
      exemptCents: 0,
      scaledFrom: 15863,
    });
  });
});

describe('the sales-tax figures', () => {
  it('adds up in whole cents: non-taxable is the gross less the taxable sales and the tax', () => {
    const sales: Sale[] = [
      saleOf(15863, { totalCents: 15863, tax: suffolk(10000, 863) }),
      saleOf(5000, { totalCents: 5000, tax: suffolk(0, 0) }),
      saleOf(7500, null),
    ];
    expect(salesTaxFigures(sales)).toEqual({
      grossCents: 28363,
      nonTaxableCents: 17500,
      exemptCents: 0,
      taxableCents: 10000,
      taxCents: 863,
      count: 3,
    });
  });
});
