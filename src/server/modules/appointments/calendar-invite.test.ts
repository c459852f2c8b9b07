import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFeed, calendarInvite } from './calendar-invite.ts';

const invite = {
  appointmentId: '20261205-0000aaaa',
  startsAt: new Date('2026-12-05T13:00:00Z'),
  location: '12 Main Street, Bay Shore, NY; side door',
  description:
    'Visita en persona. Sus citas: https://techhelp.test/home. ¿Preguntas o cambios? Llame al (631) 555-0142 — gracias 😀.\nSegunda línea',
  organizerEmail: 'support@techhelp.test',
  attendeeEmail: 'maria@example.com',
  attendeeName: 'María "Mary" Núñez',
  method: 'REQUEST' as const,
  sequence: 3,
};

const eventOf = (calendar: string) => new ICAL.Component(ICAL.parse(calendar)).getFirstSubcomponent('vevent');

describe('the calendar writer', () => {
  it('writes an invite that a calendar parser reads back exactly, in New York time', () => {
    const written = calendarInvite(invite);
    const event = eventOf(written);
    expect(event?.getFirstPropertyValue('uid')).toBe('20261205-0000aaaa@techhelp');
    expect(event?.getFirstPropertyValue('description')).toBe(invite.description);
    expect(event?.getFirstPropertyValue('location')).toBe(invite.location);
    expect(event?.getFirstPropertyValue('sequence')).toBe(3);
    expect(event?.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event?.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/New_York');
    expect(String(event?.getFirstPropertyValue('dtstart'))).toBe('2026-12-05T08:00:00');
    expect(String(event?.getFirstPropertyValue('duration'))).toBe('PT90M');
    expect(event?.getFirstProperty('attendee')?.getParameter('cn')).toBe('María Mary Núñez');
    expect(written).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*METHOD:REQUEST\r\n[\s\S]*END:VCALENDAR\r\n$/);
  });

  it('folds every line at 75 octets without splitting a character, and ends lines with CRLF only', () => {
    const written = calendarInvite({ ...invite, description: `${'ñ'.repeat(60)}😀${'a'.repeat(100)}` });
    const lines = written.split('\r\n');
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(written.replaceAll('\r\n', '')).not.toContain('\n');
    expect(written).not.toContain('\uFFFD');
    expect(eventOf(written)?.getFirstPropertyValue('description')).toBe(`${'ñ'.repeat(60)}😀${'a'.repeat(100)}`);
  });

  it('lets no control character through: a lone CR or LF is a line break of the text, the others are dropped', () => {
    const written = calendarInvite({
      ...invite,
      location: '12 Main St\rATTENDEE:mailto:x@evil.test',
      description: 'One\rTwo\nThree\u0000\u0007\u007f\u0085\tend',
      attendeeName: 'Mary\r\nX-EVIL:1\u0007',
    });
    expect(written.replaceAll('\r\n', '')).not.toMatch(/\p{Cc}/u);
    const event = eventOf(written);
    expect(event?.getFirstPropertyValue('description')).toBe('One\nTwo\nThree end');
    expect(event?.getFirstPropertyValue('location')).toBe('12 Main St\nATTENDEE:mailto:x@evil.test');
    expect(event?.getAllProperties('attendee')).toHaveLength(1);
    expect(event?.getFirstProperty('attendee')?.getParameter('cn')).toBe('MaryX-EVIL:1');
  });

  it('writes a cancellation as CANCELLED under the same UID', () => {
    const event = eventOf(calendarInvite({ ...invite, method: 'CANCEL', sequence: 4 }));
    expect(event?.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event?.getFirstPropertyValue('uid')).toBe('20261205-0000aaaa@techhelp');
  });

  it("writes the owner's feed with every visit, and an empty one with its time zone", () => {
    const appointments = [
      {
        appointmentId: 'a1',
        startsAt: new Date('2026-07-04T12:00:00Z'),
        sequence: 0,
        title: 'Visit, Ann',
        location: 'Remote',
        description: 'd1',
      },
      {
        appointmentId: 'a2',
        startsAt: new Date('2026-12-05T13:00:00Z'),
        sequence: 1,
        title: 'Visit; Bo',
        location: 'Islip',
        description: 'd2',
      },
    ];
    const feed = new ICAL.Component(ICAL.parse(calendarFeed(appointments)));
    expect(feed.getFirstPropertyValue('method')).toBe('PUBLISH');
    const events = feed.getAllSubcomponents('vevent');
    expect(events.map((event) => event.getFirstPropertyValue('summary'))).toEqual(['Visit, Ann', 'Visit; Bo']);
    // Summer and winter: 8:00 in New York either way.
    expect(events.map((event) => String(event.getFirstPropertyValue('dtstart')))).toEqual(['2026-07-04T08:00:00', '2026-12-05T08:00:00']);
    const empty = new ICAL.Component(ICAL.parse(calendarFeed([])));
    expect(empty.getAllSubcomponents('vevent')).toEqual([]);
    expect(empty.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('America/New_York');
  });
});
