import { and, asc, between, eq, gt, gte, inArray, lt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type WaitlistEntryRow, waitlistEntries } from '../../db/schema.ts';

/** The waitlist's SQL (issue 39); only the waitlist module imports it. */

const inLine = inArray(waitlistEntries.state, ['waiting', 'offered']);
const offered = eq(waitlistEntries.state, 'offered');

/** The customer's days on the list (waiting or offered), soonest first. */
export async function entriesInLineOf(db: Executor, userId: string): Promise<WaitlistEntryRow[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.userId, userId), inLine))
    .orderBy(asc(waitlistEntries.date), asc(waitlistEntries.joinedAt));
}

/** A new entry at the end of the day's line; undefined when the customer is already in it (the unique index). */
export async function insertEntry(tx: Executor, userId: string, date: string, now: Date): Promise<WaitlistEntryRow | undefined> {
  const [row] = await tx.insert(waitlistEntries).values({ userId, date, joinedAt: now }).onConflictDoNothing().returning();
  return row;
}

/** The customer's own entry by id (any state); locked for the transaction when `lock`. */
export async function findOwnEntry(db: Executor, userId: string, id: string, lock = false): Promise<WaitlistEntryRow | undefined> {
  const query = db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The day's line (waiting and offered), in the order they joined, locked: one change of a day's line at a time. */
export async function lockDayLine(tx: Executor, date: string): Promise<WaitlistEntryRow[]> {
  return tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.date, date), inLine))
    .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.position))
    .for('update');
}

export async function updateEntry(
  tx: Executor,
  id: string,
  changes: Partial<typeof waitlistEntries.$inferInsert>,
): Promise<WaitlistEntryRow | undefined> {
  const [row] = await tx.update(waitlistEntries).set(changes).where(eq(waitlistEntries.id, id)).returning();
  return row;
}

/** The offers in force at `now` on slots starting from `from` to `to`. */
export async function offersBetween(db: Executor, from: Date, to: Date, now: Date): Promise<WaitlistEntryRow[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(and(offered, between(waitlistEntries.offeredStartsAt, from, to), gt(waitlistEntries.offerExpiresAt, now)));
}

/** The offer of the slot (in force or not yet lapsed), locked for the transaction. */
export async function lockOfferAt(tx: Executor, startsAt: Date): Promise<WaitlistEntryRow | undefined> {
  const [row] = await tx
    .select()
    .from(waitlistEntries)
    .where(and(offered, eq(waitlistEntries.offeredStartsAt, startsAt)))
    .for('update');
  return row;
}

/** The days whose offers ran out by `now`. */
export async function datesOfExpiredOffers(db: Executor, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ date: waitlistEntries.date })
    .from(waitlistEntries)
    .where(and(offered, lte(waitlistEntries.offerExpiresAt, now)));
  return rows.map((row) => row.date);
}

/** The days from `today` on that have a line. */
export async function datesInLine(db: Executor, today: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ date: waitlistEntries.date })
    .from(waitlistEntries)
    .where(and(inLine, gte(waitlistEntries.date, today)))
    .orderBy(asc(waitlistEntries.date));
  return rows.map((row) => row.date);
}

/** Closes the lines of the days before `today`; answers the offers so ended. */
export async function closeDaysBefore(tx: Executor, today: string, now: Date): Promise<WaitlistEntryRow[]> {
  return tx
    .update(waitlistEntries)
    .set({ state: 'closed', endedAt: now })
    .where(and(inLine, lt(waitlistEntries.date, today)))
    .returning();
}

/** Every entry of the days from `fromDate` on, for the owner: by day, then in the order they joined. */
export async function entriesFrom(db: Executor, fromDate: string): Promise<WaitlistEntryRow[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(gte(waitlistEntries.date, fromDate))
    .orderBy(asc(waitlistEntries.date), asc(waitlistEntries.joinedAt), asc(waitlistEntries.position));
}

/** Every entry of the customer, for their data download. */
export async function entriesOf(db: Executor, userId: string): Promise<WaitlistEntryRow[]> {
  return db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, userId)).orderBy(asc(waitlistEntries.joinedAt));
}

/** Deletes every entry of the customer (their account is being deleted); answers the rows deleted. */
export async function deleteEntriesOf(tx: Executor, userId: string): Promise<WaitlistEntryRow[]> {
  return tx.delete(waitlistEntries).where(eq(waitlistEntries.userId, userId)).returning();
}
