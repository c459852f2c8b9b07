import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './accounts.ts';

// The outboxes of e-mails and texts, and what texting keeps: the codes that prove a number, the consents, the opt-outs.

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
