import type { FastifyBaseLogger } from 'fastify';
import { ERROR_FIELD_MAX_LENGTH, ERROR_MESSAGE_MAX_LENGTH, NO_USER_ID, storableText } from '../../../shared/error-log.ts';
import type { Database } from '../../db/client.ts';
import { insertErrorLogEntry } from './error-log-queries.ts';

export type ErrorReport = {
  userId?: string | undefined;
  errorMessage: string;
  appointmentIdentifier?: string | undefined;
  componentName: string;
  source: 'server' | 'browser';
};

export type ErrorRecorder = (report: ErrorReport) => Promise<void>;

/**
 * The one error logger. It never throws: when the error log itself cannot be written, the failure and the
 * original report go to the process log instead, as the spec's logger falls back to the console.
 */
export function createErrorRecorder(db: Database, log: FastifyBaseLogger): ErrorRecorder {
  return async (report) => {
    try {
      await insertErrorLogEntry(db, {
        userId: storableText(report.userId || NO_USER_ID).slice(0, ERROR_FIELD_MAX_LENGTH),
        errorMessage: storableText(report.errorMessage).slice(0, ERROR_MESSAGE_MAX_LENGTH),
        appointmentIdentifier: storableText(report.appointmentIdentifier ?? '').slice(0, ERROR_FIELD_MAX_LENGTH),
        componentName: storableText(report.componentName).slice(0, ERROR_FIELD_MAX_LENGTH),
        source: report.source,
      });
    } catch (error) {
      log.error({ err: error, report: { ...report, errorMessage: report.errorMessage.slice(0, 500) } }, 'could not write the error log');
    }
  };
}
