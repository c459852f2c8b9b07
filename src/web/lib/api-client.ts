import type { ApiError, ErrorParams } from '../../shared/api-error.ts';
import { TAB_ID_HEADER } from '../../shared/events.ts';
import { GENERIC_SERVER_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '../../shared/messages.ts';

function newTabId(): string {
  // getRandomValues, not randomUUID: the latter exists only on https and localhost pages.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * This tab's id, made when the app loads, sent with every write: the server names it as the origin of the change
 * it announces, so the tab knows which live updates are its own writes coming back (see live-invalidation.ts).
 */
export const TAB_ID = newTabId();

/**
 * A failed API call, carrying the server's error code, its user-facing message (English) and the message's values
 * (`params`), with which `errorText` (error-text.ts) shows it in the active language.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly params?: ErrorParams,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

function isApiError(payload: unknown): payload is ApiError {
  const error = (payload as { error?: { code?: unknown; message?: unknown; params?: unknown } } | undefined)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string' && (error.params === undefined || isParams(error.params));
}

function isParams(params: unknown): params is ErrorParams {
  return (
    typeof params === 'object' &&
    params !== null &&
    !Array.isArray(params) &&
    Object.values(params).every((value) => typeof value === 'string' || typeof value === 'number')
  );
}

export type ApiRequest = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal };

/** The one fetch wrapper: JSON in, JSON out, the server's error shape turned into an ApiRequestError. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers[TAB_ID_HEADER] = TAB_ID;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isApiError(payload)) throw new ApiRequestError(response.status, payload.error.code, payload.error.message, payload.error.params);
    throw new ApiRequestError(response.status, 'UNKNOWN', GENERIC_SERVER_ERROR_MESSAGE);
  }
  return payload as T;
}
