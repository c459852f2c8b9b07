import { ApiRequestError } from '../../../lib/api-client.ts';
import { isServerFault, noteFailure } from '../../../lib/api-failure.ts';
import { reportError } from '../../../lib/error-reporter.ts';

/**
 * A failed back-office change. The spec's text promises "an entry on the error table has been created", so
 * every such failure is written to the error log with the appointment it concerns, not only server faults.
 */
export function recordAdminFailure(error: unknown, componentName: string, appointmentIdentifier?: string): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  void reportError({ error, componentName, appointmentIdentifier });
  // For a refusal, noteFailure reports nothing more; it re-reads the session when the server says it ended.
  if (!isServerFault(error)) noteFailure(error, componentName);
}

/** The server's explanation of a refusal (4xx), when it gave one. */
export function refusalMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : undefined;
}
