import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, safeFetch } from './safe-fetch.ts';

describe('the calendar fetch guard', () => {
  it('takes every IPv4-compatible and IPv4-translated IPv6 address, and local NAT64, as not public', () => {
    for (const address of [
      '::7f00:1',
      '::127.0.0.1',
      '::808:808',
      '::ffff:0:7f00:1',
      '::ffff:0:808:808',
      '64:ff9b:1::a00:1',
      '::1',
      '::',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    // A mapped or NAT64 address stands for its IPv4 address.
    expect(isPublicAddress('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicAddress('64:ff9b::808:808')).toBe(true);
    expect(isPublicAddress('::ffff:7f00:1')).toBe(false);
  });

  it('closes a redirect whose body never ends, rather than drain it', async () => {
    let closedAt: number | undefined;
    const server = createServer((request, response: ServerResponse) => {
      if (request.url === '/moved.ics') {
        response.writeHead(302, { location: '/cal.ics' });
        response.write('still going…');
        const ticking = setInterval(() => response.write('.'), 50);
        response.on('close', () => {
          clearInterval(ticking);
          closedAt = Date.now();
        });
        return;
      }
      response.writeHead(200, { 'content-type': 'text/calendar' }).end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await safeFetch(`http://127.0.0.1:${port}/moved.ics`, {
        timeoutMs: 5000,
        maxBytes: 1_000_000,
        maxRedirects: 3,
        allowPrivate: true,
      });
      expect(answer.status).toBe(200);
      const returnedAt = Date.now();
      await expect.poll(() => closedAt, { timeout: 1000, interval: 10 }).toBeDefined();
      expect((closedAt ?? Number.POSITIVE_INFINITY) - returnedAt).toBeLessThan(1000);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
