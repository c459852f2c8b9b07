import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ADMIN_TEXTS, type StoredBill } from '../../../shared/admin.ts';
import { user } from './accounts.ts';

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
    amountCents: integer('amount_cents').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true, mode: 'date' }),
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
  },
  (table) => [index('reviews_answered_idx').on(table.answeredAt)],
);
export type ReviewRow = typeof reviews.$inferSelect;
