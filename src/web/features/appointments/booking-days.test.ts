import { describe, expect, it } from 'vitest';
import { slotInstant } from '../../../shared/business-time.ts';
import { bookingWindowOf, hasFreeSlot, monthToSkipTo, slotsForDay, takenSet } from './booking-days.ts';

describe('the bookable days and slots', () => {
  // Saturday 21 November 2026, 10:00 in New York.
  const now = slotInstant('2026-11-21', '09:30am');
  const clock = new Date(now.getTime() + 30 * 60 * 1000);
  const window = bookingWindowOf({ lastBookableDate: '2027-02-19' }, clock);

  it('reads the window back from the last bookable date', () => {
    expect(window.windowDays).toBe(90);
  });

  it('closes the slots that have started, marks taken ones, and leaves the rest free', () => {
    const taken = takenSet({ taken: [slotInstant('2026-11-21', '02:00pm').toISOString()] });
    const statuses = slotsForDay('2026-11-21', taken, window).map((slot) => `${slot.label} ${slot.status}`);
    expect(statuses).toEqual([
      '08:00am closed',
      '09:30am closed',
      '11:00am free',
      '12:30pm free',
      '02:00pm taken',
      '03:30pm free',
      '05:00pm free',
      '06:30pm free',
    ]);
  });

  it('marks the owner’s time off as closed and the slots within the minimum notice as too soon, with the server’s rules', () => {
    const ruled = bookingWindowOf(
      {
        lastBookableDate: '2027-02-19',
        minNoticeHours: 6,
        closed: [
          { startsAt: slotInstant('2026-11-21', '05:00pm').toISOString(), endsAt: slotInstant('2026-11-22', '08:00am').toISOString() },
        ],
      },
      clock,
    );
    const statuses = slotsForDay('2026-11-21', takenSet(undefined), ruled).map((slot) => `${slot.label} ${slot.status}`);
    expect(statuses).toEqual([
      '08:00am closed',
      '09:30am closed',
      '11:00am notice',
      '12:30pm notice',
      '02:00pm notice',
      '03:30pm notice',
      '05:00pm time-off',
      '06:30pm time-off',
    ]);
    expect(slotsForDay('2026-11-22', takenSet(undefined), ruled)[0]?.status).toBe('free');
  });

  it('offers weekend days with a free slot only, within the window', () => {
    const none = takenSet(undefined);
    expect(hasFreeSlot('2026-11-22', none, window)).toBe(true);
    expect(hasFreeSlot('2026-11-23', none, window)).toBe(false);
    expect(hasFreeSlot('2026-11-15', none, window)).toBe(false);
    expect(hasFreeSlot('2027-02-20', none, window)).toBe(false);
    const fullSunday = takenSet({ taken: slotsForDay('2026-11-22', none, window).map((slot) => slot.startsAt.toISOString()) });
    expect(hasFreeSlot('2026-11-22', fullSunday, window)).toBe(false);
  });
});

describe('the month the calendar opens on', () => {
  const taken = new Set<number>();
  const windowAt = (now: Date, lastBookableDate = '2027-02-26') => bookingWindowOf({ lastBookableDate }, now);

  it('stays on a month with a day left to choose', () => {
    // Saturday 28 November 2026, 08:00 in New York: its own later slots and Sunday's are still ahead.
    expect(monthToSkipTo('2026-11', taken, windowAt(slotInstant('2026-11-28', '08:00am')), '2027-02-26')).toBeUndefined();
    // Sunday 29 November, just before its last slot.
    const lastChance = new Date(slotInstant('2026-11-29', '06:30pm').getTime() - 60_000);
    expect(monthToSkipTo('2026-11', taken, windowAt(lastChance), '2027-02-26')).toBeUndefined();
  });

  it('moves on to the next month once the month’s last weekend has passed, or its last free time is taken', () => {
    const lastStarted = new Date(slotInstant('2026-11-29', '06:30pm').getTime() + 60_000);
    expect(monthToSkipTo('2026-11', taken, windowAt(lastStarted), '2027-02-26')).toBe('2026-12');
    // Monday 30 November: no weekend day left in the month.
    expect(monthToSkipTo('2026-11', taken, windowAt(new Date('2026-11-30T15:00:00Z')), '2027-02-26')).toBe('2026-12');
    const lastOne = new Set([slotInstant('2026-11-29', '06:30pm').getTime()]);
    const beforeIt = new Date(slotInstant('2026-11-29', '05:00pm').getTime() + 60_000);
    expect(monthToSkipTo('2026-11', lastOne, windowAt(beforeIt), '2027-02-26')).toBe('2026-12');
    // December to January across the year.
    expect(monthToSkipTo('2026-12', taken, windowAt(new Date('2026-12-28T15:00:00Z'), '2027-03-28'), '2027-03-28')).toBe('2027-01');
  });

  it('does not move past the booking window’s last month', () => {
    expect(monthToSkipTo('2027-02', taken, windowAt(new Date('2027-02-28T23:00:00Z')), '2027-02-26')).toBeUndefined();
  });
});
