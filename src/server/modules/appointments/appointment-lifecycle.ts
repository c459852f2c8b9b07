import type { AdminAppointmentChanges } from '../../../shared/admin.ts';
import { OWNER_MOVE_TEXTS } from '../../../shared/admin.ts';
import { APPOINTMENT_TEXTS, canCancelAppointment } from '../../../shared/appointments.ts';
import { businessDateOf, formatAppointmentTime } from '../../../shared/business-time.ts';
import { DEFAULT_ESTIMATE_OVER_PERCENT, type EstimateInput, isOverEstimate, OVER_ESTIMATE_TEMPLATE } from '../../../shared/estimates.ts';
import { PAYMENT_TEXTS } from '../../../shared/payments.ts';
import type { Executor } from '../../db/client.ts';
import type { AppointmentRow, appointments } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { announceChange, announceSlotChange } from '../events/index.ts';
import { recordHistory } from '../history/index.ts';
import { billFor, billSummary, dollars, type EstimatePrice, estimateFor, type TaxDefaults, type TaxPlace } from './appointment-bill.ts';
import {
  findActiveAppointment,
  findAppointment,
  findOwnActiveAppointment,
  insertAppointment,
  updateAppointment,
} from './appointment-queries.ts';
import { findApprovedEstimate } from './estimate-queries.ts';

/**
 * The one owner of a job's state (issue 37). A job (the code's word; the screens say visit or appointment) is
 * booked, described, edited and billed, completed, paid, refunded back to unpaid, moved, cancelled and deleted only
 * here: each change checks its rules, writes the row (no other code writes the appointments table), writes the job's
 * history entry, announces the live update, and calls, inside the caller's transaction and under the job's row lock,
 * the listeners the other modules registered (payments voids stale orders and sends the pay link, the receipt and
 * the invoice; reviews thanks; the booking's own e-mails tell of a change of kind). Callers lock the job first
 * (`lock`), then call one change.
 */

/** Who made the change, as the history names them. */
export type AppointmentActor = { userId: string; email: string };

export type AppointmentChangeKind =
  | 'booked'
  | 'described'
  | 'edited'
  | 'completed'
  | 'uncompleted'
  | 'billed'
  | 'kind-changed'
  | 'moved'
  | 'cancelled'
  | 'deleted'
  | 'paid'
  | 'refunded';

/** A change as the listeners hear it: the job before and after it, and what happened. */
export type AppointmentChange = {
  before: AppointmentRow;
  after: AppointmentRow;
  kinds: ReadonlySet<AppointmentChangeKind>;
  actor: AppointmentActor;
  /** For 'paid': the payment just recorded, and whether it moved no money (test mode or a sandbox). */
  paid?: { paymentId: string; isTest: boolean };
};

/** What another module does when a job changes; declared here, by the module that calls it. */
export interface AppointmentListener {
  /**
   * Before a change that makes the job's open payment orders stale (a new amount, un-completing, paying by hand,
   * cancelling, deleting), under the job's lock: throw to refuse the change.
   */
  beforeChange?(tx: Executor, appointment: AppointmentRow, reason: string): Promise<void>;
  /** After the change is written, in the same transaction. Answers true when it queued a message to deliver. */
  afterChange?(tx: Executor, change: AppointmentChange): Promise<boolean | undefined>;
}

/** A payment recorded for the job, as the payments module reports it to `markPaid`. */
export type Payment = { paymentId: string; amountCents: number; isTest: boolean; note: string };

/** The columns a booking sets; the rest take their defaults. */
export type NewAppointment = Pick<
  typeof appointments.$inferInsert,
  'id' | 'userId' | 'startsAt' | 'slotLabel' | 'isRemote' | 'reminderSentAt'
>;

export type EditOutcome = { appointment: AppointmentRow; completedNow: boolean; paidNow: boolean; mailed: boolean };

const isDone = (appointment: AppointmentRow) =>
  !canCancelAppointment({ isCompleted: appointment.completedAt !== null, isPaid: appointment.paidAt !== null });
/** A moved or cancelled visit's "on my way" (issue 39) no longer stands: the customer's screens stop saying it. */
const noTrip = { onTheWayAt: null, arrivesAt: null } as const;

/** Where a customer's sales are taxed, and their exemption: declared here, answered by the accounts module. */
export interface TaxPlaces {
  taxPlaceOf(tx: Executor, userId: string): Promise<Omit<TaxPlace, 'date'>>;
}

/** With no accounts to ask (a test of the life cycle alone): Suffolk County, no exemption, the classes' usual defaults. */
const SUFFOLK: TaxPlaces = { taxPlaceOf: async () => ({ jurisdiction: 'suffolk', exemption: null }) };
export const USUAL_TAX_DEFAULTS: TaxDefaults = {
  time: { troubleshooting: 'not-taxable', consulting: 'not-taxable' },
  parts: 'taxable-goods',
};

export class AppointmentLifecycle {
  private readonly listeners: AppointmentListener[] = [];

  constructor(
    private readonly taxes: { places: TaxPlaces; defaults: TaxDefaults } = { places: SUFFOLK, defaults: USUAL_TAX_DEFAULTS },
    /** How far a bill may exceed the approved estimate before the owner confirms it (configuration). */
    private readonly estimates: { overPercent: number } = { overPercent: DEFAULT_ESTIMATE_OVER_PERCENT },
  ) {}

  /** An estimate of the job, priced and taxed as its bill would be (issue 38): the customer's place, the visit's day. */
  async priceEstimate(tx: Executor, appointment: AppointmentRow, input: EstimateInput): Promise<EstimatePrice> {
    const place = await this.taxes.places.taxPlaceOf(tx, appointment.userId);
    return estimateFor(input, { ...place, date: businessDateOf(appointment.startsAt) }, this.taxes.defaults);
  }

  /** Listeners are called in the order they were registered. */
  listen(listener: AppointmentListener): void {
    this.listeners.push(listener);
  }

  // --- Finding and locking a job -----------------------------------------------------------------------------

  /** A job by id: an active one unless `includeInactive`; row-locked for the rest of the transaction when `lock`. */
  async find(db: Executor, id: string, options: { lock?: boolean; includeInactive?: boolean } = {}): Promise<AppointmentRow | undefined> {
    const lock = options.lock ?? false;
    return options.includeInactive ? findAppointment(db, id, lock) : findActiveAppointment(db, id, lock);
  }

  /** The customer's own active job, locked; another customer's id is as unknown as a wrong one. */
  async findOwn(tx: Executor, userId: string, id: string): Promise<AppointmentRow | undefined> {
    return findOwnActiveAppointment(tx, userId, id, true);
  }

  // --- The changes ------------------------------------------------------------------------------------------

  /**
   * Stores a new job, counting in the same statement the customer's open jobs before it: the caller refuses (and so
   * rolls back) a booking over the limit. The unique index on active start times refuses a taken slot.
   */
  async book(tx: Executor, appointment: NewAppointment): Promise<{ appointment: AppointmentRow; openBefore: number }> {
    const { row, openBefore } = await insertAppointment(tx, appointment);
    await announceChange(tx, {
      kind: 'appointment',
      userId: row.userId,
      appointmentId: row.id,
      slot: { startsAt: row.startsAt, taken: true },
    });
    return { appointment: row, openBefore };
  }

  /** The customer's description of the problem: not once the job is paid. */
  async describe(tx: Executor, appointment: AppointmentRow, actor: AppointmentActor, description: string): Promise<AppointmentRow> {
    if (appointment.paidAt) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
    const after = await updateAppointment(tx, appointment.id, { description });
    await announceChange(tx, { kind: 'appointment', userId: appointment.userId, appointmentId: appointment.id });
    await this.tell(tx, { before: appointment, after, kinds: new Set(['described']), actor });
    return after;
  }

  /**
   * Cancels a job not yet done. `rules` are the caller's own checks for this actor (the customer's cut-off), run
   * after the job's and before anything changes.
   */
  async cancel(
    tx: Executor,
    appointment: AppointmentRow,
    actor: AppointmentActor,
    options: { accountDeleted?: boolean; rules?: () => Promise<void> } = {},
  ): Promise<AppointmentRow> {
    if (isDone(appointment)) throw new HttpError(409, 'NOT_ALLOWED', APPOINTMENT_TEXTS.cancelNotAllowedBody);
    await options.rules?.();
    await this.before(tx, appointment, options.accountDeleted ? 'the customer deleted their account' : 'the job was cancelled');
    const after = await updateAppointment(tx, appointment.id, {
      cancelledAt: new Date(),
      inviteSequence: appointment.inviteSequence + 1,
      ...noTrip,
    });
    await recordHistory(tx, {
      appointmentId: appointment.id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'cancel',
      changes: {
        cancelled: { before: false, after: true },
        ...(options.accountDeleted ? { accountDeleted: { before: false, after: true } } : {}),
      },
    });
    await announceChange(tx, {
      kind: 'appointment',
      userId: appointment.userId,
      appointmentId: appointment.id,
      slot: { startsAt: appointment.startsAt, taken: false },
    });
    await this.tell(tx, { before: appointment, after, kinds: new Set(['cancelled']), actor });
    return after;
  }

  /** The owner takes a job off the schedule: kept, marked, for the record. */
  async delete(tx: Executor, appointment: AppointmentRow, actor: AppointmentActor): Promise<AppointmentRow> {
    await this.before(tx, appointment, 'the job was deleted');
    const after = await updateAppointment(tx, appointment.id, { deletedAt: new Date(), inviteSequence: appointment.inviteSequence + 1 });
    await recordHistory(tx, {
      appointmentId: appointment.id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'delete',
      changes: { deleted: { before: false, after: true } },
    });
    await announceChange(tx, {
      kind: 'appointment',
      userId: appointment.userId,
      appointmentId: appointment.id,
      slot: { startsAt: appointment.startsAt, taken: false },
    });
    await this.tell(tx, { before: appointment, after, kinds: new Set(['deleted']), actor });
    return after;
  }

  /**
   * Moves a job not yet done to another start; the new start is held by the unique index in the same statement that
   * frees the old one. `rules` are the caller's checks of the new slot for this actor (cut-off, time off, notice).
   */
  async move(
    tx: Executor,
    appointment: AppointmentRow,
    actor: AppointmentActor,
    to: { startsAt: Date; slotLabel: string; reminderSentAt: Date | null },
    options: { by: 'customer' | 'owner'; rules?: () => Promise<void> },
  ): Promise<AppointmentRow> {
    if (isDone(appointment)) throw new HttpError(409, 'NOT_ALLOWED', APPOINTMENT_TEXTS.rescheduleNotAllowed);
    if (appointment.startsAt.getTime() === to.startsAt.getTime()) {
      throw new HttpError(409, 'SAME_SLOT', options.by === 'owner' ? OWNER_MOVE_TEXTS.sameSlot : APPOINTMENT_TEXTS.rescheduleSameSlot);
    }
    await options.rules?.();
    const after = await updateAppointment(tx, appointment.id, {
      startsAt: to.startsAt,
      slotLabel: to.slotLabel,
      inviteSequence: appointment.inviteSequence + 1,
      reminderSentAt: to.reminderSentAt,
      // A reminder call (decision 040) is placed again the day before the new time; an "on my way" no longer stands.
      reminderCalledAt: null,
      ...noTrip,
    });
    await recordHistory(tx, {
      appointmentId: appointment.id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'reschedule',
      changes: { startsAt: { before: formatAppointmentTime(appointment.startsAt), after: formatAppointmentTime(to.startsAt) } },
    });
    await announceChange(tx, {
      kind: 'appointment',
      userId: appointment.userId,
      appointmentId: appointment.id,
      slot: { startsAt: to.startsAt, taken: true },
    });
    await announceSlotChange(tx, appointment.startsAt, false);
    await this.tell(tx, { before: appointment, after, kinds: new Set(['moved']), actor });
    return after;
  }

  /**
   * The owner's edit of a job (already validated; amounts in cents): the description, the notes, in person or
   * remote, the bill from the clock or a typed amount, completion, and payment by hand. `payByHand` records the
   * payment (the payments module) once the edits are written; the job is marked paid in the same change, so the
   * listeners hear one change from the job as it was to the job as it ends.
   */
  async edit(
    tx: Executor,
    appointment: AppointmentRow,
    actor: AppointmentActor,
    input: AdminAppointmentChanges,
    payByHand?: (tx: Executor, appointment: AppointmentRow) => Promise<Payment>,
    now = new Date(),
  ): Promise<EditOutcome> {
    const wasPaid = appointment.paidAt !== null;
    const changes: Partial<typeof appointments.$inferInsert> = {};
    const kinds = new Set<AppointmentChangeKind>();
    const audit: Record<string, { before: unknown; after: unknown }> = {};
    const note = (field: string, from: unknown, to: unknown) => {
      if (from !== to) audit[field] = { before: from, after: to };
    };
    let completedNow = false;

    if (input.description !== undefined) {
      changes.description = input.description;
      note('description', appointment.description, input.description);
    }
    if (input.notes !== undefined) {
      changes.notes = input.notes;
      note('notes', appointment.notes, input.notes);
    }
    if (input.workDone !== undefined) {
      changes.workDone = input.workDone;
      note('workDone', appointment.workDone, input.workDone);
    }
    if (input.isRemote !== undefined) {
      changes.isRemote = input.isRemote;
      note('isRemote', appointment.isRemote, input.isRemote);
    }
    if (input.work !== undefined) {
      // The bill from the clock sets the amount: the lines' total, or the owner's amount with a reason.
      if (wasPaid) throw new HttpError(409, 'ALREADY_PAID', 'The amount of a paid appointment cannot change.');
      const place = await this.taxes.places.taxPlaceOf(tx, appointment.userId);
      const bill = billFor(input.work, { ...place, date: businessDateOf(appointment.startsAt) }, this.taxes.defaults);
      await this.checkEstimate(tx, appointment, bill.totalCents, input.confirmOverEstimate === true, note);
      changes.bill = bill;
      kinds.add('billed');
      note('bill', appointment.bill ? billSummary(appointment.bill) : null, billSummary(bill));
      if (bill.overrideReason !== null) {
        note(
          'amountSetByHand',
          null,
          `$${dollars(bill.subtotalCents ?? bill.totalCents)} instead of $${dollars(bill.computedCents)}: ${bill.overrideReason}`,
        );
      }
      if (bill.totalCents !== appointment.amountCents) {
        changes.amountCents = bill.totalCents;
        note('amount', dollars(appointment.amountCents), dollars(bill.totalCents));
      }
    }
    if (input.amount !== undefined && input.amount !== appointment.amountCents) {
      if (wasPaid) throw new HttpError(409, 'ALREADY_PAID', 'The amount of a paid appointment cannot change.');
      // A typed amount answers to the approved estimate as a bill does.
      await this.checkEstimate(tx, appointment, input.amount, input.confirmOverEstimate === true, note);
      changes.amountCents = input.amount;
      kinds.add('billed');
      note('amount', dollars(appointment.amountCents), dollars(input.amount));
      // An amount typed without the clock replaces the bill's: the bill no longer says what is charged.
      if (appointment.bill) {
        changes.bill = null;
        note('bill', billSummary(appointment.bill), null);
      }
    }
    if (input.isCompleted !== undefined && input.isCompleted !== (appointment.completedAt !== null)) {
      if (!input.isCompleted && wasPaid) throw new HttpError(409, 'ALREADY_PAID', 'A paid appointment stays completed.');
      changes.completedAt = input.isCompleted ? now : null;
      completedNow = input.isCompleted;
      kinds.add(input.isCompleted ? 'completed' : 'uncompleted');
      note('isCompleted', !input.isCompleted, input.isCompleted);
    }
    // Where a visit still to come (as this edit leaves it: completing it in the same edit makes it done) happens
    // changed: its invitation gets a new SEQUENCE, and the customer is told.
    const completedAfter = changes.completedAt !== undefined ? changes.completedAt : appointment.completedAt;
    if (
      input.isRemote !== undefined &&
      input.isRemote !== appointment.isRemote &&
      !appointment.cancelledAt &&
      !appointment.deletedAt &&
      !completedAfter &&
      appointment.startsAt > now
    ) {
      changes.inviteSequence = appointment.inviteSequence + 1;
      kinds.add('kind-changed');
    }
    if (input.isPaid === false && wasPaid) throw new HttpError(409, 'REFUND_REQUIRED', PAYMENT_TEXTS.undoWithRefund);
    // A new amount or an un-completed job makes every open order of it stale: they are voided, and the change
    // waits for a capture under way to finish.
    if (changes.amountCents !== undefined || changes.completedAt === null) {
      await this.before(tx, appointment, changes.amountCents !== undefined ? 'the amount changed' : 'the job was un-completed');
    }

    let after = Object.keys(changes).length > 0 ? await updateAppointment(tx, appointment.id, changes) : appointment;
    if (Object.keys(audit).length > 0) {
      kinds.add('edited');
      await recordHistory(tx, {
        appointmentId: appointment.id,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action: 'update',
        changes: audit,
      });
    }
    let paid: AppointmentChange['paid'];
    if (input.isPaid === true && !wasPaid && payByHand) {
      if (after.amountCents <= 0) throw new HttpError(409, 'AMOUNT_NOT_SET', 'Set the amount before marking the appointment paid.');
      await this.before(tx, after, 'paid by hand');
      const payment = await payByHand(tx, after);
      after = await this.writePaid(tx, after, actor, payment);
      paid = { paymentId: payment.paymentId, isTest: payment.isTest };
      kinds.add('paid');
    }
    if (kinds.size > 0) await announceChange(tx, { kind: 'appointment', userId: appointment.userId, appointmentId: appointment.id });
    const mailed = kinds.size > 0 ? await this.tell(tx, { before: appointment, after, kinds, actor, ...(paid ? { paid } : {}) }) : false;
    return { appointment: after, completedNow, paidNow: paid !== undefined, mailed };
  }

  /** A payment was captured for the job (online): paid, completed if it was not, at the amount paid. */
  async markPaid(tx: Executor, appointment: AppointmentRow, actor: AppointmentActor, payment: Payment): Promise<AppointmentRow> {
    const after = await this.writePaid(tx, appointment, actor, payment);
    await announceChange(tx, { kind: 'appointment', userId: appointment.userId, appointmentId: appointment.id });
    await this.tell(tx, {
      before: appointment,
      after,
      kinds: new Set(['paid']),
      actor,
      paid: { paymentId: payment.paymentId, isTest: payment.isTest },
    });
    return after;
  }

  /** The job's payment was given back in whole: completed and unpaid again, its pay link's reminders not restarted. */
  async markRefunded(
    tx: Executor,
    appointment: AppointmentRow,
    actor: AppointmentActor,
    refund: { amountCents: number; reference: string },
  ) {
    const after = await updateAppointment(tx, appointment.id, { paidAt: null });
    await recordHistory(tx, {
      appointmentId: appointment.id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'refund',
      changes: {
        isPaid: { before: true, after: false },
        refund: { before: null, after: `$${dollars(refund.amountCents)} (${refund.reference})` },
      },
    });
    await announceChange(tx, { kind: 'appointment', userId: appointment.userId, appointmentId: appointment.id });
    await this.tell(tx, { before: appointment, after, kinds: new Set(['refunded']), actor });
    return after;
  }

  /** "On my way" (issue 39): when the owner left and when they expect to arrive; the history names who, never the code word. */
  async onTheWay(tx: Executor, appointment: AppointmentRow, actor: AppointmentActor, trip: { at: Date; arrivesAt: Date; told: string }) {
    const after = await updateAppointment(tx, appointment.id, { onTheWayAt: trip.at, arrivesAt: trip.arrivesAt });
    const arrival = (at: Date | null) => (at ? formatAppointmentTime(at) : null);
    await recordHistory(tx, {
      appointmentId: appointment.id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'on-my-way',
      changes: {
        arrivesAt: { before: arrival(appointment.arrivesAt), after: arrival(trip.arrivesAt) },
        told: { before: null, after: trip.told },
      },
    });
    await announceChange(tx, { kind: 'appointment', userId: appointment.userId, appointmentId: appointment.id });
    return after;
  }

  // --- Inside ----------------------------------------------------------------------------------------------

  /**
   * A bill over the customer's approved estimate by more than the share (ESTIMATE_OVER_PERCENT, issue 38) needs the
   * owner's confirmation that they checked it with the customer; once confirmed, the history says so.
   */
  private async checkEstimate(
    tx: Executor,
    appointment: AppointmentRow,
    billCents: number,
    confirmed: boolean,
    note: (field: string, from: unknown, to: unknown) => void,
  ): Promise<void> {
    const approved = await findApprovedEstimate(tx, appointment.id);
    if (!approved || !isOverEstimate(billCents, approved.totalCents, this.estimates.overPercent)) return;
    const values = { bill: `$${dollars(billCents)}`, approved: `$${dollars(approved.totalCents)}`, percent: this.estimates.overPercent };
    if (!confirmed) throw new HttpError(409, 'OVER_ESTIMATE', OVER_ESTIMATE_TEMPLATE, values);
    note('overEstimate', null, `${values.bill}, over the approved estimate of ${values.approved}: confirmed with the customer`);
  }

  private async writePaid(tx: Executor, appointment: AppointmentRow, actor: AppointmentActor, payment: Payment): Promise<AppointmentRow> {
    const now = new Date();
    const after = await updateAppointment(tx, appointment.id, {
      paidAt: now,
      amountCents: payment.amountCents,
      ...(appointment.completedAt ? {} : { completedAt: now }),
    });
    const changes: Record<string, { before: unknown; after: unknown }> = { isPaid: { before: false, after: payment.note } };
    if (appointment.amountCents !== payment.amountCents)
      changes.amount = { before: dollars(appointment.amountCents), after: dollars(payment.amountCents) };
    if (!appointment.completedAt) changes.isCompleted = { before: false, after: true };
    await recordHistory(tx, {
      appointmentId: appointment.id,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'payment',
      changes,
    });
    return after;
  }

  private async before(tx: Executor, appointment: AppointmentRow, reason: string): Promise<void> {
    for (const listener of this.listeners) await listener.beforeChange?.(tx, appointment, reason);
  }

  /** Calls every listener; answers whether any queued a message. */
  private async tell(tx: Executor, change: AppointmentChange): Promise<boolean> {
    let queued = false;
    for (const listener of this.listeners) {
      if (await listener.afterChange?.(tx, change)) queued = true;
    }
    return queued;
  }
}
