import { stringify } from 'csv-stringify/sync';
import type { SessionUser } from '../../../shared/account.ts';
import {
  type AdminAppointment,
  type AdminAppointmentChanges,
  type AdminCustomer,
  type AuditEntry,
  BILL_TOO_LARGE,
  type ErrorPage,
  ON_MY_WAY_TEXTS,
  type PaidEntry,
  type PaidList,
  type PaidTotals,
  paymentStanding,
  type StoredBill,
  type VisitWork,
} from '../../../shared/admin.ts';
import { APPOINTMENT_TEXTS, type RescheduleAppointment } from '../../../shared/appointments.ts';
import { durationText, lineInEnglish, minutesBetween, visitBill } from '../../../shared/billing.ts';
import {
  businessDateOf,
  businessDayEnd,
  businessDayStart,
  formatAppointmentTime,
  formatBusinessDay,
} from '../../../shared/business-time.ts';
import { MAX_AMOUNT_CENTS, PAYMENT_TEXTS } from '../../../shared/payments.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AppointmentRow, PaymentRow } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { customerOf, customersByUserId, NO_CUSTOMER } from '../accounts/account-directory.ts';
import {
  type AppointmentService,
  changeJob,
  completedUnpaidJobs,
  findJob,
  type JobChanges,
  jobsById,
  openJobs,
} from '../appointments/appointment-service.ts';
import { errorLogPage, removeErrorLogEntry } from '../error-log/error-log-service.ts';
import type { EventHub } from '../events/event-hub.ts';
import { historyOf, recordHistory } from '../history/history-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import { isTestPayment } from '../payments/payment-provider.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import { onMyWayText } from '../texts/text-content.ts';
import type { TextService } from '../texts/text-service.ts';

export function adminAppointment(row: AppointmentRow, customer: AdminCustomer): AdminAppointment {
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    time: row.slotLabel,
    isRemote: row.isRemote,
    description: row.description,
    notes: row.notes,
    amountCents: row.amountCents,
    isCompleted: row.completedAt !== null,
    isPaid: row.paidAt !== null,
    bill: row.bill ?? null,
    customer,
  };
}

/** The bill from the clock for what the owner entered: the lines, what they come to, and the amount charged. */
function billFor(work: VisitWork): StoredBill {
  const minutes = minutesBetween(work.start, work.end);
  if (minutes === null) throw new HttpError(400, 'VALIDATION', 'The end must come after the start.');
  const bill = visitBill(
    work.kind,
    minutes,
    work.hardware.map((part) => ({ description: part.description, cents: part.amount })),
  );
  // Each line is capped by the form's schema; what they come to is capped here, as a typed amount is.
  if (!work.override && bill.totalCents > MAX_AMOUNT_CENTS) {
    throw new HttpError(400, 'VALIDATION', BILL_TOO_LARGE);
  }
  return {
    kind: work.kind,
    start: work.start,
    end: work.end,
    minutes,
    lines: bill.lines,
    computedCents: bill.totalCents,
    totalCents: work.override?.amount ?? bill.totalCents,
    overrideReason: work.override?.reason ?? null,
  };
}

/** A bill in one line of English, for the history: "1 h 40 min of troubleshooting (09:30–11:10): …, $75.00". */
function billSummary(bill: StoredBill): string {
  const lines = bill.lines.map((line) => `${lineInEnglish(line)} $${(line.cents / 100).toFixed(2)}`).join('; ');
  return `${durationText(bill.minutes)} of ${bill.kind} (${bill.start}–${bill.end}): ${lines}; total $${(bill.computedCents / 100).toFixed(2)}`;
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
    },
  };
}

/** The paid list's sums, each payment counted where it stands (paymentStanding). */
export function paidTotals(entries: PaidEntry[]): PaidTotals {
  const totals = { totalCents: 0, refundedCents: 0, testCents: 0 };
  for (const { payment } of entries) {
    const standing = paymentStanding(payment);
    // A TEST payment given back was never money, and none went back: it counts nowhere.
    if (standing === 'test-refunded') continue;
    totals[standing === 'paid' ? 'totalCents' : standing === 'refunded' ? 'refundedCents' : 'testCents'] += payment.amountCents;
  }
  return totals;
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

export type UpdateOutcome = { appointment: AdminAppointment; completedNow: boolean; paidNow: boolean };

/**
 * The owner's back office: it owns no table, and composes what the appointments, payments, history and error-log
 * modules keep. Every change here is an admin's, recorded in the audit trail.
 */
export class AdminService {
  constructor(
    private readonly db: Database,
    private readonly mail: MailService,
    private readonly payments: PaymentService,
    private readonly events: EventHub,
    private readonly appointments: AppointmentService,
    private readonly texts: TextService,
    private readonly config: Pick<Config, 'support'>,
  ) {}

  /** Each job beside its customer, as the back office lists them. */
  private async withCustomers(rows: AppointmentRow[]): Promise<AdminAppointment[]> {
    const customers = await customersByUserId(
      this.db,
      rows.map((row) => row.userId),
    );
    return rows.map((row) => adminAppointment(row, customers.get(row.userId) ?? NO_CUSTOMER));
  }

  async open(): Promise<AdminAppointment[]> {
    return this.withCustomers(await openJobs(this.db));
  }

  async completed(): Promise<AdminAppointment[]> {
    return this.withCustomers(await completedUnpaidJobs(this.db));
  }

  async paid(from: string | undefined, to: string | undefined): Promise<PaidList> {
    const { start, end } = periodBounds(from, to);
    const captured = await this.payments.capturedBetween(start, end);
    const jobs = await jobsById(
      this.db,
      captured.map((payment) => payment.appointmentId),
    );
    const customers = await customersByUserId(
      this.db,
      [...jobs.values()].map((job) => job.userId),
    );
    const entries = captured.flatMap((payment) => {
      const job = jobs.get(payment.appointmentId);
      return job ? [paidEntry(job, customers.get(job.userId) ?? NO_CUSTOMER, payment)] : [];
    });
    return { entries, ...paidTotals(entries) };
  }

  /**
   * The paid list for the books: one row per payment, quoted by the CSV library with every cell that a spreadsheet
   * would read as a formula neutralised, and the totals last (refunds and test payments apart, never in the total).
   */
  async paidCsv(from: string | undefined, to: string | undefined): Promise<string> {
    const { entries, totalCents, refundedCents, testCents } = await this.paid(from, to);
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
        ],
        ...rows,
        ['Total', ...blank, money(totalCents), 'Paid'],
        ...(refundedCents > 0 ? [['Refunded', ...blank, money(refundedCents), 'not in the total']] : []),
        ...(testCents > 0 ? [['TEST', ...blank, money(testCents), 'not in the total']] : []),
      ],
      { escape_formulas: true },
    );
  }

  async history(id: string): Promise<AuditEntry[]> {
    return historyOf(this.db, id);
  }

  /** Applies an admin's edit, already validated: the amount arrives in cents. */
  async update(admin: SessionUser, id: string, input: AdminAppointmentChanges): Promise<UpdateOutcome> {
    let completedNow = false;
    let paidNow = false;
    let mailed = false;
    const outcome = await this.db.transaction(async (tx) => {
      const before = await findJob(tx, id, { lock: true });
      if (!before) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
      const customer = await customerOf(tx, before.userId);
      const wasPaid = before.paidAt !== null;
      const changes: JobChanges = {};
      const audit: Record<string, { before: unknown; after: unknown }> = {};
      const note = (field: string, from: unknown, to: unknown) => {
        if (from !== to) audit[field] = { before: from, after: to };
      };

      if (input.description !== undefined) {
        changes.description = input.description;
        note('description', before.description, input.description);
      }
      if (input.notes !== undefined) {
        changes.notes = input.notes;
        note('notes', before.notes, input.notes);
      }
      if (input.isRemote !== undefined) {
        changes.isRemote = input.isRemote;
        note('isRemote', before.isRemote, input.isRemote);
      }
      if (input.work !== undefined) {
        // The bill from the clock sets the amount: the lines' total, or the owner's amount with a reason.
        if (wasPaid) throw new HttpError(409, 'ALREADY_PAID', 'The amount of a paid appointment cannot change.');
        const bill = billFor(input.work);
        changes.bill = bill;
        note('bill', before.bill ? billSummary(before.bill) : null, billSummary(bill));
        if (bill.overrideReason !== null) {
          note(
            'amountSetByHand',
            null,
            `$${(bill.totalCents / 100).toFixed(2)} instead of $${(bill.computedCents / 100).toFixed(2)}: ${bill.overrideReason}`,
          );
        }
        if (bill.totalCents !== before.amountCents) {
          changes.amountCents = bill.totalCents;
          note('amount', (before.amountCents / 100).toFixed(2), (bill.totalCents / 100).toFixed(2));
        }
      }
      if (input.amount !== undefined && input.amount !== before.amountCents) {
        if (wasPaid) throw new HttpError(409, 'ALREADY_PAID', 'The amount of a paid appointment cannot change.');
        changes.amountCents = input.amount;
        note('amount', (before.amountCents / 100).toFixed(2), (input.amount / 100).toFixed(2));
        // An amount typed without the clock replaces the bill's: the bill no longer says what is charged.
        if (before.bill) {
          changes.bill = null;
          note('bill', billSummary(before.bill), null);
        }
      }
      if (input.isCompleted !== undefined && input.isCompleted !== (before.completedAt !== null)) {
        if (!input.isCompleted && wasPaid) throw new HttpError(409, 'ALREADY_PAID', 'A paid appointment stays completed.');
        changes.completedAt = input.isCompleted ? new Date() : null;
        completedNow = input.isCompleted;
        note('isCompleted', !input.isCompleted, input.isCompleted);
      }
      if (input.isPaid === false && wasPaid) throw new HttpError(409, 'REFUND_REQUIRED', PAYMENT_TEXTS.undoWithRefund);
      // A new amount or an un-completed job makes every open order of it stale: they are voided, and the change
      // waits for a capture under way to finish.
      if (changes.amountCents !== undefined || changes.completedAt === null) {
        await this.payments.beforeJobChange(tx, id, changes.amountCents !== undefined ? 'the amount changed' : 'the job was un-completed');
      }

      let updated = Object.keys(changes).length > 0 ? await changeJob(tx, id, changes) : before;
      // Remote or in person changes where the visit happens: the customer's invitation and e-mail say so.
      const told = updated.isRemote !== before.isRemote ? await this.appointments.tellKindChanged(tx, updated) : undefined;
      if (told) {
        mailed = true;
        updated = told;
      }
      if (Object.keys(audit).length > 0) {
        await recordHistory(tx, {
          appointmentId: id,
          actorUserId: admin.id,
          actorEmail: admin.email,
          action: 'update',
          changes: audit,
        });
        await this.events.announce(tx, { kind: 'appointment', userId: before.userId, appointmentId: id });
      }
      if (input.isPaid === true && !wasPaid) {
        if (updated.amountCents <= 0) throw new HttpError(409, 'AMOUNT_NOT_SET', 'Set the amount before marking the appointment paid.');
        await this.payments.recordManualPayment(tx, admin, updated, {
          method: input.paymentMethod ?? 'cash',
          amountCents: updated.amountCents,
          payerName: `${customer.firstName} ${customer.lastName}`.trim(),
          payerEmail: customer.email,
        });
        paidNow = true;
        updated = (await findJob(tx, id)) ?? updated;
      }
      // A job that has just become payable e-mails its customer the pay link.
      if (await this.payments.afterJobChange(tx, before, updated)) mailed = true;
      return adminAppointment(updated, customer);
    });
    if (paidNow || mailed) {
      this.mail.deliverSoon();
      this.texts.deliverSoon();
    }
    return { appointment: outcome, completedNow, paidNow };
  }

  /** Deleting keeps the appointment, marked, for the record; the appointments module tells the customer. */
  async remove(admin: SessionUser, id: string): Promise<void> {
    await this.appointments.deleteForOwner(admin, id);
  }

  /** Moves a customer's visit to another open slot; the customer is e-mailed the updated invite. */
  async move(admin: SessionUser, id: string, input: RescheduleAppointment): Promise<void> {
    await this.appointments.moveForOwner(admin, id, input);
  }

  /**
   * "On my way": texts the customer of an in-person visit of today (New York) that the owner is leaving for, when
   * they asked for texts; recorded in the job's history. Refused, with what to do instead, otherwise.
   */
  async onMyWay(admin: SessionUser, id: string, now = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      const job = await findJob(tx, id);
      if (!job) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
      if (job.isRemote) throw new HttpError(409, 'NOT_IN_PERSON', ON_MY_WAY_TEXTS.notInPerson);
      if (job.completedAt || job.cancelledAt) throw new HttpError(409, 'FINISHED', ON_MY_WAY_TEXTS.finished);
      if (businessDateOf(job.startsAt) !== businessDateOf(now)) throw new HttpError(409, 'NOT_TODAY', ON_MY_WAY_TEXTS.notToday);
      const texted = await this.texts.toCustomer(tx, job.userId, 'on-my-way', (language) =>
        onMyWayText(language, this.config.support.phone),
      );
      if (!texted) throw new HttpError(409, 'NO_TEXTS', ON_MY_WAY_TEXTS.noTexts);
      await recordHistory(tx, {
        appointmentId: id,
        actorUserId: admin.id,
        actorEmail: admin.email,
        action: 'on-my-way',
        changes: { texted: { before: null, after: formatAppointmentTime(now) } },
      });
      await this.events.announce(tx, { kind: 'appointment', userId: job.userId, appointmentId: id });
    });
    this.texts.deliverSoon();
  }

  async errors(page: number): Promise<ErrorPage> {
    return errorLogPage(this.db, page);
  }

  async deleteError(id: string): Promise<void> {
    await removeErrorLogEntry(this.db, id);
  }
}
