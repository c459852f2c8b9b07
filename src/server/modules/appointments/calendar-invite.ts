import { createEvent } from 'ics';
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
};

function wallClock(instant: Date): [number, number, number, number, number] {
  const local = inBusinessZone(instant);
  return [local.getFullYear(), local.getMonth() + 1, local.getDate(), local.getHours(), local.getMinutes()];
}

/**
 * An RFC 5545 invite made by the ics library, with its start and end given as New York wall-clock times under
 * a TZID and the matching VTIMEZONE (the library writes floating times; the zone is added here).
 */
export function calendarInvite(input: InviteInput): string {
  const { error, value } = createEvent({
    uid: `${input.appointmentId}@techhelp`,
    method: input.method,
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    title: `${BUSINESS_NAME} visit`,
    description: input.description,
    location: input.location,
    start: wallClock(input.startsAt),
    startInputType: 'local',
    startOutputType: 'local',
    duration: { minutes: VISIT_MINUTES },
    organizer: { name: BUSINESS_NAME, email: input.organizerEmail },
    attendees: [{ name: input.attendeeName, email: input.attendeeEmail, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
    productId: 'techhelp/appointments',
    sequence: input.method === 'CANCEL' ? 1 : 0,
  });
  if (error || !value) throw error ?? new Error('the calendar invite could not be made');
  return value
    .replace(/^(DTSTART|DTEND)(?:;VALUE=DATE-TIME)?:(\d{8}T\d{6})$/gm, `$1;TZID=${BUSINESS_TIME_ZONE}:$2`)
    .replace(/\r\nBEGIN:VEVENT/, `\r\n${NEW_YORK_VTIMEZONE}\r\nBEGIN:VEVENT`);
}
