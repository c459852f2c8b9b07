import { describe, expect, it } from 'vitest';
import { appointmentBill, BILL_TEXTS, durationText, lineInEnglish, lineQuantity, minutesBetween } from './billing.ts';
import { feeForAppointment } from './business.ts';

describe('the bill from the clock', () => {
  // Every boundary of the schedule: the first hour, its 10-minute grace, each half-hour and its grace.
  it.each([
    [60, 5000, 0],
    [70, 5000, 0],
    [71, 7500, 1],
    [90, 7500, 1],
    [100, 7500, 1],
    [101, 10000, 2],
  ])('troubleshooting for %i minutes: $%i cents, %i extra half-hours', (minutes, cents, extra) => {
    const bill = appointmentBill('troubleshooting', minutes);
    expect(bill.totalCents).toBe(cents);
    expect(bill.lines[0]).toEqual({ text: BILL_TEXTS.firstHour.troubleshooting, values: {}, cents: 5000, taxClass: 'not-taxable' });
    expect(bill.lines.slice(1)).toEqual(
      extra === 0 ? [] : [{ text: BILL_TEXTS.extraHalfHours, values: { count: extra }, cents: extra * 2500, taxClass: 'not-taxable' }],
    );
    // The same schedule as the one /services states and the assistant quotes.
    expect(bill.totalCents).toBe(feeForAppointment('troubleshooting', minutes) * 100);
  });

  it.each([
    [60, 10000, 0],
    [70, 10000, 0],
    [71, 15000, 1],
    [90, 15000, 1],
    [100, 15000, 1],
    [101, 20000, 2],
  ])('consulting for %i minutes: %i cents, %i extra half-hours', (minutes, cents, extra) => {
    const bill = appointmentBill('consulting', minutes);
    expect(bill.totalCents).toBe(cents);
    expect(bill.lines).toHaveLength(extra === 0 ? 1 : 2);
    expect(bill.totalCents).toBe(feeForAppointment('consulting', minutes) * 100);
  });

  it('charges the first hour for a shorter visit, and adds each hardware part as its own line', () => {
    const bill = appointmentBill('troubleshooting', 25, [
      { description: 'Replacement power adapter', cents: 3999 },
      { description: 'HDMI cable', cents: 1250 },
    ]);
    expect(bill.lines.map(lineInEnglish)).toEqual(['First hour of troubleshooting', 'Replacement power adapter', 'HDMI cable']);
    expect(bill.totalCents).toBe(5000 + 3999 + 1250);
  });

  it('words the lines in English for the history', () => {
    expect(appointmentBill('consulting', 101).lines.map(lineInEnglish)).toEqual(['First hour of consulting', '2 extra half-hours']);
    expect(appointmentBill('consulting', 71).lines.map(lineInEnglish)).toEqual(['First hour of consulting', '1 extra half-hour']);
  });

  // Each line's quantity and rate ("2 × $25.00"): the extra half-hours, one or several, never the first hour or a part.
  it.each([
    [60, null],
    [71, { count: 1, eachCents: 2500 }],
    [101, { count: 2, eachCents: 2500 }],
  ])('states the quantity and rate of the extra half-hours of %i minutes of troubleshooting', (minutes, quantity) => {
    const bill = appointmentBill('troubleshooting', minutes, [{ description: 'HDMI cable', cents: 1250 }]);
    const extra = bill.lines.find((line) => line.text === BILL_TEXTS.extraHalfHours);
    expect(extra ? lineQuantity(extra) : null).toEqual(quantity);
    // The first hour and the part are lines of one: no quantity.
    expect(bill.lines.filter((line) => line !== extra).map(lineQuantity)).toEqual([null, null]);
  });

  it('states no quantity for a count of none, or one the amount does not divide into whole cents', () => {
    expect(lineQuantity({ text: BILL_TEXTS.extraHalfHours, values: { count: 0 }, cents: 0 })).toBeNull();
    expect(lineQuantity({ text: BILL_TEXTS.extraHalfHours, values: { count: 3 }, cents: 5000 })).toBeNull();
    expect(lineQuantity({ text: BILL_TEXTS.extraHalfHours, values: { count: 1 }, cents: 5000 })).toEqual({ count: 1, eachCents: 5000 });
  });

  it('counts the minutes between two times of a day, and refuses an end before the start', () => {
    expect(minutesBetween('09:30', '11:10')).toBe(100);
    expect(minutesBetween('13:00', '14:00')).toBe(60);
    expect(minutesBetween('14:00', '14:00')).toBeNull();
    expect(minutesBetween('14:00', '13:59')).toBeNull();
    expect(minutesBetween('9:30', '11:00')).toBeNull();
    expect(minutesBetween('24:00', '25:00')).toBeNull();
  });

  it('says how long the work took', () => {
    expect([durationText(100), durationText(60), durationText(45), durationText(125)]).toEqual([
      '1 h 40 min',
      '1 h',
      '45 min',
      '2 h 5 min',
    ]);
  });

  it('refuses a length that is not a whole, non-negative number of minutes', () => {
    expect(() => appointmentBill('troubleshooting', -1)).toThrow(RangeError);
  });
});
