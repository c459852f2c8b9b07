/**
 * npm run bench: measures the built server as a customer's browser meets it, on the embedded database and, when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server, on PostgreSQL too.
 * - The server on one core (taskset -c 0; this script pins itself to core 1 so that the load it makes does not
 *   share the server's core): availability and appointment-list requests per second at full load, and their
 *   latency (median, p99) at a fixed 500 requests per second; beside a bare Fastify route
 *   (scripts/bench-bare-server.ts) on the same core, measured the same way in the same run, as ratios.
 * - Live updates: write-to-screen latency (booking POST sent -> change event read on each of 1,000 open
 *   Server-Sent Events streams), median and p99; and booking-to-slot-event latency (booking POST sent -> slot event
 *   read on each of 1,000 streams of other signed-in customers, as their open booking pickers hear it).
 * - Memory: the server's RSS idle, and its peak under that load, sampled from /proc/PID/status every 100 ms; the
 *   kernel's high-water mark (VmHWM) of the measured start and of the first start, which created the database.
 * - Before and after: with BENCH_BEFORE=<git ref>, that commit is built in a temporary folder (sharing this
 *   checkout's node_modules) and measured the same way in the same run, beside this checkout's build.
 * - Profiles: with BENCH_PROFILE=<folder>, each of our servers writes a V8 CPU profile there as it stops;
 *   `tsx scripts/profile-summary.ts <file>` lists where the time went.
 * Writes bench-results/bench.json (or BENCH_OUTPUT) and prints a table. Not part of npm test: the figures depend on the machine
 * and on whatever else runs on it, so the load average is recorded with them, and beside each request rate the
 * share of its core the server actually got and the requests it answered per second of its own CPU time.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { addDays } from 'date-fns';
import pg from 'pg';
import { SLOT_LABELS } from '../src/shared/business.ts';
import { businessDateOf, isWeekendDate } from '../src/shared/business-time.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 12);
/**
 * Bookings made, and not measured, once the 1,000 streams are open and before the measured ones (by customers of
 * their own, with no streams: every stream hears only their slots). The first changes after a thousand connections
 * open meet the garbage collector moving those connections' objects out of the young generation (scavenges of 5 to
 * 15 ms, seen with --trace-gc); a server whose customers' pages have been open for a while has done that long
 * before. Their figures are reported too, as `coldMedianMs`.
 */
const WARMUP_BOOKINGS = Number(process.env.BENCH_WARMUP_BOOKINGS ?? 12);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const MEMORY_SAMPLE_MS = 100;
const SERVER_CORE = '0';
const CLIENT_CORE = '1';
const PASSWORD = 'bench password 123';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

// --- Cores ------------------------------------------------------------------------------------------------

/** Servers run on core 0 when taskset works; this process moves to core 1 when there is one. */
const pinning = (() => {
  if (spawnSync('taskset', ['-c', SERVER_CORE, 'true']).status !== 0) {
    return { server: false, client: false, note: 'taskset is not available: the servers ran unpinned, on every core' };
  }
  const client = cpus().length > 1 && spawnSync('taskset', ['-a', '-p', '-c', CLIENT_CORE, String(process.pid)]).status === 0;
  return {
    server: true,
    client,
    note: client
      ? `servers pinned to core ${SERVER_CORE}, the load generator to core ${CLIENT_CORE}`
      : `servers pinned to core ${SERVER_CORE}; the load generator could not be moved off it`,
  };
})();

// --- Processes and memory -----------------------------------------------------------------------------------

type Server = {
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
  /** Our server's first start, which created the database: its RSS high-water mark once ready (VmHWM). */
  firstStartHighWaterMb?: number;
};

/** Starts `node args…` (on the server core when pinning works) and waits for it to print its address. */
async function startProcess(args: string[], env: Record<string, string>, ready: RegExp, cwd?: string): Promise<Server> {
  const command = pinning.server ? 'taskset' : process.execPath;
  const commandArgs = pinning.server ? ['-c', SERVER_CORE, process.execPath, ...args] : args;
  const child = spawn(command, commandArgs, { cwd, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      if (process.env.BENCH_DEBUG) process.stderr.write(chunk);
      output += chunk;
      const match = ready.exec(output);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before it was ready`)));
  });
  return {
    url,
    // taskset execs node, so the pid is the server's own.
    pid: child.pid ?? 0,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Our server on a database that exists already, as in production: the first start creates the database, so that
 * start is made first, its high-water mark read (the first start's memory is reported too), and stopped.
 */
async function startOurServer(env: Record<string, string>, cwd?: string): Promise<Server> {
  // BENCH_PROFILE=<folder>: each server writes a V8 CPU profile there when it stops (see scripts/profile-summary.ts).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
  const start = (dataDir: string) =>
    startProcess(
      // As npm start runs it: --liftoff-only (package.json).
      [...profile, '--liftoff-only', 'dist/server/main.js'],
      { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', TRUST_PROXY: '1', ...env },
      /running at (http:\/\/localhost:\d+)/,
      cwd,
    );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'techhelp-bench-'));
  const first = await start(dataDir);
  const firstStartHighWaterMb = procStatus(first.pid).highWaterMb;
  await first.stop();
  const server = await start(dataDir);
  return {
    ...server,
    firstStartHighWaterMb,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function procStatus(pid: number): { rssMb: number; highWaterMb: number; cpusAllowed: string } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return {
    rssMb: round(kb('VmRSS') / 1024),
    highWaterMb: round(kb('VmHWM') / 1024),
    cpusAllowed: /Cpus_allowed_list:\s+(\S+)/.exec(status)?.[1] ?? 'unknown',
  };
}

const CLOCK_TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time the process has used so far (user + system), in milliseconds, from /proc/PID/stat. */
function cpuMsOf(pid: number): number {
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis are plain.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND) * 1000;
}

/** The highest RSS seen while `work` runs, sampled every 100 ms (not only after the load, when it has fallen). */
async function peakRssDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number; samples: number }> {
  let peakMb = procStatus(pid).rssMb;
  let samples = 1;
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, procStatus(pid).rssMb);
    samples += 1;
  }, MEMORY_SAMPLE_MS);
  try {
    const result = await work();
    peakMb = Math.max(peakMb, procStatus(pid).rssMb);
    return { result, peakMb, samples: samples + 1 };
  } finally {
    clearInterval(timer);
  }
}

// --- HTTP ----------------------------------------------------------------------------------------------------

let clientCounter = 0;
/**
 * BENCH_CLIENTS=<n>: the requests come from n client addresses in turn, as from n customers' browsers. Unset, every
 * request comes from an address never seen before (the method of the first measurements), which also makes the
 * server keep a request-limit counter for each of thousands of new addresses a second.
 */
const CLIENTS = process.env.BENCH_CLIENTS ? Number(process.env.BENCH_CLIENTS) : undefined;
/** The client address of the next request; with the request limit (600 a minute each) never reached. */
const client = () => {
  clientCounter = CLIENTS ? (clientCounter % CLIENTS) + 1 : clientCounter + 1;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
};

/**
 * One request to the server under test, from a made-up client behind the proxy the server trusts (X-Forwarded-For),
 * so the per-client limits count each simulated client apart; `direct` requests come from the machine itself, as the
 * development mailbox requires (it refuses proxied requests).
 */
async function call(server: Server, pathname: string, init: { method?: string; body?: object; cookie?: string; direct?: boolean } = {}) {
  const response = await fetch(`${server.url}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.direct ? {} : { 'x-forwarded-for': client() }),
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
  const mails = (await call(server, `/dev/mailbox.json?to=${encodeURIComponent(email)}`, { direct: true })).body as Array<{
    links: string[];
  }>;
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

/** `count` weekend slots from three days ahead, skipping the first `skip`. */
function weekendSlots(count: number, skip = 0): Array<{ date: string; slot: string }> {
  const slots: Array<{ date: string; slot: string }> = [];
  const seen = new Set<string>();
  for (let offset = 3; slots.length < count + skip; offset++) {
    const date = businessDateOf(addDays(new Date(), offset));
    if (!isWeekendDate(date) || seen.has(date)) continue;
    seen.add(date);
    for (const slot of SLOT_LABELS) if (slots.length < count + skip) slots.push({ date, slot });
  }
  return slots.slice(skip);
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

// --- Request throughput and latency -----------------------------------------------------------------------

type Load = {
  /** Completed 2xx requests per second over the run. */
  requestsPerSecond: number;
  /** Per-request latency measured to the microsecond (autocannon's own histogram counts whole milliseconds). */
  latencyMedianMs: number;
  latencyP99Ms: number;
  /** autocannon's p99, corrected for coordinated omission when a rate is set. */
  autocannonP99Ms: number;
  targetRate: number | null;
  requests: number;
  non2xx: number;
  errors: number;
  /** Share of its core the load generator used: near 100 means the generator, not the server, set the pace. */
  loadGeneratorCpuPercent: number;
  /** Share of its core the server got: below 100 at full load means other programs took the rest. */
  serverCpuPercent: number;
  /** Requests answered per second of the server's own CPU time: what it would do with the core to itself. */
  requestsPerCpuSecond: number;
};

function runAutocannon(url: string, cookie: string, seconds: number, rate: number | undefined, latencies?: number[]) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        ...(rate ? { overallRate: rate } : {}),
        headers: { cookie },
        requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': client() } }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (latencies) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      });
    }
  });
}

/** A short warm-up (for the JIT and the caches), then the measured run. */
async function measure(server: Server, url: string, cookie: string, rate?: number): Promise<Load> {
  if (WARMUP_SECONDS > 0) await runAutocannon(url, cookie, WARMUP_SECONDS, rate);
  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  const serverCpuBefore = cpuMsOf(server.pid);
  const started = performance.now();
  const result = await runAutocannon(url, cookie, SECONDS, rate, latencies);
  const elapsedMs = performance.now() - started;
  const serverCpuMs = cpuMsOf(server.pid) - serverCpuBefore;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(latencies.length / (elapsedMs / 1000)),
    latencyMedianMs: round(percentile(latencies, 0.5), 2),
    latencyP99Ms: round(percentile(latencies, 0.99), 2),
    autocannonP99Ms: result.latency.p99,
    targetRate: rate ?? null,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    loadGeneratorCpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / elapsedMs) * 100),
    serverCpuPercent: Math.round((serverCpuMs / elapsedMs) * 100),
    requestsPerCpuSecond: Math.round(latencies.length / (serverCpuMs / 1000)),
  };
}

type Endpoint = { max: Load; atRate: Load };

async function measureEndpoint(server: Server, url: string, cookie: string): Promise<Endpoint> {
  return { max: await measure(server, url, cookie), atRate: await measure(server, url, cookie, RATE) };
}

function ratios(ours: Endpoint, bare: Endpoint) {
  return {
    requestsPerSecond: round(ours.max.requestsPerSecond / bare.max.requestsPerSecond, 3),
    requestsPerCpuSecond: round(ours.max.requestsPerCpuSecond / bare.max.requestsPerCpuSecond, 3),
    p99AtRate: round(ours.atRate.latencyP99Ms / bare.atRate.latencyP99Ms, 2),
  };
}

// --- Live updates ----------------------------------------------------------------------------------------------

/**
 * Opens Server-Sent Events streams. Each change event's data and the time its bytes were read are handed to `heard`
 * when `collect()` is called, not as they arrive: the reader does as little as it can per read, so that the time
 * it takes to read 1,000 streams is not counted as the server's.
 */
function eventStreams(server: Server, heard: (data: string, at: number) => void) {
  const sockets: net.Socket[] = [];
  let ready = 0;
  const { hostname, port } = new URL(server.url);
  /** Reads as they came: the time, then the socket's buffer of partial frames, then the bytes. */
  const reads: Array<[number, { pending: string }, Buffer]> = [];
  /**
   * Each stream on a bare TCP connection that speaks just enough HTTP/1.1, its arrival time read the moment its
   * bytes are handed over, before anything else is done with them. With fetch (and even node:http), reading 1,000
   * streams in this one process took longer than the server's whole fan-out, so the figure measured the load
   * generator. The frames are found in the raw bytes later (a frame never straddles a chunk of the response's
   * chunked encoding: the server writes each frame in one write).
   */
  const open = (cookie: string) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    sockets.push(socket);
    socket.setNoDelay(true);
    const state = { pending: '' };
    socket.on('connect', () => {
      socket.write(`GET /api/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\nX-Forwarded-For: ${client()}\r\n\r\n`);
    });
    socket.on('data', (chunk: Buffer) => {
      reads.push([performance.now(), state, chunk]);
    });
    // Destroyed at the end of the run.
    socket.on('error', () => {});
  };
  let collected = 0;
  /** Parses the reads not parsed yet, handing each change event to `heard` with the time its bytes were read. */
  const collect = () => {
    for (; collected < reads.length; collected++) {
      const [at, state, chunk] = reads[collected] as [number, { pending: string }, Buffer];
      let buffer = state.pending + chunk.toString('utf8');
      let boundary = buffer.indexOf('\n\n');
      while (boundary >= 0) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        if (block.includes('retry:')) ready += 1;
        const data = /event: change\ndata: (.*)$/m.exec(block)?.[1];
        if (data) heard(data, at);
        boundary = buffer.indexOf('\n\n');
      }
      state.pending = buffer;
    }
    // Parsed reads are not kept.
    reads.length = 0;
    collected = 0;
  };
  return {
    open,
    collect,
    /** Waits (up to a minute) until `count` streams have said they are ready. */
    async ready(count: number) {
      const deadline = Date.now() + 60_000;
      collect();
      while (ready < count && Date.now() < deadline) {
        await sleep(50);
        collect();
      }
      return ready;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * Waits (up to 5 s) until `count` streams have heard of `key`, reading as it goes, and returns how long after
 * `sent` each heard of it.
 */
async function arrivalsAfter(
  sent: number,
  key: string,
  count: number,
  collect: () => void,
  heardOf: (key: string) => number[] | undefined,
) {
  const until = Date.now() + 5000;
  collect();
  while ((heardOf(key)?.length ?? 0) < count && Date.now() < until) {
    await sleep(5);
    collect();
  }
  return (heardOf(key) ?? []).map((at) => at - sent);
}

/**
 * Makes WARMUP_BOOKINGS bookings from the slots given, by customers named after `name` with no streams open, and
 * returns, for each, the times its slot event reached the open streams after it was sent (read by `collect`).
 */
async function warmUp(
  server: Server,
  name: string,
  slots: Array<{ date: string; slot: string }>,
  collect: () => void,
  heardOf: (startsAt: string) => number[] | undefined,
  streams: number,
) {
  const writers: string[] = [];
  for (let index = 0; index < Math.ceil(WARMUP_BOOKINGS / 3); index++)
    writers.push(await customer(server, `bench.${name}${index}@example.com`));
  const latencies: number[] = [];
  for (let index = 0; index < WARMUP_BOOKINGS; index++) {
    const sent = performance.now();
    const { body } = await call(server, '/api/appointments', {
      method: 'POST',
      cookie: writers[Math.floor(index / 3)] ?? '',
      body: { ...slots[index], isRemote: false },
    });
    const startsAt = (body as { startsAt: string }).startsAt;
    latencies.push(...(await arrivalsAfter(sent, startsAt, streams, collect, heardOf)));
  }
  return latencies.sort((a, b) => a - b);
}

async function liveUpdateLatency(server: Server) {
  const cookies: string[] = [];
  for (let index = 0; index < Math.ceil(BOOKINGS / 3); index++) cookies.push(await customer(server, `bench.writer${index}@example.com`));
  const arrivals = new Map<string, number[]>();
  const streams = eventStreams(server, (data, at) => {
    const event = JSON.parse(data) as { appointmentId?: string; kind: string; startsAt?: string };
    const id = event.appointmentId ?? (event.kind === 'slot' ? event.startsAt : undefined);
    if (!id) return;
    const heardOf = arrivals.get(id);
    if (heardOf) heardOf.push(at);
    else arrivals.set(id, [at]);
  });
  // Spread the streams over the writers, so every booking's event goes to the streams of its owner.
  const perWriter = Math.floor(STREAMS / cookies.length);
  for (const cookie of cookies) for (let index = 0; index < perWriter; index++) streams.open(cookie);
  const ready = await streams.ready(perWriter * cookies.length);

  // Slots after the ones the throughput reader booked; the warm-up's after both phases' measured ones.
  const cold = await warmUp(
    server,
    'warm-writer',
    weekendSlots(WARMUP_BOOKINGS, 3 + 2 * BOOKINGS),
    streams.collect,
    (startsAt) => arrivals.get(startsAt),
    ready,
  );
  const slots = weekendSlots(BOOKINGS, 3);
  const latencies: number[] = [];
  const answers: number[] = [];
  for (let index = 0; index < BOOKINGS; index++) {
    const cookie = cookies[Math.floor(index / 3)] ?? '';
    const sent = performance.now();
    const { body } = await call(server, '/api/appointments', { method: 'POST', cookie, body: { ...slots[index], isRemote: false } });
    answers.push(performance.now() - sent);
    const id = (body as { id: string }).id;
    latencies.push(...(await arrivalsAfter(sent, id, perWriter, streams.collect, (key) => arrivals.get(key))));
  }
  streams.close();
  latencies.sort((a, b) => a - b);
  answers.sort((a, b) => a - b);
  return {
    /** How long the booking request itself took to answer (sent to answer read), median: the floor under the rest. */
    bookingAnswerMedianMs: round(percentile(answers, 0.5)),
    streams: perWriter * cookies.length,
    streamsReady: ready,
    bookings: BOOKINGS,
    deliveries: latencies.length,
    expectedDeliveries: BOOKINGS * perWriter,
    medianMs: round(percentile(latencies, 0.5)),
    p99Ms: round(percentile(latencies, 0.99)),
    warmupBookings: WARMUP_BOOKINGS,
    /** The warm-up bookings' slot events on every stream, median: the first changes after the streams opened. */
    coldMedianMs: round(percentile(cold, 0.5)),
  };
}

/** How soon every other customer's open booking picker hears of a booking: the slot event on 1,000 streams. */
async function slotEventLatency(server: Server) {
  const writers: string[] = [];
  for (let index = 0; index < Math.ceil(BOOKINGS / 3); index++)
    writers.push(await customer(server, `bench.slot-writer${index}@example.com`));
  // The pickers: a few signed-in customers, none of them a writer, each with many streams (tabs).
  const watchers: string[] = [];
  for (let index = 0; index < 4; index++) watchers.push(await customer(server, `bench.watcher${index}@example.com`));
  const arrivals = new Map<string, number[]>();
  const streams = eventStreams(server, (data, at) => {
    const event = JSON.parse(data) as { kind: string; startsAt?: string };
    if (event.kind !== 'slot' || !event.startsAt) return;
    const heardOf = arrivals.get(event.startsAt);
    if (heardOf) heardOf.push(at);
    else arrivals.set(event.startsAt, [at]);
  });
  const perWatcher = Math.floor(STREAMS / watchers.length);
  for (const cookie of watchers) for (let index = 0; index < perWatcher; index++) streams.open(cookie);
  const ready = await streams.ready(perWatcher * watchers.length);

  // Slots after the ones the throughput reader and the live-updates writers booked; the warm-up's after all those.
  const cold = await warmUp(
    server,
    'warm-slot-writer',
    weekendSlots(WARMUP_BOOKINGS, 3 + 2 * BOOKINGS + WARMUP_BOOKINGS),
    streams.collect,
    (startsAt) => arrivals.get(startsAt),
    ready,
  );
  const slots = weekendSlots(BOOKINGS, 3 + BOOKINGS);
  const latencies: number[] = [];
  for (let index = 0; index < BOOKINGS; index++) {
    const cookie = writers[Math.floor(index / 3)] ?? '';
    const sent = performance.now();
    const { body } = await call(server, '/api/appointments', { method: 'POST', cookie, body: { ...slots[index], isRemote: false } });
    const startsAt = (body as { startsAt: string }).startsAt;
    latencies.push(...(await arrivalsAfter(sent, startsAt, perWatcher * watchers.length, streams.collect, (key) => arrivals.get(key))));
  }
  streams.close();
  latencies.sort((a, b) => a - b);
  return {
    streams: perWatcher * watchers.length,
    streamsReady: ready,
    bookings: BOOKINGS,
    deliveries: latencies.length,
    expectedDeliveries: BOOKINGS * perWatcher * watchers.length,
    medianMs: round(percentile(latencies, 0.5)),
    p99Ms: round(percentile(latencies, 0.99)),
    warmupBookings: WARMUP_BOOKINGS,
    coldMedianMs: round(percentile(cold, 0.5)),
  };
}

// --- The runs ---------------------------------------------------------------------------------------------------

/** A session cookie of the usual length, so that the bare server reads requests of the same size as ours. */
const DUMMY_COOKIE = `better-auth.session_token=${'x'.repeat(32)}.${'y'.repeat(44)}`;

async function benchBare() {
  const bare = await startProcess(['--import', 'tsx', 'scripts/bench-bare-server.ts'], {}, /running at (http:\/\/[\d.:]+)/);
  try {
    await sleep(1000);
    const idle = procStatus(bare.pid);
    const { result: endpoint, peakMb } = await peakRssDuring(bare.pid, () => measureEndpoint(bare, `${bare.url}/bare`, DUMMY_COOKIE));
    return { endpoint, memory: { idleMb: idle.rssMb, peakUnderLoadMb: peakMb }, cpusAllowed: idle.cpusAllowed };
  } finally {
    await bare.stop();
  }
}

async function benchDatabase(name: 'pglite' | 'postgres', env: Record<string, string>, bare: Endpoint, cwd?: string) {
  const server = await startOurServer(env, cwd);
  try {
    await sleep(1000);
    const idle = procStatus(server.pid);

    // A signed-in customer with three appointments: their list is what the home page asks for.
    const reader = await customer(server, 'bench.reader@example.com');
    for (const slot of weekendSlots(3))
      await call(server, '/api/appointments', { method: 'POST', cookie: reader, body: { ...slot, isRemote: false } });
    const month = businessDateOf(addDays(new Date(), 10)).slice(0, 7);

    const requests = await peakRssDuring(server.pid, async () => ({
      availability: await measureEndpoint(server, `${server.url}/api/appointments/availability?month=${month}`, reader),
      appointmentList: await measureEndpoint(server, `${server.url}/api/appointments`, reader),
    }));
    const live = await peakRssDuring(server.pid, () => liveUpdateLatency(server));
    const slots = await peakRssDuring(server.pid, () => slotEventLatency(server));
    const after = procStatus(server.pid);
    return {
      database: name,
      cpusAllowed: idle.cpusAllowed,
      availability: { ...requests.result.availability, ratioToBare: ratios(requests.result.availability, bare) },
      appointmentList: { ...requests.result.appointmentList, ratioToBare: ratios(requests.result.appointmentList, bare) },
      liveUpdates: live.result,
      slotEvents: slots.result,
      memory: {
        idleMb: idle.rssMb,
        peakUnderRequestLoadMb: requests.peakMb,
        peakUnderLiveUpdatesMb: live.peakMb,
        peakUnderSlotEventsMb: slots.peakMb,
        peakMb: Math.max(requests.peakMb, live.peakMb, slots.peakMb),
        /** The kernel's own high-water mark since the process started (start-up and migrations included). */
        highWaterMarkMb: after.highWaterMb,
        /** The same for the first start, which created the database (made and stopped before the measured one). */
        firstStartHighWaterMarkMb: server.firstStartHighWaterMb ?? 0,
        afterLoadMb: after.rssMb,
        samples: requests.samples + live.samples + slots.samples,
      },
    };
  } finally {
    await server.stop();
  }
}

async function adminQuery(url: string, query: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/** BENCH_BEFORE's commit, built in a temporary folder beside this checkout (its node_modules shared). */
function buildBefore(ref: string): { directory: string; commit: string; remove(): void } {
  const commit = spawnSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).stdout.trim();
  if (!commit) throw new Error(`BENCH_BEFORE=${ref} names no commit`);
  const directory = mkdtempSync(path.join(tmpdir(), 'techhelp-bench-before-'));
  const run = (command: string, args: string[], cwd: string) => {
    const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'], shell: false });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
  };
  run('sh', ['-c', `git archive ${commit} | tar -x -C "${directory}"`], process.cwd());
  symlinkSync(path.resolve('node_modules'), path.join(directory, 'node_modules'));
  console.log(`building ${commit} (BENCH_BEFORE) in ${directory}`);
  run('npm', ['run', 'build', '--silent'], directory);
  return { directory, commit, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

/** Both databases, measured for one build. */
async function benchBuild(bare: Endpoint, cwd?: string) {
  const results = [await benchDatabase('pglite', {}, bare, cwd)];
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const name = `techhelp_bench_${Date.now().toString(36)}`;
    await adminQuery(postgresUrl, `create database ${name}`);
    const target = new URL(postgresUrl);
    target.pathname = `/${name}`;
    try {
      results.push(
        await benchDatabase(
          'postgres',
          { DATABASE_URL: target.toString(), AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00' },
          bare,
          cwd,
        ),
      );
    } finally {
      await adminQuery(postgresUrl, `drop database if exists ${name} with (force)`);
    }
  }
  return results;
}

const startedAt = Date.now();
const loadBefore = loadavg().map((value) => round(value, 2));
const beforeRef = process.env.BENCH_BEFORE;
const beforeBuild = beforeRef ? buildBefore(beforeRef) : undefined;
const bare = await benchBare();
let before: { commit: string; results: Awaited<ReturnType<typeof benchBuild>> } | undefined;
try {
  if (beforeBuild) before = { commit: beforeBuild.commit, results: await benchBuild(bare.endpoint, beforeBuild.directory) };
} finally {
  beforeBuild?.remove();
}
const results = await benchBuild(bare.endpoint);
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).stdout.trim() !== '';

const report = {
  at: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  pinning,
  loadAverage: { before: loadBefore, after: loadavg().map((value) => round(value, 2)) },
  wallSeconds: Math.round((Date.now() - startedAt) / 1000),
  settings: {
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    rate: RATE,
    connections: CONNECTIONS,
    streams: STREAMS,
    bookings: BOOKINGS,
    warmupBookings: WARMUP_BOOKINGS,
    clients: CLIENTS ?? 'a new address per request',
  },
  bare,
  /** This checkout's build. */
  commit: dirty ? `${commit} with uncommitted changes` : commit,
  results,
  /** BENCH_BEFORE's build, measured in the same run. */
  ...(before ? { before } : {}),
};
/** Where the report goes: bench-results/bench.json, or BENCH_OUTPUT (the smoke run in npm test writes a temporary file). */
const reportFile = process.env.BENCH_OUTPUT ?? 'bench-results/bench.json';
mkdirSync(path.dirname(reportFile), { recursive: true });
writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);

const times = (ratio?: number) => (ratio === undefined ? '' : ` (${ratio}x)`);
const perSecond = (load: Load, ratio?: number) => `${load.requestsPerSecond}${times(ratio)}, core ${load.serverCpuPercent}%`;
const perCpuSecond = (load: Load, ratio?: number) => `${load.requestsPerCpuSecond}${times(ratio)}`;
const atRate = (load: Load, ratio?: number) =>
  `${load.latencyP99Ms}${times(ratio)}${load.requestsPerSecond < RATE * 0.95 ? ` [only ${load.requestsPerSecond}/s]` : ''}`;
const labelled = [
  ...(before?.results ?? []).map((result) => ({ label: `${result.database} ${before?.commit} (before)`, result })),
  ...results.map((result) => ({ label: before ? `${result.database} ${report.commit}` : result.database, result })),
];
const columns = Object.fromEntries(
  labelled.map(({ label, result }) => [
    label,
    {
      'availability req/s (x bare)': perSecond(result.availability.max, result.availability.ratioToBare.requestsPerSecond),
      'list req/s (x bare)': perSecond(result.appointmentList.max, result.appointmentList.ratioToBare.requestsPerSecond),
      'availability req per CPU-second (x bare)': perCpuSecond(
        result.availability.max,
        result.availability.ratioToBare.requestsPerCpuSecond,
      ),
      'list req per CPU-second (x bare)': perCpuSecond(result.appointmentList.max, result.appointmentList.ratioToBare.requestsPerCpuSecond),
      [`availability p99 ms at ${RATE}/s (x bare)`]: atRate(result.availability.atRate, result.availability.ratioToBare.p99AtRate),
      [`list p99 ms at ${RATE}/s (x bare)`]: atRate(result.appointmentList.atRate, result.appointmentList.ratioToBare.p99AtRate),
      [`live updates median / p99 ms (${result.liveUpdates.streams} streams)`]: `${result.liveUpdates.medianMs} / ${result.liveUpdates.p99Ms}`,
      'live deliveries / expected': `${result.liveUpdates.deliveries} / ${result.liveUpdates.expectedDeliveries}`,
      [`first changes after the streams opened, median ms (${WARMUP_BOOKINGS} warm-up bookings' slot events)`]: `${result.liveUpdates.coldMedianMs}`,
      'booking answered, median ms': `${result.liveUpdates.bookingAnswerMedianMs ?? ''}`,
      [`booking to slot event median / p99 ms (${result.slotEvents.streams} streams)`]: `${result.slotEvents.medianMs} / ${result.slotEvents.p99Ms}`,
      'slot deliveries / expected': `${result.slotEvents.deliveries} / ${result.slotEvents.expectedDeliveries}`,
      [`first slot events after the streams opened, median ms (${WARMUP_BOOKINGS} warm-up bookings)`]: `${result.slotEvents.coldMedianMs}`,
      'RSS idle / peak MB': `${result.memory.idleMb} / ${result.memory.peakMb}`,
      'RSS high-water MB, first start / measured start': `${result.memory.firstStartHighWaterMarkMb} / ${result.memory.highWaterMarkMb}`,
    },
  ]),
);
const bareColumn = {
  'availability req/s (x bare)': perSecond(bare.endpoint.max),
  'list req/s (x bare)': perSecond(bare.endpoint.max),
  'availability req per CPU-second (x bare)': perCpuSecond(bare.endpoint.max),
  'list req per CPU-second (x bare)': perCpuSecond(bare.endpoint.max),
  [`availability p99 ms at ${RATE}/s (x bare)`]: atRate(bare.endpoint.atRate),
  [`list p99 ms at ${RATE}/s (x bare)`]: atRate(bare.endpoint.atRate),
  'RSS idle / peak MB': `${bare.memory.idleMb} / ${bare.memory.peakUnderLoadMb}`,
};
const rows = Object.keys(columns[labelled[0]?.label ?? ''] ?? {});
console.table(
  Object.fromEntries(
    rows.map((row) => [
      row,
      {
        ...Object.fromEntries(labelled.map(({ label }) => [label, columns[label]?.[row] ?? ''])),
        'bare Fastify': (bareColumn as Record<string, string>)[row] ?? '',
      },
    ]),
  ),
);
const loads: Array<[string, Load]> = [
  ['bare', bare.endpoint.max],
  [`bare at ${RATE}/s`, bare.endpoint.atRate],
  ...labelled.flatMap(
    ({ label, result }): Array<[string, Load]> => [
      [`${label} availability`, result.availability.max],
      [`${label} availability at ${RATE}/s`, result.availability.atRate],
      [`${label} list`, result.appointmentList.max],
      [`${label} list at ${RATE}/s`, result.appointmentList.atRate],
    ],
  ),
];
for (const [name, load] of loads) {
  if (load.non2xx > 0 || load.errors > 0) console.warn(`${name}: ${load.non2xx} answers other than 2xx and ${load.errors} errors`);
  if (load.loadGeneratorCpuPercent >= 90) console.warn(`${name}: the load generator used ${load.loadGeneratorCpuPercent}% of its core`);
}
console.log(`${pinning.note}; load average before ${loadBefore.join(' ')}; ${report.wallSeconds} s. Written to ${reportFile}`);
