import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarAddressOf, isPublicAddress, SafeFetchError, safeFetch } from '../../src/server/modules/schedule/safe-fetch.ts';
import type { CalendarImportStatus } from '../../src/shared/schedule.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bookingAdmin } from '../support/appointments.ts';
import { calendarFile, IcsServer } from '../support/ics-server.ts';

/**
 * The calendar import's fetch guard with the private-address allowance OFF (as in production): the address the owner
 * pastes, and every address a redirect leads to, must be public; the file is never asked of this machine or a private
 * network.
 */
describe('the calendar import reaches only public addresses', () => {
  let subject: TestApp;
  let app: FastifyInstance;
  let ics: IcsServer;
  let admin: Awaited<ReturnType<typeof bookingAdmin>>;

  beforeAll(async () => {
    ics = await new IcsServer('0.0.0.0').start();
    ics.serve('/cal.ics', calendarFile());
    subject = await createTestApp();
    app = subject.app;
    admin = await bookingAdmin(app, subject.database.db);
  });
  afterAll(async () => {
    await subject.close();
    await ics.stop();
  });

  const paste = async (url: string): Promise<CalendarImportStatus> => {
    const answer = await app.inject({
      method: 'PUT',
      url: '/api/admin/calendar-import',
      headers: { cookie: admin.cookie },
      payload: { url },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  it('refuses loopback, private, link-local and IPv6 loopback addresses, and a name that resolves to one, without asking them', async () => {
    const addresses = [
      ics.url('/cal.ics', '127.0.0.1'),
      ics.url('/cal.ics', 'localhost'),
      ics.url('/cal.ics', '::1'),
      `http://10.0.0.1:${ics.port}/cal.ics`,
      'http://169.254.169.254/latest/meta-data/',
      `webcal://192.168.1.10:${ics.port}/cal.ics`,
      `http://[::ffff:127.0.0.1]:${ics.port}/cal.ics`,
    ];
    for (const address of addresses) {
      const answer = await paste(address);
      expect(answer.error, address).toBe('That address is not a public web address.');
      expect(answer.busyCount).toBe(0);
    }
    expect(ics.requests).toEqual([]);
  });

  it('refuses a redirect to 127.0.0.1 from a server taken as public', async () => {
    // 127.0.0.2 stands for a public server here; the redirect leads to 127.0.0.1, which stays refused.
    const takenAsPublic = (address: string) => address === '127.0.0.2' || isPublicAddress(address);
    ics.on('/moved.ics', (response) => response.writeHead(302, { location: ics.url('/cal.ics', '127.0.0.1') }).end());
    ics.on('/named.ics', (response) => response.writeHead(301, { location: ics.url('/cal.ics', 'localhost') }).end());
    const options = { timeoutMs: 5000, maxBytes: 1_000_000, maxRedirects: 3, allowPrivate: false, isPublic: takenAsPublic };
    for (const path of ['/moved.ics', '/named.ics']) {
      const failure = await safeFetch(ics.url(path, '127.0.0.2'), options).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SafeFetchError);
      expect((failure as SafeFetchError).failure).toEqual({ kind: 'not-public' });
    }
    expect(ics.requestsTo('/cal.ics')).toEqual([]);
    expect(ics.requestsTo('/moved.ics')).toHaveLength(1);
    // The same server, asked directly, answers: the guard, not the server, refused the redirect.
    expect(await safeFetch(ics.url('/cal.ics', '127.0.0.2'), options)).toMatchObject({ status: 200 });
  });

  it('follows a few redirects at most', async () => {
    ics.on('/loop.ics', (response) => response.writeHead(302, { location: '/loop.ics' }).end());
    const failure = await safeFetch(ics.url('/loop.ics', '127.0.0.2'), {
      timeoutMs: 5000,
      maxBytes: 1_000_000,
      maxRedirects: 3,
      allowPrivate: false,
      isPublic: (address) => address === '127.0.0.2',
    }).catch((error: unknown) => error);
    expect((failure as SafeFetchError).failure).toEqual({ kind: 'too-many-redirects' });
    expect(ics.requestsTo('/loop.ics')).toHaveLength(4);
  });

  it('knows public from non-public addresses, and reads webcal:// as https://', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '224.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '142.250.80.46', '17.253.144.10', '2607:f8b0:4006:800::200e']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    expect(calendarAddressOf('webcal://p01-caldav.icloud.com/published/2/abc')?.toString()).toBe(
      'https://p01-caldav.icloud.com/published/2/abc',
    );
    expect(calendarAddressOf('file:///etc/passwd')).toBeUndefined();
    expect(calendarAddressOf('https://user:pass@calendar.example.com/x.ics')).toBeUndefined();
  });
});
