import { ERROR_FIELD_MAX_LENGTH, ERROR_MESSAGE_MAX_LENGTH } from '../../shared/error-log.ts';

export type BrowserErrorReport = { error: unknown; componentName: string; appointmentIdentifier?: string };

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/**
 * Sends a failure to the server's error log. It never throws: if the report cannot be delivered, the console
 * is all that is left, as the spec's logger does.
 */
export async function reportError(report: BrowserErrorReport): Promise<void> {
  const body = {
    errorMessage: describeError(report.error).slice(0, ERROR_MESSAGE_MAX_LENGTH) || 'Unknown error',
    componentName: report.componentName.slice(0, ERROR_FIELD_MAX_LENGTH),
    ...(report.appointmentIdentifier ? { appointmentIdentifier: report.appointmentIdentifier.slice(0, ERROR_FIELD_MAX_LENGTH) } : {}),
  };
  try {
    await fetch('/api/errors', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    });
  } catch {
    console.warn('Could not record the error', body);
  }
}
