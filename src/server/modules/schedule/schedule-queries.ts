import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type BusinessSettingsRow, businessSettings, type TimeOffRow, timeOff } from '../../db/schema.ts';

/** Time off not reopened that overlaps [from, to). */
export async function activeTimeOffBetween(db: Executor, from: Date, to: Date): Promise<TimeOffRow[]> {
  return db
    .select()
    .from(timeOff)
    .where(and(isNull(timeOff.removedAt), lt(timeOff.startsAt, to), gt(timeOff.endsAt, from)))
    .orderBy(asc(timeOff.startsAt));
}

/** Time off not reopened that has not ended by `now`. */
export async function upcomingTimeOff(db: Executor, now: Date): Promise<TimeOffRow[]> {
  return db
    .select()
    .from(timeOff)
    .where(and(isNull(timeOff.removedAt), gt(timeOff.endsAt, now)))
    .orderBy(asc(timeOff.startsAt));
}

export async function insertTimeOff(db: Executor, values: typeof timeOff.$inferInsert): Promise<TimeOffRow> {
  const [row] = await db.insert(timeOff).values(values).returning();
  if (!row) throw new Error('the time off was not stored');
  return row;
}

export async function findTimeOff(db: Executor, id: string, lock = false): Promise<TimeOffRow | undefined> {
  const query = db.select().from(timeOff).where(eq(timeOff.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markTimeOffRemoved(db: Executor, id: string, removedBy: string, removedAt: Date): Promise<TimeOffRow> {
  const [row] = await db.update(timeOff).set({ removedBy, removedAt }).where(eq(timeOff.id, id)).returning();
  if (!row) throw new Error('the time off was not updated');
  return row;
}

/** The one settings row (the migration makes it; made again with its defaults should it be missing). */
export async function readSettings(db: Executor, lock = false): Promise<BusinessSettingsRow> {
  const select = () => {
    const query = db.select().from(businessSettings).where(eq(businessSettings.id, 1));
    return lock ? query.for('update') : query;
  };
  const [row] = await select();
  if (row) return row;
  await db.insert(businessSettings).values({ id: 1 }).onConflictDoNothing();
  const [made] = await select();
  if (!made) throw new Error('the business settings are missing');
  return made;
}

export async function updateRules(db: Executor, values: { minNoticeHours: number; cutoffHours: number }): Promise<BusinessSettingsRow> {
  const [row] = await db
    .update(businessSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(businessSettings.id, 1))
    .returning();
  if (!row) throw new Error('the business settings were not updated');
  return row;
}

/** Replaces the hash of the owner's calendar feed secret (null: no feed). */
export async function setFeedSecretHash(db: Executor, hash: string | null, at: Date): Promise<BusinessSettingsRow> {
  await readSettings(db, true);
  const [row] = await db
    .update(businessSettings)
    .set({ calendarFeedSecretHash: hash, calendarFeedSince: hash ? at : null, updatedAt: at })
    .where(eq(businessSettings.id, 1))
    .returning();
  if (!row) throw new Error('the business settings were not updated');
  return row;
}
