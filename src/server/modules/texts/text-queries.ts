import { and, desc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type OutboxTextRow, outboxTexts, textOptOuts } from '../../db/schema.ts';

export type NewOutboxText = typeof outboxTexts.$inferInsert;

export async function insertOutboxText(db: Executor, text: NewOutboxText): Promise<void> {
  await db.insert(outboxTexts).values(text);
}

/** Claims up to `limit` due texts written after `afterSeq` (a pass tries each at most once), leased for `leaseSeconds` (SKIP LOCKED: two instances never send one twice). */
export async function claimDueTexts(db: Executor, limit: number, leaseSeconds: number, afterSeq = 0): Promise<OutboxTextRow[]> {
  const due = db
    .select({ id: outboxTexts.id })
    .from(outboxTexts)
    .where(and(eq(outboxTexts.status, 'pending'), lte(outboxTexts.nextAttemptAt, sql`now()`), gt(outboxTexts.seq, afterSeq)))
    .orderBy(outboxTexts.seq)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outboxTexts)
    .set({ attempts: sql`${outboxTexts.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(inArray(outboxTexts.id, due))
    .returning();
  return claimed.sort((a, b) => a.seq - b.seq);
}

export async function markTextSent(db: Executor, id: string, providerId: string | null): Promise<void> {
  await db.update(outboxTexts).set({ status: 'sent', sentAt: new Date(), lastError: null, providerId }).where(eq(outboxTexts.id, id));
}

export async function markTextRetry(db: Executor, id: string, error: string, retryAt: Date): Promise<void> {
  await db.update(outboxTexts).set({ lastError: error, nextAttemptAt: retryAt }).where(eq(outboxTexts.id, id));
}

export async function markTextEnded(db: Executor, id: string, status: 'failed' | 'skipped', error: string): Promise<void> {
  await db.update(outboxTexts).set({ status, lastError: error }).where(eq(outboxTexts.id, id));
}

export async function listTexts(db: Executor, toNumber: string | undefined, limit: number): Promise<OutboxTextRow[]> {
  return db
    .select()
    .from(outboxTexts)
    .where(toNumber ? eq(outboxTexts.toNumber, toNumber) : undefined)
    .orderBy(desc(outboxTexts.seq))
    .limit(limit);
}

export async function isOptedOut(db: Executor, phoneNumber: string): Promise<boolean> {
  const [row] = await db.select({ phoneNumber: textOptOuts.phoneNumber }).from(textOptOuts).where(eq(textOptOuts.phoneNumber, phoneNumber));
  return Boolean(row);
}

export async function optOut(db: Executor, phoneNumber: string): Promise<void> {
  await db.insert(textOptOuts).values({ phoneNumber }).onConflictDoNothing();
}

export async function optIn(db: Executor, phoneNumber: string): Promise<void> {
  await db.delete(textOptOuts).where(eq(textOptOuts.phoneNumber, phoneNumber));
}

/**
 * Deletes the texts to a customer, or to `toNumber` (their number now, which earlier texts may lack): every one, or
 * only those already sent or given up (`delivered`).
 */
export async function deleteTextsOf(db: Executor, userId: string, toNumber: string | undefined, delivered = false): Promise<void> {
  const whose = toNumber
    ? or(eq(outboxTexts.aboutUserId, userId), eq(outboxTexts.toNumber, toNumber))
    : eq(outboxTexts.aboutUserId, userId);
  await db.delete(outboxTexts).where(delivered ? and(whose, inArray(outboxTexts.status, ['sent', 'failed', 'skipped'])) : whose);
}

/** Deletes the texts sent, given up or skipped more than `days` days ago; returns how many. */
export async function deleteDeliveredTextsOlderThan(db: Executor, days: number): Promise<number> {
  const gone = await db
    .delete(outboxTexts)
    .where(
      and(
        inArray(outboxTexts.status, ['sent', 'failed', 'skipped']),
        lt(outboxTexts.createdAt, sql`now() - make_interval(days => ${days})`),
      ),
    )
    .returning({ id: outboxTexts.id });
  return gone.length;
}

/** The texts sent to a customer or to their number, newest first, for their own data. */
export async function listTextsOf(db: Executor, userId: string, toNumber: string | undefined) {
  return db
    .select()
    .from(outboxTexts)
    .where(toNumber ? or(eq(outboxTexts.aboutUserId, userId), eq(outboxTexts.toNumber, toNumber)) : eq(outboxTexts.aboutUserId, userId))
    .orderBy(desc(outboxTexts.seq));
}
