import { describe, expect, it } from 'vitest';
import { adminKeys, appointmentKeys, paymentKeys, queriesTouchedBy } from './query-keys.ts';

describe('which queries a change touches', () => {
  it("a slot taken, freed or closed by someone else: that New York month's free times and the owner's time-off list", () => {
    // 00:30 UTC on December 1 is still November 30 in New York.
    expect(queriesTouchedBy({ kind: 'slot', startsAt: '2026-12-01T00:30:00.000Z' })).toEqual([
      appointmentKeys.availability('2026-11'),
      adminKeys.timeOff(),
    ]);
    expect(queriesTouchedBy({ kind: 'slot', startsAt: 'not a time' })).toEqual([]);
  });

  it('an appointment: the lists that show it, its checkout, invoice and history, and the time-off list (it names the bookings in each closure)', () => {
    const touched = queriesTouchedBy({ kind: 'appointment', appointmentId: 'a1' });
    expect(touched).toEqual(
      expect.arrayContaining([
        appointmentKeys.all,
        paymentKeys.checkout('a1'),
        paymentKeys.invoice('a1'),
        adminKeys.open(),
        adminKeys.history('a1'),
        adminKeys.timeOff(),
      ]),
    );
    expect(touched).not.toContainEqual(adminKeys.errorPages());
  });

  it("a profile: only the back office's lists", () => {
    expect(queriesTouchedBy({ kind: 'profile' })).toEqual([adminKeys.open(), adminKeys.completed(), adminKeys.paidLists()]);
  });
});
