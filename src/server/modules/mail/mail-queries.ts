import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type OutboxEmailRow, outboxEmails } from '../../db/schema.ts';

export type NewOutboxEmail = typeof outboxEmails.$inferInsert;

/**
 * Stores e-mails in one statement; they are sent in the order given (their `seq`). Nothing is read back: the bodies
 * and attachments would only come back to be thrown away.
 */
export async function insertOutboxEmails(db: Executor, emails: NewOutboxEmail[]): Promise<void> {
  if (emails.length > 0) await db.insert(outboxEmails).values(emails);
}

/**
 * Claims up to `limit` due e-mails written after `afterSeq` (a pass walks the outbox once: what it has tried waits
 * for the next pass) for this process: each is leased for `leaseSeconds`, so a crashed sender's
 * e-mails are retried, and SKIP LOCKED keeps two server instances from sending the same one.
 */
export async function claimDueEmails(db: Executor, limit: number, leaseSeconds: number, afterSeq = 0): Promise<OutboxEmailRow[]> {
  const due = db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.status, 'pending'), lte(outboxEmails.nextAttemptAt, sql`now()`), gt(outboxEmails.seq, afterSeq)))
    .orderBy(outboxEmails.seq)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outboxEmails)
    .set({ attempts: sql`${outboxEmails.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(inArray(outboxEmails.id, due))
    .returning();
  return claimed.sort((a, b) => a.seq - b.seq);
}

export async function markEmailSent(db: Executor, id: string): Promise<void> {
  await db.update(outboxEmails).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(outboxEmails.id, id));
}

export async function markEmailRetry(db: Executor, id: string, error: string, retryAt: Date): Promise<void> {
  await db.update(outboxEmails).set({ lastError: error, nextAttemptAt: retryAt }).where(eq(outboxEmails.id, id));
}

export async function markEmailFailed(db: Executor, id: string, error: string): Promise<void> {
  await db.update(outboxEmails).set({ status: 'failed', lastError: error }).where(eq(outboxEmails.id, id));
}

export async function listEmails(db: Executor, toAddress: string | undefined, limit: number) {
  return db
    .select()
    .from(outboxEmails)
    .where(toAddress ? eq(outboxEmails.toAddress, toAddress.toLowerCase()) : undefined)
    .orderBy(desc(outboxEmails.seq))
    .limit(limit);
}

/** Deletes the e-mails already sent (or given up) to an address; those still waiting to go are kept. */
export async function deleteDeliveredEmailsTo(db: Executor, toAddress: string): Promise<void> {
  await db
    .delete(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, toAddress.toLowerCase()), inArray(outboxEmails.status, ['sent', 'failed'])));
}
