/**
 * npm run bench: measures the built server as a customer's browser meets it.
 * - live updates: write-to-screen latency (booking POST sent -> change event read on each of 1,000 open
 *   Server-Sent Events streams), median and p99;
 * - availability: requests per second and latency with autocannon;
 * on the embedded database, and on PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 * Writes bench-results/bench.json and prints a table. Not part of npm test: timings vary with the machine.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { addDays } from 'date-fns';
import pg from 'pg';
import { SLOT_LABELS } from '../src/shared/business.ts';
import { businessDateOf, isWeekendDate } from '../src/shared/business-time.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 12);
const AVAILABILITY_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = 'bench password 123';

type Server = { url: string; stop(): Promise<void>; pid: number };

async function startServer(env: Record<string, string>): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'techhelp-bench-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      TRUST_PROXY: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.on('data', (chunk) => {
    if (process.env.BENCH_DEBUG) process.stderr.write(chunk);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

let clientCounter = 0;
const client = () => {
  clientCounter += 1;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
};

async function call(server: Server, pathname: string, init: { method?: string; body?: object; cookie?: string } = {}) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-forwarded-for': client(),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${pathname}: ${response.status} ${text}`);
  return {
    body: text ? JSON.parse(text) : null,
    cookie: response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; '),
  };
}

async function customer(server: Server, email: string): Promise<string> {
  await call(server, '/api/account/signup', {
    method: 'POST',
    body: { email, confirmEmail: email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  const mails = (await call(server, `/dev/mailbox.json?to=${encodeURIComponent(email)}`)).body as Array<{ links: string[] }>;
  const oobCode = new URL(mails[0]?.links[0] ?? '').searchParams.get('oobCode');
  await call(server, '/api/account/verify-email', { method: 'POST', body: { oobCode } });
  const { cookie } = await call(server, '/api/account/login', { method: 'POST', body: { email, password: PASSWORD, rememberMe: false } });
  await call(server, '/api/account/profile', {
    method: 'PUT',
    cookie,
    body: { firstName: 'Bench', lastName: 'Mark', phoneNumber: '631-555-0100', streetAddress: '1 Main St', city: 'Islip' },
  });
  return cookie;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

async function liveUpdateLatency(server: Server) {
  const cookies: string[] = [];
  for (let index = 0; index < Math.ceil(BOOKINGS / 3); index++) cookies.push(await customer(server, `bench.writer${index}@example.com`));
  const arrivals = new Map<string, number[]>();
  const controllers: AbortController[] = [];
  let ready = 0;
  const openStream = (cookie: string) => {
    const controller = new AbortController();
    controllers.push(controller);
    void (async () => {
      const response = await fetch(`${server.url}/api/events`, {
        headers: { cookie, 'x-forwarded-for': client() },
        signal: controller.signal,
      });
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body ?? []) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let boundary = buffer.indexOf('\n\n');
          while (boundary >= 0) {
            const block = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            if (block.startsWith('retry:')) ready += 1;
            const data = /^event: change\ndata: (.*)$/m.exec(block)?.[1];
            if (data) {
              const id = (JSON.parse(data) as { appointmentId?: string }).appointmentId ?? '';
              arrivals.set(id, [...(arrivals.get(id) ?? []), performance.now()]);
            }
            boundary = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
    })();
  };
  // Spread the streams over the writers, so every booking's event goes to the streams of its owner.
  const perWriter = Math.floor(STREAMS / cookies.length);
  for (const cookie of cookies) for (let index = 0; index < perWriter; index++) openStream(cookie);
  const deadline = Date.now() + 60_000;
  while (ready < perWriter * cookies.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

  const days: string[] = [];
  for (let offset = 3; days.length < BOOKINGS; offset++) {
    const date = businessDateOf(addDays(new Date(), offset));
    if (isWeekendDate(date)) for (const slot of SLOT_LABELS) if (days.length < BOOKINGS) days.push(`${date}|${slot}`);
  }
  const latencies: number[] = [];
  for (let index = 0; index < BOOKINGS; index++) {
    const [date, slot] = (days[index] ?? '').split('|');
    const cookie = cookies[Math.floor(index / 3)] ?? '';
    const sent = performance.now();
    const { body } = await call(server, '/api/appointments', { method: 'POST', cookie, body: { date, slot, isRemote: false } });
    const id = (body as { id: string }).id;
    const until = Date.now() + 5000;
    while ((arrivals.get(id)?.length ?? 0) < perWriter && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
    for (const at of arrivals.get(id) ?? []) latencies.push(at - sent);
  }
  for (const controller of controllers) controller.abort();
  latencies.sort((a, b) => a - b);
  return {
    streams: perWriter * cookies.length,
    bookings: BOOKINGS,
    deliveries: latencies.length,
    expectedDeliveries: BOOKINGS * perWriter,
    medianMs: Number(percentile(latencies, 0.5).toFixed(1)),
    p99Ms: Number(percentile(latencies, 0.99).toFixed(1)),
  };
}

async function availabilityThroughput(server: Server) {
  const cookie = await customer(server, 'bench.reader@example.com');
  const month = businessDateOf(addDays(new Date(), 10)).slice(0, 7);
  const result = await autocannon({
    url: `${server.url}/api/appointments/availability?month=${month}`,
    connections: 20,
    duration: AVAILABILITY_SECONDS,
    headers: { cookie },
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': client() } }) }],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function memoryMb(pid: number): Promise<number> {
  const { readFileSync } = await import('node:fs');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function benchDatabase(name: string, env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const idleMemoryMb = await memoryMb(server.pid);
    const availability = await availabilityThroughput(server);
    const live = await liveUpdateLatency(server);
    const loadedMemoryMb = await memoryMb(server.pid);
    return { database: name, availability, liveUpdates: live, memory: { idleMb: idleMemoryMb, afterLoadMb: loadedMemoryMb } };
  } finally {
    await server.stop();
  }
}

async function freshPostgres(url: string): Promise<string> {
  const name = `techhelp_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

const results = [await benchDatabase('pglite', {})];
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl)
  results.push(
    await benchDatabase('postgres', {
      DATABASE_URL: await freshPostgres(postgresUrl),
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    }),
  );

const report = { at: new Date().toISOString(), node: process.version, cpus: (await import('node:os')).cpus().length, results };
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/bench.json', `${JSON.stringify(report, null, 2)}\n`);
console.table(
  results.map((result) => ({
    database: result.database,
    'availability req/s': result.availability.requestsPerSecond,
    'availability p99 ms': result.availability.latencyP99Ms,
    streams: result.liveUpdates.streams,
    'live median ms': result.liveUpdates.medianMs,
    'live p99 ms': result.liveUpdates.p99Ms,
    'delivered/expected': `${result.liveUpdates.deliveries}/${result.liveUpdates.expectedDeliveries}`,
    'RSS idle MB': result.memory.idleMb,
    'RSS after MB': result.memory.afterLoadMb,
  })),
);
console.log('Written to bench-results/bench.json');
