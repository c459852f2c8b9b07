import { describe, expect, it } from 'vitest';
import {
  businessDayEnd,
  businessDayStart,
  isInTimeOff,
  isPastCutoff,
  isWithinNotice,
  slotClosedReason,
  slotInstant,
} from './business-time.ts';
import { CloseTimeFormSchema, CloseTimeSchema, closeTimeOf } from './schedule.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

describe('the owner’s schedule rules', () => {
  it('closes a range of at most a year (366 days, both ends included), in the request and in the form', () => {
    const range = (from: string, to: string) => CloseTimeSchema.safeParse({ kind: 'range', from, to, reason: '' });
    const form = (from: string, to: string) => CloseTimeFormSchema.safeParse({ kind: 'range', from, to, slot: '', reason: '' });
    for (const check of [range, form]) {
      expect(check('2028-01-01', '2028-12-31').success).toBe(true);
      const tooLong = check('2027-01-01', '2028-01-02');
      expect(tooLong.success).toBe(false);
      expect(tooLong.error?.issues).toEqual([
        expect.objectContaining({ path: ['to'], message: 'A closure can cover at most 366 days. Check the year of the last day.' }),
      ]);
      expect(check('2027-01-02', '2927-01-03').success).toBe(false);
    }
  });

  it('a slot is in time off when its 90 minutes overlap a closed span (end exclusive)', () => {
    const closed = [{ startsAt: slotInstant('2026-12-05', '12:30pm'), endsAt: slotInstant('2026-12-05', '02:00pm') }];
    expect(isInTimeOff(slotInstant('2026-12-05', '12:30pm'), closed)).toBe(true);
    expect(isInTimeOff(slotInstant('2026-12-05', '11:00am'), closed)).toBe(false);
    expect(isInTimeOff(slotInstant('2026-12-05', '02:00pm'), closed)).toBe(false);
    expect(isInTimeOff(new Date(slotInstant('2026-12-05', '11:00am').getTime() + MINUTE), closed)).toBe(true);
  });

  it('a closed New York day covers its eight slots, also on the 23-hour day in March and the 25-hour day in November', () => {
    for (const date of ['2027-03-14', '2027-11-07']) {
      const closed = [{ startsAt: businessDayStart(date), endsAt: businessDayEnd(date) }];
      expect(isInTimeOff(slotInstant(date, '08:00am'), closed)).toBe(true);
      expect(isInTimeOff(slotInstant(date, '06:30pm'), closed)).toBe(true);
    }
    expect(businessDayEnd('2027-03-14').getTime() - businessDayStart('2027-03-14').getTime()).toBe(23 * HOUR);
    expect(businessDayEnd('2027-11-07').getTime() - businessDayStart('2027-11-07').getTime()).toBe(25 * HOUR);
  });

  it('the minimum notice allows exactly that many hours, not a minute less, counted in real hours across DST', () => {
    const startsAt = slotInstant('2027-03-14', '08:00am');
    expect(isWithinNotice(startsAt, new Date(startsAt.getTime() - 12 * HOUR), 12)).toBe(false);
    expect(isWithinNotice(startsAt, new Date(startsAt.getTime() - 12 * HOUR + MINUTE), 12)).toBe(true);
    expect(isWithinNotice(startsAt, new Date(startsAt.getTime() - 12 * HOUR - MINUTE), 12)).toBe(false);
  });

  it('the cut-off allows exactly that many hours before the visit, not a minute less', () => {
    const startsAt = slotInstant('2027-11-07', '08:00am');
    expect(isPastCutoff(startsAt, new Date(startsAt.getTime() - 24 * HOUR), 24)).toBe(false);
    expect(isPastCutoff(startsAt, new Date(startsAt.getTime() - 24 * HOUR + MINUTE), 24)).toBe(true);
    expect(isPastCutoff(startsAt, new Date(startsAt.getTime() - 24 * HOUR - MINUTE), 24)).toBe(false);
  });

  it('names time off before the notice as a slot’s reason, and nothing for an open slot', () => {
    const startsAt = slotInstant('2026-12-05', '08:00am');
    const soon = new Date(startsAt.getTime() - HOUR);
    const closed = [{ startsAt: businessDayStart('2026-12-05'), endsAt: businessDayEnd('2026-12-05') }];
    expect(slotClosedReason(startsAt, soon, { minNoticeHours: 12, closed })).toBe('time-off');
    expect(slotClosedReason(startsAt, soon, { minNoticeHours: 12, closed: [] })).toBe('notice');
    expect(slotClosedReason(startsAt, new Date(startsAt.getTime() - 13 * HOUR), { minNoticeHours: 12, closed: [] })).toBeUndefined();
  });

  it('a range of days may not end before it starts', () => {
    expect(CloseTimeSchema.safeParse({ kind: 'range', from: '2026-12-06', to: '2026-12-05', reason: '' }).success).toBe(false);
    expect(CloseTimeSchema.safeParse({ kind: 'range', from: '2026-12-05', to: '2026-12-05', reason: '' }).success).toBe(true);
    expect(CloseTimeSchema.safeParse({ kind: 'slot', date: '2026-12-05', slot: '07:00am', reason: '' }).success).toBe(false);
  });

  it('the back office’s form checks only what its kind needs, and makes the request', () => {
    const form = { kind: 'slot' as const, from: '2026-12-05', to: '', slot: '', reason: 'Errand' };
    const refused = CloseTimeFormSchema.safeParse(form);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['slot']);
    const parsed = CloseTimeFormSchema.parse({ ...form, slot: '02:00pm' });
    expect(closeTimeOf(parsed)).toEqual({ kind: 'slot', date: '2026-12-05', slot: '02:00pm', reason: 'Errand' });
    expect(closeTimeOf(CloseTimeFormSchema.parse({ ...form, kind: 'day' }))).toEqual({ kind: 'day', date: '2026-12-05', reason: 'Errand' });
    expect(CloseTimeFormSchema.safeParse({ ...form, kind: 'range', to: '2026-12-04' }).success).toBe(false);
  });
});
