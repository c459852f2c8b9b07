import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ADMIN_TEXTS, ESTIMATE_STATES, type StoredBill } from '../../../shared/admin.ts';
import type { BillLine } from '../../../shared/billing.ts';
import type { BillTax } from '../../../shared/sales-tax.ts';
import { user } from './accounts.ts';

/** What a payment keeps of the bill it paid. */
export type PaidBill = Pick<StoredBill, 'totalCents' | 'tax'>;

// Appointments and what is paid for them: payment orders, payments, pay requests, invoices, reviews.

// --- Appointments --------------------------------------------------------------------------------------

/** The spec's default notes, one text for the column default and the admin screens. */
export const DEFAULT_NOTES = ADMIN_TEXTS.defaultNotes;

/**
 * One row per appointment, kept for the record when cancelled or deleted. The partial unique index on the
 * start among active rows makes double booking impossible whatever the timing of two requests.
 */
export const appointments = pgTable(
  'appointments',
  {
    /** YYYYMMDD-<uuid>, the New York date of the visit. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    slotLabel: text('slot_label').notNull(),
    isRemote: boolean('is_remote').notNull().default(false),
    description: text('description').notNull().default(''),
    notes: text('notes').notNull().default(DEFAULT_NOTES),
    /** What was done, in the owner's words for the customer: printed on the invoice (the notes stay private). */
    workDone: text('work_done').notNull().default(''),
    amountCents: integer('amount_cents').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true, mode: 'date' }),
    /** When the reminder call was placed (issue 39), or null. */
    reminderCalledAt: timestamp('reminder_called_at', { withTimezone: true, mode: 'date' }),
    /** "On my way" (issue 39): when the owner said so, and the arrival they announced. */
    onTheWayAt: timestamp('on_the_way_at', { withTimezone: true, mode: 'date' }),
    arrivesAt: timestamp('arrives_at', { withTimezone: true, mode: 'date' }),
    /** The calendar invite's SEQUENCE (RFC 5545): raised each time the visit moves or is cancelled. */
    inviteSequence: integer('invite_sequence').notNull().default(0),
    /** The bill from the clock (src/shared/billing.ts), once the owner has entered the time of the work. */
    bill: jsonb('bill').$type<StoredBill>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('appointments_active_slot_idx').on(table.startsAt).where(sql`${table.cancelledAt} is null and ${table.deletedAt} is null`),
    index('appointments_user_idx').on(table.userId, table.startsAt),
  ],
);
export type AppointmentRow = typeof appointments.$inferSelect;

// --- Estimates -----------------------------------------------------------------------------------------

/**
 * The estimates of a job the customer approves (issue 38): what the owner expects the work to take and cost, priced
 * and taxed as a bill is, and the customer's (or their trusted contact's) answer. A newer estimate of the job
 * replaces the one before it (`replaced`); at most one of a job is not replaced. Written by the appointments module,
 * under the job's row lock.
 */
export const estimates = pgTable(
  'estimates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: text('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ESTIMATE_STATES }).notNull().default('sent'),
    kind: text('kind', { enum: ['troubleshooting', 'consulting'] }).notNull(),
    minutes: integer('minutes').notNull(),
    /** The expected lines, each with its tax class (src/shared/billing.ts), without the tax line. */
    lines: jsonb('lines').$type<BillLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    tax: jsonb('tax').$type<BillTax>().notNull(),
    totalCents: integer('total_cents').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The admin who sent it. */
    sentBy: text('sent_by').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: text('decided_by', { enum: ['customer', 'contact'] }),
    /** The name typed to approve, or the decliner's name. */
    decidedByName: text('decided_by_name'),
    declineReason: text('decline_reason'),
    /** SHA-256 of the random token in the trusted contact's link, or null when no contact may approve it. */
    contactTokenHash: text('contact_token_hash'),
    /** The order estimates were written in: two of one transaction share `sent_at`. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (table) => [
    index('estimates_appointment_idx').on(table.appointmentId, table.seq),
    uniqueIndex('estimates_contact_token_idx').on(table.contactTokenHash),
  ],
);
export type EstimateRow = typeof estimates.$inferSelect;

// --- Payments ------------------------------------------------------------------------------------------

/**
 * The states of an order. `created`: it may be captured. `capturing`: one request has claimed it and is asking
 * the provider, the provider's answer is not known yet, the provider holds its capture PENDING (`pending_since`), or
 * a capture of it that must not stand is being given back. `captured`: its payment is recorded. `voided`: the job
 * changed (amount, completion, cancellation, deletion) or a newer order replaced it; it can never be captured.
 * `refunded`: it was captured and the money went back.
 */
export const ORDER_STATES = ['created', 'capturing', 'captured', 'voided', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** An order created with the payment provider for one appointment, bound to the amount the server held then. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    orderId: text('order_id').primaryKey(),
    provider: text('provider', { enum: ['paypal', 'sandbox'] }).notNull(),
    appointmentId: text('appointment_id')
      .notNull()
      .references(() => appointments.id),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** The customer paying their own job, or the admin taking the payment for them. */
    createdByUserId: text('created_by_user_id')
      .notNull()
      .references(() => user.id),
    createdByRole: text('created_by_role', { enum: ['customer', 'admin'] }).notNull(),
    state: text('state', { enum: ORDER_STATES }).notNull().default('created'),
    /** When a capture claimed the order; a claim older than the provider's time limit is looked up again. */
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    /** Why the order was voided or refunded, for the record. */
    closedReason: text('closed_reason'),
    /**
     * When the provider first answered that it took the money but holds the capture PENDING (a review, an eCheck):
     * the order stays claimed until the capture completes (recorded) or is declined (released).
     */
    pendingSince: timestamp('pending_since', { withTimezone: true, mode: 'date' }),
    /** When giving back a capture that must not stand first failed: the history and the admins hear of it once. */
    giveBackFailedAt: timestamp('give_back_failed_at', { withTimezone: true, mode: 'date' }),
    /**
     * The provider's refund of a capture that must not stand while the provider holds it PENDING (looked up until it is
     * completed), or `failed:<id>` once the provider failed it (the next refund is asked with a new request id).
     */
    giveBackRefundId: text('give_back_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_orders_appointment_idx').on(table.appointmentId),
    // At most one order of a job is ever being captured or captured: the database refuses a second.
    uniqueIndex('payment_orders_one_capture_idx').on(table.appointmentId).where(sql`${table.state} in ('capturing', 'captured')`),
    index('payment_orders_claimed_idx').on(table.state, table.claimedAt),
  ],
);
export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

/**
 * Money received. At most one payment in force per appointment (a refunded one no longer counts, so the job can
 * be paid again); test-mode payments are kept with their provider, `sandbox`, and never counted as money.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: text('appointment_id')
      .notNull()
      .references(() => appointments.id),
    provider: text('provider', { enum: ['paypal', 'sandbox', 'manual'] }).notNull(),
    orderId: text('order_id'),
    captureId: text('capture_id'),
    /** For payments recorded by hand: cash, check or card in person. */
    method: text('method'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    payerName: text('payer_name').notNull().default(''),
    payerEmail: text('payer_email').notNull().default(''),
    takenByUserId: text('taken_by_user_id')
      .notNull()
      .references(() => user.id),
    takenByRole: text('taken_by_role', { enum: ['customer', 'admin'] }).notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The provider's refund while it is PENDING (PayPal's, funded by an eCheck or awaiting balance): the payment stays
     * in force, and claimed, until the provider completes the refund (recorded then) or fails it (released).
     */
    refundPendingId: text('refund_pending_id'),
    /** Refunds the provider failed after holding them PENDING: the next request carries a new PayPal-Request-Id. */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    /** A refund asked of the provider and not yet answered: a second request waits instead of asking again. */
    refundClaimedAt: timestamp('refund_claimed_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** The provider's refund id, or how a payment taken by hand was given back. */
    refundReference: text('refund_reference'),
    /** Who refunded it: an admin's id, or `system` for a duplicate capture refunded automatically. */
    refundedBy: text('refunded_by'),
    /**
     * Taken with PayPal's sandbox, or in test mode (provider `sandbox`): no money moved. Shown and counted as TEST,
     * never as takings.
     */
    isTest: boolean('is_test').notNull().default(false),
    /**
     * The bill this payment paid, as it stood when the money came (its total and its sales tax, decision 035): the
     * sales-tax report and the paid list count the payment from it, whatever the job's bill becomes after a refund.
     * Null for a job without a bill, and for payments taken before it was kept.
     */
    paidBill: jsonb('paid_bill').$type<PaidBill>(),
  },
  (table) => [
    uniqueIndex('payments_appointment_idx').on(table.appointmentId).where(sql`${table.refundedAt} is null`),
    // Every payment of a job, refunded ones too (the invoice, the history, the data download): the unique index
    // above holds only those standing.
    index('payments_job_idx').on(table.appointmentId),
    uniqueIndex('payments_capture_idx').on(table.captureId),
    index('payments_captured_at_idx').on(table.capturedAt),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;

/**
 * The pay link of a completed job: e-mailed once when the job became payable (completed, unpaid, with an amount),
 * then at most two friendly reminders, after 3 and 7 days (`remindersSent` counts them). Claimed with SKIP LOCKED,
 * so that several instances never send one twice; the job itself is checked again before each reminder.
 */
export const payRequests = pgTable(
  'pay_requests',
  {
    appointmentId: text('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /** When the pay link was sent: the reminders count their days from it. */
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    remindersSent: integer('reminders_sent').notNull().default(0),
  },
  (table) => [index('pay_requests_due_idx').on(table.remindersSent, table.sentAt)],
);
export type PayRequestRow = typeof payRequests.$inferSelect;

/**
 * Invoices, numbered 1, 2, 3… without gaps: a job gets its number when it is first completed with an amount (or
 * paid), from `invoice_counter`'s one row, raised in the same transaction, so a transaction that rolls back gives
 * its number back and concurrent completions wait their turn. A number, once given, stays with its job.
 */
export const invoices = pgTable('invoices', {
  number: integer('number').primaryKey(),
  appointmentId: text('appointment_id')
    .notNull()
    .unique()
    .references(() => appointments.id),
  issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type InvoiceRow = typeof invoices.$inferSelect;

/** The last invoice number given: one row, `id` 1. */
export const invoiceCounter = pgTable('invoice_counter', {
  id: integer('id').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * The thank-you after a payment and the customer's answer: one row per job, written when the thank-you is sent (so
 * a job paid again after a refund is not asked twice), then the rating (1 to 5) and comment, given once.
 */
export const reviews = pgTable(
  'reviews',
  {
    appointmentId: text('appointment_id')
      .primaryKey()
      .references(() => appointments.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    rating: integer('rating'),
    comment: text('comment').notNull().default(''),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    /** The customer ticked "You may show my review": its comment, first name and town may appear on the public pages. */
    mayShow: boolean('may_show').notNull().default(false),
  },
  (table) => [index('reviews_answered_idx').on(table.answeredAt)],
);
export type ReviewRow = typeof reviews.$inferSelect;

// --- Waitlist ------------------------------------------------------------------------------------------

export const WAITLIST_STATES = ['waiting', 'offered', 'booked', 'lapsed', 'left', 'closed'] as const;

/**
 * Customers waiting for a slot of a full weekend day (issue 39), in the order they joined. When a slot of the day
 * frees, the first waiting entry is `offered` it: the slot is held for that customer until `offerExpiresAt`, then
 * the entry `lapsed` and the next is offered. `booked` when they took it, `left` when they stopped waiting, `closed`
 * when the day went by. At most one waiting or offered entry per customer and day, and one offer per slot.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The New York date waited for, YYYY-MM-DD. */
    date: text('date').notNull(),
    state: text('state', { enum: WAITLIST_STATES }).notNull().default('waiting'),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The order of joining, strict: two customers who join in the same millisecond keep the order they joined in. */
    position: bigserial('position', { mode: 'number' }).notNull(),
    /** The slot offered and held, while `offered` (kept after, for the trail). */
    offeredStartsAt: timestamp('offered_starts_at', { withTimezone: true, mode: 'date' }),
    offeredAt: timestamp('offered_at', { withTimezone: true, mode: 'date' }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true, mode: 'date' }),
    /** The visit booked from the offer. */
    appointmentId: text('appointment_id'),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('waitlist_entries_date_idx').on(table.date, table.joinedAt),
    uniqueIndex('waitlist_entries_one_per_day_idx').on(table.userId, table.date).where(sql`${table.state} in ('waiting', 'offered')`),
    uniqueIndex('waitlist_entries_one_offer_per_slot_idx').on(table.offeredStartsAt).where(sql`${table.state} = 'offered'`),
  ],
);
export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
