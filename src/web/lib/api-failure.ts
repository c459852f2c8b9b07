import { ApiRequestError } from './api-client.ts';
import { reportError } from './error-reporter.ts';
import { refreshSession } from './session.ts';

/**
 * A failure the user cannot fix and nobody has recorded yet: our own code threw, or a 5xx came from something
 * in front of our server (no standard error body). A 5xx in our error shape is already in the error log.
 */
export function isServerFault(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status >= 500 && error.code === 'UNKNOWN';
  return !(error instanceof DOMException && error.name === 'AbortError');
}

/** The server's user-facing explanation of a failed call, when there is one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.message : undefined;
}

/**
 * What every screen does with a failed call, besides showing its own message: report the server's faults, and
 * re-read the session when the server says it has ended (so the guard can take over).
 */
export function noteFailure(error: unknown, componentName: string): void {
  if (isServerFault(error)) void reportError({ error, componentName });
  if (error instanceof ApiRequestError && (error.code === 'UNAUTHENTICATED' || error.code === 'NOT_VERIFIED')) {
    refreshSession().catch(() => {
      // Reported by the session itself.
    });
  }
}
