import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
