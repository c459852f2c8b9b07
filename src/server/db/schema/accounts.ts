import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { LOCALES } from '../../../shared/locale.ts';
import { TAX_EXEMPTION_KINDS } from '../../../shared/sales-tax.ts';

// The accounts' tables: better-auth's (user, session, account, verification) with our columns, the customers'
// profiles, trusted contacts, suppressed contact addresses and one-time account tokens.

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
  /**
   * The word the technician says at the door (issue 39): given at the first booking from a short list of plain words
   * in the customer's language, changeable on /account. Null until then.
   */
  codeWord: text('code_word'),
  /**
   * The customer asked for a reminder call the day before (issue 39: a landline and no texts), and when they last
   * said so, either way.
   */
  wantsReminderCalls: boolean('wants_reminder_calls').notNull().default(false),
  reminderCallsConsentAt: timestamp('reminder_calls_consent_at', { withTimezone: true, mode: 'date' }),
  /**
   * The number (E.164) the customer said yes to reminder calls for (decision 040): calls go only while it is still
   * the profile's number; a change of number turns the calls off until they say yes again. Kept after that, as the
   * record of the yes; null after a no.
   */
  reminderCallsNumber: text('reminder_calls_number'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type ProfileRow = typeof profiles.$inferSelect;

/**
 * A customer's New York sales-tax exemption, recorded by the owner from the certificate the customer gave them
 * (decision 035): an exempt organization's ST-119.1 or a reseller's ST-120. Their bills carry no tax and say why.
 */
export const taxExemptions = pgTable('tax_exemptions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: TAX_EXEMPTION_KINDS }).notNull(),
  certificate: text('certificate').notNull(),
  /** The certificate's date, YYYY-MM-DD. */
  certificateDate: text('certificate_date').notNull(),
  recordedBy: text('recorded_by').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type TaxExemptionRow = typeof taxExemptions.$inferSelect;

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
  /** The customer lets this contact, once agreed, approve or decline their estimates (issue 38). */
  mayApproveEstimates: boolean('may_approve_estimates').notNull().default(false),
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
