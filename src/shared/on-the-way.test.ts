import { describe, expect, it } from 'vitest';
import { arrivalInstant, arrivalProblem, isOnTheWayToday, ON_MY_WAY_REFUSALS, withCodeWordIfToday } from './on-the-way.ts';

const at = (iso: string) => new Date(iso);

/** The arithmetic of "on my way" (issue 39) on fixed clocks, New York time, across the end of daylight saving time. */
describe('arrivalInstant', () => {
  it('adds the minutes to now, to the minute', () => {
    expect(arrivalInstant({ minutes: 15 }, at('2026-07-15T14:00:59.900Z'), '2026-07-15').toISOString()).toBe('2026-07-15T14:15:00.000Z');
    expect(arrivalInstant({ minutes: 60 }, at('2026-07-16T03:30:00Z'), '2026-07-15').toISOString()).toBe('2026-07-16T04:30:00.000Z');
  });

  it("reads a typed time as New York's on the visit's day, in summer and in winter", () => {
    expect(arrivalInstant({ at: '10:40' }, at('2026-07-15T13:00:00Z'), '2026-07-15').toISOString()).toBe('2026-07-15T14:40:00.000Z');
    expect(arrivalInstant({ at: '10:40' }, at('2026-12-05T14:00:00Z'), '2026-12-05').toISOString()).toBe('2026-12-05T15:40:00.000Z');
    // Near midnight: 11:58pm is of the visit's day, 00:10 is its first minutes (long past), never the next day's.
    expect(arrivalInstant({ at: '23:58' }, at('2026-07-16T03:50:00Z'), '2026-07-15').toISOString()).toBe('2026-07-16T03:58:00.000Z');
    expect(arrivalInstant({ at: '00:10' }, at('2026-07-16T03:50:00Z'), '2026-07-15').toISOString()).toBe('2026-07-15T04:10:00.000Z');
  });

  it('counts on the Sunday daylight saving time ends (2026-11-01), either side of 2am', () => {
    // Before the change New York is 4 hours behind UTC, after it 5.
    expect(arrivalInstant({ at: '00:30' }, at('2026-11-01T04:00:00Z'), '2026-11-01').toISOString()).toBe('2026-11-01T04:30:00.000Z');
    expect(arrivalInstant({ at: '10:40' }, at('2026-11-01T14:00:00Z'), '2026-11-01').toISOString()).toBe('2026-11-01T15:40:00.000Z');
    // Thirty minutes from 1:45am (the first, daylight time) is 1:15am (standard time): the instant, not the clock.
    expect(arrivalInstant({ minutes: 30 }, at('2026-11-01T05:45:00Z'), '2026-11-01').toISOString()).toBe('2026-11-01T06:15:00.000Z');
  });
});

describe('arrivalProblem', () => {
  const now = at('2026-07-15T14:00:30Z');
  it('takes a time from the current minute to 12 hours ahead', () => {
    expect(arrivalProblem(at('2026-07-15T14:00:00Z'), now)).toBeUndefined();
    expect(arrivalProblem(at('2026-07-16T02:00:30Z'), now)).toBeUndefined();
  });
  it('refuses a time before now, or more than 12 hours away', () => {
    expect(arrivalProblem(at('2026-07-15T13:59:00Z'), now)).toBe(ON_MY_WAY_REFUSALS.timePassed);
    // 12:10am of the visit's day, typed at 11:50pm.
    expect(arrivalProblem(at('2026-07-15T04:10:00Z'), at('2026-07-16T03:50:00Z'))).toBe(ON_MY_WAY_REFUSALS.timePassed);
    expect(arrivalProblem(at('2026-07-16T02:01:31Z'), now)).toBe(ON_MY_WAY_REFUSALS.tooLate);
  });
});

describe('isOnTheWayToday', () => {
  it("stands on the arrival's New York day only", () => {
    expect(isOnTheWayToday(null, at('2026-07-15T14:00:00Z'))).toBe(false);
    expect(isOnTheWayToday('not a date', at('2026-07-15T14:00:00Z'))).toBe(false);
    expect(isOnTheWayToday('2026-07-15T14:30:00.000Z', at('2026-07-15T14:00:00Z'))).toBe(true);
    // 11:30pm in New York is still the 15th there, though the 16th in UTC; a minute past midnight it is not.
    expect(isOnTheWayToday('2026-07-16T03:30:00.000Z', at('2026-07-16T03:59:00Z'))).toBe(true);
    expect(isOnTheWayToday('2026-07-16T03:30:00.000Z', at('2026-07-16T04:01:00Z'))).toBe(false);
  });
  it('counts the 25-hour day daylight saving time ends (2026-11-01) as one day', () => {
    const early = '2026-11-01T04:30:00.000Z'; // 12:30am EDT
    expect(isOnTheWayToday(early, at('2026-11-02T04:59:00Z'))).toBe(true); // 11:59pm EST
    expect(isOnTheWayToday(early, at('2026-11-02T05:00:00Z'))).toBe(false); // midnight, the 2nd
    expect(isOnTheWayToday(early, at('2026-11-01T03:59:00Z'))).toBe(false); // 11:59pm, October 31st
  });
});

describe('withCodeWordIfToday', () => {
  const customer = { firstName: 'Cora', codeWord: 'lantern' };
  const now = at('2026-07-16T03:50:00Z'); // 11:50pm, July 15th in New York
  it("keeps the word for an in-person visit of today's New York day", () => {
    expect(withCodeWordIfToday(customer, { isRemote: false, startsAt: at('2026-07-15T13:00:00Z') }, now)).toEqual(customer);
  });
  it('leaves it out for a remote visit, or a visit of another day', () => {
    expect(withCodeWordIfToday(customer, { isRemote: true, startsAt: at('2026-07-15T13:00:00Z') }, now)).toEqual({ firstName: 'Cora' });
    expect(withCodeWordIfToday(customer, { isRemote: false, startsAt: at('2026-07-16T13:00:00Z') }, now)).toEqual({ firstName: 'Cora' });
    expect(withCodeWordIfToday(customer, { isRemote: false, startsAt: at('2026-07-14T13:00:00Z') }, now)).toEqual({ firstName: 'Cora' });
  });
});
