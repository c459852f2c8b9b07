import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { appointments, errorLog, payments, user } from '../../src/server/db/schema.ts';
import { mailbox } from '../support/accounts.ts';
import { book, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';
import { testConfig } from '../support/config.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { payPalEnv, startPayPalStandIn } from '../support/paypal-stand-in.ts';

type App = Awaited<ReturnType<typeof buildApp>>;
const days = upcomingWeekendDays(12, 3);
let slotCounter = 0;

/** A booked job marked completed with an amount by the owner (directly in the database: the back office comes later). */
async function completedAppointment(app: App, database: TestDatabase, amountCents = 7500) {
  const customer = await bookingCustomer(app, 'payer');
  const index = slotCounter++;
  const created = (
    await book(
      app,
      customer.cookie,
      days[Math.floor(index / 8)] ?? '',
      ['08:00am', '09:30am', '11:00am', '12:30pm', '02:00pm', '03:30pm', '05:00pm', '06:30pm'][index % 8] ?? '08:00am',
    )
  ).json();
  await database.db.update(appointments).set({ completedAt: new Date(), amountCents }).where(eq(appointments.id, created.id));
  return { customer, appointmentId: created.id as string };
}

describe('payments with PayPal (a stand-in on 127.0.0.1)', () => {
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig(payPalEnv(paypal)),
      db: database.db,
      listen: database.listen,
      logger: false,
      paypalTimeoutMs: 500,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await paypal.close();
  });

  const createOrder = (cookie: string, body: object) =>
    app.inject({ method: 'POST', url: '/api/payments/orders', headers: { cookie }, payload: body });
  const capture = (cookie: string, orderId: string) =>
    app.inject({ method: 'POST', url: `/api/payments/orders/${orderId}/capture`, headers: { cookie } });
  const paymentsOf = (appointmentId: string) => database.db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
  const appointment = async (id: string) => (await database.db.select().from(appointments).where(eq(appointments.id, id)))[0];

  it('creates the order from the server’s amount, captures it, verifies it and records one payment with a receipt', async () => {
    const { customer, appointmentId } = await completedAppointment(app, database, 7500);
    const checkout = await app.inject({
      method: 'GET',
      url: `/api/payments/checkout/${appointmentId}`,
      headers: { cookie: customer.cookie },
    });
    expect(checkout.json()).toMatchObject({ appointmentId, amountCents: 7500, provider: 'paypal' });

    const created = await createOrder(customer.cookie, { appointmentId, amount: '1.00', amountCents: 100 });
    expect(created.statusCode).toBe(201);
    const { orderId } = created.json();
    const sent = paypal.requests.find(
      (request) =>
        request.path === '/v2/checkout/orders' && request.method === 'POST' && JSON.stringify(request.body).includes(appointmentId),
    );
    expect(sent?.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: appointmentId,
          custom_id: appointmentId,
          description: `${customer.email}#${appointmentId}`,
          amount: { currency_code: 'USD', value: '75.00' },
        },
      ],
    });
    expect(sent?.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(sent?.headers['paypal-request-id']).toBeTruthy();

    const captured = await capture(customer.cookie, orderId);
    expect(captured.statusCode).toBe(200);
    expect(captured.json()).toMatchObject({
      appointmentId,
      payerName: 'Mary',
      amountCents: 7500,
      captureId: expect.stringMatching(/^CAP/),
      isTest: false,
    });
    const [payment] = await paymentsOf(appointmentId);
    expect(payment).toMatchObject({
      provider: 'paypal',
      // PayPal's live environment (the stand-in plays it): money.
      isTest: false,
      orderId,
      amountCents: 7500,
      currency: 'USD',
      payerName: 'Mary',
      payerEmail: 'mary.buyer@example.com',
      takenByRole: 'customer',
    });
    expect((await appointment(appointmentId))?.paidAt).toBeInstanceOf(Date);
    const open = await app.inject({ method: 'GET', url: '/api/appointments', headers: { cookie: customer.cookie } });
    expect(open.json()).toEqual([]);
    // The receipt, then the request for a rating (written in the same transaction, sent in that order).
    const [thanks, receipt] = await mailbox(app, customer.email);
    expect(thanks?.subject).toBe('Thank you from TechHelp: how did we do?');
    expect(receipt?.subject).toBe('Your TechHelp receipt: $75.00');
    expect(receipt?.text).toContain(`Payment reference: ${payment?.captureId}.`);
    expect(receipt?.text).toContain('TechHelp');

    const replay = await capture(customer.cookie, orderId);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(captured.json());
    expect(await paymentsOf(appointmentId)).toHaveLength(1);
  });

  it('records an order PayPal reports as already captured, once', async () => {
    const { customer, appointmentId } = await completedAppointment(app, database);
    const { orderId } = (await createOrder(customer.cookie, { appointmentId })).json();
    paypal.behave('already-captured');
    const response = await capture(customer.cookie, orderId);
    expect(response.statusCode).toBe(200);
    expect(await paymentsOf(appointmentId)).toHaveLength(1);
  });

  it.each([
    ['declined', 402, 'PAYMENT_DECLINED', 'INSTRUMENT_DECLINED'],
    ['server-error', 502, 'APPROVAL_FAILED', '503'],
    ['timeout', 502, 'APPROVAL_FAILED', 'did not answer in time'],
    ['malformed', 502, 'APPROVAL_FAILED', 'not JSON'],
    ['wrong-amount', 502, 'APPROVAL_FAILED', 'amount 1.00 instead of 75.00'],
  ] as const)('leaves the job unpaid when the capture is %s, and records it in the error log', async (behaviour, status, code, logged) => {
    const { customer, appointmentId } = await completedAppointment(app, database);
    const { orderId } = (await createOrder(customer.cookie, { appointmentId })).json();
    paypal.behave(behaviour);
    const response = await capture(customer.cookie, orderId);
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
    if (code === 'APPROVAL_FAILED') expect(response.json().error.message).toBe('Error during Approval Process.');
    expect(await paymentsOf(appointmentId)).toHaveLength(0);
    expect((await appointment(appointmentId))?.paidAt).toBeNull();
    const entries = await database.db.select().from(errorLog).where(eq(errorLog.appointmentIdentifier, appointmentId));
    expect(entries.map((entry) => entry.errorMessage).join('\n')).toContain(logged);
    expect(entries[0]?.componentName).toBe('MakePayment');

    // The customer can try again, and the second attempt goes through; money taken for the wrong amount was
    // given back, and that order is done with.
    paypal.behave();
    const retry = await capture(customer.cookie, orderId);
    if (behaviour === 'wrong-amount') {
      expect(retry.statusCode).toBe(409);
      // The job is as it was; the order is done with, since what it took was given back.
      expect(retry.json().error).toEqual({
        code: 'ORDER_STALE',
        message: 'This payment can no longer be completed. Please start the payment again.',
      });
      const taken = paypal.captures.filter((entry) => entry.orderId === orderId);
      expect(taken).toHaveLength(1);
      expect([...paypal.refunds.values()].map((refund) => refund.captureId)).toContain(taken[0]?.captureId);
    } else {
      expect(retry.statusCode).toBe(200);
      expect(await paymentsOf(appointmentId)).toHaveLength(1);
    }
  });

  it('refuses to pay an uncompleted, a paid, a cancelled or another customer’s job, with the spec’s messages', async () => {
    const { customer, appointmentId } = await completedAppointment(app, database);
    const stranger = await bookingCustomer(app, 'stranger');
    expect((await createOrder(stranger.cookie, { appointmentId })).statusCode).toBe(404);

    await database.db.update(appointments).set({ completedAt: null }).where(eq(appointments.id, appointmentId));
    const uncompleted = await createOrder(customer.cookie, { appointmentId });
    expect(uncompleted.statusCode).toBe(409);
    expect(uncompleted.json().error).toEqual({ code: 'NOT_COMPLETED', message: 'The job is not completed yet!' });

    await database.db.update(appointments).set({ completedAt: new Date(), amountCents: 0 }).where(eq(appointments.id, appointmentId));
    expect((await createOrder(customer.cookie, { appointmentId })).json().error.code).toBe('AMOUNT_NOT_SET');

    await database.db.update(appointments).set({ amountCents: 5000, paidAt: new Date() }).where(eq(appointments.id, appointmentId));
    const paid = await createOrder(customer.cookie, { appointmentId });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.code).toBe('ALREADY_PAID');

    await database.db.update(appointments).set({ paidAt: null, cancelledAt: new Date() }).where(eq(appointments.id, appointmentId));
    expect((await createOrder(customer.cookie, { appointmentId })).statusCode).toBe(404);
  });

  it('never lets another customer capture someone’s order', async () => {
    const { customer, appointmentId } = await completedAppointment(app, database);
    const stranger = await bookingCustomer(app, 'thief');
    const { orderId } = (await createOrder(customer.cookie, { appointmentId })).json();
    expect((await capture(stranger.cookie, orderId)).statusCode).toBe(404);
    expect(await paymentsOf(appointmentId)).toHaveLength(0);
  });

  it('lets an admin check a customer, list their jobs and take a payment of a whole-dollar amount', async () => {
    const admin = await bookingCustomer(app, 'owner');
    await database.db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    await app.notices.settle();
    const { customer, appointmentId } = await completedAppointment(app, database, 0);
    const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie = admin.cookie) =>
      app.inject({ method, url, payload, headers: { cookie } });

    expect((await call('GET', `/api/admin/customers?email=${customer.email.toUpperCase()}`)).json()).toEqual({ exists: true });
    expect((await call('GET', '/api/admin/customers?email=nobody@example.com')).json()).toEqual({ exists: false });
    const listed = (await call('GET', `/api/admin/customers/appointments?email=${customer.email}`)).json();
    expect(listed.map((entry: { id: string }) => entry.id)).toEqual([appointmentId]);

    for (const amount of ['', '0', '12.50', 'abc', '-5', '10001']) {
      const refused = await call('POST', '/api/admin/payments/orders', { appointmentId, amount });
      expect(refused.statusCode, amount).toBe(400);
      expect(refused.json().error.message).toBe('amount: Please enter a valid amount.');
    }
    const order = await call('POST', '/api/admin/payments/orders', { appointmentId, amount: '60' });
    expect(order.statusCode).toBe(201);
    const captured = await call('POST', `/api/admin/payments/orders/${order.json().orderId}/capture`);
    expect(captured.statusCode).toBe(200);
    const [payment] = await paymentsOf(appointmentId);
    expect(payment).toMatchObject({ amountCents: 6000, takenByRole: 'admin', takenByUserId: admin.id });
    expect((await appointment(appointmentId))?.amountCents).toBe(6000);

    for (const [method, url, payload] of [
      ['GET', `/api/admin/customers?email=${customer.email}`, undefined],
      ['GET', `/api/admin/customers/appointments?email=${customer.email}`, undefined],
      ['POST', '/api/admin/payments/orders', { appointmentId, amount: '10' }],
      ['POST', `/api/admin/payments/orders/${order.json().orderId}/capture`, undefined],
    ] as const) {
      expect((await call(method, url, payload, customer.cookie)).statusCode, url).toBe(403);
      expect((await call(method, url, payload, '')).statusCode, url).toBe(401);
    }
  });
});

describe("payments through PayPal's sandbox (PAYPAL_ENV=sandbox, a stand-in on 127.0.0.1)", () => {
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ ...payPalEnv(paypal), PAYPAL_ENV: 'sandbox' }),
      db: database.db,
      listen: database.listen,
      logger: false,
      paypalTimeoutMs: 500,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await paypal.close();
  });

  it('stores every payment as TEST, and shows and counts it as TEST everywhere: receipt, thanks, invoice, paid list, CSV, refund', async () => {
    const admin = await bookingCustomer(app, 'owner');
    await database.db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    await app.notices.settle();
    const asAdmin = (method: 'GET' | 'POST', url: string) => app.inject({ method, url, headers: { cookie: admin.cookie } });
    const paidList = async () => (await asAdmin('GET', '/api/admin/paid?from=2026-01-01&to=2099-12-31')).json();
    const before = await paidList();

    const { customer, appointmentId } = await completedAppointment(app, database, 7500);
    const page = await app.inject({ method: 'GET', url: '/services' });
    expect(page.body).toContain('"payments":{"mode":"paypal","clientId":');
    expect(page.body).toContain('"test":true');
    const { orderId } = (
      await app.inject({ method: 'POST', url: '/api/payments/orders', headers: { cookie: customer.cookie }, payload: { appointmentId } })
    ).json();
    const captured = await app.inject({
      method: 'POST',
      url: `/api/payments/orders/${orderId}/capture`,
      headers: { cookie: customer.cookie },
    });
    expect(captured.statusCode).toBe(200);
    // The thank-you page reads it: TEST.
    expect(captured.json()).toMatchObject({ appointmentId, amountCents: 7500, isTest: true });
    const [payment] = await database.db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
    expect(payment).toMatchObject({ provider: 'paypal', isTest: true, amountCents: 7500 });

    // The receipt says no money was taken, and no thank-you asks for a rating of a payment that took none.
    const mails = await mailbox(app, customer.email);
    expect(mails[0]?.subject).toBe('Your TechHelp receipt: $75.00 (TEST: no money was taken)');
    expect(mails[0]?.text).toContain('TEST: this payment was made in test mode. No money was taken.');
    expect(mails.map((mail) => mail.subject)).not.toContain('Thank you from TechHelp: how did we do?');
    const invoice = (
      await app.inject({ method: 'GET', url: `/api/invoices/${appointmentId}`, headers: { cookie: customer.cookie } })
    ).json();
    expect(invoice.payment.method).toBe('test');

    const after = await paidList();
    expect(after.totalCents).toBe(before.totalCents);
    expect(after.testCents).toBe(before.testCents + 7500);
    expect(after.entries.find((entry: { id: string }) => entry.id === appointmentId).payment).toMatchObject({
      provider: 'paypal',
      isTest: true,
    });
    const csv = (await asAdmin('GET', '/api/admin/paid.csv?from=2026-01-01&to=2099-12-31')).body;
    const row = csv.split('\n').find((line) => line.includes(appointmentId));
    // An amount set in the database, with no bill and so no sales tax: the tax columns stay empty.
    expect(row, csv).toMatch(/,TEST \(PayPal's sandbox: no money\),[^,]+,75\.00,TEST,,,,$/);
    const history = (await asAdmin('GET', `/api/admin/appointments/${appointmentId}/history`)).json();
    expect(JSON.stringify(history[0].changes)).toContain("TEST, PayPal's sandbox");

    // Given back through the sandbox: the customer reads that no money moves, and it leaves every total.
    const refunded = await asAdmin('POST', `/api/admin/payments/${payment?.id}/refund`);
    expect(refunded.statusCode).toBe(200);
    const [refundMail] = await mailbox(app, customer.email);
    expect(refundMail?.text).toContain('TEST: this payment was made in test mode, so no money moves.');
    const afterRefund = await paidList();
    expect(afterRefund).toMatchObject({ totalCents: before.totalCents, refundedCents: before.refundedCents, testCents: before.testCents });
    const refundedRow = (await asAdmin('GET', '/api/admin/paid.csv?from=2026-01-01&to=2099-12-31')).body
      .split('\n')
      .find((line) => line.includes(appointmentId));
    expect(refundedRow).toMatch(/,75\.00,"?TEST, refunded [^,]+,,,,$/);
  });
});

describe('payments in test mode (no PayPal configured)', () => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), db: database.db, listen: database.listen, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('runs the same create, capture, verify and record steps', async () => {
    const { customer, appointmentId } = await completedAppointment(app, database, 12_550);
    const checkout = (
      await app.inject({ method: 'GET', url: `/api/payments/checkout/${appointmentId}`, headers: { cookie: customer.cookie } })
    ).json();
    expect(checkout.provider).toBe('sandbox');
    const { orderId } = (
      await app.inject({ method: 'POST', url: '/api/payments/orders', headers: { cookie: customer.cookie }, payload: { appointmentId } })
    ).json();
    expect(orderId).toMatch(/^SANDBOX-/);
    const captured = await app.inject({
      method: 'POST',
      url: `/api/payments/orders/${orderId}/capture`,
      headers: { cookie: customer.cookie },
    });
    expect(captured.json()).toMatchObject({ appointmentId, payerName: "Mary-Ann O'Neil", amountCents: 12_550, isTest: true });
    const recorded = await database.db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
    expect(recorded).toMatchObject([{ provider: 'sandbox', amountCents: 12_550, isTest: true }]);
    const again = await app.inject({
      method: 'POST',
      url: `/api/payments/orders/${orderId}/capture`,
      headers: { cookie: customer.cookie },
    });
    expect(again.statusCode).toBe(200);
    expect(await database.db.select().from(payments).where(eq(payments.appointmentId, appointmentId))).toHaveLength(1);
  });
});
