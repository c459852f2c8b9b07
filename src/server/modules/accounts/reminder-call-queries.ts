import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type ProfileRow, profiles, user } from '../../db/schema.ts';

/**
 * The customer's yes or no to a reminder call the day before (issue 39, decision 040), and when they said it: the
 * time is kept either way, as the record of their choice, and a yes keeps the number (E.164) it was given for. Undefined
 * when they have no profile yet.
 */
export async function saveReminderCallChoice(
  db: Executor,
  userId: string,
  wanted: boolean,
  number: string | null,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ wantsReminderCalls: wanted, reminderCallsNumber: number, reminderCallsConsentAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(profiles.userId, userId))
    .returning();
  return row;
}

/**
 * The customers who asked for reminder calls, with their number, the number they said yes for, texts and language
 * (deleted accounts left out).
 */
export async function listReminderCallCustomers(db: Executor) {
  return db
    .select({
      userId: profiles.userId,
      phoneNumber: profiles.phoneNumber,
      wantsTexts: profiles.wantsTexts,
      textsConfirmedNumber: profiles.textsConfirmedNumber,
      reminderCallsNumber: profiles.reminderCallsNumber,
      locale: user.locale,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(and(eq(profiles.wantsReminderCalls, true), isNull(user.deletedAt)));
}
