import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../src/server/db/schema.ts';
import type { PaidList } from '../../src/shared/admin.ts';
import { businessDateOf, businessDayStart } from '../../src/shared/business-time.ts';
import { salesTaxQuarterOf } from '../../src/shared/sales-tax.ts';
import type { SalesTaxFigures, SalesTaxJurisdiction, SalesTaxReport } from '../../src/shared/sales-tax-report.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';
import { payPalEnv, startPayPalStandIn } from '../support/paypal-stand-in.ts';

type Person = { cookie: string; id: string; email: string };

/** A 1 h troubleshooting visit with a $100 part: $50 of time (not taxable) and the part (taxable goods). */
const work = {
  kind: 'troubleshooting',
  start: '09:00',
  end: '10:00',
  hardware: [{ description: 'Replacement hard drive', amount: '100' }],
};

/** The sale of that visit, $158.63: $50.00 of time not taxable, the $100.00 part taxable, $8.63 of tax. */
const SALE: SalesTaxFigures = { grossCents: 15863, nonTaxableCents: 5000, exemptCents: 0, taxableCents: 10000, taxCents: 863, count: 1 };

/**
 * Fixed days of one past quarter (Jun–Aug 2026), which no payment taken while a test runs can fall in: a sale and its
 * refund moved there are reported together, however the clock stands (capture times are the database's own).
 */
const FIXED_QUARTER = {
  day: '2026-07-15',
  from: '2026-06-01',
  to: '2026-08-31',
  soldAt: new Date(businessDayStart('2026-06-15').getTime() + 14 * 3_600_000),
  refundedAt: new Date(businessDayStart('2026-08-17').getTime() + 10 * 3_600_000),
};

/** The requests and readings of the tests below, against `site`'s app as its admin. */
function reportTools(site: () => { subject: TestApp; admin: Person }, nextSlot: () => { date: string; slot: string }) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, cookie = site().admin.cookie) =>
    site().subject.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

  /** A new customer's visit, completed and billed with `changes` (the work above unless another amount is given). */
  async function billedVisit(changes: object = { work }) {
    const customer = await bookingCustomer(site().subject.app, 'taxpayer');
    const { date, slot } = nextSlot();
    const booked = await book(site().subject.app, customer.cookie, date, slot);
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as string;
    const billed = await call('PATCH', `/api/admin/appointments/${id}`, { isCompleted: true, ...changes });
    expect(billed.statusCode, billed.body).toBe(200);
    return { id, customer, appointment: billed.json().appointment };
  }

  /** Marks the visit paid in cash (real money); answers its payment as the paid list shows it. */
  async function payByHand(id: string) {
    const paid = await call('PATCH', `/api/admin/appointments/${id}`, { isPaid: true, paymentMethod: 'cash' });
    expect(paid.statusCode, paid.body).toBe(200);
    return paymentOf(id);
  }

  async function paymentOf(id: string) {
    const list = await paidList();
    const entries = list.entries.filter((entry) => entry.id === id);
    const entry = entries.at(-1);
    if (!entry) throw new Error(`no payment of ${id} in the paid list`);
    return entry.payment;
  }

  async function paidList(from = '2026-01-01', to = '2999-12-31'): Promise<PaidList> {
    const answer = await call('GET', `/api/admin/paid?from=${from}&to=${to}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  }

  async function report(day?: string): Promise<SalesTaxReport> {
    const answer = await call('GET', `/api/admin/sales-tax${day ? `?quarter=${day}` : ''}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  }

  /** Moves payments' captures (and the refunds of those refunded) to the fixed quarter's days (FIXED_QUARTER). */
  async function fixDates(...paymentIds: string[]) {
    const { db } = site().subject.database;
    for (const paymentId of paymentIds) {
      const [stored] = await db.select({ refundedAt: payments.refundedAt }).from(payments).where(eq(payments.id, paymentId));
      if (!stored) throw new Error(`no payment ${paymentId}`);
      await db
        .update(payments)
        .set({ capturedAt: FIXED_QUARTER.soldAt, refundedAt: stored.refundedAt ? FIXED_QUARTER.refundedAt : null })
        .where(eq(payments.id, paymentId));
    }
  }

  return { call, billedVisit, payByHand, paymentOf, paidList, report, fixDates };
}

const suffolk = (of: SalesTaxReport): SalesTaxJurisdiction => {
  const county = of.jurisdictions.find((entry) => entry.jurisdiction === 'suffolk');
  if (!county) throw new Error('no Suffolk County in the report');
  return county;
};

const NONE: SalesTaxFigures = { grossCents: 0, nonTaxableCents: 0, exemptCents: 0, taxableCents: 0, taxCents: 0, count: 0 };

/** What `after` adds to `before`, figure by figure; nothing was before when `before` is of another quarter. */
function added(after: SalesTaxReport, before: SalesTaxReport, part: 'sales' | 'refunds' | 'net'): SalesTaxFigures {
  const was = after.quarter.from === before.quarter.from ? suffolk(before)[part] : NONE;
  const now = suffolk(after)[part];
  return {
    grossCents: now.grossCents - was.grossCents,
    nonTaxableCents: now.nonTaxableCents - was.nonTaxableCents,
    exemptCents: now.exemptCents - was.exemptCents,
    taxableCents: now.taxableCents - was.taxableCents,
    taxCents: now.taxCents - was.taxCents,
    count: now.count - was.count,
  };
}

/** A day of the quarter an instant (ISO) falls in, in New York. */
const dayOf = (instant: string) => businessDateOf(new Date(instant));

/**
 * The sales-tax report of a quarter (issue 38), on the real app in test mode: sales paid by hand (real money), their
 * refunds, TEST payments, and the paid list it must agree with. Payments are taken now, so each lands in today's
 * quarter; a figure is compared with the same quarter's report before it (none, had the quarter just turned). A sale
 * and its refund are also moved to fixed days of one quarter (FIXED_QUARTER), where they must net to nothing.
 */
describe('the sales-tax report', () => {
  let subject: TestApp;
  let admin: { cookie: string; id: string; email: string };
  const nextSlot = slotSequence(upcomingWeekendDays(6, 3));

  beforeAll(async () => {
    subject = await createTestApp();
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(() => subject.close());

  const { call, billedVisit, payByHand, paymentOf, paidList, report, fixDates } = reportTools(() => ({ subject, admin }), nextSlot);

  it('answers admins only, and refuses a day it cannot read', async () => {
    const customer = await bookingCustomer(subject.app, 'curious');
    for (const url of ['/api/admin/sales-tax', '/api/admin/sales-tax.csv']) {
      expect((await call('GET', url, undefined, customer.cookie)).statusCode, url).toBe(403);
      expect((await call('GET', url, undefined, '')).statusCode, url).toBe(401);
    }
    for (const quarter of ['2026-02-30', 'soon', '2999-12-01', '1900-01-31']) {
      const refused = await call('GET', `/api/admin/sales-tax?quarter=${quarter}`);
      expect(refused.statusCode, quarter).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('reports the current quarter in New York unless told another, with both counties and the quarters beside it', async () => {
    const today = businessDateOf(new Date());
    const current = await report();
    expect([salesTaxQuarterOf(today), salesTaxQuarterOf(businessDateOf(new Date()))]).toContainEqual(current.quarter);
    const winter = await report('2027-01-15');
    expect(winter.quarter).toEqual({ from: '2026-12-01', to: '2027-02-28', label: 'Dec 2026 – Feb 2027' });
    expect(winter.previous).toBe('2026-11-30');
    expect(winter.next).toBe('2027-03-01');
    expect(winter.jurisdictions.map((entry) => [entry.jurisdiction, entry.rates])).toEqual([
      ['suffolk', [8625]],
      ['nassau', [8625]],
    ]);
    expect(winter.total).toEqual(NONE);
  });

  it('reports a $158.63 visit paid in cash as $100.00 taxable, $8.63 tax and $50.00 not taxable, and nets its refund to nothing', async () => {
    const before = await report();
    const { id, appointment } = await billedVisit();
    // $50.00 for the hour, $100.00 for the part, 8.625% of $100.00 = $8.625, rounded half up to $8.63.
    expect(appointment).toMatchObject({
      amountCents: 15863,
      bill: { subtotalCents: 15000, tax: { jurisdiction: 'suffolk', rate: 8625, taxableCents: 10000, taxCents: 863, exemption: null } },
    });

    const payment = await payByHand(id);
    expect(payment).toMatchObject({
      provider: 'manual',
      amountCents: 15863,
      isTest: false,
      salesTax: { jurisdiction: 'suffolk', rate: 8625, subtotalCents: 15000, taxCents: 863, exempt: false },
    });
    const paid = await report(dayOf(payment.capturedAt));
    expect(added(paid, before, 'sales')).toEqual(SALE);
    expect(added(paid, before, 'net')).toEqual(SALE);

    // The paid CSV states the subtotal, the tax, the county and the rate after its old columns.
    const paidCsv = (await call('GET', '/api/admin/paid.csv?from=2026-01-01&to=2999-12-31')).body;
    expect(paidCsv.split('\n').find((line) => line.includes(id))).toMatch(/,158\.63,Paid,150\.00,8\.63,Suffolk County,8\.625%$/);

    // Given back: the whole sale with its tax leaves the quarter of the refund.
    const refunded = await call('POST', `/api/admin/payments/${payment.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refundedAt = (await paymentOf(id)).refundedAt ?? '';
    const afterRefund = await report(dayOf(refundedAt));
    expect(added(afterRefund, paid, 'refunds')).toEqual(SALE);

    // Paid and given back in one quarter (on its fixed days, whatever today is): it nets to nothing, the sale and the
    // refund behind the figures.
    await fixDates(payment.id);
    const quarter = await report(FIXED_QUARTER.day);
    expect(quarter.quarter).toMatchObject({ from: FIXED_QUARTER.from, to: FIXED_QUARTER.to });
    expect(suffolk(quarter)).toMatchObject({ sales: SALE, refunds: SALE, net: { ...NONE, count: 2 } });
    expect(quarter.total).toEqual({ ...NONE, count: 2 });
  });

  it('counts a refund from the bill its payment paid, even after the job is billed again differently and paid again', async () => {
    const before = await report(FIXED_QUARTER.day);
    const { id } = await billedVisit();
    const first = await payByHand(id);
    expect((await call('POST', `/api/admin/payments/${first.id}/refund`)).statusCode).toBe(200);
    // Billed again without the part: $50.00 of help, no tax; paid in cash.
    const rebilled = await call('PATCH', `/api/admin/appointments/${id}`, { work: { ...work, hardware: [] } });
    expect(rebilled.statusCode, rebilled.body).toBe(200);
    expect(rebilled.json().appointment.amountCents).toBe(5000);
    const second = await payByHand(id);
    // Both payments and the refund moved to one quarter's days, whatever today is.
    await fixDates(first.id, second.id);
    const after = await report(FIXED_QUARTER.day);
    const firstSale = { grossCents: 15863, nonTaxableCents: 5000, exemptCents: 0, taxableCents: 10000, taxCents: 863, count: 1 };
    const secondSale = { grossCents: 5000, nonTaxableCents: 5000, exemptCents: 0, taxableCents: 0, taxCents: 0, count: 1 };
    expect(added(after, before, 'sales')).toEqual({ ...firstSale, grossCents: 20863, nonTaxableCents: 10000, count: 2 });
    // The refund gives back the first payment's $8.63 of tax, from the bill it paid, not from today's bill.
    expect(added(after, before, 'refunds')).toEqual(firstSale);
    expect(added(after, before, 'net')).toEqual({ ...secondSale, count: 3 });
    expect(after.scaled.filter((entry) => entry.appointmentId === id)).toEqual([]);
    // The paid list states each payment's own tax.
    const entries = (await paidList()).entries.filter((entry) => entry.id === id);
    expect(entries.map((entry) => entry.payment.salesTax?.taxCents ?? null)).toEqual(expect.arrayContaining([863, 0]));
  });

  it('counts a refunded typed amount as untaxed, even after the job is billed from the clock with a taxable part', async () => {
    const before = await report(FIXED_QUARTER.day);
    const { id } = await billedVisit({ amount: '90' });
    const first = await payByHand(id);
    expect((await call('POST', `/api/admin/payments/${first.id}/refund`)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/admin/appointments/${id}`, { work })).statusCode).toBe(200);
    await fixDates(first.id);
    const after = await report(FIXED_QUARTER.day);
    // The refund gives back $90.00 of untaxed help, not the later bill's $8.63 of tax.
    expect(added(after, before, 'refunds')).toEqual({
      grossCents: 9000,
      nonTaxableCents: 9000,
      exemptCents: 0,
      taxableCents: 0,
      taxCents: 0,
      count: 1,
    });
  });

  it('leaves a TEST payment (test mode: no money) out of the report', async () => {
    const { id, customer } = await billedVisit();
    const before = await report();
    const { orderId } = (await call('POST', '/api/payments/orders', { appointmentId: id }, customer.cookie)).json();
    const captured = await call('POST', `/api/payments/orders/${orderId}/capture`, undefined, customer.cookie);
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json()).toMatchObject({ amountCents: 15863, isTest: true });
    const payment = await paymentOf(id);
    expect(payment).toMatchObject({ provider: 'sandbox', isTest: true });
    const after = await report(dayOf(payment.capturedAt));
    expect(added(after, before, 'sales')).toEqual(NONE);
    expect(added(after, before, 'net')).toEqual(NONE);
  });

  it('counts an amount typed by hand as a non-taxable sale in Suffolk, and an exempt customer’s sale as exempt', async () => {
    const before = await report(FIXED_QUARTER.day);
    const typed = await billedVisit({ amount: '90' });
    expect(typed.appointment).toMatchObject({ amountCents: 9000, bill: null });
    const typedPayment = await payByHand(typed.id);
    expect(typedPayment.salesTax).toBeNull();

    const exempt = await billedVisit({});
    const certificate = { kind: 'exempt-organization', certificate: 'EO-12345', date: '2026-01-05' };
    const recorded = await call('PUT', `/api/admin/customers/${exempt.customer.id}/tax-exemption`, certificate);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const billed = await call('PATCH', `/api/admin/appointments/${exempt.id}`, { work });
    expect(billed.json().appointment).toMatchObject({ amountCents: 15000, bill: { tax: { taxableCents: 10000, taxCents: 0 } } });
    const exemptPayment = await payByHand(exempt.id);
    expect(exemptPayment.salesTax).toEqual({ jurisdiction: 'suffolk', rate: 8625, subtotalCents: 15000, taxCents: 0, exempt: true });

    await fixDates(typedPayment.id, exemptPayment.id);
    const after = await report(FIXED_QUARTER.day);
    expect(added(after, before, 'sales')).toEqual({
      grossCents: 9000 + 15000,
      nonTaxableCents: 9000 + 15000,
      exemptCents: 10000,
      taxableCents: 0,
      taxCents: 0,
      count: 2,
    });
  });

  it('agrees to the cent with the paid list of the same quarter, and writes the same figures as CSV', async () => {
    // One more sale in force, beside what the tests above left (refunded, TEST, typed, exempt).
    const { id } = await billedVisit();
    const payment = await payByHand(id);
    const day = dayOf(payment.capturedAt);
    const quarter = await report(day);
    const list = await paidList(quarter.quarter.from, quarter.quarter.to);
    expect(list.entries.map((entry) => entry.payment.id)).toContain(payment.id);
    expect(quarter.total.grossCents).toBe(list.totalCents);
    expect(quarter.total.taxCents).toBe(list.taxCents);
    expect(quarter.total.grossCents).toBeGreaterThanOrEqual(15863);

    const csv = await call('GET', `/api/admin/sales-tax.csv?quarter=${day}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="techhelp-sales-tax-${quarter.quarter.from}-to-${quarter.quarter.to}.csv"`,
    );
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Quarter,Jurisdiction,Rate,Line,Gross sales (USD),Non-taxable sales (USD),Exempt sales (USD),Taxable sales (USD),Sales tax (USD),Count',
    );
    const money = (cents: number) => (cents / 100).toFixed(2);
    const row = (place: string, rate: string, line: string, figures: SalesTaxFigures, sign = 1) =>
      [
        quarter.quarter.label,
        place,
        rate,
        line,
        ...[figures.grossCents, figures.nonTaxableCents, figures.exemptCents, figures.taxableCents, figures.taxCents].map((cents) =>
          money(sign * cents),
        ),
        figures.count,
      ].join(',');
    const county = suffolk(quarter);
    expect(lines).toContain(row('Suffolk County', '8.625%', 'Sales', county.sales));
    expect(lines).toContain(row('Suffolk County', '8.625%', 'Refunds', county.refunds, -1));
    expect(lines).toContain(row('Suffolk County', '8.625%', 'Net', county.net));
    expect(lines).toContain(row('All jurisdictions', '', 'Net', quarter.total));
    expect(money(county.sales.taxCents)).not.toBe('0.00');
  });
});

/**
 * The same report from a payment captured through PayPal in its live environment (PAYPAL_ENV=live against the
 * stand-in on 127.0.0.1): real money, so it counts, unlike the TEST payments of test mode and of PayPal's sandbox.
 */
describe('the sales-tax report of a payment captured through PayPal (live)', () => {
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
  let subject: TestApp;
  let admin: Person;
  const nextSlot = slotSequence(upcomingWeekendDays(2, 3));

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    subject = await createTestApp(payPalEnv(paypal), { paypalTimeoutMs: 1000 });
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(async () => {
    await subject?.close();
    await paypal?.close();
  });

  const { call, billedVisit, paymentOf, report, fixDates } = reportTools(() => ({ subject, admin }), nextSlot);

  it('reports a $158.63 visit paid through PayPal as $100.00 taxable and $8.63 tax, and nets its refund through PayPal to nothing', async () => {
    const before = await report();
    const { id, customer } = await billedVisit();
    const order = await call('POST', '/api/payments/orders', { appointmentId: id }, customer.cookie);
    expect(order.statusCode, order.body).toBe(201);
    const { orderId } = order.json();
    // PayPal was asked for the server's amount, tax included, and took it.
    expect(paypal.orders.get(orderId)?.request.purchase_units[0]?.amount).toEqual({ currency_code: 'USD', value: '158.63' });
    const captured = await call('POST', `/api/payments/orders/${orderId}/capture`, undefined, customer.cookie);
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json()).toMatchObject({ amountCents: 15863, isTest: false });
    const payment = await paymentOf(id);
    expect(payment).toMatchObject({
      provider: 'paypal',
      isTest: false,
      amountCents: 15863,
      salesTax: { jurisdiction: 'suffolk', rate: 8625, subtotalCents: 15000, taxCents: 863, exempt: false },
    });

    const paid = await report(dayOf(payment.capturedAt));
    expect(added(paid, before, 'sales')).toEqual(SALE);
    expect(added(paid, before, 'net')).toEqual(SALE);

    // Given back through PayPal: the whole sale with its tax leaves the quarter of the refund.
    const refunded = await call('POST', `/api/admin/payments/${payment.id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const captureId = paypal.orders.get(orderId)?.capture?.id;
    expect([...paypal.refunds.values()].map((refund) => refund.captureId)).toEqual([captureId]);
    const refundedAt = (await paymentOf(id)).refundedAt ?? '';
    expect(refundedAt).not.toBe('');
    expect(added(await report(dayOf(refundedAt)), paid, 'refunds')).toEqual(SALE);

    await fixDates(payment.id);
    const quarter = await report(FIXED_QUARTER.day);
    expect(suffolk(quarter)).toMatchObject({ sales: SALE, refunds: SALE, net: { ...NONE, count: 2 } });
    expect(quarter.total).toEqual({ ...NONE, count: 2 });
  });
});
