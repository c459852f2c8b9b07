import { describe, expect, it } from 'vitest';
import { appointmentBill, customerLines, lineInEnglish } from './billing.ts';
import {
  billTax,
  jurisdictionOfCity,
  rateOn,
  rateText,
  SALES_TAX_RATES,
  salesTaxQuarterOf,
  TAX_TEXTS,
  taxLineText,
  taxOn,
} from './sales-tax.ts';

describe('the sales tax on a bill', () => {
  it('is 8.625% of the taxable lines in Suffolk, rounded half up to the cent', () => {
    expect(rateOn('suffolk', '2026-11-28')).toBe(8625);
    expect(taxOn(10_000, 8625)).toBe(863); // $100.00 → $8.625 → $8.63
    expect(taxOn(4_000, 8625)).toBe(345); // $40.00 → $3.45
    expect(taxOn(1, 8625)).toBe(0); // 0.086 cents
    expect(taxOn(6, 8625)).toBe(1); // 0.5175 cents: half up
    expect(taxOn(0, 8625)).toBe(0);
    // Exactly half a cent rounds up: 200 cents at 0.25% is 0.5 cents.
    expect(taxOn(200, 250)).toBe(1);
    expect(taxOn(199, 250)).toBe(0);
    // A refund's tax mirrors its sale's.
    expect(taxOn(-10_000, 8625)).toBe(-863);
    expect(rateText(8625)).toBe('8.625%');
    expect(rateText(8000)).toBe('8%');
    expect(rateText(8500)).toBe('8.5%');
  });

  it('taxes the total of the taxable lines once, not line by line', () => {
    // Three parts of $0.06: line by line each would round to $0.01 (3 cents); on their total of 18 cents it is 2.
    const tax = billTax(
      [
        { cents: 6, taxClass: 'taxable-goods' },
        { cents: 6, taxClass: 'taxable-goods' },
        { cents: 6, taxClass: 'taxable-service' },
      ],
      { jurisdiction: 'suffolk', date: '2026-11-28' },
    );
    expect(tax).toEqual({ jurisdiction: 'suffolk', rate: 8625, taxableCents: 18, taxCents: 2, exemption: null });
  });

  it('leaves out help with software, training and consulting, and taxes parts and work on hardware', () => {
    const bill = appointmentBill('troubleshooting', 60, [{ description: 'SSD', cents: 10_000 }]);
    expect(bill.lines.map((line) => line.taxClass)).toEqual(['not-taxable', 'taxable-goods']);
    const tax = billTax(bill.lines as { cents: number; taxClass: 'not-taxable' }[], { jurisdiction: 'suffolk', date: '2026-11-28' });
    expect(tax.taxableCents).toBe(10_000);
    expect(tax.taxCents).toBe(863);
    // The example: $50 + $100 + $8.63 = $158.63.
    expect(bill.totalCents + tax.taxCents).toBe(15_863);

    const repair = appointmentBill('troubleshooting', 95, [], 'taxable-service');
    expect(repair.lines.map((line) => [line.cents, line.taxClass])).toEqual([
      [5000, 'taxable-service'],
      [2500, 'taxable-service'],
    ]);
    expect(billTax(repair.lines as never, { jurisdiction: 'suffolk', date: '2026-11-28' }).taxCents).toBe(647); // $75 → $6.46875
  });

  it('charges an exempt customer no tax and says why', () => {
    const exemption = { kind: 'exempt-organization' as const, certificate: 'EO-1234', date: '2026-01-15' };
    const tax = billTax([{ cents: 10_000, taxClass: 'taxable-goods' }], { jurisdiction: 'suffolk', date: '2026-11-28', exemption });
    expect(tax.taxableCents).toBe(10_000);
    expect(tax.taxCents).toBe(0);
    expect(taxLineText(tax)).toEqual({ text: TAX_TEXTS.exemptOrganization, values: { certificate: 'EO-1234' } });
    const resale = billTax([{ cents: 100, taxClass: 'taxable-goods' }], {
      jurisdiction: 'suffolk',
      date: '2026-11-28',
      exemption: { kind: 'resale', certificate: 'R-9', date: '2026-01-15' },
    });
    expect(lineInEnglish({ ...taxLineText(resale), cents: 0 })).toBe('No sales tax: resale, certificate R-9 (ST-120)');
  });

  it('takes the rate of the visit’s day from the table with dates', () => {
    const table = [...SALES_TAX_RATES, { jurisdiction: 'suffolk' as const, rate: 8875, from: '2027-03-01' }];
    expect(rateOn('suffolk', '2027-02-28', table)).toBe(8625);
    expect(rateOn('suffolk', '2027-03-01', table)).toBe(8875);
    expect(billTax([{ cents: 10_000, taxClass: 'taxable-goods' }], { jurisdiction: 'suffolk', date: '2027-03-06' }, table).taxCents).toBe(
      888,
    );
    expect(() => rateOn('suffolk', '1999-01-01')).toThrow(TAX_TEXTS.noRate);
    expect(rateOn('nassau', '2026-11-28')).toBe(8625);
  });

  it('places every city of the service area in Suffolk County', () => {
    expect(jurisdictionOfCity('Bay Shore')).toBe('suffolk');
    expect(jurisdictionOfCity('hauppauge')).toBe('suffolk');
    expect(jurisdictionOfCity(undefined)).toBe('suffolk');
  });

  it('states the tax as its own line after the lines sold, and an adjustment before it', () => {
    const tax = { jurisdiction: 'suffolk' as const, rate: 8625, taxableCents: 10_000, taxCents: 863, exemption: null };
    const lines = [
      { text: 'First hour of troubleshooting', values: {}, cents: 5000, taxClass: 'not-taxable' as const },
      { text: 'SSD', values: {}, cents: 10_000, taxClass: 'taxable-goods' as const },
    ];
    const shown = customerLines({ lines, computedCents: 15_000, subtotalCents: 15_000, tax, totalCents: 15_863 }, 15_863);
    expect(shown?.map((line) => [lineInEnglish(line), line.cents])).toEqual([
      ['First hour of troubleshooting', 5000],
      ['SSD', 10_000],
      ['Sales tax (Suffolk County 8.625%)', 863],
    ]);
    expect(shown?.reduce((sum, line) => sum + line.cents, 0)).toBe(15_863);
    // A bill of untaxed help only has no tax line; a bill from before sales tax neither.
    const untaxed = { ...tax, taxableCents: 0, taxCents: 0 };
    expect(
      customerLines({ lines: [lines[0] as never], computedCents: 5000, subtotalCents: 5000, tax: untaxed, totalCents: 5000 }, 5000),
    ).toHaveLength(1);
    expect(customerLines({ lines: [lines[0] as never], computedCents: 5000, totalCents: 5000 }, 5000)).toHaveLength(1);
  });
});

describe('New York’s sales-tax quarters', () => {
  it('run March–May, June–August, September–November and December–February', () => {
    expect(salesTaxQuarterOf('2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-05-31', label: 'Mar 2026 – May 2026' });
    expect(salesTaxQuarterOf('2026-08-31')).toEqual({ from: '2026-06-01', to: '2026-08-31', label: 'Jun 2026 – Aug 2026' });
    expect(salesTaxQuarterOf('2026-11-29')).toEqual({ from: '2026-09-01', to: '2026-11-30', label: 'Sep 2026 – Nov 2026' });
    expect(salesTaxQuarterOf('2026-12-05')).toEqual({ from: '2026-12-01', to: '2027-02-28', label: 'Dec 2026 – Feb 2027' });
    expect(salesTaxQuarterOf('2028-02-29')).toEqual({ from: '2027-12-01', to: '2028-02-29', label: 'Dec 2027 – Feb 2028' });
    expect(salesTaxQuarterOf('2027-01-10').from).toBe('2026-12-01');
  });
});
