import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { BUSINESS_TIME_ZONE } from '../../../shared/business.ts';
import { businessDayStart } from '../../../shared/business-time.ts';

/**
 * Reads the busy times of an iCalendar file (the owner's own calendar, issue 39) with ical.js: every VEVENT with its
 * recurrences (RRULE, RDATE, EXDATE) and exceptions (RECURRENCE-ID overrides, cancelled occurrences), all-day events
 * (DATE values: whole New York days) and time zones (the file's VTIMEZONEs, an IANA TZID, UTC; a floating time is read
 * as New York time). Events marked free (TRANSP:TRANSPARENT, or Outlook's X-MICROSOFT-CDO-BUSYSTATUS:FREE) or cancelled
 * block nothing. Only start and end instants come out: nothing else of an event (title, place, people) is kept.
 */

export type BusyTime = { startsAt: Date; endsAt: Date };

/** The file could not be read as an iCalendar file (the owner reads "The file is not an iCalendar file"). */
export class NotICalendarError extends Error {
  constructor(detail: string) {
    super(`not an iCalendar file: ${detail}`);
    this.name = 'NotICalendarError';
  }
}

/** The file's repeating events take more than MAX_STEPS_PER_FILE steps to read (the owner is told in words). */
export class TooManyRepeatsError extends Error {
  constructor() {
    super(`the calendar's repeating events take more than ${MAX_STEPS_PER_FILE} steps to read`);
    this.name = 'TooManyRepeatsError';
  }
}

/**
 * The most occurrences the whole file is stepped through (a second or so of ical.js at its slowest): a rule every
 * hour for years, or hundreds of old daily series, stop here, and the fetch fails in words rather than leave busy
 * times out without saying so.
 */
export const MAX_STEPS_PER_FILE = 30_000;
/** The most busy times one file gives: far more than any weekend calendar needs. */
export const MAX_BUSY_TIMES = 20_000;

const isIanaZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** Windows zone names (Outlook and Exchange send them, often without a VTIMEZONE) of the common US zones. */
const WINDOWS_ZONES: Record<string, string> = {
  'eastern standard time': 'America/New_York',
  'central standard time': 'America/Chicago',
  'mountain standard time': 'America/Denver',
  'us mountain standard time': 'America/Phoenix',
  'pacific standard time': 'America/Los_Angeles',
  'alaskan standard time': 'America/Anchorage',
  'hawaiian standard time': 'Pacific/Honolulu',
};

/** The IANA zone a TZID without a VTIMEZONE names (an IANA name, or a Windows name of a US zone), else New York. */
function wallZoneOf(tzid: string | undefined): string {
  if (!tzid) return BUSINESS_TIME_ZONE;
  const windows = WINDOWS_ZONES[tzid.trim().toLowerCase()];
  if (windows) return windows;
  return isIanaZone(tzid) ? tzid : BUSINESS_TIME_ZONE;
}

/** The instant of an ical.js time: a DATE is the start of that New York day; a floating or unknown zone is New York. */
function instantOf(time: ICAL.Time, tzid: string | undefined): Date {
  if (time.isDate) {
    const month = String(time.month).padStart(2, '0');
    const day = String(time.day).padStart(2, '0');
    return businessDayStart(`${String(time.year).padStart(4, '0')}-${month}-${day}`);
  }
  const zone = time.zone;
  const known = zone && zone !== ICAL.Timezone.localTimezone && zone.tzid !== 'floating';
  if (known) return new Date(time.toUnixTime() * 1000);
  // A TZID with no VTIMEZONE in the file: an IANA name (as many feeds send) or a Windows name of a US zone (as
  // Outlook sends) is read as that zone, else New York.
  const wall = wallZoneOf(tzid);
  return new Date(new TZDate(time.year, time.month - 1, time.day, time.hour, time.minute, time.second, wall).getTime());
}

const tzidOf = (component: ICAL.Component, name: 'dtstart' | 'dtend' | 'recurrence-id') => {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : undefined;
};

/**
 * Free or cancelled: blocks nothing. Free is TRANSP:TRANSPARENT, or Outlook's X-MICROSOFT-CDO-BUSYSTATUS:FREE (which it
 * sends without TRANSP:TRANSPARENT at times); its TENTATIVE, BUSY, OOF (away) and any other value stay busy.
 */
function blocksNothing(component: ICAL.Component): boolean {
  const word = (name: string) =>
    String(component.getFirstPropertyValue(name) ?? '')
      .trim()
      .toUpperCase();
  return word('transp') === 'TRANSPARENT' || word('x-microsoft-cdo-busystatus') === 'FREE' || word('status') === 'CANCELLED';
}

/** The end of an occurrence: its DTEND or DURATION; an all-day event without either lasts its day; else an instant. */
function endOf(start: ICAL.Time, end: ICAL.Time | undefined, component: ICAL.Component): ICAL.Time {
  if (end && (component.hasProperty('dtend') || component.hasProperty('duration'))) return end;
  if (start.isDate) {
    const next = start.clone();
    next.day += 1;
    next.isDate = true;
    return next;
  }
  return start;
}

function parsed(text: string): ICAL.Component {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new NotICalendarError('no BEGIN:VCALENDAR');
  let data: unknown;
  try {
    data = ICAL.parse(text);
  } catch (error) {
    throw new NotICalendarError(error instanceof Error ? error.message : String(error));
  }
  const first = Array.isArray(data) && Array.isArray(data[0]) ? data[0] : data;
  const root = new ICAL.Component(first as unknown[]);
  if (root.name !== 'vcalendar') throw new NotICalendarError(`the top component is ${root.name}`);
  return root;
}

/**
 * The busy times of `text` that overlap [from, to), sorted by start, overlapping ones kept apart (the slots close the
 * same either way). Throws NotICalendarError when the text is not an iCalendar file, TooManyRepeatsError when its
 * repeating events take more than MAX_STEPS_PER_FILE steps to read.
 */
export function busyTimesOf(text: string, from: Date, to: Date): BusyTime[] {
  const root = parsed(text);
  const registered: string[] = [];
  for (const vtimezone of root.getAllSubcomponents('vtimezone')) {
    const timezone = new ICAL.Timezone(vtimezone);
    // A zone ical.js already knows (UTC) stays as it is.
    if (!timezone.tzid || ICAL.TimezoneService.has(timezone.tzid)) continue;
    ICAL.TimezoneService.register(timezone);
    registered.push(timezone.tzid);
  }
  try {
    return expand(root, from, to);
  } finally {
    for (const tzid of registered) ICAL.TimezoneService.remove(tzid);
  }
}

/** An event of its own component only: ical.js would otherwise scan every VEVENT of the file for overrides. */
const eventOf = (component: ICAL.Component) => new ICAL.Event(component, { exceptions: [], strictExceptions: true });

/** Every RRULE of the series ends (UNTIL) before `from`, and it has no RDATE: none of its own occurrences is in range. */
function endsBefore(component: ICAL.Component, from: Date): boolean {
  if (component.hasProperty('rdate')) return false;
  const rules = component.getAllProperties('rrule').map((property) => property.getFirstValue() as ICAL.Recur);
  if (rules.length === 0) return false;
  return rules.every((rule) => rule.until && rule.until.toUnixTime() * 1000 + 24 * 3600_000 < from.getTime());
}

function expand(root: ICAL.Component, from: Date, to: Date): BusyTime[] {
  const vevents = root.getAllSubcomponents('vevent');
  // Overrides (RECURRENCE-ID) go with the series of their UID; an override whose series is not in the file (or
  // whose series ended before the range) stands alone.
  const series = new Map<string, ICAL.Event>();
  const overrides: ICAL.Component[] = [];
  for (const vevent of vevents) {
    if (!vevent.hasProperty('dtstart')) continue;
    if (vevent.hasProperty('recurrence-id')) overrides.push(vevent);
    else series.set(String(vevent.getFirstPropertyValue('uid') ?? `no-uid-${series.size}`), eventOf(vevent));
  }
  const standalone: ICAL.Component[] = [];
  for (const override of overrides) {
    const parent = series.get(String(override.getFirstPropertyValue('uid') ?? ''));
    if (parent?.isRecurring() && !endsBefore(parent.component, from)) parent.relateException(eventOf(override));
    else standalone.push(override);
  }

  const busy: BusyTime[] = [];
  const add = (startsAt: Date, endsAt: Date) => {
    if (endsAt.getTime() <= startsAt.getTime()) return;
    if (startsAt.getTime() >= to.getTime() || endsAt.getTime() <= from.getTime()) return;
    if (busy.length >= MAX_BUSY_TIMES) return;
    busy.push({ startsAt, endsAt });
  };
  const single = (component: ICAL.Component) => {
    if (blocksNothing(component)) return;
    const event = eventOf(component);
    const start = event.startDate;
    const end = endOf(start, event.endDate, component);
    add(instantOf(start, tzidOf(component, 'dtstart')), instantOf(end, tzidOf(component, 'dtend') ?? tzidOf(component, 'dtstart')));
  };

  let steps = 0;
  for (const event of series.values()) {
    if (!event.isRecurring()) {
      single(event.component);
      continue;
    }
    if (endsBefore(event.component, from)) continue;
    const seriesTzid = tzidOf(event.component, 'dtstart');
    // EXDATEs compared as instants (UTC): ical.js compares them as wall times, so an EXDATE in UTC misses an
    // occurrence whose TZID has no VTIMEZONE in the file.
    const excluded = new Set<number>();
    for (const property of event.component.getAllProperties('exdate')) {
      const tzid = property.getParameter('tzid');
      for (const value of property.getValues() as ICAL.Time[]) {
        if (!value.isDate) excluded.add(instantOf(value, typeof tzid === 'string' ? tzid : seriesTzid).getTime());
      }
    }
    const iterator = event.iterator();
    for (;;) {
      steps += 1;
      if (steps > MAX_STEPS_PER_FILE) throw new TooManyRepeatsError();
      const next = iterator.next();
      if (!next) break;
      const occurrence = instantOf(next, seriesTzid).getTime();
      if (occurrence >= to.getTime()) break;
      if (excluded.has(occurrence)) continue;
      const details = event.getOccurrenceDetails(next);
      const item = details.item.component;
      // A cancelled occurrence (its override says STATUS:CANCELLED) or a free one blocks nothing; the series' own
      // TRANSP and STATUS hold for the occurrences that are not overridden.
      if (blocksNothing(item)) continue;
      const tzid = tzidOf(item, 'dtstart') ?? seriesTzid;
      const end = endOf(details.startDate, details.endDate, item);
      add(instantOf(details.startDate, tzid), instantOf(end, tzidOf(item, 'dtend') ?? tzid));
    }
  }
  for (const override of standalone) single(override);
  return busy.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}
