import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorParams } from '../../shared/api-error.ts';
import { english, fillIn } from '../../shared/english.ts';
import { attemptWait, GENERIC_SERVER_ERROR_MESSAGE, tooManyAttempts } from '../../shared/messages.ts';

/**
 * An error a route throws on purpose: its message is meant for the user. A message with values is thrown as its
 * template (an `english('…')` text with `{name}` placeholders) and the values: the message becomes the filled-in
 * English (for logs, API users and as the fallback), and the values travel in the body as `params`, with which the
 * browser shows the same template in the customer's language (src/shared/error-texts.ts).
 */
export class HttpError extends Error {
  readonly params: ErrorParams | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    params?: ErrorParams,
  ) {
    super(params ? fillIn(message, params) : message);
    this.name = 'HttpError';
    this.params = params;
  }
}

/** A rate limit's refusal: the wait in English, and its count and unit as the params (src/shared/error-texts.ts). */
export function tooManyAttemptsError(milliseconds: number): HttpError {
  return new HttpError(429, 'RATE_LIMITED', tooManyAttempts(milliseconds), attemptWait(milliseconds));
}

/**
 * PostgreSQL's codes for a connection that was cut or could not be made (class 08, and 57P01 to 57P03: the server
 * ended the session, is shutting down, or cannot take connections yet).
 */
const CONNECTION_LOSS_CODES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);
const CONNECTION_LOSS_MESSAGES =
  /Connection terminated|connection is closed|Client has encountered a connection error|ECONNRESET|ECONNREFUSED/i;

/**
 * Whether an error, or one of its causes, is a database connection lost under a query (a restart, a failover,
 * `pg_terminate_backend`): the request is answered 503, a moment's unavailability, not a fault of the app (issue 42).
 */
export function isConnectionLoss(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_LOSS_CODES.has(code) || code === 'ECONNRESET' || code === 'ECONNREFUSED')) return true;
  if (CONNECTION_LOSS_MESSAGES.test(error.message)) return true;
  return isConnectionLoss(error.cause, depth + 1);
}

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  400: english('The request was not valid.'),
  401: english('Please log in first.'),
  403: english('Not Authorized'),
  404: english('Not found.'),
  405: english('That method is not allowed here.'),
  406: english('That response format is not available.'),
  413: english('That request is too large.'),
  414: english('That address is too long.'),
  415: english('That content type is not supported; send JSON.'),
  429: english('Too many requests. Please wait a moment and try again.'),
};

/** The user-facing text of a client error status, for errors that bring no message of their own. */
export function clientErrorMessage(statusCode: number): string {
  return CLIENT_ERROR_MESSAGES[statusCode] ?? CLIENT_ERROR_MESSAGES[400] ?? english('The request was not valid.');
}

export function sendError(reply: FastifyReply, statusCode: number, code: string, message: string, params?: ErrorParams) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ error: { code, message, ...(params ? { params } : {}) } });
}

/** A client error Fastify raised itself (FST_*): its status, with our code and message. */
function sendFastifyClientError(reply: FastifyReply, statusCode: number, error: FastifyError) {
  const code = !error.code?.startsWith('FST_')
    ? error.code
    : statusCode === 413
      ? 'PAYLOAD_TOO_LARGE'
      : statusCode === 414
        ? 'URI_TOO_LONG'
        : 'BAD_REQUEST';
  return sendError(reply, statusCode, code ?? 'BAD_REQUEST', CLIENT_ERROR_MESSAGES[statusCode] ?? error.message);
}

/**
 * Fastify's `frameworkErrors`: what it refuses before any route or hook runs (a path whose percent-encoding is
 * broken, a path parameter over its length limit) gets the standard shape too, not Fastify's own.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return sendFastifyClientError(reply, statusCode, error);
}

/**
 * The central error handler: one error shape for every failure, user-facing messages for 4xx, internals hidden
 * on 5xx, and every server failure written to the error log with the request's context.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) return sendError(reply, error.statusCode, error.code, error.message, error.params);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const detail = first?.message ? `${field ? `${field}: ` : ''}${first.message}` : CLIENT_ERROR_MESSAGES[400];
      return sendError(reply, 400, 'VALIDATION_FAILED', detail ?? english('The request was not valid.'));
    }

    const statusCode = !isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode < 500) return sendFastifyClientError(reply, statusCode, error);

    request.log.error({ err: error }, 'request failed');
    await app.recordError({
      userId: request.viewerId,
      errorMessage: `${request.method} ${request.routeOptions.url ?? request.url}: ${error.message}`,
      componentName: 'server',
      source: 'server',
    });
    // better-auth answers a failed session look-up (asked twice: session-cache.ts) as its own 500, without its cause.
    const sessionLookUpFailed = (error as { body?: { code?: unknown } }).body?.code === 'FAILED_TO_GET_SESSION';
    if (isConnectionLoss(error) || sessionLookUpFailed) return sendError(reply, 503, 'UNAVAILABLE', GENERIC_SERVER_ERROR_MESSAGE);
    return sendError(reply, statusCode === 503 ? 503 : 500, 'INTERNAL', GENERIC_SERVER_ERROR_MESSAGE);
  });
});
