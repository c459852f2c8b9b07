import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ADMIN_TEXTS, AUDIT_ACTIONS, type StoredBill } from '../../shared/admin.ts';
import { LOCALES } from '../../shared/locale.ts';

/** Failures recorded for the owner: by the server's central error handler and by the browser's reports. */
export const errorLog = pgTable(
  'error_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userId: text('user_id').notNull(),
    errorMessage: text('error_message').notNull(),
    appointmentIdentifier: text('appointment_identifier').notNull().default(''),
    componentName: text('component_name').notNull(),
    source: text('source', { enum: ['server', 'browser'] }).notNull(),
  },
  (table) => [index('error_log_created_at_idx').on(table.createdAt)],
);
export type ErrorLogRow = typeof errorLog.$inferSelect;
export type NewErrorLogRow = typeof errorLog.$inferInsert;

// --- Accounts: better-auth's tables (user, session, account, verification) with our isAdmin column ---------

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** Set only by `npm run admin` or ADMIN_EMAILS at verification; never by anything a browser sends. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** The customer's language (decision 016): their e-mails and, once signed in, their screens. */
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    /** The customer deleted their account (decision 024): the row stays, emptied, for the paid records that name it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the account first moved to another address. ADMIN_EMAILS applies only to the address an account signed
     * up with: moving an account onto the owner's address, and verifying it, grants nothing (decision 012).
     */
    emailChangedAt: timestamp('email_changed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('user_email_idx').on(table.email)],
);
export type UserRow = typeof user.$inferSelect;

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (table) => [uniqueIndex('session_token_idx').on(table.token), index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true, mode: 'date' }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

/** The spec's user record: contact details and service address, one per user, saved by the service form. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phoneNumber: text('phone_number').notNull(),
  streetAddress: text('street_address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull().default('NY'),
  zipCode: text('zip_code').notNull(),
  /** The customer asked for text messages at phoneNumber (unticked by default); when they last said so, either way. */
  wantsTexts: boolean('wants_texts').notNull().default(false),
  textsConsentAt: timestamp('texts_consent_at', { withTimezone: true, mode: 'date' }),
  /**
   * The number (E.164) the customer proved is theirs with the code texted to it, and when (decision 031): texts
   * go only to this number, and only while it is still the profile's number and wantsTexts is on.
   */
  textsConfirmedNumber: text('texts_confirmed_number'),
  textsConfirmedAt: timestamp('texts_confirmed_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type ProfileRow = typeof profiles.$inferSelect;

/**
 * The one person a customer names to be copied on their confirmations, reminders and receipts (an adult child
 * helping a parent, say). The contact gets copies only: no sign-in, no access. Copies stop when the customer
 * removes the contact or the contact follows the link in a copy (copiesStoppedAt).
 */
export const trustedContacts = pgTable('trusted_contacts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number'),
  copiesStoppedAt: timestamp('copies_stopped_at', { withTimezone: true, mode: 'date' }),
  /** When the one invitation to this address went (decision 031); null until sent. */
  invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
  /** When the contact agreed, from the invitation's link, and the words they agreed to: nothing but the invitation goes before. */
  agreedAt: timestamp('agreed_at', { withTimezone: true, mode: 'date' }),
  agreedWording: text('agreed_wording'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type TrustedContactRow = typeof trustedContacts.$inferSelect;

/**
 * Addresses that refused to be anyone's trusted contact or stopped the copies (decision 031): no invitation and no
 * copy goes to them, whichever customer names them. Only the address's owner lifts it, by agreeing from an
 * invitation's link.
 */
export const contactSuppressions = pgTable('contact_suppressions', {
  email: text('email').primaryKey(),
  reason: text('reason', { enum: ['refused', 'stopped'] }).notNull(),
  suppressedAt: timestamp('suppressed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Single-use tokens of the e-mail action screen (/usermgmt) that better-auth does not keep itself: e-mail
 * verification and e-mail recovery. Only a hash of the token is stored; using one deletes it.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose', { enum: ['verify-email', 'recover-email'] }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** verify-email: the address being verified; recover-email: the address to restore. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('account_tokens_user_idx').on(table.userId)],
);

/** Every e-mail the app sends, kept until delivered (and for the dev mailbox); retried with backoff. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    /**
     * The customer the e-mail is about (to them, to their trusted contact, or to the admins about their visit): its
     * copy goes when they delete their account (decision 024). Not a foreign key: the user row stays, emptied.
     */
    aboutUserId: text('about_user_id'),
    /** It carries a one-time key (verification, reset, recovery): its text and links are not kept once delivered. */
    carriesKey: boolean('carries_key').notNull().default(false),
    /** Attachments such as calendar invites and invoices: name, content type, and content (text, or base64). */
    attachments: jsonb('attachments')
      .$type<Array<{ filename: string; contentType: string; content: string; encoding?: 'base64' }>>()
      .notNull()
      .default([]),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The order rows were written in: rows written in one transaction share `created_at`. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (table) => [
    index('outbox_emails_due_idx').on(table.status, table.nextAttemptAt),
    index('outbox_emails_to_idx').on(table.toAddress),
    index('outbox_emails_about_idx').on(table.aboutUserId),
    index('outbox_emails_created_idx').on(table.createdAt),
  ],
);
export type OutboxEmailRow = typeof outboxEmails.$inferSelect;

// --- Text messages -------------------------------------------------------------------------------------

/** Text messages, stored in the transaction of the change they report and delivered like the e-mails. */
export const outboxTexts = pgTable(
  'outbox_texts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164, e.g. +16315550142. */
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    /** What the text is about, for the development outbox and the error log (never its body or number). */
    kind: text('kind').notNull(),
    /** The customer it was sent to: its copy goes when they delete their account, whatever number it went to. */
    aboutUserId: text('about_user_id'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The order rows were written in: rows written in one transaction share `created_at`. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (table) => [
    index('outbox_texts_due_idx').on(table.status, table.nextAttemptAt),
    index('outbox_texts_to_idx').on(table.toNumber),
    index('outbox_texts_about_idx').on(table.aboutUserId),
    index('outbox_texts_created_idx').on(table.createdAt),
  ],
);
export type OutboxTextRow = typeof outboxTexts.$inferSelect;

/**
 * A code texted to prove a number is the customer's (decision 031): one pending per account, only its hash kept,
 * a few tries, then a new code must be asked for.
 */
export const textConfirmations = pgTable('text_confirmations', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** E.164. */
  phoneNumber: text('phone_number').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The proof of each consent to texts (decision 031): who confirmed which number, when, and the words shown beside
 * the box they ticked, in the language they read. Kept while the account exists.
 */
export const textConsents = pgTable(
  'text_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    wording: text('wording').notNull(),
    locale: text('locale').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('text_consents_user_idx').on(table.userId), index('text_consents_number_idx').on(table.phoneNumber)],
);

/** Numbers that replied STOP (and have not replied START since): nothing is texted to them. */
export const textOptOuts = pgTable('text_opt_outs', {
  phoneNumber: text('phone_number').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Counters of the rate limits on sign-in, sign-up and the e-mail flows, shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

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

// --- Back office ----------------------------------------------------------------------------------------

/** Every change to an appointment's money or record: who, when, and each field before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: text('appointment_id')
      .notNull()
      .references(() => appointments.id),
    actorUserId: text('actor_user_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>().notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The order entries were written in: entries of one transaction share `at`. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (table) => [index('audit_log_appointment_idx').on(table.appointmentId, table.at)],
);
export type AuditRow = typeof auditLog.$inferSelect;

/** The owner's log of configuration changes to the business's database, hardware and software. */
export const configChanges = pgTable(
  'config_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collection: text('collection', { enum: ['database', 'hardware', 'software'] }).notNull(),
    date: text('date').notNull(),
    time: text('time').notNull(),
    context: text('context').notNull(),
    description: text('description').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('config_changes_collection_idx').on(table.collection, table.createdAt)],
);
export type ConfigChangeRow = typeof configChanges.$inferSelect;

// --- The owner's calendar -------------------------------------------------------------------------------

/**
 * Time the owner is not available: every slot starting in [startsAt, endsAt) is closed. A whole day or weekend is
 * one row from the first day's start to the last day's end (New York time); a single slot is its own half hour.
 * Reopening keeps the row, marked, so the trail of closures stays.
 */
export const timeOff = pgTable(
  'time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Private: seen only in the back office. */
    reason: text('reason').notNull().default(''),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    removedBy: text('removed_by'),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('time_off_range_idx').on(table.startsAt, table.endsAt),
    check('time_off_range_order', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
export type TimeOffRow = typeof timeOff.$inferSelect;

/**
 * The business's booking rules that the owner sets from the back office: one row (id 1). The calendar feed's
 * secret is kept as a SHA-256 hash; the address is shown once, when it is made.
 */
export const businessSettings = pgTable(
  'business_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** No booking less than this many hours before the visit. */
    minNoticeHours: integer('min_notice_hours').notNull().default(12),
    /** No cancellation or reschedule by the customer less than this many hours before the visit. */
    cutoffHours: integer('cutoff_hours').notNull().default(24),
    /** SHA-256 (hex) of the secret in the owner's calendar feed address; the secret itself is never stored. */
    calendarFeedSecretHash: text('calendar_feed_secret_hash'),
    calendarFeedSince: timestamp('calendar_feed_since', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('business_settings_one_row', sql`${table.id} = 1`)],
);
export type BusinessSettingsRow = typeof businessSettings.$inferSelect;

// --- Backups -------------------------------------------------------------------------------------------

/**
 * Each backup of the embedded database the server took, or tried to: when, why (the nightly schedule, or asked
 * for), the file it wrote and how big, or why it failed (decision 023). The back office shows the last good one.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reason: text('reason', { enum: ['nightly', 'asked'] }).notNull(),
    status: text('status', { enum: ['ok', 'failed'] }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    fileName: text('file_name'),
    bytes: integer('bytes'),
    /** BACKUP_COMMAND's outcome after a good backup: null when none is set. */
    copied: boolean('copied'),
    error: text('error'),
  },
  (table) => [index('backup_runs_finished_idx').on(table.finishedAt)],
);
export type BackupRunRow = typeof backupRuns.$inferSelect;
