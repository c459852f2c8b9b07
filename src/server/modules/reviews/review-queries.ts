import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type ReviewRow, reviews } from '../../db/schema.ts';

/** Records that the job's customer was asked; answers false when they had been already (a job paid again). */
export async function startReview(db: Executor, appointmentId: string, userId: string): Promise<boolean> {
  const rows = await db.insert(reviews).values({ appointmentId, userId }).onConflictDoNothing().returning({ id: reviews.appointmentId });
  return rows.length > 0;
}

export async function findReview(db: Executor, appointmentId: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.appointmentId, appointmentId));
  return row;
}

/** Writes the customer's answer once: undefined when it was answered already (or never asked). */
export async function answerReview(
  db: Executor,
  appointmentId: string,
  answer: { rating: number; comment: string; mayShow: boolean },
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ rating: answer.rating, comment: answer.comment, mayShow: answer.mayShow, answeredAt: sql`now()` })
    .where(and(eq(reviews.appointmentId, appointmentId), isNull(reviews.answeredAt)))
    .returning();
  return row;
}

/** Gives or withdraws the consent to show an answered review; undefined when it is not answered (or not there). */
export async function setMayShow(db: Executor, appointmentId: string, mayShow: boolean): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ mayShow })
    .where(and(eq(reviews.appointmentId, appointmentId), isNotNull(reviews.answeredAt)))
    .returning();
  return row;
}

/** How many reviews are answered and their average rating (null before the first). */
export async function ratingSummary(db: Executor): Promise<{ count: number; average: number | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, average: sql<string | null>`avg(${reviews.rating})` })
    .from(reviews)
    .where(isNotNull(reviews.answeredAt));
  return { count: row?.count ?? 0, average: row?.average == null ? null : Number(row.average) };
}

/** The latest answered reviews whose customer allowed showing them and wrote a comment, newest first. */
export async function latestShownReviews(db: Executor, limit: number): Promise<ReviewRow[]> {
  return db
    .select()
    .from(reviews)
    .where(and(eq(reviews.mayShow, true), isNotNull(reviews.answeredAt), ne(reviews.comment, '')))
    .orderBy(desc(reviews.answeredAt))
    .limit(limit);
}

/** Every answered review, newest first. */
export async function answeredReviews(db: Executor): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(isNotNull(reviews.answeredAt)).orderBy(desc(reviews.answeredAt));
}

/** The reviews a customer was asked for, oldest first, for their own data. */
export async function reviewsOfUser(db: Executor, userId: string): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(reviews.requestedAt);
}

/** The customer deleted their account: their ratings stay (they name no one), their own words and their consent go. */
export async function clearCommentsOf(db: Executor, userId: string): Promise<void> {
  await db.update(reviews).set({ comment: '', mayShow: false }).where(eq(reviews.userId, userId));
}
