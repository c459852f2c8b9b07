import type { FastifyBaseLogger } from 'fastify';
import { ERROR_LOG_PAGE_SIZE, type ErrorPage } from '../../../shared/admin.ts';
import { APPOINTMENT_TEXTS } from '../../../shared/appointments.ts';
import { formatBusinessDay, formatBusinessTimeOfDay } from '../../../shared/business-time.ts';
import {
  ERROR_FIELD_MAX_LENGTH,
  ERROR_MESSAGE_MAX_LENGTH,
  type ErrorRecorder,
  NO_USER_ID,
  storableText,
} from '../../../shared/error-log.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { scrubPersonalData } from '../../plugins/personal-data.ts';
import type { Limit } from '../../plugins/rate-limit-store.ts';
import {
  countErrorLogEntries,
  deleteErrorLogEntriesOlderThan,
  deleteErrorLogEntry,
  insertErrorLogEntry,
  listErrorLogPage,
} from './error-log-queries.ts';

/**
 * Reports from visitors, across every client and server instance (counted in the database), besides each
 * client's own limit: nobody can fill the log from many addresses at once.
 */
export const ANONYMOUS_REPORTS_LIMIT: Limit = { max: 60, windowSeconds: 60 };

/** How often entries older than ERROR_LOG_RETENTION_DAYS are deleted (and once at start). */
export const ERROR_LOG_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Longer than any e-mail address (64 + 1 + 253 characters), written card or phone number, or the name and
 * separator of a secret: whatever decides whether text before the cut is to be scrubbed lies within it.
 */
const LOOK_BEYOND_CUT = 320;

/**
 * A field as it may be stored: NUL characters made storable, secrets and personal data taken out
 * (`scrubPersonalData`), cut to its length. It is scrubbed before it is cut, so that a cut never leaves the start
 * of a card number or an address behind unrecognised; only a little more than the length is looked at, so a huge
 * text costs little.
 */
function storableField(text: string, maxLength: number): string {
  return scrubPersonalData(storableText(text.slice(0, maxLength + LOOK_BEYOND_CUT))).slice(0, maxLength);
}

/**
 * The one error logger. It never throws: when the error log itself cannot be written, the failure and the
 * original report go to the process log instead, as the spec's logger falls back to the console. Either way every
 * field is scrubbed of secrets and personal data first.
 */
export function createErrorRecorder(db: Database, log: FastifyBaseLogger): ErrorRecorder {
  return async (report) => {
    const entry = {
      userId: storableField(report.userId || NO_USER_ID, ERROR_FIELD_MAX_LENGTH),
      errorMessage: storableField(report.errorMessage, ERROR_MESSAGE_MAX_LENGTH),
      appointmentIdentifier: storableField(report.appointmentIdentifier ?? '', ERROR_FIELD_MAX_LENGTH),
      componentName: storableField(report.componentName, ERROR_FIELD_MAX_LENGTH),
      source: report.source,
    };
    try {
      await insertErrorLogEntry(db, entry);
    } catch (error) {
      log.error({ err: error, report: { ...entry, errorMessage: entry.errorMessage.slice(0, 500) } }, 'could not write the error log');
    }
  };
}

/** Deletes the entries older than the retention period; returns how many. */
export async function purgeExpiredErrorLog(db: Database, retentionDays: number): Promise<number> {
  return deleteErrorLogEntriesOlderThan(db, retentionDays);
}

/**
 * Keeps the error log to its retention period: purges now, then every ERROR_LOG_PURGE_INTERVAL_MS; resolves, once
 * the first purge is done, to the function that stops it. A failed purge is logged and tried again next time.
 */
export async function startErrorLogPurge(db: Database, retentionDays: number, log: FastifyBaseLogger): Promise<() => void> {
  const purge = () =>
    purgeExpiredErrorLog(db, retentionDays).catch((error: unknown) => log.error({ err: error }, 'the error-log purge failed'));
  await purge();
  const timer = setInterval(() => void purge(), ERROR_LOG_PURGE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** One page of the error log for the back office, newest first, with the total count. */
export async function errorLogPage(db: Database, page: number): Promise<ErrorPage> {
  const total = await countErrorLogEntries(db);
  const rows = await listErrorLogPage(db, ERROR_LOG_PAGE_SIZE, (page - 1) * ERROR_LOG_PAGE_SIZE);
  return {
    page,
    pageSize: ERROR_LOG_PAGE_SIZE,
    total,
    entries: rows.map((row) => ({
      errorID: row.id,
      day: formatBusinessDay(row.createdAt),
      time: formatBusinessTimeOfDay(row.createdAt),
      userId: row.userId,
      errorMessage: row.errorMessage,
      appointmentIdentifier: row.appointmentIdentifier,
      componentName: row.componentName,
    })),
  };
}

/** Deletes an entry the owner has dealt with; 404 when it is gone already. */
export async function removeErrorLogEntry(db: Database, id: string): Promise<void> {
  if (!(await deleteErrorLogEntry(db, id))) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.deleteErrorNotified);
}
