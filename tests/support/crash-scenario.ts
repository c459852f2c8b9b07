import { rmSync } from 'node:fs';
import { addDays } from 'date-fns';
import { sql } from 'drizzle-orm';
import { expect, onTestFinished } from 'vitest';
import { type Database, type Executor, openDatabase } from '../../src/server/db/client.ts';
import { appointments, auditLog, outboxEmails, paymentOrders, payments, user } from '../../src/server/db/schema.ts';
import type { CustomerAppointment } from '../../src/shared/appointments.ts';
import { SLOT_LABELS, type SlotLabel } from '../../src/shared/business.ts';
import { businessDateOf, isWeekendDate, slotInstant } from '../../src/shared/business-time.ts';
import { uniqueEmail } from './accounts.ts';
import { createVerifiedAccount, type HttpCustomer } from './booking-customers.ts';
import { temporaryDirectory } from './config.ts';
import { killDuringStart, type ServerProcess, startServer } from './server-process.ts';

/**
 * The crash scenario shared by the embedded-database and the PostgreSQL tests: customers book, the owner marks
 * jobs completed with an amount, customers pay them (test-mode payments), all the time, while the server is
 * killed with SIGKILL at random moments and restarted on the same DATA_DIR or database. Three kills in five fall
 * straight after a capture, a booking or a completion was acknowledged, and one restart is itself killed while it
 * opens the database. Afterwards every acknowledged write must be there exactly once, and every write,
 * acknowledged or not, must be whole: no payment without its paid appointment, no booking without its
 * confirmation e-mail, no completion without its audit entry; the indexes must agree with their tables.
 *
 * On PGlite a commit is written to the data directory (write(2); PGlite runs PostgreSQL without fsync) before
 * its answer leaves, so a killed process loses nothing; with commits made asynchronous (synchronous_commit off)
 * this scenario fails at once, with acknowledged bookings, payments and even accounts missing.
 */

export type CrashScenarioOptions = {
  /** DATABASE_URL for the PostgreSQL run; unset for the embedded database. */
  databaseUrl?: string;
  kills?: number;
  customers?: number;
};

export type CrashScenarioSummary = {
  kills: number;
  /** Kills that fell while a restarted server was still opening the database. */
  crashedStarts: number;
  /** How long each start took, in milliseconds, the first (which creates the database) included. */
  startTimes: number[];
  setupMs: number;
  acknowledged: { bookings: number; completions: number; orders: number; captures: number };
  /** Writes whose answer never came back (the server died under them): they may or may not have landed. */
  unanswered: number;
  refused: number;
  appointmentsStored: number;
  paymentsStored: number;
};

type Outcome =
  | { kind: 'ok'; status: number; body: unknown }
  | { kind: 'refused'; status: number; code: string }
  | { kind: 'lost'; error: string }
  | { kind: 'stopped' };

type Customer = HttpCustomer & { index: number };

const REQUEST_TIMEOUT_MS = 15_000;
/** What each kill waits for: straight after an acknowledged capture, booking or completion, or just any moment. */
const KILL_TARGETS: Array<Write | undefined> = ['capture', undefined, 'booking', 'completion', undefined];
const MAX_OPEN = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomBetween = (low: number, high: number) => low + Math.floor(Math.random() * (high - low));

/** Every weekend slot from three days ahead to `days` days ahead, in order: each is tried by one request only. */
function slotsAhead(days: number): Array<{ date: string; slot: SlotLabel }> {
  const slots: Array<{ date: string; slot: SlotLabel }> = [];
  const seen = new Set<string>();
  for (let offset = 3; offset <= days; offset++) {
    const date = businessDateOf(addDays(new Date(), offset));
    if (!isWeekendDate(date) || seen.has(date)) continue;
    seen.add(date);
    for (const slot of SLOT_LABELS) slots.push({ date, slot });
  }
  return slots;
}

/** Where requests go: the running server, or a wait for the next one while it is down. */
type Write = 'booking' | 'completion' | 'order' | 'capture';

class Connection {
  private url: string | undefined;
  private waiters: Array<() => void> = [];
  private armed: { write: Write; kill: () => void } | undefined;
  private firstWrite: { promise: Promise<void>; resolve: () => void } = Connection.signal();
  private clientCounter = 0;
  stopping = false;

  private static signal() {
    let resolve = () => {};
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  }

  up(url: string) {
    this.url = url;
    this.firstWrite = Connection.signal();
    this.wake();
  }

  down() {
    this.url = undefined;
  }

  wake() {
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** Resolves once the running server has acknowledged a write: the customers are back at work. */
  firstAcknowledgedWrite(): Promise<void> {
    return this.firstWrite.promise;
  }

  /** The next acknowledged write of this kind kills the server at once, before anything else runs. */
  killOnNextAcknowledged(write: Write, kill: () => void) {
    this.armed = { write, kill };
  }

  disarm() {
    this.armed = undefined;
  }

  private async current(): Promise<string | undefined> {
    while (!this.url && !this.stopping) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.stopping ? undefined : this.url;
  }

  async send(method: string, path: string, cookie: string, options: { body?: unknown; write?: Write } = {}): Promise<Outcome> {
    const base = await this.current();
    if (!base) return { kind: 'stopped' };
    this.clientCounter += 1;
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          cookie,
          // Each request from its own address, so that the per-client request limit stays out of the way.
          'x-forwarded-for': `10.77.${(this.clientCounter >> 8) & 255}.${this.clientCounter & 255}`,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      return { kind: 'lost', error: error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error) };
    }
    if (status >= 200 && status < 300) {
      if (options.write && base === this.url) {
        this.firstWrite.resolve();
        if (this.armed?.write === options.write) {
          const { kill } = this.armed;
          this.armed = undefined;
          kill();
        }
      }
      return { kind: 'ok', status, body: text ? JSON.parse(text) : null };
    }
    let code = '';
    try {
      code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? '';
    } catch {
      code = text.slice(0, 200);
    }
    return { kind: 'refused', status, code };
  }
}

type Ledger = {
  bookings: Array<{ id: string; email: string; startsAt: Date }>;
  refusedBookings: Array<{ email: string; startsAt: Date; status: number; code: string }>;
  completions: Map<string, number>;
  orders: Array<{ orderId: string; appointmentId: string }>;
  captures: Array<{ appointmentId: string; orderId: string; captureId: string; amountCents: number }>;
  unanswered: Array<{ what: string; error: string }>;
  refused: Array<{ what: string; status: number; code: string }>;
};

/** Refusals a crash can explain; anything else (a 5xx above all) is a defect. */
const EXPLAINABLE_REFUSALS = new Set(['409 TOO_MANY_OPEN', '409 SLOT_TAKEN', '409 ALREADY_PAID', '409 NOT_COMPLETED']);

function customerWorker(
  connection: Connection,
  customer: Customer,
  admin: HttpCustomer,
  ledger: Ledger,
  nextSlot: () => { date: string; slot: SlotLabel },
) {
  const note = (what: string, outcome: Outcome) => {
    if (outcome.kind === 'lost') ledger.unanswered.push({ what, error: outcome.error });
    if (outcome.kind === 'refused') ledger.refused.push({ what, status: outcome.status, code: outcome.code });
  };

  const book = async () => {
    const { date, slot } = nextSlot();
    const startsAt = slotInstant(date, slot);
    const outcome = await connection.send('POST', '/api/appointments', customer.cookieHeader, {
      body: { date, slot, isRemote: customer.index % 2 === 1 },
      write: 'booking',
    });
    note(`book ${date} ${slot}`, outcome);
    if (outcome.kind === 'ok') ledger.bookings.push({ id: (outcome.body as CustomerAppointment).id, email: customer.email, startsAt });
    if (outcome.kind === 'refused')
      ledger.refusedBookings.push({ email: customer.email, startsAt, status: outcome.status, code: outcome.code });
  };

  const complete = async (appointmentId: string) => {
    const amountCents = randomBetween(2500, 50_000);
    const outcome = await connection.send('PATCH', `/api/admin/appointments/${appointmentId}`, admin.cookieHeader, {
      body: { isCompleted: true, amount: (amountCents / 100).toFixed(2) },
      write: 'completion',
    });
    note(`complete ${appointmentId}`, outcome);
    if (outcome.kind === 'ok') ledger.completions.set(appointmentId, amountCents);
  };

  const pay = async (appointmentId: string) => {
    const ordered = await connection.send('POST', '/api/payments/orders', customer.cookieHeader, {
      body: { appointmentId },
      write: 'order',
    });
    note(`order ${appointmentId}`, ordered);
    if (ordered.kind !== 'ok') return;
    const { orderId } = ordered.body as { orderId: string };
    ledger.orders.push({ orderId, appointmentId });
    const captured = await connection.send('POST', `/api/payments/orders/${orderId}/capture`, customer.cookieHeader, { write: 'capture' });
    note(`capture ${orderId}`, captured);
    if (captured.kind !== 'ok') return;
    const outcome = captured.body as { appointmentId: string; captureId: string; amountCents: number };
    ledger.captures.push({ appointmentId: outcome.appointmentId, orderId, captureId: outcome.captureId, amountCents: outcome.amountCents });
  };

  return (async () => {
    while (!connection.stopping) {
      // The customer's open list, read from the server each time, is what a crash leaves behind.
      const listed = await connection.send('GET', '/api/appointments', customer.cookieHeader);
      if (listed.kind === 'refused') {
        // The customer's session is gone, or worse: nothing this customer does from here would tell us more.
        note(`${customer.email}'s list`, listed);
        return;
      }
      if (listed.kind !== 'ok') continue;
      const open = listed.body as CustomerAppointment[];
      if (open.length < MAX_OPEN) await book();
      const job = open[0];
      if (!job) continue;
      if (job.isCompleted) await pay(job.id);
      else await complete(job.id);
    }
  })();
}

type Rows = Array<Record<string, unknown>>;

async function rowsOf(db: Executor, query: ReturnType<typeof sql>): Promise<Rows> {
  return ((await db.execute(query)) as unknown as { rows: Rows }).rows;
}

/** Counts read through each index and through a sequential scan of the table must agree. */
async function scanMismatches(db: Database): Promise<string[]> {
  const probes = [
    { name: 'appointments by primary key', query: sql`select count(*)::int as n from appointments where id > ''` },
    {
      name: 'appointments by the active-slot index',
      query: sql`select count(*)::int as n from appointments where starts_at > '2000-01-01' and cancelled_at is null and deleted_at is null`,
    },
    { name: 'appointments by user', query: sql`select count(*)::int as n from appointments where user_id > ''` },
    { name: 'payments by appointment', query: sql`select count(*)::int as n from payments where appointment_id > ''` },
    { name: 'payments by capture', query: sql`select count(*)::int as n from payments where capture_id > ''` },
    { name: 'payment orders by primary key', query: sql`select count(*)::int as n from payment_orders where order_id > ''` },
    { name: 'outbox by address', query: sql`select count(*)::int as n from outbox_emails where to_address > ''` },
    { name: 'audit log by appointment', query: sql`select count(*)::int as n from audit_log where appointment_id > ''` },
  ];
  return db.transaction(async (tx) => {
    const problems: string[] = [];
    for (const probe of probes) {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = on`);
      await tx.execute(sql`set local enable_indexonlyscan = on`);
      await tx.execute(sql`set local enable_bitmapscan = on`);
      const viaIndex = (await rowsOf(tx, probe.query))[0]?.n;
      await tx.execute(sql`set local enable_seqscan = on`);
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const viaTable = (await rowsOf(tx, probe.query))[0]?.n;
      if (viaIndex !== viaTable) problems.push(`${probe.name}: ${viaIndex} through the index, ${viaTable} in the table`);
    }
    return problems;
  });
}

/** Every acknowledged write present exactly once, every write whole, the constraints kept. */
async function inspect(db: Database, ledger: Ledger, customers: Customer[], adminEmail: string): Promise<string[]> {
  const problems: string[] = [];
  const users = await db.select({ id: user.id, email: user.email }).from(user);
  const userIdOf = new Map(users.map((row) => [row.email, row.id]));
  const allAppointments = await db.select().from(appointments);
  const allPayments = await db.select().from(payments);
  const allOrders = await db.select().from(paymentOrders);
  const audits = await db.select().from(auditLog);
  const emails = await db
    .select({ to: outboxEmails.toAddress, subject: outboxEmails.subject, text: outboxEmails.text, attachments: outboxEmails.attachments })
    .from(outboxEmails);

  const appointmentsById = new Map<string, typeof allAppointments>();
  for (const row of allAppointments) appointmentsById.set(row.id, [...(appointmentsById.get(row.id) ?? []), row]);
  const paymentsOf = (appointmentId: string) => allPayments.filter((row) => row.appointmentId === appointmentId);

  // Acknowledged writes.
  for (const booking of ledger.bookings) {
    const rows = appointmentsById.get(booking.id) ?? [];
    if (rows.length !== 1) {
      problems.push(`acknowledged booking ${booking.id} is stored ${rows.length} times`);
      continue;
    }
    const [row] = rows;
    if (row?.userId !== userIdOf.get(booking.email)) problems.push(`acknowledged booking ${booking.id} belongs to someone else`);
    if (row?.startsAt.getTime() !== booking.startsAt.getTime())
      problems.push(`acknowledged booking ${booking.id} moved to ${row?.startsAt}`);
    if (row?.cancelledAt || row?.deletedAt) problems.push(`acknowledged booking ${booking.id} is cancelled or deleted`);
  }
  for (const refused of ledger.refusedBookings) {
    const owner = userIdOf.get(refused.email);
    if (allAppointments.some((row) => row.userId === owner && row.startsAt.getTime() === refused.startsAt.getTime())) {
      problems.push(
        `a booking refused with ${refused.status} ${refused.code} was stored anyway (${refused.email} at ${refused.startsAt.toISOString()})`,
      );
    }
  }
  for (const [appointmentId, amountCents] of ledger.completions) {
    const row = appointmentsById.get(appointmentId)?.[0];
    if (!row?.completedAt) problems.push(`acknowledged completion of ${appointmentId} is missing`);
    else if (row.amountCents !== amountCents)
      problems.push(`completed ${appointmentId} holds ${row.amountCents} cents, not the acknowledged ${amountCents}`);
  }
  for (const order of ledger.orders) {
    const stored = allOrders.filter((row) => row.orderId === order.orderId);
    if (stored.length !== 1 || stored[0]?.appointmentId !== order.appointmentId) {
      problems.push(`acknowledged order ${order.orderId} for ${order.appointmentId} is stored ${stored.length} times`);
    }
  }
  for (const capture of ledger.captures) {
    const stored = paymentsOf(capture.appointmentId);
    const [payment] = stored;
    if (stored.length !== 1 || !payment) {
      problems.push(`acknowledged capture of ${capture.appointmentId} is recorded ${stored.length} times`);
      continue;
    }
    if (payment.orderId !== capture.orderId || payment.captureId !== capture.captureId) {
      problems.push(`acknowledged capture of ${capture.appointmentId} recorded as order ${payment.orderId} capture ${payment.captureId}`);
    }
    if (payment.amountCents !== capture.amountCents) {
      problems.push(`acknowledged capture of ${capture.appointmentId} for ${capture.amountCents} cents recorded as ${payment.amountCents}`);
    }
    const completedFor = ledger.completions.get(capture.appointmentId);
    if (completedFor !== undefined && completedFor !== capture.amountCents) {
      problems.push(`${capture.appointmentId} was completed at ${completedFor} cents but paid ${capture.amountCents}`);
    }
    if (!appointmentsById.get(capture.appointmentId)?.[0]?.paidAt)
      problems.push(`acknowledged capture of ${capture.appointmentId} left it unpaid`);
  }

  // Every write whole, acknowledged or not.
  const activeSlots = new Map<number, number>();
  const openPerUser = new Map<string, number>();
  const receiptText = emails.filter((mail) => mail.subject.includes('receipt')).map((mail) => mail.text);
  const adminNotices = emails.filter((mail) => mail.to === adminEmail && mail.subject.startsWith('New booking')).length;
  for (const row of allAppointments) {
    if (!row.cancelledAt && !row.deletedAt) {
      activeSlots.set(row.startsAt.getTime(), (activeSlots.get(row.startsAt.getTime()) ?? 0) + 1);
      if (!row.paidAt) openPerUser.set(row.userId, (openPerUser.get(row.userId) ?? 0) + 1);
    }
    const confirmations = emails.filter((mail) => mail.attachments.some((attachment) => attachment.content.includes(`${row.id}@techhelp`)));
    if (confirmations.length !== 1) problems.push(`booking ${row.id} has ${confirmations.length} confirmation e-mails`);

    const completionAudits = audits.filter((entry) => entry.appointmentId === row.id && entry.changes.isCompleted?.after === true);
    if (row.completedAt && completionAudits.length !== 1) problems.push(`completed ${row.id} has ${completionAudits.length} audit entries`);
    if (!row.completedAt && completionAudits.length > 0) problems.push(`${row.id} has a completion audit entry but is not completed`);
    if (row.completedAt && row.amountCents <= 0) problems.push(`completed ${row.id} has no amount`);

    const paid = paymentsOf(row.id);
    if (row.paidAt && paid.length !== 1) problems.push(`paid ${row.id} has ${paid.length} payments`);
    if (!row.paidAt && paid.length > 0) problems.push(`${row.id} has a payment but is not marked paid`);
  }
  for (const [startsAt, count] of activeSlots)
    if (count > 1) problems.push(`${count} active appointments at ${new Date(startsAt).toISOString()}`);
  for (const [userId, count] of openPerUser) if (count > MAX_OPEN) problems.push(`user ${userId} has ${count} open appointments`);
  if (adminNotices !== allAppointments.length) problems.push(`${allAppointments.length} bookings but ${adminNotices} notices to the owner`);
  for (const payment of allPayments) {
    const appointment = appointmentsById.get(payment.appointmentId)?.[0];
    if (!appointment) problems.push(`payment ${payment.id} has no appointment`);
    else if (appointment.amountCents !== payment.amountCents) {
      problems.push(`payment of ${payment.appointmentId} is ${payment.amountCents} cents, the appointment ${appointment.amountCents}`);
    }
    const order = allOrders.find((row) => row.orderId === payment.orderId);
    if (order?.appointmentId !== payment.appointmentId || order.amountCents !== payment.amountCents) {
      problems.push(`payment of ${payment.appointmentId} does not match its order ${payment.orderId}`);
    }
    const receipts = receiptText.filter((text) => text.includes(`Payment reference: ${payment.captureId}.`)).length;
    if (receipts !== 1) problems.push(`payment of ${payment.appointmentId} has ${receipts} receipts`);
  }
  if (receiptText.length !== allPayments.length) problems.push(`${allPayments.length} payments but ${receiptText.length} receipts`);
  for (const order of allOrders) {
    const appointment = appointmentsById.get(order.appointmentId)?.[0];
    if (appointment?.amountCents !== order.amountCents)
      problems.push(`order ${order.orderId} is for a different amount than its appointment`);
  }
  for (const customer of customers) if (!userIdOf.has(customer.email)) problems.push(`customer ${customer.email} is gone`);

  problems.push(...(await scanMismatches(db)));
  return problems;
}

/** Runs the scenario end to end and fails the calling test on any lost, duplicated or half-done write. */
export async function runCrashScenario(options: CrashScenarioOptions = {}): Promise<CrashScenarioSummary> {
  const kills = options.kills ?? 5;
  // Reused by every restart: the embedded database and the generated AUTH_SECRET live here.
  const dataDir = temporaryDirectory('techhelp-crash-');
  const adminEmail = uniqueEmail('crash-owner');
  const env = {
    TRUST_PROXY: 'true',
    ADMIN_EMAILS: adminEmail,
    BOOKING_WINDOW_DAYS: '365',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  const startTimes: number[] = [];
  const start = async () => {
    const began = performance.now();
    const started = await startServer({ dataDir, env });
    startTimes.push(Math.round(performance.now() - began));
    return started;
  };

  let server: ServerProcess = await start();
  let crashedStarts = 0;
  const connection = new Connection();
  // Also when the test times out: no server outlives it, and its data is kept only when the test failed.
  onTestFinished(async ({ task }) => {
    connection.stopping = true;
    connection.wake();
    await server.stop('SIGKILL');
    if (task.result?.state !== 'fail') rmSync(dataDir, { recursive: true, force: true });
  });
  const ledger: Ledger = {
    bookings: [],
    refusedBookings: [],
    completions: new Map(),
    orders: [],
    captures: [],
    unanswered: [],
    refused: [],
  };
  const slots = slotsAhead(360);
  let slotIndex = 0;
  const nextSlot = () => {
    const slot = slots[slotIndex++];
    if (!slot) throw new Error('the scenario ran out of weekend slots');
    return slot;
  };

  let setupMs = 0;
  try {
    const setupBegan = performance.now();
    const admin = await createVerifiedAccount(server.url, adminEmail);
    const customers: Customer[] = await Promise.all(
      Array.from({ length: options.customers ?? 5 }, async (_, index) => ({
        ...(await createVerifiedAccount(server.url, uniqueEmail('crash-customer'), { profile: true })),
        index,
      })),
    );

    setupMs = Math.round(performance.now() - setupBegan);
    connection.up(server.url);
    const workers = customers.map((customer) => customerWorker(connection, customer, admin, ledger, nextSlot));
    // Workers stop early only when their session is refused; then no write will come to wait for.
    const allWorkersGone = Promise.all(workers);
    for (let kill = 0; kill < kills; kill++) {
      // Measured from the first write this server acknowledged, so that each life does real work however slowly
      // the machine starts servers.
      await Promise.race([connection.firstAcknowledgedWrite(), sleep(20_000), allWorkersGone]);
      await sleep(randomBetween(300, 2000));
      const current = server;
      const target = KILL_TARGETS[kill % KILL_TARGETS.length];
      if (target) {
        // Straight after an acknowledged write of this kind: it must already be safe when its answer leaves.
        const killed = new Promise<void>((resolve) =>
          connection.killOnNextAcknowledged(target, () => {
            connection.down();
            current.child.kill('SIGKILL');
            resolve();
          }),
        );
        await Promise.race([killed, sleep(10_000), allWorkersGone]);
        connection.disarm();
      }
      connection.down();
      await current.stop('SIGKILL');
      if (kill === kills - 1) {
        connection.stopping = true;
        connection.wake();
        await Promise.all(workers);
      }
      if (kill === 1) {
        // Once, a crash in the middle of starting: while the database recovers from the previous kill.
        const attempt = await killDuringStart({ dataDir, env }, randomBetween(200, 1200));
        if (attempt.exitedByItself !== null) throw new Error(`a restart failed by itself:\n${attempt.output}`);
        if (!attempt.ready) crashedStarts += 1;
      }
      // A restart on the same data: after a SIGKILL the DATA_DIR lock is stale and must be taken over.
      server = await start();
      if (kill < kills - 1) connection.up(server.url);
    }

    // After the last restart, over HTTP: the server answers, each customer sees their open appointments, and
    // the database still takes writes. Findings are gathered, so that a failure shows the whole picture.
    const problems: string[] = [];
    const health = await fetch(`${server.url}/healthz`);
    if (health.status !== 200) problems.push(`health check answered ${health.status}`);
    const seen = new Map<string, string[]>();
    for (const customer of customers) {
      const response = await fetch(`${server.url}/api/appointments`, { headers: { cookie: customer.cookieHeader } });
      if (response.status === 200) seen.set(customer.email, ((await response.json()) as CustomerAppointment[]).map((row) => row.id).sort());
      else problems.push(`${customer.email}'s list answered ${response.status} after the restarts`);
    }
    const probe = customers.find((customer) => (seen.get(customer.email)?.length ?? MAX_OPEN) < MAX_OPEN);
    if (probe) {
      const after = nextSlot();
      const booked = await fetch(`${server.url}/api/appointments`, {
        method: 'POST',
        headers: { cookie: probe.cookieHeader, 'content-type': 'application/json' },
        body: JSON.stringify({ ...after, isRemote: false }),
      });
      if (booked.status === 201) {
        const created = (await booked.json()) as CustomerAppointment;
        ledger.bookings.push({ id: created.id, email: probe.email, startsAt: slotInstant(after.date, after.slot) });
        seen.set(probe.email, [...(seen.get(probe.email) ?? []), created.id].sort());
      } else problems.push(`a booking after the restarts answered ${booked.status}`);
    }
    const exitCode = await server.stop('SIGTERM');
    if (exitCode !== 0) problems.push(`the last server exited with ${exitCode} on SIGTERM`);

    for (const refusal of ledger.refused) {
      if (!EXPLAINABLE_REFUSALS.has(`${refusal.status} ${refusal.code}`)) {
        problems.push(`${refusal.what} was refused with ${refusal.status} ${refusal.code}, which no crash explains`);
      }
    }

    // With the server stopped (the embedded database admits one process at a time), read what was stored.
    const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.databaseUrl ? undefined : dataDir });
    try {
      problems.push(...(await inspect(database.db, ledger, customers, adminEmail)));
      const stored = await database.db.select().from(appointments);
      const storedPayments = await database.db.select().from(payments);
      const users = await database.db.select({ id: user.id, email: user.email }).from(user);
      for (const customer of customers) {
        const id = users.find((row) => row.email === customer.email)?.id;
        const open = stored.filter((row) => row.userId === id && !row.cancelledAt && !row.deletedAt && !row.paidAt).map((row) => row.id);
        const listed = seen.get(customer.email);
        if (listed && listed.join() !== open.sort().join()) problems.push(`${customer.email} was shown ${listed} but holds ${open}`);
      }
      expect(problems, `the data is kept in ${dataDir}`).toEqual([]);
      // The run must have done real work between the kills, or it proves nothing.
      expect(ledger.bookings.length, 'acknowledged bookings').toBeGreaterThan(kills);
      expect(ledger.captures.length, 'acknowledged payments').toBeGreaterThan(0);
      return {
        kills,
        crashedStarts,
        startTimes,
        setupMs,
        acknowledged: {
          bookings: ledger.bookings.length,
          completions: ledger.completions.size,
          orders: ledger.orders.length,
          captures: ledger.captures.length,
        },
        unanswered: ledger.unanswered.length,
        refused: ledger.refused.length,
        appointmentsStored: stored.length,
        paymentsStored: storedPayments.length,
      };
    } finally {
      await database.close();
    }
  } finally {
    connection.stopping = true;
    connection.wake();
  }
}
