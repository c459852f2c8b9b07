import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server standing in for the owner's calendar host (Google, iCloud, Outlook) in the calendar import's
 * tests: each path answers with the handler the test sets, and every request's headers are kept.
 */
export type IcsHandler = (response: ServerResponse, headers: IncomingHttpHeaders) => void;

export class IcsServer {
  readonly requests: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
  private readonly handlers = new Map<string, IcsHandler>();
  private readonly server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    this.requests.push({ path, headers: request.headers });
    const handler = this.handlers.get(path);
    if (!handler) {
      response.writeHead(404).end();
      return;
    }
    handler(response, request.headers);
  });

  constructor(private readonly host = '127.0.0.1') {}

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, this.host, resolve));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path: string, host = this.host): string {
    return `http://${host.includes(':') ? `[${host}]` : host}:${this.port}${path}`;
  }

  on(path: string, handler: IcsHandler): void {
    this.handlers.set(path, handler);
  }

  /** Serves `text` as a calendar, with an ETag and a Last-Modified when given. */
  serve(path: string, text: string, validators: { etag?: string; lastModified?: string } = {}): void {
    this.on(path, (response) => {
      response.writeHead(200, {
        'content-type': 'text/calendar; charset=utf-8',
        ...(validators.etag ? { etag: validators.etag } : {}),
        ...(validators.lastModified ? { 'last-modified': validators.lastModified } : {}),
      });
      response.end(text);
    });
  }

  requestsTo(path: string) {
    return this.requests.filter((request) => request.path === path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A VTIMEZONE for a US zone with today's daylight-saving rules (standard and daylight offsets, e.g. -0800 and -0700). */
export function usTimezone(tzid: string, standard: string, daylight: string): string {
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${tzid}`,
    'BEGIN:DAYLIGHT',
    `TZOFFSETFROM:${standard}`,
    `TZOFFSETTO:${daylight}`,
    'DTSTART:19700308T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    `TZOFFSETFROM:${daylight}`,
    `TZOFFSETTO:${standard}`,
    'DTSTART:19701101T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

/** An iCalendar file of the given components (each already joined lines). */
export function calendarFile(...components: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//TechHelp tests//EN', ...components, 'END:VCALENDAR', ''].join('\r\n');
}

/** One VEVENT from its properties (UID and DTSTAMP added). */
export function vevent(uid: string, ...properties: string[]): string {
  return ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20261101T000000Z', ...properties, 'END:VEVENT'].join('\r\n');
}

/** 2026-12-05 as 20261205, for DATE and DATE-TIME values. */
export const icsDate = (date: string) => date.replaceAll('-', '');
