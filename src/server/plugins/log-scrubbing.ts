import { SECRET_PLACEHOLDER, scrubPersonalData } from './personal-data.ts';

/**
 * The process log's last guard (issue 42): whatever library wrote a line (ours, Fastify, better-auth, drizzle, the
 * PostgreSQL driver), no session token, cookie, one-time code or personal data leaves in it. A failed query's
 * parameters (drizzle's `params`, a driver's `parameters`) are the values of the query: a session token, an e-mail
 * address, a name. They are dropped whole, as are headers; every other text is scrubbed as the error log's fields are
 * (`scrubPersonalData`).
 */

/** Keys whose value is never logged, at any depth: query values, credentials, headers. */
const DROPPED_KEYS = new Set([
  'params',
  'parameters',
  'values',
  'headers',
  'cookie',
  'cookies',
  'authorization',
  'password',
  'token',
  'sessionToken',
  'session_token',
  'secret',
  'otp',
]);

/** How deep a logged object is followed; beyond it, a value is logged as a placeholder. */
const MAX_DEPTH = 6;

/** A text as it may be logged: as the error log's fields are (`scrubPersonalData`, a failed query's values included). */
export function scrubLogText(text: string): string {
  return scrubPersonalData(text);
}

/** An error as it may be logged: its kind, code, message, stack and causes, each text scrubbed; never its values. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return scrubLogValue(error, depth);
  const type = error.constructor?.name && error.constructor.name !== 'Object' ? error.constructor.name : error.name;
  const serialized: Record<string, unknown> = { type, message: scrubLogText(error.message) };
  if (error.stack) serialized.stack = scrubLogText(error.stack);
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key === 'message' || key === 'stack') continue;
    serialized[key] = DROPPED_KEYS.has(key) ? SECRET_PLACEHOLDER : scrubLogValue(value, depth + 1);
  }
  if (error.cause !== undefined) serialized.cause = depth < MAX_DEPTH ? serializeError(error.cause, depth + 1) : SECRET_PLACEHOLDER;
  return serialized;
}

/** Any value as it may be logged: texts scrubbed, errors serialized, dropped keys' values replaced, at any depth. */
export function scrubLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubLogText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return SECRET_PLACEHOLDER;
  if (value instanceof Error) return serializeError(value, depth);
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => scrubLogValue(item, depth + 1));
  if (Buffer.isBuffer(value)) return SECRET_PLACEHOLDER;
  const scrubbed: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    scrubbed[key] = DROPPED_KEYS.has(key) ? SECRET_PLACEHOLDER : scrubLogValue(item, depth + 1);
  }
  return scrubbed;
}

/** The request log's own keys, already made safe by their serializers (the URL is redacted): passed through as they are. */
const REQUEST_LOG_KEYS = new Set(['req', 'res', 'responseTime', 'reqId']);

/**
 * Pino's `formatters.log`: the object of each line, scrubbed. The request lines Fastify writes for every request
 * (only `req`, `res`, `responseTime`) are left as their serializers made them, so the common line costs nothing.
 */
export function scrubLogObject(object: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(object);
  if (keys.every((key) => REQUEST_LOG_KEYS.has(key))) return object;
  const scrubbed: Record<string, unknown> = {};
  for (const key of keys) {
    const value = object[key];
    if (REQUEST_LOG_KEYS.has(key)) scrubbed[key] = value;
    else if (key === 'err' || key === 'error') scrubbed[key] = serializeError(value);
    else scrubbed[key] = DROPPED_KEYS.has(key) ? SECRET_PLACEHOLDER : scrubLogValue(value);
  }
  return scrubbed;
}

/** Pino's `hooks.logMethod`: the line's message texts scrubbed too (`log.error('…' + detail)`). */
function scrubMessages(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
  method.apply(
    this,
    args.map((arg) => (typeof arg === 'string' ? scrubLogText(arg) : arg)),
  );
}

/** The logger options of the server: errors serialized without their values, and every line and message scrubbed. */
export const SCRUBBED_LOGGER_OPTIONS = {
  formatters: { log: scrubLogObject },
  hooks: { logMethod: scrubMessages },
};

/** Pino's `err` serializer: an error logged under `err` (Fastify's own lines too), as `serializeError` makes it. */
export function serializeLoggedError(error: Error): { [key: string]: unknown; type: string; message: string; stack: string } {
  const serialized = serializeError(error);
  const fields = serialized !== null && typeof serialized === 'object' ? (serialized as Record<string, unknown>) : {};
  return {
    ...fields,
    type: typeof fields.type === 'string' ? fields.type : 'Error',
    message: typeof fields.message === 'string' ? fields.message : scrubLogText(String(serialized)),
    stack: typeof fields.stack === 'string' ? fields.stack : '',
  };
}

type LineWriter = (object: Record<string, unknown>, message: string) => void;

/**
 * Sends what libraries print to the console themselves (better-auth's database adapter prints a failed query, its
 * values included, with console.error) through the server's scrubbed log instead, as one JSON line of its level.
 * Called once by the server's start (main.ts), not by buildApp: tests watch the console themselves.
 */
export function routeConsoleToLog(log: { error: LineWriter; warn: LineWriter }): void {
  console.error = (...args: unknown[]) => log.error({ args }, 'console.error');
  console.warn = (...args: unknown[]) => log.warn({ args }, 'console.warn');
}
