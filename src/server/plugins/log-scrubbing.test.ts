import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { routeConsoleToLog, SCRUBBED_LOGGER_OPTIONS, serializeLoggedError } from './log-scrubbing.ts';

const TOKEN = 'Zk3q9VbN2xTq7LmP0aRsYw4eHc8JdUf1';
const EMAIL = 'ann.jones@example.com';

/** A logger as the server makes it, writing its lines to an array. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino({ level: 'info', serializers: { err: serializeLoggedError }, ...SCRUBBED_LOGGER_OPTIONS }, stream);
  return { logger, text: () => lines.join('') };
}

/** drizzle-orm's DrizzleQueryError as drizzle-orm 0.45 writes it (its errors.js): the values in the message and in `params`. */
class DrizzleQueryError extends Error {
  constructor(
    readonly query: string,
    readonly params: unknown[],
    override readonly cause?: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params}`);
  }
}

/** A failed query as drizzle throws it, caused by the driver's error that names the values of a broken key. */
function failedQuery() {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "user_email_idx"'), {
    code: '23505',
    detail: `Key (email)=(${EMAIL}) already exists.`,
    parameters: [EMAIL, TOKEN],
  });
  return new DrizzleQueryError('select * from "session" where "token" = $1 and "email" = $2', [TOKEN, EMAIL], cause);
}

describe('the process log', () => {
  it("keeps a failed query's kind, query and code, never its values, under err", () => {
    const { logger, text } = capturingLogger();
    logger.error({ err: failedQuery() }, 'request failed');
    const line = text();
    expect(line).toContain('Failed query: select * from \\"session\\"');
    expect(line).toContain('23505');
    expect(line).toContain('Key (email)=([redacted])');
    expect(line).not.toContain(TOKEN);
    expect(line).not.toContain(EMAIL);
  });

  it('scrubs the errors a library passes in its own arguments (better-auth logs { args: [error] })', () => {
    const { logger, text } = capturingLogger();
    logger.error({ args: [failedQuery(), { headers: { cookie: `techhelp.session_token=${TOKEN}` } }] }, 'auth: INTERNAL_SERVER_ERROR');
    const line = text();
    expect(line).toContain('auth: INTERNAL_SERVER_ERROR');
    expect(line).toContain('DrizzleQueryError');
    expect(line).not.toContain(TOKEN);
    expect(line).not.toContain(EMAIL);
  });

  it('scrubs the message texts too, and leaves the request lines as their serializers made them', () => {
    const { logger, text } = capturingLogger();
    logger.warn(`could not reach ${EMAIL} with Authorization: Bearer ${TOKEN}`);
    logger.info({ req: { method: 'GET', url: '/api/appointments' }, responseTime: 3 }, 'request completed');
    const line = text();
    expect(line).not.toContain(TOKEN);
    expect(line).not.toContain(EMAIL);
    expect(line).toContain('"url":"/api/appointments"');
    expect(line).toContain('"responseTime":3');
  });

  it("takes what a library prints to the console (better-auth's adapter: console.error(error)) into the scrubbed log", () => {
    const { logger, text } = capturingLogger();
    const { error, warn } = console;
    try {
      routeConsoleToLog({
        error: (object, message) => logger.error(object, message),
        warn: (object, message) => logger.warn(object, message),
      });
      console.error(failedQuery());
      console.warn(`session token=${TOKEN} for ${EMAIL}`);
    } finally {
      console.error = error;
      console.warn = warn;
    }
    const line = text();
    expect(line).toContain('"msg":"console.error"');
    expect(line).toContain('Failed query');
    expect(line).toContain('"msg":"console.warn"');
    expect(line).not.toContain(TOKEN);
    expect(line).not.toContain(EMAIL);
  });
});
