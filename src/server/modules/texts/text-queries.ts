import { and, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type OutboxTextRow, outboxTexts, textConfirmations, textConsents, textOptOuts } from '../../db/schema.ts';

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
 * Deletes the copies of the texts sent for a customer (`about_user_id`) that have gone or been given up; a text still
 * waiting to go is never deleted (decision 031). Never by number: a number typed in a profile proves nothing.
 */
export async function deleteDeliveredTextsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(outboxTexts).where(and(eq(outboxTexts.aboutUserId, userId), inArray(outboxTexts.status, ['sent', 'failed', 'skipped'])));
}

/** Puts a claimed text back to wait until `until` (quiet hours), without counting the claim as an attempt. */
export async function postponeText(db: Executor, id: string, until: Date): Promise<void> {
  await db
    .update(outboxTexts)
    .set({ nextAttemptAt: until, attempts: sql`greatest(${outboxTexts.attempts} - 1, 0)` })
    .where(eq(outboxTexts.id, id));
}

/** Replaces a delivered code text's words: the code is of no use to anyone once sent (decision 031). */
export async function forgetTextBody(db: Executor, id: string, body: string): Promise<void> {
  await db.update(outboxTexts).set({ body }).where(eq(outboxTexts.id, id));
}

export type TextConfirmationRow = typeof textConfirmations.$inferSelect;

/** The customer's pending code, replacing any earlier one. */
export async function saveTextConfirmation(
  db: Executor,
  values: { userId: string; phoneNumber: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(textConfirmations)
    .values(values)
    .onConflictDoUpdate({
      target: textConfirmations.userId,
      set: { phoneNumber: values.phoneNumber, codeHash: values.codeHash, expiresAt: values.expiresAt, attempts: 0, createdAt: sql`now()` },
    });
}

/** The customer's pending code, locked for the rest of the transaction. */
export async function lockTextConfirmation(db: Executor, userId: string): Promise<TextConfirmationRow | undefined> {
  const [row] = await db.select().from(textConfirmations).where(eq(textConfirmations.userId, userId)).for('update');
  return row;
}

export async function countTextConfirmationAttempt(db: Executor, userId: string): Promise<void> {
  await db
    .update(textConfirmations)
    .set({ attempts: sql`${textConfirmations.attempts} + 1` })
    .where(eq(textConfirmations.userId, userId));
}

export async function deleteTextConfirmation(db: Executor, userId: string): Promise<void> {
  await db.delete(textConfirmations).where(eq(textConfirmations.userId, userId));
}

/** Keeps the proof of a consent: who confirmed which number, when, and the words they agreed to. */
export async function insertTextConsent(db: Executor, values: { userId: string; phoneNumber: string; wording: string; locale: string }) {
  await db.insert(textConsents).values(values);
}

/** A deleted account's pending code and its consents to texts go with it (decision 031). */
export async function deleteConsentsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(textConfirmations).where(eq(textConfirmations.userId, userId));
  await db.delete(textConsents).where(eq(textConsents.userId, userId));
}

/** The customer's consents to texts, newest first, for their own data. */
export async function listTextConsentsOf(db: Executor, userId: string) {
  return db
    .select({
      phoneNumber: textConsents.phoneNumber,
      wording: textConsents.wording,
      locale: textConsents.locale,
      confirmedAt: textConsents.confirmedAt,
    })
    .from(textConsents)
    .where(eq(textConsents.userId, userId))
    .orderBy(desc(textConsents.confirmedAt));
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

/** The texts sent for a customer (`about_user_id`), newest first, for their own data: never by number. */
export async function listTextsOf(db: Executor, userId: string) {
  return db.select().from(outboxTexts).where(eq(outboxTexts.aboutUserId, userId)).orderBy(desc(outboxTexts.seq));
}
