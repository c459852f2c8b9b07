import { businessDateOf, businessDayEnd, businessDayStart } from '../../../shared/business-time.ts';
import type { Executor } from '../../db/client.ts';
import type { AppointmentRow } from '../../db/schema.ts';
import { claimDueReminderCalls } from './appointment-queries.ts';

/** How many calls one pass claims at most. */
const CALLS_PER_PASS = 20;

/**
 * The reminders' own bookkeeping for reminder calls (issue 39, decision 040), like the reminders' claim: the active
 * visits of `userIds` on the New York day after `now`'s, booked before `now`'s day began (a visit booked today has
 * just had its confirmation), not done and not called yet, marked called in the caller's transaction (SKIP LOCKED:
 * one call per visit, whatever the instances). A moved visit is called again (its life cycle clears the mark).
 */
export async function claimReminderCalls(tx: Executor, userIds: string[], now: Date): Promise<AppointmentRow[]> {
  const today = businessDateOf(now);
  const tomorrowStart = businessDayEnd(today);
  const tomorrowEnd = businessDayEnd(businessDateOf(tomorrowStart));
  return claimDueReminderCalls(
    tx,
    userIds,
    { from: tomorrowStart, to: tomorrowEnd, bookedBefore: businessDayStart(today) },
    CALLS_PER_PASS,
  );
}
