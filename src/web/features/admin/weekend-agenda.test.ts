import { describe, expect, it } from 'vitest';
import type { AdminAppointment } from '../../../shared/admin.ts';
import type { SlotLabel } from '../../../shared/business.ts';
import { sampleAppointment } from './sample-appointment.ts';
import { agendaDayHeading, agendaWeekend, fullAddress, mapSearchHref, weekendAgenda } from './weekend-agenda.ts';

const at = (iso: string) => new Date(iso);

function visit(id: string, date: string, slot: SlotLabel, extra: Partial<AdminAppointment> = {}): AdminAppointment {
  return sampleAppointment(date, slot, {
    id,
    description: '',
    ...extra,
    customer: { firstName: 'Ann', lastName: id, email: `${id}@example.com`, ...extra.customer },
  });
}

describe('agendaWeekend: the weekend the owner works next, in New York time', () => {
  const thanksgivingWeekend = { saturday: '2026-11-28', sunday: '2026-11-29' };

  it('is the coming Saturday and Sunday on a weekday', () => {
    expect(agendaWeekend(at('2026-11-23T17:00:00Z'))).toEqual(thanksgivingWeekend); // Monday
    expect(agendaWeekend(at('2026-11-25T17:00:00Z'))).toEqual(thanksgivingWeekend); // Wednesday
  });

  it('is the coming weekend late on Friday night in New York, though it is Saturday in UTC', () => {
    // Friday 11:59pm EST is Saturday 04:59 UTC; Friday 9pm EST is already Saturday in UTC.
    expect(agendaWeekend(at('2026-11-28T04:59:00Z'))).toEqual(thanksgivingWeekend);
    expect(agendaWeekend(at('2026-11-28T02:00:00Z'))).toEqual(thanksgivingWeekend);
  });

  it('is this weekend on Saturday and all Sunday, to Sunday 11:59pm in New York (Monday in UTC)', () => {
    expect(agendaWeekend(at('2026-11-28T05:00:00Z'))).toEqual(thanksgivingWeekend); // Saturday 00:00 EST
    expect(agendaWeekend(at('2026-11-28T20:00:00Z'))).toEqual(thanksgivingWeekend); // Saturday afternoon
    expect(agendaWeekend(at('2026-11-29T15:00:00Z'))).toEqual(thanksgivingWeekend); // Sunday morning
    expect(agendaWeekend(at('2026-11-30T04:59:59Z'))).toEqual(thanksgivingWeekend); // Sunday 11:59:59pm EST
  });

  it('moves on to the next weekend at midnight on Monday in New York', () => {
    expect(agendaWeekend(at('2026-11-30T05:00:00Z'))).toEqual({ saturday: '2026-12-05', sunday: '2026-12-06' });
  });

  it('crosses a month and a year', () => {
    expect(agendaWeekend(at('2026-12-31T17:00:00Z'))).toEqual({ saturday: '2027-01-02', sunday: '2027-01-03' });
    expect(agendaWeekend(at('2027-01-03T23:00:00Z'))).toEqual({ saturday: '2027-01-02', sunday: '2027-01-03' });
  });

  it('keeps the weekend of a daylight-saving change whole (clocks fall back on Sunday, November 1, 2026)', () => {
    const fallBack = { saturday: '2026-10-31', sunday: '2026-11-01' };
    expect(agendaWeekend(at('2026-10-31T03:59:00Z'))).toEqual(fallBack); // Friday 11:59pm EDT
    expect(agendaWeekend(at('2026-11-01T05:30:00Z'))).toEqual(fallBack); // Sunday 1:30am EDT, the first one
    expect(agendaWeekend(at('2026-11-01T06:30:00Z'))).toEqual(fallBack); // Sunday 1:30am EST, the second one
    expect(agendaWeekend(at('2026-11-02T04:59:00Z'))).toEqual(fallBack); // Sunday 11:59pm EST (UTC-5 now)
    expect(agendaWeekend(at('2026-11-02T05:00:00Z'))).toEqual({ saturday: '2026-11-07', sunday: '2026-11-08' });
    // Spring forward: Sunday, March 8, 2026; 11:30pm EDT that Sunday is Monday 03:30 UTC.
    expect(agendaWeekend(at('2026-03-09T03:30:00Z'))).toEqual({ saturday: '2026-03-07', sunday: '2026-03-08' });
    expect(agendaWeekend(at('2026-03-09T04:00:00Z'))).toEqual({ saturday: '2026-03-14', sunday: '2026-03-15' });
  });
});

describe('weekendAgenda: the weekend’s visits by day, in time order', () => {
  it('keeps only the visits of the weekend shown, sorted by time within each day', () => {
    const appointments = [
      visit('sun-late', '2026-11-29', '06:30pm'),
      visit('next-sat', '2026-12-05', '08:00am'),
      visit('sat-noon', '2026-11-28', '12:30pm', { isRemote: true }),
      visit('last-sun', '2026-11-22', '08:00am'),
      visit('sun-early', '2026-11-29', '08:00am'),
      visit('sat-early', '2026-11-28', '08:00am'),
      { ...visit('broken', '2026-11-28', '09:30am'), startsAt: 'not a time' },
    ];
    const agenda = weekendAgenda(appointments, at('2026-11-27T23:00:00Z'));
    expect(agenda.weekend).toEqual({ saturday: '2026-11-28', sunday: '2026-11-29' });
    expect(agenda.count).toBe(4);
    expect(agenda.days.map((day) => day.heading)).toEqual(['Saturday, November 28', 'Sunday, November 29']);
    expect(agenda.days.map((day) => day.appointments.map((entry) => [entry.appointment.id, entry.time]))).toEqual([
      [
        ['sat-early', '08:00am'],
        ['sat-noon', '12:30pm'],
      ],
      [
        ['sun-early', '08:00am'],
        ['sun-late', '06:30pm'],
      ],
    ]);
  });

  it('files a 06:30pm visit under its New York day, though it is the next day in UTC', () => {
    // 06:30pm EST on Sunday is 23:30 UTC; in summer 06:30pm EDT is 22:30 UTC: both stay on Sunday.
    const agenda = weekendAgenda(
      [visit('evening', '2026-11-01', '06:30pm'), visit('morning', '2026-11-01', '08:00am')],
      at('2026-10-30T12:00:00Z'),
    );
    expect(agenda.days[0].appointments).toEqual([]);
    expect(agenda.days[1].appointments.map((entry) => entry.time)).toEqual(['08:00am', '06:30pm']);
    expect(agenda.days[1].heading).toBe('Sunday, November 1');
  });

  it('is empty with two days to tell when the weekend has no visits', () => {
    const agenda = weekendAgenda([visit('next-sat', '2026-12-05', '08:00am')], at('2026-11-24T12:00:00Z'));
    expect(agenda.count).toBe(0);
    expect(agenda.days.map((day) => day.appointments.length)).toEqual([0, 0]);
  });
});

describe('the address and its map search', () => {
  it('spells the full address and encodes it for Google Maps', () => {
    const { customer } = visit('a', '2026-11-28', '08:00am', {});
    expect(fullAddress(customer)).toBe('12 Main Street, Bay Shore, NY 11706');
    expect(mapSearchHref("1 O'Neil Rd #2, Bay Shore, NY 11706")).toBe(
      "https://www.google.com/maps/search/?api=1&query=1%20O'Neil%20Rd%20%232%2C%20Bay%20Shore%2C%20NY%2011706",
    );
  });

  it('names a day the same way wherever the viewer is', () => {
    expect(agendaDayHeading('2026-03-08')).toBe('Sunday, March 8');
  });
});
