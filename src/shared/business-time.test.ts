import { describe, expect, it } from 'vitest';
import {
  appointmentIdFor,
  businessDateOf,
  businessDayEnd,
  businessDayStart,
  daysOfMonth,
  formatAppointmentTime,
  isBookableInstant,
  isWeekendDate,
  lastBookableDate,
  parseBusinessDate,
  slotInstant,
  slotLabelOf,
  slotsOf,
  zoneNoteFor,
} from './business-time.ts';

describe('slot instants in New York time', () => {
  it('converts a winter slot with UTC-5 and a summer slot with UTC-4', () => {
    expect(slotInstant('2026-01-10', '08:00am').toISOString()).toBe('2026-01-10T13:00:00.000Z');
    expect(slotInstant('2026-07-11', '08:00am').toISOString()).toBe('2026-07-11T12:00:00.000Z');
    expect(slotInstant('2026-07-11', '06:30pm').toISOString()).toBe('2026-07-11T22:30:00.000Z');
  });

  it.each([
    // 2026: clocks go forward Sunday March 8 and back Sunday November 1.
    ['2026-03-07', '08:00am', '2026-03-07T13:00:00.000Z'],
    ['2026-03-08', '08:00am', '2026-03-08T12:00:00.000Z'],
    ['2026-03-08', '06:30pm', '2026-03-08T22:30:00.000Z'],
    ['2026-10-31', '08:00am', '2026-10-31T12:00:00.000Z'],
    ['2026-11-01', '08:00am', '2026-11-01T13:00:00.000Z'],
    ['2026-11-01', '06:30pm', '2026-11-01T23:30:00.000Z'],
    // 2027: forward Sunday March 14, back Sunday November 7.
    ['2027-03-13', '09:30am', '2027-03-13T14:30:00.000Z'],
    ['2027-03-14', '09:30am', '2027-03-14T13:30:00.000Z'],
    ['2027-11-06', '12:30pm', '2027-11-06T16:30:00.000Z'],
    ['2027-11-07', '12:30pm', '2027-11-07T17:30:00.000Z'],
  ] as const)('%s %s is %s across the daylight-saving weekend', (date, label, iso) => {
    const instant = slotInstant(date, label);
    expect(instant.toISOString()).toBe(iso);
    expect(businessDateOf(instant)).toBe(date);
    expect(slotLabelOf(instant)).toBe(label);
  });

  it('keeps every slot of a daylight-saving Sunday 90 minutes apart', () => {
    for (const date of ['2026-03-08', '2026-11-01', '2027-03-14', '2027-11-07']) {
      const slots = slotsOf(date);
      expect(slots).toHaveLength(8);
      for (let index = 1; index < slots.length; index++) {
        expect((slots[index]?.startsAt.getTime() ?? 0) - (slots[index - 1]?.startsAt.getTime() ?? 0)).toBe(90 * 60 * 1000);
      }
    }
  });

  it('recognises only the eight slot times', () => {
    expect(slotLabelOf(new Date('2026-01-10T13:00:00.000Z'))).toBe('08:00am');
    expect(slotLabelOf(new Date('2026-01-10T13:15:00.000Z'))).toBeUndefined();
    expect(slotLabelOf(new Date('2026-01-10T13:00:01.000Z'))).toBeUndefined();
    expect(slotLabelOf(new Date('2026-01-10T12:00:00.000Z'))).toBeUndefined();
  });
});

describe('weekends and the booking window', () => {
  it('knows Saturdays and Sundays in New York', () => {
    expect(['2026-11-28', '2026-11-29'].map(isWeekendDate)).toEqual([true, true]);
    expect(['2026-11-23', '2026-11-27', '2026-02-30', 'soon'].map(isWeekendDate)).toEqual([false, false, false, false]);
  });

  it('counts a late-Saturday-evening slot as Saturday even where it is already Sunday in UTC', () => {
    const instant = slotInstant('2026-11-28', '06:30pm');
    expect(instant.toISOString()).toBe('2026-11-28T23:30:00.000Z');
    expect(businessDateOf(instant)).toBe('2026-11-28');
  });

  it('closes past slots and slots beyond the window', () => {
    const now = new Date('2026-11-21T15:00:00.000Z'); // Saturday 10:00am in New York
    expect(isBookableInstant(slotInstant('2026-11-21', '09:30am'), now, 90)).toBe(false);
    expect(isBookableInstant(slotInstant('2026-11-21', '11:00am'), now, 90)).toBe(true);
    expect(isBookableInstant(slotInstant('2027-02-14', '08:00am'), now, 90)).toBe(true);
    expect(isBookableInstant(slotInstant('2027-02-20', '08:00am'), now, 90)).toBe(false);
    expect(isBookableInstant(slotInstant('2026-11-23', '08:00am'), now, 90)).toBe(false);
    expect(isBookableInstant(new Date('2026-11-28T13:10:00.000Z'), now, 90)).toBe(false);
    expect(lastBookableDate(now, 90)).toBe('2027-02-19');
  });

  it('lists the days of a month', () => {
    expect(daysOfMonth('2026-02')).toHaveLength(28);
    expect(daysOfMonth('2028-02').at(-1)).toBe('2028-02-29');
  });
});

describe('New York days', () => {
  it('starts and ends a day at New York midnight, 23 and 25 hours long on the DST Sundays', () => {
    expect(businessDayStart('2026-11-21').toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(businessDayEnd('2026-11-21').toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(businessDayEnd('2026-03-08').getTime() - businessDayStart('2026-03-08').getTime()).toBe(23 * 3600_000);
    expect(businessDayEnd('2026-11-01').getTime() - businessDayStart('2026-11-01').getTime()).toBe(25 * 3600_000);
    expect(businessDayEnd('2026-12-31').toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });
});

describe('what people see', () => {
  it('names the appointment by its New York date', () => {
    expect(appointmentIdFor(slotInstant('2026-11-28', '06:30pm'), '3f2a')).toBe('20261128-3f2a');
  });

  it('shows New York time whatever the zone of the browser', () => {
    const instant = slotInstant('2026-11-28', '08:00am');
    const original = process.env.TZ;
    try {
      for (const zone of ['America/Los_Angeles', 'Europe/London', 'Asia/Tokyo']) {
        process.env.TZ = zone;
        expect(new Date(instant).getHours()).not.toBe(8);
        expect(formatAppointmentTime(instant)).toBe('Saturday, November 28, 2026 at 08:00am');
      }
    } finally {
      process.env.TZ = original;
    }
  });

  it('names the zone when the browser is elsewhere', () => {
    const winter = new Date('2026-12-01T12:00:00Z');
    expect(zoneNoteFor('America/New_York', winter)).toBeUndefined();
    expect(zoneNoteFor('America/Los_Angeles', winter)).toBe('New York time');
    expect(zoneNoteFor('Europe/London', winter)).toBe('New York time');
    expect(zoneNoteFor('Asia/Tokyo', winter)).toBe('New York time');
    expect(zoneNoteFor('America/Toronto', winter)).toBeUndefined();
  });
});

describe('business dates', () => {
  it('are real days of the years 1900 to 2999, so every instant made from one is right and storable', () => {
    expect(parseBusinessDate('2026-11-21')).toEqual({ year: 2026, month: 11, day: 21 });
    expect(parseBusinessDate('1900-01-01')).toEqual({ year: 1900, month: 1, day: 1 });
    expect(parseBusinessDate('2999-12-31')).toEqual({ year: 2999, month: 12, day: 31 });
    for (const date of [
      '0000-01-01',
      '0050-06-15',
      '0099-12-31',
      '1899-12-31',
      '3000-01-01',
      '9999-12-31',
      '2026-02-29',
      '2026-13-01',
      '2026-1-1',
    ]) {
      expect(parseBusinessDate(date), date).toBeUndefined();
    }
  });
});

describe('the New York day of an instant', () => {
  it('turns at New York midnight, not UTC midnight, on either side of both daylight-saving changes', () => {
    // 04:59:59.999 UTC is still the previous day in winter (UTC-5); 03:59:59.999 UTC in summer (UTC-4).
    expect(businessDateOf(Date.parse('2026-11-28T04:59:59.999Z'))).toBe('2026-11-27');
    expect(businessDateOf(Date.parse('2026-11-28T05:00:00.000Z'))).toBe('2026-11-28');
    expect(businessDateOf(Date.parse('2027-03-15T03:59:59.999Z'))).toBe('2027-03-14');
    expect(businessDateOf(Date.parse('2027-03-15T04:00:00.000Z'))).toBe('2027-03-15');
    expect(businessDateOf(Date.parse('2027-11-08T04:59:59.999Z'))).toBe('2027-11-07');
    expect(businessDateOf(Date.parse('2027-11-08T05:00:00.000Z'))).toBe('2027-11-08');
    expect(businessDateOf(new Date('2026-12-31T23:30:00-05:00'))).toBe('2026-12-31');
    expect(businessDateOf(new Date('2027-01-01T00:00:00-05:00'))).toBe('2027-01-01');
  });

  it('refuses an invalid instant', () => {
    expect(() => businessDateOf(Number.NaN)).toThrow(RangeError);
  });
});
