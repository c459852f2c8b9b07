import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are logged: the app's own, which say what was asked for and never who asked or a key
 * to anything. Every other parameter's value (one-time codes, tokens, e-mail addresses, the trusted contact's stop
 * link, what a probe makes up) is logged as "[redacted]".
 */
const LOGGED_PARAMETERS = new Set(['mode', 'lang', 'collection', 'page', 'appointment', 'next', 'callbackURL', 'scope', 'error']);
/** Parameters logged only when their value is a date (`/api/admin/paid?from=…&to=…`): `to` is an address elsewhere. */
const DATE_PARAMETERS = new Set(['from', 'to', 'month']);
const DATE_VALUE = /^\d{4}-\d{2}(-\d{2})?$/;
/** An e-mail address in a value, as typed or percent-encoded: never logged, whatever the parameter (`/dev/mailbox?to=`). */
const EMAIL_IN_VALUE = /@|%40/i;
/**
 * Path segments that carry a token themselves (better-auth's reset link, the owner's calendar feed
 * /calendar/SECRET.ics, a reminder call's key webhook /api/voice/reminder/TOKEN).
 */
const SECRET_SEGMENT_AFTER = new Set(['reset-password', 'verify-email', 'magic-link', 'calendar', 'reminder']);

/**
 * A URL as it may be logged: the value of every parameter but the app's own harmless ones, every e-mail address, and
 * every token in the path replaced by "[redacted]" (README, decision 012: no secrets, tokens or personal data).
 */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const segments = path.split('/');
  for (let index = 1; index < segments.length; index++) {
    if (SECRET_SEGMENT_AFTER.has(segments[index - 1] ?? '') && segments[index]) segments[index] = '[redacted]';
  }
  if (query === undefined) return segments.join('/');
  const parameters = query.split('&').map((pair) => {
    const [name = '', value] = pair.split(/=(.*)/s, 2);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // An undecodable name is logged as it came; its value is still judged by the raw name.
    }
    const logged =
      (LOGGED_PARAMETERS.has(decoded) && !EMAIL_IN_VALUE.test(value ?? '')) ||
      (DATE_PARAMETERS.has(decoded) && DATE_VALUE.test(value ?? ''));
    return value !== undefined && !logged ? `${name}=[redacted]` : pair;
  });
  return `${segments.join('/')}?${parameters.join('&')}`;
}

/** Pino's request serializer: what Fastify logs of each request, with secrets taken out of the URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
