import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bookingAdmin, bookingCustomer } from '../support/appointments.ts';

/** The security review's findings on personal data (issue 36), each checked as an attacker would try it. */

type Person = { cookie: string; email: string; id: string };

/** The API routes meant for anyone (signed out, or signed in or not): each checks what it needs itself. */
const OPEN_API_ROUTES = [
  'GET /api/account/me',
  'POST /api/account/signup',
  'POST /api/account/login',
  'POST /api/account/logout',
  'POST /api/account/forgot-password',
  'POST /api/account/resend-verification',
  'POST /api/account/verify-email',
  'POST /api/account/reset-password',
  'POST /api/account/recover-email',
  'GET /api/auth/*',
  'POST /api/auth/*',
  'POST /api/errors',
  // The pay link's landing (issue 40): the amount and the day of a visit waiting for payment, to whoever holds its link.
  'GET /api/pay-links/:appointmentId',
  // What visitors see of the ratings (decision 041): counts and the comments their customers allowed, no one's id.
  'GET /api/reviews/public',
  // The contact form of /about (issue 40): a visitor's message to the owner, limited per address and per day.
  'POST /api/contact',
];

describe('privacy hardening', () => {
  let subject: TestApp;
  let admin: Person;
  let customer: Person;
  const registered: RouteOptions[] = [];
  const PUBLIC_HOST = 'techhelp.example:8443';

  beforeAll(async () => {
    subject = await createTestApp({ PUBLIC_URL: `https://${PUBLIC_HOST}` }, { onRoute: (route) => registered.push(route) });
    admin = await bookingAdmin(subject.app, subject.database.db);
    customer = await bookingCustomer(subject.app, 'hardening');
  });
  afterAll(() => subject.close());

  /** Every method and path the app registered (HEAD, Fastify's companion of each GET, left out). */
  const routes = () =>
    registered.flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method: method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: route.url, config: route.config })),
    );
  /** A path with every parameter filled with something no route accepts. */
  const filled = (url: string) => url.replace(/:[A-Za-z]+/g, 'not-a-valid-id!').replace('*', 'x');
  /** The requests an attacker probes a route with: wrong values everywhere, and a body that is not even JSON. */
  type Probe = { url: string; payload?: string | object; headers?: Record<string, string> };
  const invalidRequests = (method: string, url: string): Probe[] => {
    const path = filled(url);
    const query = '?from=someday&to=never&page=-3&collection=nope&email=nobody&month=13&lang=xx';
    if (method === 'GET' || method === 'DELETE') return [{ url: `${path}${query}` }];
    return [
      { url: `${path}${query}`, payload: { amount: 'lots', date: 'someday', slot: 'noon', isPaid: 'maybe', rating: 99, bogus: true } },
      { url: path, payload: '{"not json', headers: { 'content-type': 'application/json' } },
      { url: path, payload: [1, 2, 3] },
    ];
  };

  describe('authorization before validation (finding 11)', () => {
    const adminRoutes = () => routes().filter((route) => route.url.startsWith('/api/admin'));

    it('finds the back office routes to check', () => {
      expect(adminRoutes().length).toBeGreaterThan(20);
    });

    it('answers every /api/admin route 401 to a visitor and 403 to a customer, whatever the body, query or path, before reading it', async () => {
      const answers: string[] = [];
      for (const { method, url } of adminRoutes()) {
        for (const request of invalidRequests(method, url)) {
          const anonymous = await subject.app.inject({ method, ...request, headers: { ...request.headers } });
          const asCustomer = await subject.app.inject({ method, ...request, headers: { ...request.headers, cookie: customer.cookie } });
          answers.push(`${method} ${request.url}: ${anonymous.statusCode} ${asCustomer.statusCode}`);
          expect(anonymous.json().error.code, `${method} ${url}`).toBe('UNAUTHENTICATED');
          expect(asCustomer.json().error.code, `${method} ${url}`).toBe('FORBIDDEN');
        }
      }
      expect(answers.filter((answer) => !answer.endsWith(': 401 403'))).toEqual([]);
    });

    it('answers the routes for signed-in customers 401 to a visitor whatever was sent, before reading it', async () => {
      const guarded = routes().filter((route) => route.config?.access === 'verified');
      // The customer's routes that take input all say whom they are for (a new one is then checked here too).
      expect(guarded.map((route) => `${route.method} ${route.url}`)).toEqual(
        expect.arrayContaining([
          'GET /api/appointments/availability',
          'POST /api/appointments',
          'PUT /api/appointments/:id/description',
          'POST /api/appointments/:id/reschedule',
          'POST /api/appointments/:id/cancel',
          'GET /api/payments/checkout/:appointmentId',
          'GET /api/invoices/:appointmentId',
          'GET /api/invoices/:appointmentId/pdf',
          'GET /api/past-visits',
          'GET /api/appointments/:id/calendar.ics',
          'POST /api/payments/orders',
          'POST /api/payments/orders/:orderId/capture',
          'GET /api/reviews/:appointmentId',
          'POST /api/reviews/:appointmentId',
          'PUT /api/reviews/:appointmentId/consent',
          'POST /api/chat',
          'POST /api/chat/inquiries',
          'POST /api/account/password-reset-email',
          'POST /api/account/change-email',
          'PUT /api/account/locale',
          'PUT /api/account/profile',
          'GET /api/account/trusted-contact',
          'PUT /api/account/trusted-contact',
          'DELETE /api/account/trusted-contact',
          'GET /api/account/export',
          'POST /api/account/delete',
          'POST /api/account/texts/code',
          'POST /api/account/texts/confirm',
        ]),
      );
      // Every other API route is for anyone on purpose: a new route must say whom it is for, or be listed here.
      const open = routes()
        .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/admin') && !route.config?.access)
        .map((route) => `${route.method} ${route.url}`);
      expect(open.sort()).toEqual(OPEN_API_ROUTES.slice().sort());
      const answers: string[] = [];
      for (const { method, url } of guarded) {
        for (const request of invalidRequests(method, url)) {
          const anonymous = await subject.app.inject({ method, ...request, headers: { ...request.headers } });
          answers.push(`${method} ${request.url}: ${anonymous.statusCode}`);
          expect(anonymous.json().error.code, `${method} ${url}`).toBe('UNAUTHENTICATED');
        }
      }
      expect(answers.filter((answer) => !answer.endsWith(': 401'))).toEqual([]);
    });

    it('still tells a signed-in admin what is wrong with the request', async () => {
      const response = await subject.app.inject({
        method: 'PUT',
        url: '/api/admin/booking-rules',
        headers: { cookie: admin.cookie },
        payload: { noticeHours: 'soon' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('no personal answer is stored by a browser or a proxy (finding 10)', () => {
    it('sends Cache-Control: no-store on every signed-in answer and every answer of the API', async () => {
      const asCustomer = (url: string) => subject.app.inject({ method: 'GET', url, headers: { cookie: customer.cookie } });
      const asAdmin = (url: string) => subject.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
      const answers = [
        await asCustomer('/api/account/me'),
        await asCustomer('/api/appointments'),
        await asCustomer('/api/account/trusted-contact'),
        await asAdmin('/api/admin/paid'),
        await asAdmin('/api/admin/appointments'),
        await asAdmin('/api/admin/paid.csv'),
        await asAdmin('/api/admin/reviews'),
        // A refusal, a visitor's answer and an unknown API path too.
        await asCustomer('/api/admin/paid'),
        await subject.app.inject({ method: 'GET', url: '/api/account/me' }),
        await subject.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      ];
      for (const answer of answers) expect(answer.headers['cache-control'], answer.body.slice(0, 80)).toContain('no-store');
    });

    it('leaves the public files cacheable', async () => {
      const page = await subject.app.inject({ method: 'GET', url: '/' });
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
      expect(script).toBeDefined();
      for (const headers of [{}, { cookie: customer.cookie }]) {
        const asset = await subject.app.inject({ method: 'GET', url: script ?? '', headers });
        expect(asset.statusCode).toBe(200);
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      expect((await subject.app.inject({ method: 'GET', url: '/healthz' })).headers['cache-control'] ?? '').not.toContain('no-store');
    });
  });

  describe('the development outboxes answer only their own host names (finding 9)', () => {
    const OUTBOXES = ['/dev/mailbox', '/dev/mailbox.json', '/dev/sms', '/dev/sms.json'];

    it('answers 404 to a page elsewhere whose name was rebound to this machine', async () => {
      for (const url of OUTBOXES) {
        for (const host of [
          'attacker.example',
          'attacker.example:3000',
          'localhost.attacker.example',
          '127.0.0.1.nip.io:3000',
          'evil@localhost',
        ]) {
          const response = await subject.app.inject({ method: 'GET', url, headers: { host } });
          expect(response.statusCode, `${url} ${host}`).toBe(404);
          expect(response.json(), `${url} ${host}`).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
        }
      }
    });

    it('answers localhost, a loopback address and PUBLIC_URL’s host, on any port', async () => {
      for (const url of OUTBOXES) {
        for (const host of ['localhost', 'localhost:3000', '127.0.0.1:8080', '127.1.2.3', '[::1]:3000', PUBLIC_HOST, 'techhelp.example']) {
          const response = await subject.app.inject({ method: 'GET', url, headers: { host } });
          expect(response.statusCode, `${url} ${host}`).toBe(200);
        }
      }
    });
  });

  describe('e-mail headers (finding 7)', () => {
    it('puts no CR, LF or other control character a customer typed into a subject', async () => {
      const sent = await subject.app.inject({
        method: 'POST',
        url: '/api/chat/inquiries',
        headers: { cookie: customer.cookie },
        payload: { organisation: 'Acme\r\nBcc: victim@example.com\rX-Evil: 1\u0007\u007f\u0085\u2028Library', message: 'Hours.' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const [notice] = await mailbox(subject.app, admin.email);
      expect(notice?.subject).toBe('Custom chatbot request from Acme Bcc: victim@example.com X-Evil: 1 Library');
    });
  });
});
