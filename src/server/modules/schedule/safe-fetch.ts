import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Fetches an address the owner pasted (their calendar's secret ICS address) without letting it reach anything but
 * the public internet (decision 037): http(s) only; every address the host name resolves to, at each redirect, must be
 * public (not loopback, private, link-local, shared, multicast, reserved or documentation), checked on the address
 * actually connected to (the request's own DNS look-up), unless `allowPrivate` (development and tests); a few
 * redirects at most; one time-out for the whole fetch; a size cap that stops reading beyond it. The address is never
 * put into an error's message: it holds the owner's secret.
 */

export type FetchFailure =
  | { kind: 'http-status'; status: number; statusText: string }
  | { kind: 'timeout'; seconds: number }
  | { kind: 'too-large'; megabytes: number }
  | { kind: 'not-public' }
  | { kind: 'bad-address' }
  | { kind: 'too-many-redirects' }
  | { kind: 'network'; code: string };

export class SafeFetchError extends Error {
  constructor(readonly failure: FetchFailure) {
    super(
      `the calendar fetch failed: ${failure.kind}${'code' in failure ? ` ${failure.code}` : ''}${'status' in failure ? ` ${failure.status}` : ''}`,
    );
    this.name = 'SafeFetchError';
  }
}

export type SafeFetchOptions = {
  /** Sent as If-None-Match and If-Modified-Since when set (the last good answer's validators). */
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Lets loopback and private addresses through (development and tests only). */
  allowPrivate: boolean;
  /** Which IP addresses count as public (isPublicAddress; a test names a loopback address that stands for one). */
  isPublic?: (address: string) => boolean;
};

export type SafeFetchResult =
  | { status: 304 }
  | { status: 200; body: string; etag: string | null; lastModified: string | null; contentType: string | null };

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible addresses (::a.b.c.d)
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo and others)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv6 one that carries it (mapped, compatible, NAT64), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1] ?? '0', 16);
  const low = Number.parseInt(hex[2] ?? '0', 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address is on the public internet (not loopback, private, link-local, reserved…). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  if (blocked.check(address, 'ipv6')) return false;
  const inner = embeddedIpv4(address);
  if (inner) return isIP(inner) === 4 && !blocked.check(inner, 'ipv4');
  return true;
}

/** A DNS look-up that refuses, before connecting, a host name any of whose addresses is not public. */
const guardedLookup =
  (isPublic: (address: string) => boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || addresses.some((entry) => !isPublic(entry.address))) {
        return callback(new SafeFetchError({ kind: 'not-public' }) as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses;
      return callback(null, first?.address ?? '', first?.family ?? 4);
    });
  };

/** Reads a pasted address: webcal:// is https://; only http(s) with a host, no user name or password in it. */
export function calendarAddressOf(input: string): URL | undefined {
  const trimmed = input.trim().replace(/^webcals?:\/\//i, 'https://');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname || url.username || url.password) return undefined;
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

type Answer = { response: IncomingMessage; url: URL };

function request(url: URL, headers: Record<string, string>, options: SafeFetchOptions, signal: AbortSignal): Promise<Answer> {
  const host = bareHost(url);
  const isPublic = options.isPublic ?? isPublicAddress;
  if (!options.allowPrivate && isIP(host) !== 0 && !isPublic(host)) {
    return Promise.reject(new SafeFetchError({ kind: 'not-public' }));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      { method: 'GET', headers, signal, ...(options.allowPrivate ? {} : { lookup: guardedLookup(isPublic) }), agent: false },
      (response) => resolve({ response, url }),
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new SafeFetchError({ kind: 'too-large', megabytes: maxBytes / 1_000_000 });
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > maxBytes) {
      response.destroy();
      throw new SafeFetchError({ kind: 'too-large', megabytes: maxBytes / 1_000_000 });
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function failureOf(error: unknown, timedOut: boolean, options: SafeFetchOptions): SafeFetchError {
  if (timedOut) return new SafeFetchError({ kind: 'timeout', seconds: Math.round(options.timeoutMs / 1000) });
  if (error instanceof SafeFetchError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'UNKNOWN';
  return new SafeFetchError({ kind: 'network', code });
}

/** GETs `address` under the guard; a 304 when the validators still hold; throws SafeFetchError otherwise. */
export async function safeFetch(address: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const start = calendarAddressOf(address);
  if (!start) throw new SafeFetchError({ kind: 'bad-address' });
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const headers: Record<string, string> = {
    accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
    'accept-encoding': 'identity',
    'user-agent': 'TechHelp calendar import',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  try {
    let url = start;
    for (let redirects = 0; ; redirects += 1) {
      const { response } = await request(url, headers, options, controller.signal);
      const status = response.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status)) {
        // Not drained: a body that never ends would hold the connection open.
        response.destroy();
        const location = response.headers.location;
        if (redirects >= options.maxRedirects) throw new SafeFetchError({ kind: 'too-many-redirects' });
        const next = location ? calendarAddressOf(new URL(location, url).toString()) : undefined;
        if (!next) throw new SafeFetchError({ kind: 'bad-address' });
        url = next;
        continue;
      }
      if (status === 304) {
        response.destroy();
        return { status: 304 };
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new SafeFetchError({ kind: 'http-status', status, statusText: response.statusMessage ?? '' });
      }
      const body = await readCapped(response, options.maxBytes);
      const header = (name: string) => {
        const value = response.headers[name];
        return typeof value === 'string' && value.length <= 512 ? value : null;
      };
      return { status: 200, body, etag: header('etag'), lastModified: header('last-modified'), contentType: header('content-type') };
    }
  } catch (error) {
    throw failureOf(error, timedOut, options);
  } finally {
    clearTimeout(timer);
    // Whatever is still open of this fetch (a connection, a body not read) is closed.
    controller.abort();
  }
}
