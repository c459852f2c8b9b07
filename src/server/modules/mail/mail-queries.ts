import { and, desc, eq, gt, inArray, lt, lte, notInArray, sql } from 'drizzle-orm';
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

/** What is kept of an e-mail that carried a one-time key once it is delivered or given up: its subject, not the key. */
export const KEY_REMOVED = { text: '(The one-time link in this e-mail is not kept once it has gone.)', html: '', links: [] as string[] };

/** The stored fields that hold the key of an e-mail that `carriesKey`; nothing for another e-mail. */
function keyRemoved(carriesKey: boolean) {
  return carriesKey ? KEY_REMOVED : {};
}

export async function markEmailSent(db: Executor, id: string, carriesKey = false): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ status: 'sent', sentAt: new Date(), lastError: null, ...keyRemoved(carriesKey) })
    .where(eq(outboxEmails.id, id));
}

export async function markEmailRetry(db: Executor, id: string, error: string, retryAt: Date): Promise<void> {
  await db.update(outboxEmails).set({ lastError: error, nextAttemptAt: retryAt }).where(eq(outboxEmails.id, id));
}

export async function markEmailFailed(db: Executor, id: string, error: string, carriesKey = false): Promise<void> {
  await db
    .update(outboxEmails)
    .set({ status: 'failed', lastError: error, ...keyRemoved(carriesKey) })
    .where(eq(outboxEmails.id, id));
}

export async function listEmails(db: Executor, toAddress: string | undefined, limit: number) {
  return db
    .select()
    .from(outboxEmails)
    .where(toAddress ? eq(outboxEmails.toAddress, toAddress.toLowerCase()) : undefined)
    .orderBy(desc(outboxEmails.seq))
    .limit(limit);
}

/**
 * Deletes the e-mails already sent (or given up) about a customer (to them, to their trusted contact, to the admins
 * about their visits); those still waiting to go are kept. By `about_user_id` only, never by address (decision 031).
 */
export async function deleteDeliveredEmailsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(outboxEmails).where(and(eq(outboxEmails.aboutUserId, userId), inArray(outboxEmails.status, ['sent', 'failed'])));
}

/** Deletes the e-mails sent (or given up) more than `days` days ago; returns how many. */
export async function deleteDeliveredEmailsOlderThan(db: Executor, days: number): Promise<number> {
  const gone = await db
    .delete(outboxEmails)
    .where(and(inArray(outboxEmails.status, ['sent', 'failed']), lt(outboxEmails.createdAt, sql`now() - make_interval(days => ${days})`)))
    .returning({ id: outboxEmails.id });
  return gone.length;
}

/**
 * The e-mails sent about a customer (`about_user_id`, never an address: decision 031), but not those to `internal`
 * addresses (the business's own notices), newest first, without their bodies: for their own data.
 */
export async function listEmailsOf(db: Executor, userId: string, internal: string[]) {
  return db
    .select({
      toAddress: outboxEmails.toAddress,
      subject: outboxEmails.subject,
      status: outboxEmails.status,
      sentAt: outboxEmails.sentAt,
      createdAt: outboxEmails.createdAt,
    })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.aboutUserId, userId),
        internal.length > 0
          ? notInArray(
              outboxEmails.toAddress,
              internal.map((address) => address.toLowerCase()),
            )
          : undefined,
      ),
    )
    .orderBy(desc(outboxEmails.seq));
}
