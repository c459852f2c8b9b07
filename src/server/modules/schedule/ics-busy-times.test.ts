import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { usTimezone } from '../../../../tests/support/ics-server.ts';
import { busyTimesOf, NotICalendarError, TooManyRepeatsError } from './ics-busy-times.ts';

const file = (...events: string[][]) => zoned('', ...events);
const zoned = (timezone: string, ...events: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...(timezone ? [timezone] : []),
    ...events.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
  ].join('\r\n');
const read = (text: string) =>
  busyTimesOf(text, new Date('2030-01-01T00:00:00Z'), new Date('2030-04-01T00:00:00Z')).map(
    (busy) => `${busy.startsAt.toISOString()} ${busy.endsAt.toISOString()}`,
  );

describe('busyTimesOf (ical.js)', () => {
  it('reads RDATE and DURATION, and EXDATE removes an occurrence', () => {
    const times = read(
      file([
        'UID:r',
        'DTSTART:20300105T150000Z',
        'DURATION:PT30M',
        'RRULE:FREQ=DAILY;COUNT=3',
        'RDATE:20300112T150000Z',
        'EXDATE:20300106T150000Z',
      ]),
    );
    expect(times).toEqual([
      '2030-01-05T15:00:00.000Z 2030-01-05T15:30:00.000Z',
      '2030-01-07T15:00:00.000Z 2030-01-07T15:30:00.000Z',
      '2030-01-12T15:00:00.000Z 2030-01-12T15:30:00.000Z',
    ]);
  });

  it('reads a floating time as New York time, and an IANA TZID without a VTIMEZONE as that zone', () => {
    expect(read(file(['UID:f', 'DTSTART:20300105T090000', 'DTEND:20300105T100000']))).toEqual([
      '2030-01-05T14:00:00.000Z 2030-01-05T15:00:00.000Z',
    ]);
    expect(read(file(['UID:c', 'DTSTART;TZID=America/Chicago:20300105T090000', 'DTEND;TZID=America/Chicago:20300105T100000']))).toEqual([
      '2030-01-05T15:00:00.000Z 2030-01-05T16:00:00.000Z',
    ]);
  });

  it('reads a Windows zone name of a US zone without a VTIMEZONE as that zone, not as New York', () => {
    expect(
      read(file(['UID:w', 'DTSTART;TZID=Pacific Standard Time:20300105T090000', 'DTEND;TZID=Pacific Standard Time:20300105T100000'])),
    ).toEqual(['2030-01-05T17:00:00.000Z 2030-01-05T18:00:00.000Z']);
    expect(
      read(file(['UID:h', 'DTSTART;TZID=Hawaiian Standard Time:20300105T090000', 'DTEND;TZID=Hawaiian Standard Time:20300105T100000'])),
    ).toEqual(['2030-01-05T19:00:00.000Z 2030-01-05T20:00:00.000Z']);
  });

  it('compares an EXDATE in UTC with the occurrences of a zone the file does not define', () => {
    expect(
      read(
        file([
          'UID:e',
          'DTSTART;TZID=America/Chicago:20300105T090000',
          'DURATION:PT1H',
          'RRULE:FREQ=DAILY;COUNT=3',
          'EXDATE:20300106T150000Z',
        ]),
      ),
    ).toEqual(['2030-01-05T15:00:00.000Z 2030-01-05T16:00:00.000Z', '2030-01-07T15:00:00.000Z 2030-01-07T16:00:00.000Z']);
  });

  it('reads a two-day all-day event as two whole New York days (across a daylight-saving change)', () => {
    expect(read(file(['UID:a', 'DTSTART;VALUE=DATE:20300309', 'DTEND;VALUE=DATE:20300311']))).toEqual([
      '2030-03-09T05:00:00.000Z 2030-03-11T04:00:00.000Z',
    ]);
  });

  it('leaves out cancelled and free events, and a cancelled series', () => {
    expect(
      read(
        file(
          ['UID:x', 'STATUS:CANCELLED', 'DTSTART:20300105T150000Z', 'DURATION:PT1H'],
          ['UID:y', 'TRANSP:TRANSPARENT', 'DTSTART:20300105T150000Z', 'DURATION:PT1H'],
          ['UID:z', 'STATUS:CANCELLED', 'DTSTART:20300105T150000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=3'],
        ),
      ),
    ).toEqual([]);
  });

  it("reads Outlook's X-MICROSOFT-CDO-BUSYSTATUS: FREE blocks nothing, even without TRANSP; TENTATIVE, BUSY and OOF stay busy", () => {
    const outlook = (uid: string, hour: string, ...lines: string[]) => [
      `UID:${uid}`,
      ...lines,
      `DTSTART;TZID=Eastern Standard Time:20300105T${hour}0000`,
      `DTEND;TZID=Eastern Standard Time:20300105T${hour}3000`,
    ];
    expect(
      read(
        file(
          outlook('free-opaque', '08', 'TRANSP:OPAQUE', 'X-MICROSOFT-CDO-BUSYSTATUS:FREE'),
          outlook('free-alone', '09', 'X-MICROSOFT-CDO-BUSYSTATUS:free'),
          outlook('tentative', '10', 'TRANSP:OPAQUE', 'X-MICROSOFT-CDO-BUSYSTATUS:TENTATIVE'),
          outlook('busy', '11', 'X-MICROSOFT-CDO-BUSYSTATUS:BUSY'),
          outlook('away', '12', 'X-MICROSOFT-CDO-BUSYSTATUS:OOF'),
          // A free series whose one occurrence was moved and marked busy: only the moved occurrence blocks.
          outlook('free-series', '13', 'X-MICROSOFT-CDO-BUSYSTATUS:FREE', 'RRULE:FREQ=WEEKLY;COUNT=3'),
          [
            'UID:free-series',
            'RECURRENCE-ID;TZID=Eastern Standard Time:20300112T130000',
            'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
            'DTSTART;TZID=Eastern Standard Time:20300112T140000',
            'DTEND;TZID=Eastern Standard Time:20300112T143000',
          ],
        ),
      ),
    ).toEqual([
      '2030-01-05T15:00:00.000Z 2030-01-05T15:30:00.000Z',
      '2030-01-05T16:00:00.000Z 2030-01-05T16:30:00.000Z',
      '2030-01-05T17:00:00.000Z 2030-01-05T17:30:00.000Z',
      '2030-01-12T19:00:00.000Z 2030-01-12T19:30:00.000Z',
    ]);
  });

  it('refuses what is not an iCalendar file', () => {
    expect(() => read('<html><body>Sign in</body></html>')).toThrow(NotICalendarError);
    expect(() => read('BEGIN:VCALENDAR\r\nthis is not a property')).toThrow(NotICalendarError);
  });

  it("applies an override to its own series only: Choir's cancelled Saturday leaves Soccer's busy at the same hour", () => {
    const series = (uid: string, end: string) => [
      `UID:${uid}`,
      'DTSTART;TZID=America/New_York:20301130T120000',
      `DTEND;TZID=America/New_York:20301130T${end}`,
      'RRULE:FREQ=WEEKLY;COUNT=4',
    ];
    const text = zoned(
      usTimezone('America/New_York', '-0500', '-0400'),
      series('choir', '130000'),
      series('soccer', '150000'),
      [
        'UID:choir',
        'RECURRENCE-ID;TZID=America/New_York:20301214T120000',
        'DTSTART;TZID=America/New_York:20301214T120000',
        'DTEND;TZID=America/New_York:20301214T130000',
        'STATUS:CANCELLED',
      ],
      [
        'UID:choir',
        'RECURRENCE-ID;TZID=America/New_York:20301207T120000',
        'DTSTART;TZID=America/New_York:20301207T170000',
        'DTEND;TZID=America/New_York:20301207T180000',
      ],
    );
    const times = busyTimesOf(text, new Date('2030-11-01T00:00:00Z'), new Date('2031-01-01T00:00:00Z')).map(
      (busy) => `${busy.startsAt.toISOString()} ${busy.endsAt.toISOString()}`,
    );
    expect(times).toEqual([
      '2030-11-30T17:00:00.000Z 2030-11-30T18:00:00.000Z',
      '2030-11-30T17:00:00.000Z 2030-11-30T20:00:00.000Z',
      // Soccer keeps its 7 December; Choir's moved to 5 p.m.
      '2030-12-07T17:00:00.000Z 2030-12-07T20:00:00.000Z',
      '2030-12-07T22:00:00.000Z 2030-12-07T23:00:00.000Z',
      // Choir's 14 December is cancelled; Soccer's stays.
      '2030-12-14T17:00:00.000Z 2030-12-14T20:00:00.000Z',
      '2030-12-21T17:00:00.000Z 2030-12-21T18:00:00.000Z',
      '2030-12-21T17:00:00.000Z 2030-12-21T20:00:00.000Z',
    ]);
  });

  it('an hourly rule from 2014 gives its busy times in the range or fails in words, never nothing silently', { timeout: 20_000 }, () => {
    const text = file(['UID:h', 'DTSTART:20140101T000000Z', 'DURATION:PT10M', 'RRULE:FREQ=HOURLY']);
    let times: ReturnType<typeof busyTimesOf> | undefined;
    try {
      times = busyTimesOf(text, new Date('2030-01-01T00:00:00Z'), new Date('2030-01-02T00:00:00Z'));
    } catch (error) {
      expect(error).toBeInstanceOf(TooManyRepeatsError);
    }
    if (times) expect(times).toHaveLength(24);
  });

  it('skips a series that ended before the range, and still reads one that goes on', () => {
    const text = file(
      ['UID:old', 'DTSTART:20140101T000000Z', 'DURATION:PT10M', 'RRULE:FREQ=HOURLY;UNTIL=20200101T000000Z'],
      ['UID:new', 'DTSTART:20300105T150000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=2'],
    );
    expect(read(text)).toEqual(['2030-01-05T15:00:00.000Z 2030-01-05T16:00:00.000Z', '2030-01-12T15:00:00.000Z 2030-01-12T16:00:00.000Z']);
  });

  it('reads a file of 12,000 single events in a time linear in its size', { timeout: 60_000 }, () => {
    const events = Array.from({ length: 12_000 }, (_, index) => [
      `UID:single-${index}`,
      `DTSTART:203001${String((index % 28) + 1).padStart(2, '0')}T150000Z`,
      'DURATION:PT1H',
    ]);
    const text = file(...events);
    // Measured against ical.js's own parse of the same text, so that a busy machine does not fail it: reading every
    // event against every other (as ical.js does when an event is made without its exceptions) takes many times more.
    // Each is the fastest of three runs: a run the machine interrupted says nothing about the code.
    const fastest = (run: () => void) =>
      Math.min(
        ...[0, 1, 2].map(() => {
          const started = performance.now();
          run();
          return performance.now() - started;
        }),
      );
    const parsing = fastest(() => ICAL.parse(text));
    const reading = fastest(() => expect(read(text)).toHaveLength(12_000));
    expect(reading).toBeLessThan(Math.max(2000, parsing * 5));
  });
});
