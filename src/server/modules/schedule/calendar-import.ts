import { STATUS_CODES } from 'node:http';
import { addDays } from 'date-fns';
import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../../shared/account.ts';
import { businessClockOf, businessDateOf, businessDayStart, type ClosedSpan } from '../../../shared/business-time.ts';
import type { ErrorRecorder } from '../../../shared/error-log.ts';
import { type AffectedAppointment, type CalendarImportStatus, SCHEDULE_TEXTS } from '../../../shared/schedule.ts';
import type { Database, Executor } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { ConfigLogService } from '../config-log/index.ts';
import { announceSlotChange } from '../events/index.ts';
import {
  allBusyTimes,
  busyTimesBetween,
  claimFetchTurn,
  readCalendarImport,
  replaceBusyTimes,
  updateCalendarImport,
} from './calendar-import-queries.ts';
import { type BusyTime, busyTimesOf, NotICalendarError, TooManyRepeatsError } from './ics-busy-times.ts';
import { calendarAddressOf, type FetchFailure, SafeFetchError, safeFetch } from './safe-fetch.ts';
import { monthsTouched } from './schedule-service.ts';

/** How long one fetch may take, how big the file may be, and how many redirects are followed (decision 037). */
export const CALENDAR_FETCH_TIMEOUT_MS = 15_000;
export const CALENDAR_MAX_BYTES = 5_000_000;
export const CALENDAR_MAX_REDIRECTS = 3;
/** Busy times are read this far past the last day customers may book. */
const HORIZON_MARGIN_DAYS = 14;
/**
 * A 304 keeps the busy times read up to the last 200's horizon; once today's horizon has passed that by half the
 * margin, the file is asked for whole (no validators) so that the new far days are read too.
 */
const STALE_HORIZON_MS = (HORIZON_MARGIN_DAYS / 2) * 24 * 3600_000;
/** A feed failing this long is written to the error log (once) and shown on the dashboard. */
export const FAILING_REPORT_MS = 60 * 60 * 1000;

export type CalendarImportOptions = {
  intervalMinutes: number;
  allowPrivate: boolean;
  /** How far ahead customers may book (BOOKING_WINDOW_DAYS). */
  bookingWindowDays: number;
  timeoutMs?: number;
  maxBytes?: number;
};

/** The open visits the busy times overlap (the schedule service's, which reads them through the appointments module). */
export type AffectedBy = (spans: readonly ClosedSpan[]) => Promise<AffectedAppointment[][]>;

/**
 * Replaces the busy times with `spans` and, inside the same transaction, announces a slot change for each New York
 * month a busy time came into or went out of (as time off does), so that open booking pickers refetch.
 */
async function replaceAndAnnounce(tx: Executor, spans: readonly BusyTime[]): Promise<void> {
  const key = (span: BusyTime) => `${span.startsAt.getTime()}/${span.endsAt.getTime()}`;
  const before = await allBusyTimes(tx);
  const beforeKeys = new Set(before.map(key));
  const afterKeys = new Set(spans.map(key));
  const changed = [...before.filter((span) => !afterKeys.has(key(span))), ...spans.filter((span) => !beforeKeys.has(key(span)))];
  await replaceBusyTimes(tx, spans);
  const months = new Map<string, Date>();
  for (const span of changed) {
    for (const instant of monthsTouched(span.startsAt, span.endsAt)) {
      const month = businessDateOf(instant).slice(0, 7);
      if (!months.has(month)) months.set(month, instant);
    }
  }
  for (const instant of months.values()) await announceSlotChange(tx, instant);
}

/** The owner's words for why a fetch failed; never the address (it holds the secret). */
export function failureWords(failure: FetchFailure | 'not-icalendar' | 'too-many-repeats'): string {
  if (failure === 'not-icalendar') return 'The file is not an iCalendar file.';
  if (failure === 'too-many-repeats') {
    return 'The calendar has too many repeating events to read; end old repeating events (give them an end date) and it will be read again.';
  }
  switch (failure.kind) {
    case 'http-status':
      return `The calendar address answered ${failure.status} ${STATUS_CODES[failure.status] ?? 'Unknown'}.`;
    case 'timeout':
      return `The calendar took longer than ${failure.seconds} seconds to answer.`;
    case 'too-large':
      return `The calendar is larger than ${failure.megabytes} MB.`;
    case 'not-public':
      return 'That address is not a public web address.';
    case 'bad-address':
      return 'The calendar address led to something that is not a web address.';
    case 'too-many-redirects':
      return 'The calendar address sent us on to other addresses too many times.';
    case 'network':
      if (failure.code === 'ENOTFOUND' || failure.code === 'EAI_AGAIN') return 'No server was found at that address.';
      if (failure.code === 'ECONNREFUSED') return "The calendar's server refused the connection.";
      if (failure.code === 'ECONNRESET') return "The calendar's server closed the connection.";
      if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(failure.code)) return "The calendar's server has no valid security certificate.";
      return `The calendar could not be reached (${failure.code}).`;
  }
}

/** The address as the screen shows it: its scheme and host, and the rest (the secret) masked. */
export function maskedAddress(url: string): { host: string; masked: string } | undefined {
  const parsed = calendarAddressOf(url);
  if (!parsed) return undefined;
  return { host: parsed.host, masked: `${parsed.protocol}//${parsed.host}/••••••••` };
}

/**
 * The owner's own calendar (issue 39, decision 037): the secret ICS address pasted on the time-off screen, fetched on
 * the scheduler's interval under the fetch guard (safe-fetch.ts), read with ical.js (ics-busy-times.ts), its busy
 * times stored whole in one transaction (the 't' notice closes their slots in every process). A failed fetch keeps
 * the last good busy times. The address is never logged nor answered whole.
 */
export class CalendarImportService {
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly db: Database,
    private readonly configLog: ConfigLogService,
    private readonly affectedBy: AffectedBy,
    private readonly recordError: ErrorRecorder,
    private readonly log: FastifyBaseLogger,
    private readonly options: CalendarImportOptions,
  ) {}

  async status(now = new Date()): Promise<CalendarImportStatus> {
    const row = await readCalendarImport(this.db);
    const shown = row.url ? maskedAddress(row.url) : undefined;
    const busy = row.url ? await busyTimesBetween(this.db, now, this.horizonEnd(now)) : [];
    const affected = busy.length > 0 ? (await this.affectedBy(busy)).flat() : [];
    const seen = new Set<string>();
    return {
      isSet: row.url !== null,
      host: shown?.host ?? null,
      maskedAddress: shown?.masked ?? null,
      fetchedAt: row.fetchedAt?.toISOString() ?? null,
      succeededAt: row.succeededAt?.toISOString() ?? null,
      busyCount: row.url ? row.busyCount : 0,
      error: row.error,
      failingSince: row.failingSince?.toISOString() ?? null,
      failingForAnHour: row.failingSince !== null && now.getTime() - row.failingSince.getTime() >= FAILING_REPORT_MS,
      intervalMinutes: this.options.intervalMinutes,
      affected: affected
        .filter((visit) => new Date(visit.startsAt).getTime() >= now.getTime() && !seen.has(visit.appointmentId))
        .filter((visit) => seen.add(visit.appointmentId))
        .sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
    };
  }

  private horizonEnd(now: Date): Date {
    return addDays(now, this.options.bookingWindowDays + HORIZON_MARGIN_DAYS);
  }

  /** Sets (or replaces) the address, drops the busy times of the one before, and fetches it at once. */
  async setAddress(admin: SessionUser, input: string, now = new Date()): Promise<CalendarImportStatus> {
    const url = calendarAddressOf(input);
    if (!url) throw new HttpError(400, 'INVALID_CALENDAR_ADDRESS', SCHEDULE_TEXTS.calendarAddressInvalid);
    const address = url.toString();
    const replaced = await this.db.transaction(async (tx) => {
      const before = await readCalendarImport(tx, true);
      await replaceAndAnnounce(tx, []);
      await updateCalendarImport(tx, {
        url: address,
        etag: null,
        lastModified: null,
        expandedUntil: null,
        // Fetched just below: the scheduler's pass leaves it to this one.
        fetchedAt: now,
        succeededAt: null,
        busyCount: 0,
        error: null,
        failingSince: null,
        failureLoggedAt: null,
      });
      return before.url !== null;
    });
    await this.configLog.add(admin, {
      date: businessDateOf(now),
      time: businessClockOf(now),
      collectionName: 'software',
      context: 'Calendar import (back office)',
      description: replaced
        ? `The owner's own calendar was replaced by another (at ${url.host}); its busy times close slots.`
        : `The owner's own calendar (at ${url.host}) was connected; its busy times close slots.`,
    });
    await this.fetchNow(now);
    return this.status(now);
  }

  /** Stops importing: the address and every busy time go. */
  async remove(admin: SessionUser, now = new Date()): Promise<void> {
    const removed = await this.db.transaction(async (tx) => {
      const before = await readCalendarImport(tx, true);
      if (before.url === null) return false;
      await replaceAndAnnounce(tx, []);
      await updateCalendarImport(tx, {
        url: null,
        etag: null,
        lastModified: null,
        expandedUntil: null,
        fetchedAt: null,
        succeededAt: null,
        busyCount: 0,
        error: null,
        failingSince: null,
        failureLoggedAt: null,
      });
      return true;
    });
    if (!removed) return;
    await this.configLog.add(admin, {
      date: businessDateOf(now),
      time: businessClockOf(now),
      collectionName: 'software',
      context: 'Calendar import (back office)',
      description: "The owner's own calendar was disconnected; its busy times no longer close slots.",
    });
  }

  /** The scheduler's pass: fetches when an address is set and the interval has passed since the last fetch. */
  async fetchIfDue(now = new Date()): Promise<void> {
    // One statement claims the turn: of several instances passing at once, one fetches.
    const before = new Date(now.getTime() - (this.options.intervalMinutes * 60_000 - 5_000));
    if (!(await claimFetchTurn(this.db, now, before))) return;
    await this.fetchNow(now);
  }

  /** Fetches now (one at a time in this process; a second call waits for the first and fetches again). */
  async fetchNow(now = new Date()): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
    const run = this.fetchOnce(now);
    this.running = run;
    try {
      await run;
    } finally {
      this.running = undefined;
    }
  }

  private async fetchOnce(now: Date): Promise<void> {
    const row = await readCalendarImport(this.db);
    if (!row.url) return;
    const url = row.url;
    let busy: BusyTime[] | 'unchanged';
    let validators: { etag: string | null; lastModified: string | null } = { etag: row.etag, lastModified: row.lastModified };
    const horizon = this.horizonEnd(now);
    const stale = row.expandedUntil === null || horizon.getTime() - row.expandedUntil.getTime() > STALE_HORIZON_MS;
    let expandedUntil = row.expandedUntil;
    try {
      const answer = await safeFetch(url, {
        etag: stale ? null : row.etag,
        lastModified: stale ? null : row.lastModified,
        timeoutMs: this.options.timeoutMs ?? CALENDAR_FETCH_TIMEOUT_MS,
        maxBytes: this.options.maxBytes ?? CALENDAR_MAX_BYTES,
        maxRedirects: CALENDAR_MAX_REDIRECTS,
        allowPrivate: this.options.allowPrivate,
      });
      if (answer.status === 304) busy = 'unchanged';
      else {
        busy = busyTimesOf(answer.body, businessDayStart(businessDateOf(now)), horizon);
        validators = { etag: answer.etag, lastModified: answer.lastModified };
        expandedUntil = horizon;
      }
    } catch (error) {
      let words: string;
      if (error instanceof SafeFetchError) words = failureWords(error.failure);
      else if (error instanceof NotICalendarError) words = failureWords('not-icalendar');
      else if (error instanceof TooManyRepeatsError) words = failureWords('too-many-repeats');
      else {
        this.log.error({ err: error }, 'the calendar import failed unexpectedly');
        words = 'The calendar could not be read.';
      }
      await this.recordFailure(url, words, now);
      return;
    }
    await this.db.transaction(async (tx) => {
      const current = await readCalendarImport(tx, true);
      // The owner changed or removed the address meanwhile: this answer is of another calendar.
      if (current.url !== url) return;
      if (busy !== 'unchanged') await replaceAndAnnounce(tx, busy);
      await updateCalendarImport(tx, {
        ...validators,
        expandedUntil,
        fetchedAt: now,
        succeededAt: now,
        busyCount: busy === 'unchanged' ? current.busyCount : busy.length,
        error: null,
        failingSince: null,
        failureLoggedAt: null,
      });
    });
  }

  /** Keeps the last good busy times; a failure lasting an hour is written to the error log once. */
  private async recordFailure(url: string, words: string, now: Date): Promise<void> {
    const report = await this.db.transaction(async (tx) => {
      const current = await readCalendarImport(tx, true);
      if (current.url !== url) return false;
      const failingSince = current.failingSince ?? now;
      const due = now.getTime() - failingSince.getTime() >= FAILING_REPORT_MS && current.failureLoggedAt === null;
      await updateCalendarImport(tx, { fetchedAt: now, error: words, failingSince, ...(due ? { failureLoggedAt: now } : {}) });
      return due;
    });
    this.log.warn({ calendarImport: words }, 'the calendar import failed');
    if (report) {
      await this.recordError({
        errorMessage: `The owner's own calendar has failed to load for over an hour: ${words} Its last good busy times still close slots.`,
        componentName: 'CalendarImport',
        source: 'server',
      });
    }
  }
}
