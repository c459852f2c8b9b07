import type { ApiError } from '../../shared/api-error.ts';
import { GENERIC_SERVER_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '../../shared/messages.ts';

/** A failed API call, carrying the server's error code and its user-facing message. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

function isApiError(payload: unknown): payload is ApiError {
  const error = (payload as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

export type ApiRequest = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown; signal?: AbortSignal };

/** The one fetch wrapper: JSON in, JSON out, the server's error shape turned into an ApiRequestError. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? 'GET',
      credentials: 'same-origin',
      headers:
        request.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
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
    if (isApiError(payload)) throw new ApiRequestError(response.status, payload.error.code, payload.error.message);
    throw new ApiRequestError(response.status, 'UNKNOWN', GENERIC_SERVER_ERROR_MESSAGE);
  }
  return payload as T;
}
