import { describe, expect, it } from 'vitest';
import type { BillTax } from '../../../shared/sales-tax.ts';
import { ratesDuring, salesTaxCsv, salesTaxReportOf } from './sales-tax-report.ts';

const suffolk = (taxableCents: number, taxCents: number, exemption: BillTax['exemption'] = null): BillTax => ({
  jurisdiction: 'suffolk',
  rate: 8625,
  taxableCents,
  taxCents,
  exemption,
});
const payment = (id: string, amountCents: number, extra: Partial<{ provider: 'paypal' | 'sandbox' | 'manual'; isTest: boolean }> = {}) => ({
  id,
  appointmentId: `appointment-${id}`,
  amountCents,
  provider: extra.provider ?? 'manual',
  isTest: extra.isTest ?? false,
});

describe('the rates of a quarter', () => {
  it('lists the rate of the quarter’s first day and each new one starting within it', () => {
    const table = [
      { jurisdiction: 'suffolk' as const, rate: 8625, from: '2005-06-01' },
      { jurisdiction: 'suffolk' as const, rate: 8750, from: '2026-04-01' },
      { jurisdiction: 'nassau' as const, rate: 8625, from: '2005-06-01' },
    ];
    expect(ratesDuring('suffolk', '2026-03-01', '2026-05-31', table)).toEqual([8625, 8750]);
    expect(ratesDuring('suffolk', '2026-06-01', '2026-08-31', table)).toEqual([8750]);
    expect(ratesDuring('nassau', '2026-03-01', '2026-05-31', table)).toEqual([8625]);
    expect(ratesDuring('suffolk', '2000-03-01', '2000-05-31', table)).toEqual([]);
  });
});

describe('the quarter’s report', () => {
  const bills = new Map([
    ['appointment-sold', { totalCents: 15863, tax: suffolk(10000, 863) }],
    ['appointment-earlier', { totalCents: 15863, tax: suffolk(10000, 863) }],
    ['appointment-test', { totalCents: 15863, tax: suffolk(10000, 863) }],
  ]);
  const report = salesTaxReportOf(
    '2026-04-15',
    [payment('sold', 15863), payment('test', 15863, { provider: 'sandbox', isTest: true }), payment('typed', 9000)],
    // Taken in an earlier quarter, given back in this one; a TEST payment given back counts nowhere.
    [payment('earlier', 15863), payment('test', 15863, { provider: 'sandbox', isTest: true })],
    (appointmentId) => bills.get(appointmentId) ?? null,
  );

  it('names the quarter and the ones either side of it', () => {
    expect(report.quarter).toEqual({ from: '2026-03-01', to: '2026-05-31', label: 'Mar 2026 – May 2026' });
    expect(report.previous).toBe('2026-02-28');
    expect(report.next).toBe('2026-06-01');
  });

  it('deducts the refunds given in the quarter, whole sale and tax, and leaves TEST payments out', () => {
    const [suffolkCounty, nassauCounty] = report.jurisdictions;
    expect(suffolkCounty).toMatchObject({
      jurisdiction: 'suffolk',
      rates: [8625],
      sales: { grossCents: 24863, nonTaxableCents: 14000, taxableCents: 10000, taxCents: 863, count: 2 },
      refunds: { grossCents: 15863, nonTaxableCents: 5000, taxableCents: 10000, taxCents: 863, count: 1 },
      net: { grossCents: 9000, nonTaxableCents: 9000, exemptCents: 0, taxableCents: 0, taxCents: 0, count: 3 },
    });
    expect(nassauCounty).toMatchObject({ jurisdiction: 'nassau', net: { grossCents: 0, count: 0 } });
    expect(report.total).toEqual(suffolkCounty?.net);
    expect(report.scaled).toEqual([]);
  });

  it('writes the CSV with the refunds as negative numbers and the net beneath them', () => {
    const lines = salesTaxCsv(report).trim().split('\n');
    expect(lines[0]).toBe(
      'Quarter,Jurisdiction,Rate,Line,Gross sales (USD),Non-taxable sales (USD),Exempt sales (USD),Taxable sales (USD),Sales tax (USD),Count',
    );
    expect(lines.slice(1)).toEqual([
      'Mar 2026 – May 2026,Suffolk County,8.625%,Sales,248.63,140.00,0.00,100.00,8.63,2',
      'Mar 2026 – May 2026,Suffolk County,8.625%,Refunds,-158.63,-50.00,0.00,-100.00,-8.63,1',
      'Mar 2026 – May 2026,Suffolk County,8.625%,Net,90.00,90.00,0.00,0.00,0.00,3',
      'Mar 2026 – May 2026,Nassau County,8.625%,Sales,0.00,0.00,0.00,0.00,0.00,0',
      'Mar 2026 – May 2026,Nassau County,8.625%,Refunds,0.00,0.00,0.00,0.00,0.00,0',
      'Mar 2026 – May 2026,Nassau County,8.625%,Net,0.00,0.00,0.00,0.00,0.00,0',
      'Mar 2026 – May 2026,All jurisdictions,,Net,90.00,90.00,0.00,0.00,0.00,3',
    ]);
  });
});
