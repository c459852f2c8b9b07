import { stringify } from 'csv-stringify/sync';
import type { SessionUser } from '../../../shared/account.ts';
import {
  type AdminAppointment,
  type AdminAppointmentChanges,
  type AdminCustomer,
  type AuditEntry,
  type ErrorPage,
  type EstimateSummary,
  type PaidEntry,
  type PaidList,
  type PaidSalesTax,
  type PaidTotals,
  paymentStanding,
  type StoredBill,
} from '../../../shared/admin.ts';
import { APPOINTMENT_TEXTS, type RescheduleAppointment } from '../../../shared/appointments.ts';
import { businessDayEnd, businessDayStart, formatAppointmentTime, formatBusinessDay } from '../../../shared/business-time.ts';
import { type OnMyWayAnswer, type OnMyWayRequest, withCodeWordIfToday } from '../../../shared/on-the-way.ts';
import { isTestPayment } from '../../../shared/payments.ts';
import { rateText, TAX_TEXTS } from '../../../shared/sales-tax.ts';
import { saleOf } from '../../../shared/sales-tax-report.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { AppointmentRow, PaymentRow } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { customerOf, customersByUserId, NO_CUSTOMER } from '../accounts/index.ts';
import {
  type AppointmentLifecycle,
  type AppointmentService,
  appointmentsById,
  completedUnpaidAppointments,
  estimateSummaries,
  openAppointments,
  type Payment,
} from '../appointments/index.ts';
import { errorLogPage, removeErrorLogEntry } from '../error-log/index.ts';
import { historyOf } from '../history/index.ts';
import type { MailService } from '../mail/index.ts';
import type { TextService } from '../texts/index.ts';

export function adminAppointment(
  row: AppointmentRow,
  customer: AdminCustomer,
  estimate?: EstimateSummary,
  now = new Date(),
): AdminAppointment {
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    time: row.slotLabel,
    isRemote: row.isRemote,
    description: row.description,
    notes: row.notes,
    workDone: row.workDone,
    amountCents: row.amountCents,
    isCompleted: row.completedAt !== null,
    isPaid: row.paidAt !== null,
    bill: row.bill ?? null,
    arrivesAt: row.arrivesAt?.toISOString() ?? null,
    customer: withCodeWordIfToday(customer, row, now),
    ...(estimate === undefined ? {} : { estimate }),
  };
}

function paidEntry(row: AppointmentRow, customer: AdminCustomer, payment: PaymentRow): PaidEntry {
  return {
    ...adminAppointment(row, customer),
    payment: {
      id: payment.id,
      provider: payment.provider,
      method: payment.method,
      amountCents: payment.amountCents,
      capturedAt: payment.capturedAt.toISOString(),
      reference: payment.captureId ?? payment.id,
      takenBy: payment.takenByRole,
      isTest: isTestPayment(payment),
      refundedAt: payment.refundedAt?.toISOString() ?? null,
      refundReference: payment.refundReference,
      salesTax: paidSalesTax(payment.amountCents, payment.paidBill ?? row.bill),
    },
  };
}

/**
 * The sales tax in a payment, from the bill it paid, counted as the sales-tax report counts it (saleOf: scaled to the
 * amount when the owner took another): null when the bill has no tax.
 */
export function paidSalesTax(amountCents: number, bill: Pick<StoredBill, 'tax' | 'totalCents'> | null): PaidSalesTax | null {
  if (!bill?.tax) return null;
  const sale = saleOf(amountCents, bill);
  return {
    jurisdiction: sale.jurisdiction,
    rate: bill.tax.rate,
    subtotalCents: sale.grossCents - sale.taxCents,
    taxCents: sale.taxCents,
    exempt: bill.tax.exemption !== null,
  };
}

/** The paid list's sums, each payment counted where it stands (paymentStanding). */
export function paidTotals(entries: PaidEntry[]): PaidTotals {
  const totals = { totalCents: 0, refundedCents: 0, testCents: 0, taxCents: 0 };
  for (const { payment } of entries) {
    const standing = paymentStanding(payment);
    // A TEST payment given back was never money, and none went back: it counts nowhere.
    if (standing === 'test-refunded') continue;
    totals[standing === 'paid' ? 'totalCents' : standing === 'refunded' ? 'refundedCents' : 'testCents'] += payment.amountCents;
    if (standing === 'paid') totals.taxCents += payment.salesTax?.taxCents ?? 0;
  }
  return totals;
}

/** The paid CSV's sales-tax cells: subtotal, tax, county and rate ("exempt" for an exempt customer), or empty ones. */
function salesTaxCells(tax: PaidSalesTax | null, money: (cents: number) => string): string[] {
  if (!tax) return ['', '', '', ''];
  return [
    money(tax.subtotalCents),
    money(tax.taxCents),
    TAX_TEXTS.jurisdictions[tax.jurisdiction],
    tax.exempt ? 'exempt' : rateText(tax.rate),
  ];
}

/** The paid list's method column: PayPal, by hand (check), TEST for test mode and PayPal's sandbox. */
export function paymentMethodLabel(payment: PaidEntry['payment']): string {
  if (payment.isTest) return payment.provider === 'paypal' ? "TEST (PayPal's sandbox: no money)" : 'TEST (test mode: no money)';
  if (payment.provider === 'manual') return `by hand (${payment.method ?? 'unknown'})`;
  return payment.provider === 'paypal' ? 'PayPal' : payment.provider;
}

/** The paid list's period: from the start of the first New York day to the end of the last. */
function periodBounds(from: string | undefined, to: string | undefined) {
  return { start: from ? businessDayStart(from) : undefined, end: to ? businessDayEnd(to) : undefined };
}

/**
 * What the back office needs of the payments module (declared here, by the module that uses it; app.ts passes the
 * payment service): the paid list's payments, and a payment taken by hand inside the edit's transaction.
 */
export interface AdminPayments {
  capturedBetween(from: Date | undefined, to: Date | undefined): Promise<PaymentRow[]>;
  recordManualPayment(
    tx: Executor,
    admin: SessionUser,
    appointment: AppointmentRow,
    input: { method: string; amountCents: number; payerName: string; payerEmail: string },
  ): Promise<Payment>;
}

export type UpdateOutcome = { appointment: AdminAppointment; completedNow: boolean; paidNow: boolean };

/**
 * The owner's back office: it owns no table, and composes what the appointments, payments, history and error-log
 * modules keep. Every change here is an admin's, recorded in the audit trail.
 */
export class AdminService {
  constructor(
    private readonly db: Database,
    private readonly mail: MailService,
    private readonly payments: AdminPayments,
    private readonly appointments: AppointmentService,
    private readonly lifecycle: AppointmentLifecycle,
    private readonly texts: TextService,
  ) {}

  /** Each job beside its customer, as the back office lists them. */
  private async withCustomers(rows: AppointmentRow[]): Promise<AdminAppointment[]> {
    const customers = await customersByUserId(
      this.db,
      rows.map((row) => row.userId),
    );
    const estimates = await estimateSummaries(
      this.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => adminAppointment(row, customers.get(row.userId) ?? NO_CUSTOMER, estimates.get(row.id) ?? null));
  }

  async open(): Promise<AdminAppointment[]> {
    return this.withCustomers(await openAppointments(this.db));
  }

  async completed(): Promise<AdminAppointment[]> {
    return this.withCustomers(await completedUnpaidAppointments(this.db));
  }

  async paid(from: string | undefined, to: string | undefined): Promise<PaidList> {
    const { start, end } = periodBounds(from, to);
    const captured = await this.payments.capturedBetween(start, end);
    const appointments = await appointmentsById(
      this.db,
      captured.map((payment) => payment.appointmentId),
    );
    const customers = await customersByUserId(
      this.db,
      [...appointments.values()].map((appointment) => appointment.userId),
    );
    const entries = captured.flatMap((payment) => {
      const appointment = appointments.get(payment.appointmentId);
      return appointment ? [paidEntry(appointment, customers.get(appointment.userId) ?? NO_CUSTOMER, payment)] : [];
    });
    return { entries, ...paidTotals(entries) };
  }

  /**
   * The paid list for the books: one row per payment, quoted by the CSV library with every cell that a spreadsheet
   * would read as a formula neutralised, and the totals last (refunds and test payments apart, never in the total).
   */
  async paidCsv(from: string | undefined, to: string | undefined): Promise<string> {
    const { entries, totalCents, refundedCents, testCents, taxCents } = await this.paid(from, to);
    const money = (cents: number) => (cents / 100).toFixed(2);
    const rows = entries.map((entry) => [
      formatBusinessDay(new Date(entry.payment.capturedAt)),
      formatAppointmentTime(new Date(entry.startsAt)),
      entry.id,
      `${entry.customer.firstName} ${entry.customer.lastName}`.trim(),
      entry.customer.email,
      `${entry.customer.streetAddress}, ${entry.customer.city}, ${entry.customer.state} ${entry.customer.zipCode}`,
      entry.isRemote ? 'Remote' : 'In-Person',
      paymentMethodLabel(entry.payment),
      entry.payment.reference,
      money(entry.payment.amountCents),
      entry.payment.isTest
        ? entry.payment.refundedAt
          ? `TEST, refunded ${formatBusinessDay(new Date(entry.payment.refundedAt))}`
          : 'TEST'
        : entry.payment.refundedAt
          ? `Refunded ${formatBusinessDay(new Date(entry.payment.refundedAt))}`
          : 'Paid',
      // The sales tax, after the columns the books had before it: empty when the bill has no tax.
      ...salesTaxCells(entry.payment.salesTax, money),
    ]);
    const blank = ['', '', '', '', '', '', '', ''];
    return stringify(
      [
        [
          'Paid on',
          'Service',
          'Appointment',
          'Customer',
          'E-mail',
          'Address',
          'Visit Type',
          'Method',
          'Reference',
          'Amount (USD)',
          'Status',
          'Subtotal (USD)',
          'Sales tax (USD)',
          'Tax jurisdiction',
          'Tax rate',
        ],
        ...rows,
        ['Total', ...blank, money(totalCents), 'Paid', money(totalCents - taxCents), money(taxCents)],
        ...(refundedCents > 0 ? [['Refunded', ...blank, money(refundedCents), 'not in the total']] : []),
        ...(testCents > 0 ? [['TEST', ...blank, money(testCents), 'not in the total']] : []),
      ],
      { escape_formulas: true },
    );
  }

  async history(id: string): Promise<AuditEntry[]> {
    return historyOf(this.db, id);
  }

  /**
   * Applies an admin's edit, already validated (the amount arrives in cents), through the job's life cycle, which
   * holds every rule of it; a payment by hand is recorded by the payments module inside the same change.
   */
  async update(admin: SessionUser, id: string, input: AdminAppointmentChanges): Promise<UpdateOutcome> {
    const outcome = await this.db.transaction(async (tx) => {
      const before = await this.lifecycle.find(tx, id, { lock: true });
      if (!before) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
      const customer = await customerOf(tx, before.userId);
      const payByHand = (inner: Executor, appointment: AppointmentRow) =>
        this.payments.recordManualPayment(inner, admin, appointment, {
          method: input.paymentMethod ?? 'cash',
          amountCents: appointment.amountCents,
          payerName: `${customer.firstName} ${customer.lastName}`.trim(),
          payerEmail: customer.email,
        });
      const edited = await this.lifecycle.edit(tx, before, { userId: admin.id, email: admin.email }, input, payByHand);
      const estimate = (await estimateSummaries(tx, [id])).get(id) ?? null;
      return { ...edited, appointment: adminAppointment(edited.appointment, customer, estimate) };
    });
    if (outcome.paidNow || outcome.mailed) {
      this.mail.deliverSoon();
      this.texts.deliverSoon();
    }
    return { appointment: outcome.appointment, completedNow: outcome.completedNow, paidNow: outcome.paidNow };
  }

  /** Deleting keeps the appointment, marked, for the record; the appointments module tells the customer. */
  async remove(admin: SessionUser, id: string): Promise<void> {
    await this.appointments.deleteForOwner(admin, id);
  }

  /** Moves a customer's visit to another open slot; the customer is e-mailed the updated invite. */
  async move(admin: SessionUser, id: string, input: RescheduleAppointment): Promise<void> {
    await this.appointments.moveForOwner(admin, id, input);
  }

  /** "On my way" (issue 39): the appointments module tells the customer, and their trusted contact, when to expect the owner. */
  async onMyWay(admin: SessionUser, id: string, request: OnMyWayRequest, now = new Date()): Promise<OnMyWayAnswer> {
    return this.appointments.onTheWay.send(admin, id, request, now);
  }

  async errors(page: number): Promise<ErrorPage> {
    return errorLogPage(this.db, page);
  }

  async deleteError(id: string): Promise<void> {
    await removeErrorLogEntry(this.db, id);
  }
}
