import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type EstimateRow, estimates } from '../../db/schema.ts';

// The estimates of a job (issue 38). Every write happens under the job's row lock, which its callers hold.

/** The job's latest estimate, replaced or not; undefined when it has none. */
export async function findLatestEstimate(db: Executor, appointmentId: string): Promise<EstimateRow | undefined> {
  const [row] = await db.select().from(estimates).where(eq(estimates.appointmentId, appointmentId)).orderBy(desc(estimates.seq)).limit(1);
  return row;
}

/** The job's estimate in force (sent, approved or declined): the latest that no newer one replaced. */
export async function findCurrentEstimate(db: Executor, appointmentId: string): Promise<EstimateRow | undefined> {
  const [row] = await db
    .select()
    .from(estimates)
    .where(and(eq(estimates.appointmentId, appointmentId), ne(estimates.state, 'replaced')))
    .orderBy(desc(estimates.seq))
    .limit(1);
  return row;
}

/** The estimate the customer (or their contact) approved and no newer one replaced; undefined when none. */
export async function findApprovedEstimate(db: Executor, appointmentId: string): Promise<EstimateRow | undefined> {
  const [row] = await db
    .select()
    .from(estimates)
    .where(and(eq(estimates.appointmentId, appointmentId), eq(estimates.state, 'approved')))
    .orderBy(desc(estimates.seq))
    .limit(1);
  return row;
}

/** The estimate in force of each job named, for the owner's lists. */
export async function findCurrentEstimates(db: Executor, appointmentIds: string[]): Promise<Map<string, EstimateRow>> {
  const found = new Map<string, EstimateRow>();
  if (appointmentIds.length === 0) return found;
  const rows = await db
    .select()
    .from(estimates)
    .where(and(inArray(estimates.appointmentId, appointmentIds), ne(estimates.state, 'replaced')))
    .orderBy(desc(estimates.seq));
  for (const row of rows) if (!found.has(row.appointmentId)) found.set(row.appointmentId, row);
  return found;
}

export async function findEstimate(db: Executor, id: string): Promise<EstimateRow | undefined> {
  const [row] = await db.select().from(estimates).where(eq(estimates.id, id));
  return row;
}

/** A newer estimate is on its way: every one of the job before it is replaced, and its contact's link stops working. */
export async function replaceEstimates(db: Executor, appointmentId: string): Promise<void> {
  await db
    .update(estimates)
    .set({ state: 'replaced', contactTokenHash: null })
    .where(and(eq(estimates.appointmentId, appointmentId), ne(estimates.state, 'replaced')));
}

export async function insertEstimate(db: Executor, values: typeof estimates.$inferInsert): Promise<EstimateRow> {
  const [row] = await db.insert(estimates).values(values).returning();
  if (!row) throw new Error('the estimate was not stored');
  return row;
}

/** The answer to an estimate still waiting for one; the contact's link is used up with it. Undefined when it no longer waits. */
export async function decideEstimate(
  db: Executor,
  id: string,
  decision: Pick<EstimateRow, 'state' | 'decidedBy' | 'decidedByName' | 'declineReason'>,
): Promise<EstimateRow | undefined> {
  const [row] = await db
    .update(estimates)
    .set({ ...decision, decidedAt: new Date(), contactTokenHash: null })
    .where(and(eq(estimates.id, id), eq(estimates.state, 'sent')))
    .returning();
  return row;
}

/** Every estimate of the jobs named, oldest first: the customer's data download. */
export async function listEstimatesOf(db: Executor, appointmentIds: string[]): Promise<EstimateRow[]> {
  if (appointmentIds.length === 0) return [];
  return db.select().from(estimates).where(inArray(estimates.appointmentId, appointmentIds)).orderBy(estimates.seq);
}

/**
 * A customer deleted their account: their estimates stay with the jobs kept for the books, without the name typed to
 * answer them, the reason given, or a contact's link.
 */
export async function forgetEstimateAnswers(db: Executor, appointmentIds: string[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  await db
    .update(estimates)
    .set({ decidedByName: null, declineReason: null, contactTokenHash: null })
    .where(inArray(estimates.appointmentId, appointmentIds));
}
