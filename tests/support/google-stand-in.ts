import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { cookieFrom } from './accounts.ts';

const TOKEN_ENDPOINT = 'https://oauth2.googleapis.com/token';

/** A JWT as Google's token endpoint gives it; better-auth only decodes the one it fetched itself, so it goes unsigned. */
function idToken(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', kid: 'stand-in', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

/**
 * A stand-in for Google's token endpoint, in the test's process (better-auth's address is fixed, so `fetch` is
 * wrapped): a code exchanged answers an ID token for the person of `signInWithGoogle`, whose code names them. Every
 * other request goes to the real `fetch`. Call `vi.unstubAllGlobals()` after the file's tests.
 */
export function standInForGoogle(clientId: string): void {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(TOKEN_ENDPOINT)) return realFetch(input, init);
    const form = new URLSearchParams(String(init?.body ?? ''));
    const person = JSON.parse(Buffer.from(form.get('code') ?? '', 'base64url').toString()) as { email: string; sub: string };
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: 'https://accounts.google.com',
      aud: clientId,
      iat: now,
      exp: now + 3600,
      email_verified: true,
      name: '',
      ...person,
    };
    return Response.json({
      access_token: 'stand-in',
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid email profile',
      id_token: idToken(claims),
    });
  });
}

/**
 * Signs in with Google as a browser does (start, Google's answer, our callback) through the stand-in; returns the
 * session's cookie and where the callback sent the browser.
 */
export async function signInWithGoogle(
  app: FastifyInstance,
  origin: string,
  person: { email: string; sub: string },
  callbackURL = '/home',
) {
  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin },
    payload: { provider: 'google', callbackURL, errorCallbackURL: '/login?error=google' },
  });
  expect(start.statusCode, start.body).toBe(200);
  const state = new URL(start.json().url).searchParams.get('state') ?? '';
  const code = Buffer.from(JSON.stringify(person)).toString('base64url');
  const callback = await app.inject({
    method: 'GET',
    url: `/api/auth/callback/google?code=${code}&state=${encodeURIComponent(state)}`,
    headers: { cookie: cookieFrom(start) },
  });
  expect(callback.statusCode, callback.body).toBe(302);
  const cookie = cookieFrom(callback)
    .split('; ')
    .filter((pair) => pair.includes('session_token'))
    .join('; ');
  expect(cookie, String(callback.headers.location)).toContain('session_token');
  return { cookie, location: new URL(String(callback.headers.location), origin) };
}
