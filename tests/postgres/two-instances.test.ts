import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { appointments, auditLog, paymentOrders, payments, user } from '../../src/server/db/schema.ts';
import { nextClient } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';
import { testConfig } from '../support/config.ts';
import { requirePostgres } from '../support/database.ts';
import { openEventStream } from '../support/event-stream.ts';
import { startPayPalStandIn } from '../support/paypal-stand-in.ts';

const SLOTS = ['08:00am', '09:30am', '11:00am', '12:30pm', '02:00pm', '03:30pm', '05:00pm', '06:30pm'];
const ROUNDS = 20;

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

// Two instances need a database server between them: this suite belongs to the PostgreSQL pass (npm run test:db).
requirePostgres();

describe('live updates across two server instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let secondBase: string;
  beforeAll(async () => {
    first = await createTestApp();
    const handle = await openDatabase({ databaseUrl: first.database.url, dataDir: undefined });
    second = await buildApp({ config: testConfig(), db: handle.db, listen: handle.listen, logger: false });
    second.addHook('onClose', async () => handle.close());
    secondBase = await listening(second);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('relays a booking made on one instance to a stream held by the other', async () => {
    const owner = await bookingCustomer(first.app, 'twoinstances');
    // The session made on the first instance is valid on the second: they share the database and AUTH_SECRET.
    const stream = openEventStream(secondBase, owner.cookie);
    try {
      await stream.ready;
      const created = (await book(first.app, owner.cookie, upcomingWeekendDays(2, 3)[1] ?? '', '02:00pm')).json();
      await stream.waitFor((event) => event.appointmentId === created.id, 1000);
    } finally {
      stream.close();
    }
  });

  it("relays a booking and a cancellation on one instance to another customer's stream on the other, as the slot alone", async () => {
    const owner = await bookingCustomer(first.app, 'twoinstances-slot');
    const watcher = await bookingCustomer(first.app, 'twoinstances-watcher');
    const stream = openEventStream(secondBase, watcher.cookie);
    try {
      await stream.ready;
      const created = (await book(first.app, owner.cookie, upcomingWeekendDays(2, 3)[0] ?? '', '06:30pm')).json();
      // Each second counts from the change's answer, when it is made; not from its request.
      let started = Date.now();
      const slot = { kind: 'slot', startsAt: created.startsAt };
      expect(await stream.waitFor((event) => event.kind === 'slot', 1000)).toEqual({ ...slot, taken: true });
      expect(Date.now() - started).toBeLessThan(1000);
      const cancelled = await first.app.inject({
        method: 'POST',
        url: `/api/appointments/${created.id}/cancel`,
        headers: { cookie: owner.cookie },
      });
      started = Date.now();
      expect(cancelled.statusCode).toBe(204);
      await expect.poll(() => stream.events.length, { timeout: 1000, interval: 10 }).toBe(2);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(stream.events).toEqual([
        { ...slot, taken: true },
        { ...slot, taken: false },
      ]);
    } finally {
      stream.close();
    }
  });
});

type Answer = { statusCode: number; body: string; json(): unknown };

/**
 * Two instances on one PostgreSQL with PayPal (the stand-in) configured on both, capturing one job at once. The
 * capture claims the order under the job's row lock, which both instances share through the database: the provider
 * is asked to capture once per job, one payment is recorded, and the answers are one 200 and one 409 (or, when both
 * captured the same order, two 200s naming the same capture).
 */
describe('captures of one job sent to two instances at once (PayPal stand-in)', () => {
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
  let first: TestApp;
  let second: FastifyInstance;
  let admin: Awaited<ReturnType<typeof bookingCustomer>>;
  const days = upcomingWeekendDays(10, 3);
  let slot = 0;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    // A slow capture keeps the first claim open while the other instance's request arrives.
    paypal.setSlowMs(100);
    const env = {
      PAYPAL_CLIENT_ID: paypal.credentials.clientId,
      PAYPAL_CLIENT_SECRET: paypal.credentials.clientSecret,
      PAYPAL_ENV: 'live',
      PAYPAL_API_URL: paypal.url,
    };
    first = await createTestApp(env);
    const handle = await openDatabase({ databaseUrl: first.database.url, dataDir: undefined });
    second = await buildApp({ config: testConfig(env), db: handle.db, listen: handle.listen, logger: false });
    second.addHook('onClose', async () => handle.close());
    await second.ready();
    admin = await bookingCustomer(first.app, 'twoinstances-owner');
    await first.database.db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    await first.app.notices.settle();
    await second.notices.settle();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await paypal?.close();
  });

  const call = (app: FastifyInstance, cookie: string, method: 'POST' | 'PATCH', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, payload, remoteAddress: nextClient() });
  const capture = (app: FastifyInstance, cookie: string, orderId: string) =>
    call(app, cookie, 'POST', `/api/payments/orders/${orderId}/capture`);
  const createOrder = async (app: FastifyInstance, cookie: string, appointmentId: string) => {
    const response = await call(app, cookie, 'POST', '/api/payments/orders', { appointmentId });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { orderId: string }).orderId;
  };

  /** A job booked on the first instance and marked completed on the second. */
  async function completedAppointment(customer: { cookie: string }) {
    const index = slot++;
    const booked = await book(first.app, customer.cookie, days[Math.floor(index / SLOTS.length)] ?? '', SLOTS[index % SLOTS.length] ?? '');
    expect(booked.statusCode, booked.body).toBe(201);
    const appointmentId = (booked.json() as { id: string }).id;
    const amount = (25 + index).toFixed(2);
    const completed = await call(second, admin.cookie, 'PATCH', `/api/admin/appointments/${appointmentId}`, { amount, isCompleted: true });
    expect(completed.statusCode, completed.body).toBe(200);
    return appointmentId;
  }

  /** One job's outcome checked: one payment, one capture asked of PayPal and taken, the answers as allowed. */
  async function checkRound(
    round: string,
    appointmentId: string,
    answers: Array<{ answer: Answer; orderId: string }>,
    refusals: string[],
    sameOrder: boolean,
    captureAgain: (orderId: string) => Promise<Answer>,
  ) {
    const summary = `${round}: ${answers.map(({ answer }) => `${answer.statusCode} ${answer.body}`).join(' | ')}`;
    const db = first.database.db;
    const stored = await db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
    expect(stored, `${summary}: the payments of the job`).toHaveLength(1);
    const [payment] = stored;

    const ok = answers.filter(({ answer }) => answer.statusCode === 200);
    const refused = answers.filter(({ answer }) => answer.statusCode !== 200);
    if (ok.length === 2) {
      // Only the same order captured twice may answer twice, and then both answers name the one capture.
      expect(sameOrder, summary).toBe(true);
      expect(ok[0]?.answer.json(), summary).toEqual(ok[1]?.answer.json());
    } else {
      expect(ok, summary).toHaveLength(1);
      expect(refused[0]?.answer.statusCode, summary).toBe(409);
      const code = (refused[0]?.answer.json() as { error?: { code?: string } } | undefined)?.error?.code;
      expect(refusals, summary).toContain(code);
    }
    const winner = ok[0];
    expect((winner?.answer.json() as { captureId?: string } | undefined)?.captureId, summary).toBe(payment?.captureId);
    expect(payment?.orderId, summary).toBe(winner?.orderId);

    const orders = await db.select().from(paymentOrders).where(eq(paymentOrders.appointmentId, appointmentId));
    const orderIds = new Set(orders.map((order) => order.orderId));
    expect(
      orders.filter((order) => order.state === 'captured').map((order) => order.orderId),
      summary,
    ).toEqual([payment?.orderId]);
    expect(
      orders.filter((order) => order.state === 'capturing'),
      summary,
    ).toEqual([]);
    // Once the job is paid no other order of it stays open: one refused meanwhile was voided, and is refused again.
    expect(
      orders.filter((order) => order.state === 'created').map((order) => order.orderId),
      summary,
    ).toEqual([]);
    for (const { orderId } of refused) {
      const again = await captureAgain(orderId);
      if (orderId === payment?.orderId) {
        // The same order asked again: the replay answers with the one capture.
        expect(again.json(), summary).toEqual(winner?.answer.json());
        continue;
      }
      expect(again.statusCode, `${summary}: ${again.body}`).toBe(409);
      expect(['ORDER_STALE', 'ALREADY_PAID']).toContain((again.json() as { error: { code: string } }).error.code);
    }

    // PayPal's side: the captures that took money for this job, and every capture request it was sent.
    const taken = paypal.captures.filter((entry) => orderIds.has(entry.orderId));
    for (const extra of taken.filter((entry) => entry.captureId !== payment?.captureId)) {
      const refunded = [...paypal.refunds.values()].filter((refund) => refund.captureId === extra.captureId);
      expect(refunded, `${summary}: the extra capture ${extra.captureId} must have been refunded`).toHaveLength(1);
    }
    expect(
      taken.map((entry) => entry.captureId),
      summary,
    ).toContain(payment?.captureId);
    const asked = paypal.requests.filter(
      (request) => request.method === 'POST' && [...orderIds].some((orderId) => request.path === `/v2/checkout/orders/${orderId}/capture`),
    );
    expect(asked, `${summary}: capture requests PayPal received`).toHaveLength(1);
    expect(taken, `${summary}: captures PayPal took`).toHaveLength(1);

    const appointment = (await db.select().from(appointments).where(eq(appointments.id, appointmentId)))[0];
    expect(appointment?.paidAt, summary).toBeInstanceOf(Date);
    const history = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appointmentId, appointmentId), eq(auditLog.action, 'payment')));
    expect(history, `${summary}: payment history entries`).toHaveLength(1);
  }

  it('two orders, the first voided by the second: the voided one is refused, the other paid once (20 rounds)', async () => {
    const customer = await bookingCustomer(first.app, 'twoinstances-voided');
    for (let round = 0; round < ROUNDS; round++) {
      const appointmentId = await completedAppointment(customer);
      const voided = await createOrder(first.app, customer.cookie, appointmentId);
      const current = await createOrder(second, customer.cookie, appointmentId);
      if (round % 2 === 1) paypal.behave('slow');
      const [a, b] = await Promise.all([capture(first.app, customer.cookie, voided), capture(second, customer.cookie, current)]);
      await checkRound(
        `round ${round}`,
        appointmentId,
        [
          { answer: a, orderId: voided },
          { answer: b, orderId: current },
        ],
        // The voided order is refused as replaced, or as paid when the other capture finished before it was looked at.
        ['ORDER_STALE', 'ALREADY_PAID'],
        false,
        (orderId) => capture(first.app, customer.cookie, orderId),
      );
      expect(a.statusCode, a.body).toBe(409);
      expect(['ORDER_STALE', 'ALREADY_PAID']).toContain((a.json() as { error?: { code: string } }).error?.code);
    }
  }, 60_000);

  it('one order captured on both instances at once: one capture, answered once or twice the same (20 rounds)', async () => {
    const customer = await bookingCustomer(first.app, 'twoinstances-same');
    for (let round = 0; round < ROUNDS; round++) {
      const appointmentId = await completedAppointment(customer);
      const orderId = await createOrder(round % 2 ? second : first.app, customer.cookie, appointmentId);
      if (round % 2 === 1) paypal.behave('slow');
      const [a, b] = await Promise.all([capture(first.app, customer.cookie, orderId), capture(second, customer.cookie, orderId)]);
      await checkRound(
        `round ${round}`,
        appointmentId,
        [
          { answer: a, orderId },
          { answer: b, orderId },
        ],
        ['PAYMENT_IN_PROGRESS'],
        true,
        (again) => capture(first.app, customer.cookie, again),
      );
    }
  }, 60_000);

  it('two open orders of one job (the first restored to created) captured on both instances at once (20 rounds)', async () => {
    const customer = await bookingCustomer(first.app, 'twoinstances-open');
    for (let round = 0; round < ROUNDS; round++) {
      const appointmentId = await completedAppointment(customer);
      const older = await createOrder(first.app, customer.cookie, appointmentId);
      const newer = await createOrder(second, customer.cookie, appointmentId);
      // As if the second order had not voided the first: two orders of the job may be captured.
      await first.database.db.update(paymentOrders).set({ state: 'created', closedReason: null }).where(eq(paymentOrders.orderId, older));
      if (round % 2 === 1) paypal.behave('slow');
      const [a, b] = await Promise.all([capture(first.app, customer.cookie, older), capture(second, customer.cookie, newer)]);
      await checkRound(
        `round ${round}`,
        appointmentId,
        [
          { answer: a, orderId: older },
          { answer: b, orderId: newer },
        ],
        // Refused while the other is captured, or after it was recorded (which voids the job's other open orders).
        ['PAYMENT_IN_PROGRESS', 'ALREADY_PAID', 'ORDER_STALE'],
        false,
        (orderId) => capture(first.app, customer.cookie, orderId),
      );
    }
  }, 60_000);
});
