import { ApiRequestError } from './api-client.ts';
import { reportError } from './error-reporter.ts';
import { refreshSession } from './session.ts';

/** A request the browser itself gave up on (a page left, a question cleared): nothing failed. */
function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * A failure the user cannot fix and nobody has recorded yet: our own code threw, or a 5xx came from something
 * in front of our server (no standard error body). A 5xx in our error shape is already in the error log.
 */
export function isServerFault(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status >= 500 && error.code === 'UNKNOWN';
  return !isAbort(error);
}

/** Any failure the server has not written to the error log itself: its refusals (4xx), a lost network, our faults. */
function isUnrecorded(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status < 500 || error.code === 'UNKNOWN';
  return !isAbort(error);
}

/** The server's user-facing explanation of a failed call, when there is one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.message : undefined;
}

/** The server says the session is not what the screen believes: ended, not verified, or without its profile. */
const SESSION_CODES = new Set(['UNAUTHENTICATED', 'NOT_VERIFIED', 'PROFILE_REQUIRED']);

export type FailureRecord = {
  /** The name the error log files the failure under. */
  componentName: string;
  /**
   * Which failures go to the error log: `faults` (the default) only what nobody has recorded, `every` also the
   * server's refusals (the back office's texts promise "an entry on the error table has been created").
   */
  record?: 'faults' | 'every';
  /** The appointment (or entry) the failure concerns, for the error log. */
  appointmentIdentifier?: string | undefined;
};

/**
 * What is done with every failed call, besides showing the screen's own message: record it in the error log
 * (once: never what the server recorded itself), and re-read the session when the server says it has changed (so
 * the guard can take over). Failed writes come here through the query client's mutation cache, reads and the
 * writes outside React Query (the header's Logout) directly.
 */
export function noteFailure(error: unknown, failure: string | FailureRecord): void {
  const { componentName, record = 'faults', appointmentIdentifier } = typeof failure === 'string' ? { componentName: failure } : failure;
  if (record === 'every' ? isUnrecorded(error) : isServerFault(error)) {
    void reportError({ error, componentName, ...(appointmentIdentifier ? { appointmentIdentifier } : {}) });
  }
  if (error instanceof ApiRequestError && SESSION_CODES.has(error.code)) {
    refreshSession().catch(() => {
      // Reported by the session itself.
    });
  }
}
