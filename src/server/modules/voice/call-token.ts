import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token in a reminder call's answer address (decision 040): it names the visit, the time the call spoke of and
 * when it stops being good, signed with the server's secret, so that a key pressed during one call acts on that
 * call's visit only, only while the visit is still at that time, and only for a while. Twilio's own signature on the
 * request proves it came from Twilio; this proves which visit, at which time, it is about. Short enough for a path
 * parameter (Fastify's limit is 100 characters): the visit's id as it is, its start and the expiry in seconds, and
 * 128 bits of the HMAC.
 */
const PURPOSE = 'reminder-call';
/** How long an answer is taken after the call is placed: a call rings, plays and waits for a key for a few minutes. */
export const CALL_TOKEN_SECONDS = 60 * 60;
/** An appointment's id: YYYYMMDD-<uuid>. */
const ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
const SECONDS_PATTERN = /^\d{1,12}$/;

export type CallTokenVisit = { appointmentId: string; startsAt: Date };

const mac = (secret: string, appointmentId: string, starts: number, expires: number) =>
  createHmac('sha256', secret).update(`${PURPOSE}\n${appointmentId}\n${starts}\n${expires}`).digest().subarray(0, 16).toString('base64url');

export function signCallToken(secret: string, visit: CallTokenVisit, now: Date, seconds = CALL_TOKEN_SECONDS): string {
  const starts = Math.floor(visit.startsAt.getTime() / 1000);
  const expires = Math.floor(now.getTime() / 1000) + seconds;
  return `${visit.appointmentId}.${starts}.${expires}.${mac(secret, visit.appointmentId, starts, expires)}`;
}

/** The visit a token names and the time the call spoke of, or undefined when it is forged, altered or expired. */
export function readCallToken(secret: string, token: string, now: Date): CallTokenVisit | undefined {
  const [appointmentId, startsText, expiresText, given, ...rest] = token.split('.');
  if (
    !appointmentId ||
    !ID_PATTERN.test(appointmentId) ||
    !startsText ||
    !SECONDS_PATTERN.test(startsText) ||
    !expiresText ||
    !SECONDS_PATTERN.test(expiresText) ||
    !given ||
    rest.length > 0
  ) {
    return undefined;
  }
  const starts = Number(startsText);
  const expires = Number(expiresText);
  const expected = Buffer.from(mac(secret, appointmentId, starts, expires));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  return expires * 1000 > now.getTime() ? { appointmentId, startsAt: new Date(starts * 1000) } : undefined;
}
