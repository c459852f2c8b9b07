import { and, asc, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type CalendarBusyTimeRow, type CalendarImportRow, calendarBusyTimes, calendarImport } from '../../db/schema.ts';

/** The SQL of the owner's imported calendar: its one status row (id 1) and its busy times. */

/** The import's row, locked for the transaction's length when `lock` (made again, empty, should it be missing). */
export async function readCalendarImport(db: Executor, lock = false): Promise<CalendarImportRow> {
  const select = () => {
    const query = db.select().from(calendarImport).where(sql`${calendarImport.id} = 1`);
    return lock ? query.for('update') : query;
  };
  const [row] = await select();
  if (row) return row;
  await db.insert(calendarImport).values({ id: 1 }).onConflictDoNothing();
  const [made] = await select();
  if (!made) throw new Error('the calendar import row is missing');
  return made;
}

export async function updateCalendarImport(db: Executor, values: Partial<Omit<CalendarImportRow, 'id'>>): Promise<CalendarImportRow> {
  const [row] = await db
    .update(calendarImport)
    .set({ ...values, updatedAt: new Date() })
    .where(sql`${calendarImport.id} = 1`)
    .returning();
  if (!row) throw new Error('the calendar import was not updated');
  return row;
}

/**
 * Takes this interval's fetch for the caller in one statement (fetched_at moved to `now` when an address is set and the
 * last fetch is older than `before`): of several instances passing at once, one gets it. Whether the caller got it.
 */
export async function claimFetchTurn(db: Executor, now: Date, before: Date): Promise<boolean> {
  const claimed = await db
    .update(calendarImport)
    .set({ fetchedAt: now })
    .where(
      and(
        sql`${calendarImport.id} = 1`,
        isNotNull(calendarImport.url),
        or(isNull(calendarImport.fetchedAt), lt(calendarImport.fetchedAt, before)),
      ),
    )
    .returning({ id: calendarImport.id });
  return claimed.length > 0;
}

/** Every stored busy time (inside the caller's transaction, before they are replaced). */
export async function allBusyTimes(db: Executor): Promise<CalendarBusyTimeRow[]> {
  return db.select().from(calendarBusyTimes).orderBy(asc(calendarBusyTimes.startsAt));
}

/** Replaces every busy time with `spans` (inside the caller's transaction). */
export async function replaceBusyTimes(db: Executor, spans: ReadonlyArray<{ startsAt: Date; endsAt: Date }>): Promise<void> {
  await db.delete(calendarBusyTimes);
  // In batches: one statement's parameters are limited.
  for (let index = 0; index < spans.length; index += 1000) {
    await db.insert(calendarBusyTimes).values(spans.slice(index, index + 1000).map(({ startsAt, endsAt }) => ({ startsAt, endsAt })));
  }
}

/** The busy times that overlap [from, to). */
export async function busyTimesBetween(db: Executor, from: Date, to: Date): Promise<CalendarBusyTimeRow[]> {
  return db
    .select()
    .from(calendarBusyTimes)
    .where(and(lt(calendarBusyTimes.startsAt, to), gt(calendarBusyTimes.endsAt, from)))
    .orderBy(asc(calendarBusyTimes.startsAt));
}
