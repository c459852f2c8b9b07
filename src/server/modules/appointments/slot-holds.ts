import {
  APPOINTMENT_MINUTES,
  type BusinessDate,
  isBookableInstant,
  isInTimeOff,
  isWithinNotice,
  slotsOf,
} from '../../../shared/business-time.ts';
import type { Executor } from '../../db/client.ts';
import { bookingRules, closedSpansBetween } from '../schedule/index.ts';
import { takenStartsBetween } from './appointment-queries.ts';

/**
 * A slot held for one customer for a while (issue 39: the waitlist's offer of a freed slot). Declared here, by the
 * module that books, and answered by the waitlist module (wired in app.ts), so that appointments never imports it:
 * availability lists a slot held for someone else as taken, and a booking or a move into it is refused unless it is
 * the holder's.
 */
export type SlotHold = { entryId: string; userId: string; startsAt: Date; expiresAt: Date };

export interface SlotHolds {
  /** The holds still in force at `now` on slots starting from `from` to `to` (every hold not yet ended, for the epoch). */
  heldBetween(db: Executor, from: Date, to: Date, now: Date): Promise<SlotHold[]>;
  /** The hold in force at `now` on the slot, row-locked for the rest of the transaction (its holder's booking waits). */
  lockHold(tx: Executor, startsAt: Date, now: Date): Promise<SlotHold | undefined>;
  /**
   * The customer now has a visit at `startsAt` (booked, or moved there), in that change's transaction: their wait for
   * that day is over (the held slot's, or any other of the day).
   */
  booked(tx: Executor, userId: string, startsAt: Date, appointmentId: string): Promise<void>;
}

/** Without a waitlist (a test of the appointments alone): nothing is ever held. */
export const NO_HOLDS: SlotHolds = {
  heldBetween: async () => [],
  lockHold: async () => undefined,
  booked: async () => {},
};

/**
 * The slots of a weekend day free to book at `now` for `viewerId` (or for anyone, without one), read with `db` (a
 * transaction's own handle inside one): bookable (ahead, within the window), not taken by a visit, not in the
 * owner's time off or imported busy time, not within the minimum notice, and not held for someone else.
 */
export async function freeStartsOn(
  db: Executor,
  date: BusinessDate,
  now: Date,
  options: { windowDays: number; holds: SlotHolds; viewerId?: string },
): Promise<Date[]> {
  const slots = slotsOf(date).filter((slot) => isBookableInstant(slot.startsAt, now, options.windowDays));
  const first = slots[0]?.startsAt;
  const last = slots.at(-1)?.startsAt;
  if (!first || !last) return [];
  const taken = new Set((await takenStartsBetween(db, first, last)).map((instant) => instant.getTime()));
  const held = (await options.holds.heldBetween(db, first, last, now)).filter((hold) => hold.userId !== options.viewerId);
  for (const hold of held) taken.add(hold.startsAt.getTime());
  const closed = await closedSpansBetween(db, first, new Date(last.getTime() + APPOINTMENT_MINUTES * 60 * 1000));
  const { minNoticeHours } = await bookingRules(db);
  return slots
    .map((slot) => slot.startsAt)
    .filter(
      (startsAt) => !taken.has(startsAt.getTime()) && !isInTimeOff(startsAt, closed) && !isWithinNotice(startsAt, now, minNoticeHours),
    );
}
