/**
 * Every table of the database, for drizzle (and drizzle-kit's migrations, drizzle.config.ts): one file per area in
 * schema/. Each table has one owning module (scripts/boundaries.ts, TABLE_OWNERS).
 */
export * from './schema/accounts.ts';
export * from './schema/appointments.ts';
export * from './schema/messages.ts';
export * from './schema/operations.ts';
