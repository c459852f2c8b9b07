import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

describe('Google sign-in', () => {
  let withGoogle: TestApp;
  let withoutGoogle: TestApp;
  beforeAll(async () => {
    [withGoogle, withoutGoogle] = await Promise.all([
      createTestApp({
        GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com',
        GOOGLE_CLIENT_SECRET: 'secret',
        PUBLIC_URL: 'https://techhelp.example.com',
      }),
      createTestApp({ PUBLIC_URL: 'https://techhelp.example.com' }),
    ]);
  });
  afterAll(async () => {
    await withGoogle.close();
    await withoutGoogle.close();
  });

  const start = (subject: TestApp) =>
    subject.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: 'https://techhelp.example.com' },
      payload: { provider: 'google', callbackURL: '/home', errorCallbackURL: '/login?error=google' },
    });

  it('tells the browser whether to offer it', async () => {
    const page = await withGoogle.app.inject({ method: 'GET', url: '/login' });
    expect(page.body).toContain('"googleSignIn":true');
    const plain = await withoutGoogle.app.inject({ method: 'GET', url: '/login' });
    expect(plain.body).toContain('"googleSignIn":false');
  });

  it('starts the authorization at Google with our callback when configured', async () => {
    const response = await start(withGoogle);
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url);
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe('client-123.apps.googleusercontent.com');
    expect(url.searchParams.get('redirect_uri')).toBe('https://techhelp.example.com/api/auth/callback/google');
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it('sends a Google callback that fails (a forged or stale state) to the login page with the Google error, not to a dead end', async () => {
    for (const url of [
      '/api/auth/callback/google?code=a&state=forged',
      '/api/auth/callback/google',
      '/api/auth/callback/google?error=access_denied',
    ]) {
      const response = await withGoogle.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(302);
      const location = new URL(String(response.headers.location), 'https://techhelp.example.com');
      expect(location.origin, url).toBe('https://techhelp.example.com');
      expect(location.pathname, url).toBe('/login');
      expect(location.searchParams.get('error'), url).toBe('google');
    }
  });

  it('is not there at all when not configured', async () => {
    const response = await start(withoutGoogle);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
