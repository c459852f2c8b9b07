import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are keys to an account or a session: never written to a log. */
const SECRET_PARAMETER = /token|code|secret|password|key|state|signature|session/i;
/** Path segments that carry a token themselves (better-auth's reset link, the owner's calendar feed /calendar/SECRET.ics). */
const SECRET_SEGMENT_AFTER = new Set(['reset-password', 'verify-email', 'magic-link', 'calendar']);

/**
 * A URL as it may be logged: the value of every parameter that can carry a one-time code or token (oobCode,
 * token, code, state, ...) and every token in the path replaced by "[redacted]".
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
    return value !== undefined && SECRET_PARAMETER.test(decoded) ? `${name}=[redacted]` : pair;
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
