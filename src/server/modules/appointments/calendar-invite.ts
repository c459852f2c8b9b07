import { BUSINESS_NAME, BUSINESS_TIME_ZONE } from '../../../shared/business.ts';
import { inBusinessZone } from '../../../shared/business-time.ts';

export const APPOINTMENT_MINUTES = 90;

/** America/New_York's rules since 2007, so calendar programs place the visit in New York time. */
const NEW_YORK_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${BUSINESS_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

export type InviteInput = {
  appointmentId: string;
  startsAt: Date;
  location: string;
  description: string;
  organizerEmail: string;
  attendeeEmail: string;
  attendeeName: string;
  /** REQUEST or CANCEL for an e-mailed invite; PUBLISH for the file "Add to calendar" downloads (no attendee, RFC 5546). */
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  /** The event's title in the attendee's language; `TechHelp visit` when not given. */
  title?: string;
  /** RFC 5545 SEQUENCE: 0 when booked, one higher with each move or cancellation of the same visit. */
  sequence: number;
};

/** New York wall-clock time as iCalendar writes a local DATE-TIME: 20261205T080000. */
function wallClock(instant: Date): string {
  const local = inBusinessZone(instant);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${local.getFullYear()}${two(local.getMonth() + 1)}${two(local.getDate())}T${two(local.getHours())}${two(local.getMinutes())}00`;
}

/** A UTC DATE-TIME: 20261124T232801Z. */
function utcStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '')}Z`;
}

/** The one UID a visit has in every invite, update, cancellation and the owner's feed. */
export function calendarUid(appointmentId: string): string {
  return `${appointmentId}@techhelp`;
}

/**
 * The control characters (C0, DEL and C1), with the Unicode line and paragraph separators, which some readers also
 * take for line ends: RFC 5545 allows none of them in a value but the tab.
 */
const CONTROLS = /[\p{Cc}\u2028\u2029]/gu;

/**
 * RFC 5545 TEXT: backslashes, semicolons and commas escaped; a line break of any kind (CR LF, a lone CR or LF, a
 * Unicode separator) written as `\n`, a tab as a space, and every other control character dropped, so that nothing a
 * customer types can end the content line and start a property of its own.
 */
function text(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|[\r\n\u2028\u2029]/g, '\\n')
    .replace(/\t/g, ' ')
    .replace(CONTROLS, '');
}

/** A quoted parameter value (a name): double quotes cannot appear inside one, and control characters have no place there. */
function quoted(value: string): string {
  return `"${value.replace(CONTROLS, '').replace(/"/g, '')}"`;
}

/** How many octets a character takes in UTF-8. */
function octetsOf(character: string): number {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a character; continuations start with a space. */
function fold(line: string): string {
  if (line.length <= 75 && Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = octetsOf(character);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

type CalendarEvent = {
  appointmentId: string;
  startsAt: Date;
  sequence: number;
  status: 'CONFIRMED' | 'CANCELLED';
  title: string;
  location: string;
  description: string;
  organizer?: { name: string; email: string };
  attendee?: { name: string; email: string };
};

function eventLines(event: CalendarEvent, stamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${calendarUid(event.appointmentId)}`,
    `SUMMARY:${text(event.title)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=${BUSINESS_TIME_ZONE}:${wallClock(event.startsAt)}`,
    `DURATION:PT${APPOINTMENT_MINUTES}M`,
    `SEQUENCE:${event.sequence}`,
    `DESCRIPTION:${text(event.description)}`,
    `LOCATION:${text(event.location)}`,
    `STATUS:${event.status}`,
    ...(event.organizer ? [`ORGANIZER;CN=${quoted(event.organizer.name)}:mailto:${event.organizer.email.replace(CONTROLS, '')}`] : []),
    ...(event.attendee
      ? [
          `ATTENDEE;RSVP=FALSE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=${quoted(event.attendee.name)}:mailto:${event.attendee.email.replace(CONTROLS, '')}`,
        ]
      : []),
    'END:VEVENT',
  ];
}

/** A whole calendar object in New York time: its header, the VTIMEZONE, the events; CRLF line ends, lines folded. */
function calendar(header: { productId: string; method: string; name?: string }, events: CalendarEvent[], now = new Date()): string {
  const stamp = utcStamp(now);
  return `${[
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `PRODID:${header.productId}`,
    `METHOD:${header.method}`,
    ...(header.name ? [`X-WR-CALNAME:${text(header.name)}`] : []),
    'X-PUBLISHED-TTL:PT1H',
    ...NEW_YORK_VTIMEZONE.split('\r\n'),
    ...events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ]
    .map(fold)
    .join('\r\n')}\r\n`;
}

/**
 * An RFC 5545 invite (iTIP REQUEST or CANCEL) in New York time. The UID stays the visit's own; calendar programs
 * replace the event they hold when the SEQUENCE is higher.
 */
export function calendarInvite(input: InviteInput): string {
  return calendar({ productId: 'techhelp/appointments', method: input.method }, [
    {
      appointmentId: input.appointmentId,
      startsAt: input.startsAt,
      sequence: input.sequence,
      status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
      title: input.title ?? `${BUSINESS_NAME} visit`,
      location: input.location,
      description: input.description,
      organizer: { name: BUSINESS_NAME, email: input.organizerEmail },
      attendee: input.method === 'PUBLISH' ? undefined : { name: input.attendeeName, email: input.attendeeEmail },
    },
  ]);
}

export type FeedAppointment = {
  appointmentId: string;
  startsAt: Date;
  sequence: number;
  title: string;
  location: string;
  description: string;
};

/** The owner's subscribed calendar (METHOD:PUBLISH): every open visit, under the same UIDs as the invites. */
export function calendarFeed(appointments: FeedAppointment[]): string {
  return calendar(
    { productId: 'techhelp/schedule', method: 'PUBLISH', name: `${BUSINESS_NAME} visits` },
    appointments.map((appointment) => ({ ...appointment, status: 'CONFIRMED' as const })),
  );
}
