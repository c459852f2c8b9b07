import { createEvent, createEvents } from 'ics';
import { BUSINESS_NAME, BUSINESS_TIME_ZONE } from '../../../shared/business.ts';
import { inBusinessZone } from '../../../shared/business-time.ts';

export const VISIT_MINUTES = 90;

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
  method: 'REQUEST' | 'CANCEL';
  /** The event's title in the attendee's language; `TechHelp visit` when not given. */
  title?: string;
  /** RFC 5545 SEQUENCE: 0 when booked, one higher with each move or cancellation of the same visit. */
  sequence: number;
};

function wallClock(instant: Date): [number, number, number, number, number] {
  const local = inBusinessZone(instant);
  return [local.getFullYear(), local.getMonth() + 1, local.getDate(), local.getHours(), local.getMinutes()];
}

/** The one UID a visit has in every invite, update, cancellation and the owner's feed. */
export function calendarUid(appointmentId: string): string {
  return `${appointmentId}@techhelp`;
}

/** The library writes floating times; they become New York wall-clock times under a TZID, with its VTIMEZONE. */
function inNewYorkTime(calendar: string): string {
  return calendar
    .replace(/^(DTSTART|DTEND)(?:;VALUE=DATE-TIME)?:(\d{8}T\d{6})$/gm, `$1;TZID=${BUSINESS_TIME_ZONE}:$2`)
    .replace(/\r\nBEGIN:VEVENT/, `\r\n${NEW_YORK_VTIMEZONE}\r\nBEGIN:VEVENT`);
}

function whenOf(startsAt: Date) {
  return {
    start: wallClock(startsAt),
    startInputType: 'local' as const,
    startOutputType: 'local' as const,
    duration: { minutes: VISIT_MINUTES },
  };
}

/**
 * An RFC 5545 invite (iTIP REQUEST or CANCEL) made by the ics library, in New York time. The UID stays the
 * visit's own; calendar programs replace the event they hold when the SEQUENCE is higher.
 */
export function calendarInvite(input: InviteInput): string {
  const { error, value } = createEvent({
    uid: calendarUid(input.appointmentId),
    method: input.method,
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    title: input.title ?? `${BUSINESS_NAME} visit`,
    description: input.description,
    location: input.location,
    ...whenOf(input.startsAt),
    organizer: { name: BUSINESS_NAME, email: input.organizerEmail },
    attendees: [{ name: input.attendeeName, email: input.attendeeEmail, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
    productId: 'techhelp/appointments',
    sequence: input.sequence,
  });
  if (error || !value) throw error ?? new Error('the calendar invite could not be made');
  return inNewYorkTime(value);
}

export type FeedVisit = {
  appointmentId: string;
  startsAt: Date;
  sequence: number;
  title: string;
  location: string;
  description: string;
};

/** The owner's subscribed calendar (METHOD:PUBLISH): every open visit, under the same UIDs as the invites. */
export function calendarFeed(visits: FeedVisit[]): string {
  const header = { productId: 'techhelp/schedule', method: 'PUBLISH', calName: `${BUSINESS_NAME} visits` };
  if (visits.length === 0) {
    return [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      `PRODID:${header.productId}`,
      `METHOD:${header.method}`,
      `X-WR-CALNAME:${header.calName}`,
      NEW_YORK_VTIMEZONE,
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  }
  const { error, value } = createEvents(
    visits.map((visit) => ({
      uid: calendarUid(visit.appointmentId),
      sequence: visit.sequence,
      status: 'CONFIRMED' as const,
      title: visit.title,
      location: visit.location,
      description: visit.description,
      ...whenOf(visit.startsAt),
    })),
    header,
  );
  if (error || !value) throw error ?? new Error('the calendar feed could not be made');
  return inNewYorkTime(value);
}
