import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
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
  answer: { rating: number; comment: string },
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(reviews)
    .set({ rating: answer.rating, comment: answer.comment, answeredAt: sql`now()` })
    .where(and(eq(reviews.appointmentId, appointmentId), isNull(reviews.answeredAt)))
    .returning();
  return row;
}

/** Every answered review, newest first. */
export async function answeredReviews(db: Executor): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(isNotNull(reviews.answeredAt)).orderBy(desc(reviews.answeredAt));
}

/** The reviews a customer was asked for, oldest first, for their own data. */
export async function reviewsOfUser(db: Executor, userId: string): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(reviews.requestedAt);
}

/** The customer deleted their account: their ratings stay (they name no one), their own words go. */
export async function clearCommentsOf(db: Executor, userId: string): Promise<void> {
  await db.update(reviews).set({ comment: '' }).where(eq(reviews.userId, userId));
}
