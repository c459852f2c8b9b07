import { ApiRequestError } from '../../../lib/api-client.ts';

/** The server's explanation of a refusal (4xx), when it gave one. */
export function refusalMessage(error: unknown): string | undefined {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : undefined;
}
