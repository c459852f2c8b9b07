import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS } from '../../../shared/admin.ts';
import { appointments } from './appointments.ts';

// The business's running records: the error log, the rate-limit counters, each appointment's history, the
// configuration log, the owner's time off and booking rules, and the backups.

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

/** Counters of the rate limits on sign-in, sign-up and the e-mail flows, shared by every server instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

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

/**
 * The owner's own calendar, imported (issue 39): the secret iCalendar (ICS) address they pasted, and how its last
 * fetches went. One row (id 1). The address is a secret: it is never logged nor sent back whole to the browser.
 */
export const calendarImport = pgTable(
  'calendar_import',
  {
    id: integer('id').primaryKey().default(1),
    url: text('url'),
    /** The validators of the last good answer, sent back as If-None-Match and If-Modified-Since. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** The last fetch tried, and the last that succeeded (a 304 counts). */
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }),
    succeededAt: timestamp('succeeded_at', { withTimezone: true, mode: 'date' }),
    /** The busy times the last good fetch read. */
    busyCount: integer('busy_count').notNull().default(0),
    /** Why the last fetch failed, in words for the owner (no address in it); null once one succeeds. */
    error: text('error'),
    /** Since when every fetch has failed: a feed failing for an hour is reported. */
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    /** When the failure was last written to the error log, so an hour-long failure is logged once, not each fetch. */
    failureLoggedAt: timestamp('failure_logged_at', { withTimezone: true, mode: 'date' }),
    /** How far ahead the last full answer (a 200) was read; a 304 leaves it, so it is read again whole when stale. */
    expandedUntil: timestamp('expanded_until', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('calendar_import_one_row', sql`${table.id} = 1`)],
);
export type CalendarImportRow = typeof calendarImport.$inferSelect;

/**
 * The busy times read from the owner's imported calendar, expanded (recurrences, exceptions, all-day events): every
 * slot one overlaps is closed to new bookings. Replaced whole by each good fetch; nothing of the event (title,
 * place) is kept, so customers and the back office never learn why a slot is closed.
 */
export const calendarBusyTimes = pgTable(
  'calendar_busy_times',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('calendar_busy_times_range_idx').on(table.startsAt, table.endsAt),
    check('calendar_busy_times_range_order', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
export type CalendarBusyTimeRow = typeof calendarBusyTimes.$inferSelect;

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
