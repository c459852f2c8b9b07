import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLog } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { temporaryDirectory } from '../support/config.ts';
import { FIXTURE_SCRIPT, writeWebFixture } from '../support/web-fixture.ts';

// The app on the default configuration, shared by the tests that need nothing else.
let basic: TestApp;
beforeAll(async () => {
  basic = await createTestApp({}, { ready: false });
  basic.app.get('/api/test/explode', async () => {
    throw new Error('database password is hunter2');
  });
  await basic.app.ready();
});
afterAll(() => basic.close());

describe('the server basics', () => {
  it('answers /healthz after checking the database', async () => {
    const response = await basic.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers unknown API paths with a JSON 404 in the standard error shape', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await basic.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: `Not found: ${method} /api/no-such-thing` } });
    }
  });

  it('serves index.html for page paths so that deep links survive a reload, with the app configuration embedded', async () => {
    for (const url of ['/', '/services', '/securified?x=1', '/home', '/usermgmt?mode=verifyEmail&oobCode=abc', '/no/such/page']) {
      const response = await basic.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('<script id="app-config" type="application/json">{"supportPhone":"(631) 555-0142"');
    }
  });

  it('sends the page compressed at every page path, as at /', async () => {
    for (const url of ['/', '/services', '/home', '/usermgmt?mode=verifyEmail&oobCode=abc']) {
      const response = await basic.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString('utf8'), url).toContain('<div id="root"></div>');
    }
    const as = (acceptEncoding: string | undefined) =>
      basic.app.inject({ method: 'GET', url: '/services', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    const gzipped = await as('br;q=0, gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toContain('<div id="root"></div>');
    for (const plain of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const response = await as(plain);
      expect(response.headers['content-encoding'], plain).toBeUndefined();
      expect(response.body, plain).toContain('<div id="root"></div>');
    }
  });

  it('answers a missing file with a 404, not with the page', async () => {
    const response = await basic.app.inject({ method: 'GET', url: '/assets/index-deadbeef.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('never sends index.html without its configuration, nor a file under another spelling of its path or its compressed copies bare', async () => {
    const page = await basic.app.inject({ method: 'GET', url: '/' });
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1] ?? '';
    expect(script).not.toBe('');
    const otherSpellings = [script.toUpperCase(), script.replace('/assets/', '/Assets/'), `${script}/`];
    // The build's compressed copies are sent for their file's address only, with its Content-Encoding.
    for (const url of ['/index.html', ...otherSpellings, `${script}.br`, `${script}.gz`]) {
      const response = await basic.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('NOT_FOUND');
    }
  });

  it('serves hashed assets compressed and cached for a year', async () => {
    const page = await basic.app.inject({ method: 'GET', url: '/' });
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const response = await basic.app.inject({ method: 'GET', url: script ?? '', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(FIXTURE_SCRIPT);
    const gzipped = await basic.app.inject({ method: 'GET', url: script ?? '', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(FIXTURE_SCRIPT);
  });

  it('sends a Content-Security-Policy that allows no inline script, and the other security headers', async () => {
    const response = await basic.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("manifest-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // The same headers on every answer: the API's, a refusal, a path no route takes, a missing file.
    for (const url of ['/api/session', '/api/appointments', '/api/nothing', '/assets/missing-0a1b2c.js']) {
      const other = await basic.app.inject({ method: 'GET', url });
      expect(other.headers['content-security-policy'], url).toBe(response.headers['content-security-policy']);
      expect(other.headers['x-content-type-options'], url).toBe('nosniff');
      expect(other.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('serves the offline page’s service worker from the root, never cached, with the configured phone', async () => {
    const response = await basic.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(String(response.headers['content-security-policy'])).toContain("worker-src 'self'");
    expect(response.body).toContain('(631) 555-0142');
    expect(response.body).toContain('tel:+16315550142');
    expect(response.body).not.toMatch(/caches\.|cache\.put/);
  });

  it('hides the internals of a server failure and writes it to the error log', async () => {
    const response = await basic.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again in a moment.' },
    });
    expect(response.body).not.toContain('hunter2');
    const rows = await basic.database.db.select().from(errorLog);
    expect(rows).toEqual([
      expect.objectContaining({
        source: 'server',
        componentName: 'server',
        userId: 'No user id',
        errorMessage: 'GET /api/test/explode: database password is hunter2',
      }),
    ]);
  });

  it('refuses a body that is not JSON with the standard error shape', async () => {
    const response = await basic.app.inject({
      method: 'POST',
      url: '/api/errors',
      headers: { 'content-type': 'application/json' },
      payload: '{"errorMessage": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'BAD_REQUEST', message: 'The request was not valid.' });
  });
});

describe('files added to the web root after start', () => {
  /** A web root of its own, where a rebuild adds a file once the app has started. */
  async function addedAfterStart(env: Record<string, string>) {
    const webRoot = temporaryDirectory('techhelp-web-');
    writeWebFixture(webRoot);
    const subject = await createTestApp(env, { webRoot });
    try {
      writeFileSync(path.join(webRoot, 'assets', 'rebuilt-1a2b3c.js'), FIXTURE_SCRIPT);
      return (await subject.app.inject({ method: 'GET', url: '/assets/rebuilt-1a2b3c.js' })).statusCode;
    } finally {
      await subject.close();
    }
  }

  it('are not served by a deployed server, whose routes are the files the build left at start', async () => {
    await expect(addedAfterStart({})).resolves.toBe(404);
  });

  it('are served in development, where npm run dev:web rebuilds while the server runs', async () => {
    await expect(addedAfterStart({ NODE_ENV: 'development' })).resolves.toBe(200);
  });
});

describe('maintenance mode', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ MAINTENANCE_MODE: 'true' });
  });
  afterAll(() => subject.close());

  it('answers the API with 503 and the spec text', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/anything' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('600');
    expect(response.json()).toEqual({ error: { code: 'MAINTENANCE', message: 'Sorry, we are down for maintenance now. Be back soon!' } });
  });

  it('sends every page to /maintenance', async () => {
    for (const url of ['/', '/services', '/home', '/login?next=/home']) {
      const response = await subject.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location).toBe('/maintenance');
    }
    const page = await subject.app.inject({ method: 'GET', url: '/maintenance' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"maintenanceMode":true');
  });

  it('keeps /healthz answering so the process is not restarted', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
  });
});

describe('the dev mailbox', () => {
  it('is never served in production', async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://techhelp.example.com',
      PAYMENTS_TEST_MODE: 'true',
      MAIL_DISABLED: 'true',
    });
    try {
      const json = await production.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=a@example.com' });
      expect(json.statusCode).toBe(404);
      // The page path falls through to the browser app, which has no such screen.
      const page = await production.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.body).not.toContain('Dev mailbox');
      expect(page.body).toContain('<div id="root"></div>');
    } finally {
      await production.close();
    }
  });

  it('lists stored e-mails as an HTML page with every value escaped', async () => {
    await basic.app.mail.enqueue({
      to: 'reader@example.com',
      subject: '<script>alert(1)</script>',
      text: 't',
      html: '<b>h</b>',
      links: ['https://x.test/?a=1&b=2'],
    });
    const page = await basic.app.inject({ method: 'GET', url: '/dev/mailbox?to=reader@example.com' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('href="https://x.test/?a=1&amp;b=2"');
  });

  it('answers this machine only: not another computer, nor anyone through a reverse proxy on this machine', async () => {
    for (const url of ['/dev/mailbox.json', '/dev/mailbox', '/dev/sms.json']) {
      expect((await basic.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      expect((await basic.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.7' })).statusCode, url).toBe(404);
      for (const header of ['x-forwarded-for', 'x-real-ip', 'forwarded']) {
        const relayed = await basic.app.inject({
          method: 'GET',
          url,
          headers: { [header]: header === 'forwarded' ? 'for=198.51.100.4' : '198.51.100.4' },
        });
        expect(relayed.statusCode, `${url} ${header}`).toBe(404);
      }
    }
  });
});

describe('cross-site requests', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp({ PUBLIC_URL: 'https://techhelp.example.com' });
  });
  afterAll(() => subject.close());

  const report = (headers: Record<string, string>) =>
    subject.app.inject({ method: 'POST', url: '/api/errors', headers, payload: { errorMessage: 'm', componentName: 'c' } });

  it('accepts changes from our own origin or the same host', async () => {
    expect((await report({ origin: 'https://techhelp.example.com' })).statusCode).toBe(204);
    expect((await report({ origin: 'http://localhost:3000', host: 'localhost:3000' })).statusCode).toBe(204);
    expect((await report({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(204);
  });

  it('refuses changes sent by another site', async () => {
    const attempts: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ];
    for (const headers of attempts) {
      const response = await report(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: 'CROSS_SITE', message: 'This request did not come from our site.' });
    }
  });
});

describe('the Content-Security-Policy with PayPal configured', () => {
  it('allows PayPal’s script and frames, and still no inline script', async () => {
    const withPayPal = await createTestApp({ PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret' });
    try {
      const csp = String((await withPayPal.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://www.paypal.com https://www.sandbox.paypal.com");
      expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://www.paypal.com https://www.sandbox.paypal.com');
      expect(csp).not.toContain('unsafe-inline');
      const plainCsp = String((await basic.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(plainCsp).not.toContain('paypal');
    } finally {
      await withPayPal.close();
    }
  });
});
