import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, errorLog, paymentOrders, payments, payRequests, profiles } from '../../src/server/db/schema.ts';
import { type PaymentProvider, SandboxProvider } from '../../src/server/modules/payments/payment-provider.ts';
import { PAYMENT_TEXTS } from '../../src/shared/payments.ts';
import { mailbox } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';
import type { TestDatabase } from '../support/database.ts';
import { payPalEnv, startPayPalStandIn } from '../support/paypal-stand-in.ts';

type App = TestApp['app'];
type Customer = Awaited<ReturnType<typeof bookingCustomer>>;

const STALE = { code: 'ORDER_STALE', message: 'The amount of this job has changed. Please start the payment again.' };
const REPLACED = { code: 'ORDER_STALE', message: 'This payment can no longer be completed. Please start the payment again.' };
const GONE = { code: 'NOT_FOUND', message: 'That visit was not found.' };
const SLOTS = ['08:00am', '09:30am', '11:00am', '12:30pm', '02:00pm', '03:30pm', '05:00pm', '06:30pm'];
const days = upcomingWeekendDays(16, 3);

/**
 * The money rules against the PayPal stand-in, which counts every capture that took money and every refund:
 * an order is paid only for what the job costs now, at most once per job, and what must not stand goes back.
 */
describe('money integrity (PayPal stand-in)', () => {
  let paypal: Awaited<ReturnType<typeof startPayPalStandIn>>;
  let subject: TestApp;
  let database: TestDatabase;
  let app: App;
  let admin: Customer;
  let slot = 0;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    subject = await createTestApp(payPalEnv(paypal), { paypalTimeoutMs: 1000 });
    ({ app, database } = subject);
    admin = await bookingAdmin(app, database.db);
  });
  afterAll(async () => {
    await subject.close();
    await paypal.close();
  });

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, payload });
  const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => call(admin.cookie, method, url, payload);
  const createOrder = async (customer: Customer, appointmentId: string) => {
    const response = await call(customer.cookie, 'POST', '/api/payments/orders', { appointmentId });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().orderId as string;
  };
  const capture = (customer: Customer, orderId: string) => call(customer.cookie, 'POST', `/api/payments/orders/${orderId}/capture`);
  const ordersOf = (appointmentId: string) =>
    database.db.select().from(paymentOrders).where(eq(paymentOrders.appointmentId, appointmentId));
  const paymentsOf = (appointmentId: string) => database.db.select().from(payments).where(eq(payments.appointmentId, appointmentId));
  const inForce = async (appointmentId: string) => (await paymentsOf(appointmentId)).filter((payment) => payment.refundedAt === null);
  const appointment = async (appointmentId: string) =>
    (await database.db.select().from(appointments).where(eq(appointments.id, appointmentId)))[0];
  const historyOf = async (appointmentId: string) => (await asAdmin('GET', `/api/admin/appointments/${appointmentId}/history`)).json();
  /** The captures that took money for this job, as the provider counts them. */
  const providerCaptures = async (appointmentId: string) => {
    const ids = new Set((await ordersOf(appointmentId)).map((order) => order.orderId));
    return paypal.captures.filter((entry) => ids.has(entry.orderId));
  };
  const providerRefundsOf = (captureIds: string[]) =>
    [...paypal.refunds.values()].filter((refund) => captureIds.includes(refund.captureId));

  /** A booked job the owner marked completed at `amount` through the back office, of a new customer unless given one. */
  async function completedAppointment(amount = '50.00', customer?: Customer) {
    customer ??= await bookingCustomer(app, 'payer');
    const index = slot++;
    const booked = await book(app, customer.cookie, days[Math.floor(index / SLOTS.length)] ?? '', SLOTS[index % SLOTS.length] ?? '');
    expect(booked.statusCode, booked.body).toBe(201);
    const appointmentId = booked.json().id as string;
    const completed = await asAdmin('PATCH', `/api/admin/appointments/${appointmentId}`, { amount, isCompleted: true });
    expect(completed.statusCode, completed.body).toBe(200);
    return { customer, appointmentId };
  }

  it('refuses an order made before the owner changed the amount, then takes the new amount', async () => {
    const { customer, appointmentId } = await completedAppointment('50.00');
    const orderId = await createOrder(customer, appointmentId);
    expect((await asAdmin('PATCH', `/api/admin/appointments/${appointmentId}`, { amount: '200.00' })).statusCode).toBe(200);

    const stale = await capture(customer, orderId);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toEqual(STALE);
    expect(await providerCaptures(appointmentId)).toEqual([]);
    expect(await paymentsOf(appointmentId)).toEqual([]);
    expect((await appointment(appointmentId))?.amountCents).toBe(20_000);
    expect((await ordersOf(appointmentId)).map((order) => order.state)).toEqual(['voided']);

    const fresh = await createOrder(customer, appointmentId);
    const paid = await capture(customer, fresh);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().amountCents).toBe(20_000);
    expect((await appointment(appointmentId))?.paidAt).toBeInstanceOf(Date);
    expect(await providerCaptures(appointmentId)).toHaveLength(1);
    const history = await historyOf(appointmentId);
    expect(history[0]).toMatchObject({ action: 'payment', actorEmail: customer.email, changes: { isPaid: { before: false } } });
    expect(String(history[0].changes.isPaid.after)).toMatch(/^true \(PayPal CAP/);
  });

  it('checks the amount again at capture, even when the change did not void the order', async () => {
    const { customer, appointmentId } = await completedAppointment('50.00');
    const orderId = await createOrder(customer, appointmentId);
    // A change written past the back office (a manual fix in the database) leaves the order open.
    await database.db.update(appointments).set({ amountCents: 20_000 }).where(eq(appointments.id, appointmentId));
    const response = await capture(customer, orderId);
    expect(response.json().error).toEqual(STALE);
    expect(await providerCaptures(appointmentId)).toEqual([]);
    expect((await ordersOf(appointmentId))[0]?.state).toBe('voided');
  });

  it('refuses an order of a job the owner un-completed', async () => {
    const { customer, appointmentId } = await completedAppointment('80.00');
    const orderId = await createOrder(customer, appointmentId);
    expect((await asAdmin('PATCH', `/api/admin/appointments/${appointmentId}`, { isCompleted: false })).statusCode).toBe(200);
    const response = await capture(customer, orderId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual(STALE);
    expect(await providerCaptures(appointmentId)).toEqual([]);
    expect((await appointment(appointmentId))?.paidAt).toBeNull();
    expect((await appointment(appointmentId))?.completedAt).toBeNull();
  });

  it('refuses an order of a job the customer cancelled or the owner deleted', async () => {
    // The admin can take a payment for a job that is not completed yet; the customer cancels it meanwhile.
    const cancelled = await completedAppointment('40.00');
    await asAdmin('PATCH', `/api/admin/appointments/${cancelled.appointmentId}`, { isCompleted: false });
    const adminOrder = await asAdmin('POST', '/api/admin/payments/orders', { appointmentId: cancelled.appointmentId, amount: '40' });
    expect(adminOrder.statusCode).toBe(201);
    expect((await call(cancelled.customer.cookie, 'POST', `/api/appointments/${cancelled.appointmentId}/cancel`)).statusCode).toBe(204);
    const afterCancel = await asAdmin('POST', `/api/admin/payments/orders/${adminOrder.json().orderId}/capture`);
    expect(afterCancel.statusCode).toBe(404);
    expect(afterCancel.json().error).toEqual(GONE);

    const deleted = await completedAppointment('45.00');
    const orderId = await createOrder(deleted.customer, deleted.appointmentId);
    expect((await asAdmin('DELETE', `/api/admin/appointments/${deleted.appointmentId}`)).statusCode).toBe(204);
    const afterDelete = await capture(deleted.customer, orderId);
    expect(afterDelete.statusCode).toBe(404);
    expect(afterDelete.json().error).toEqual(GONE);

    for (const appointmentId of [cancelled.appointmentId, deleted.appointmentId]) {
      expect(await providerCaptures(appointmentId)).toEqual([]);
      expect(await paymentsOf(appointmentId)).toEqual([]);
      expect((await ordersOf(appointmentId)).map((order) => order.state)).toEqual(['voided']);
    }
  });

  it('voids an older order when a newer one is made', async () => {
    const { customer, appointmentId } = await completedAppointment('60.00');
    const first = await createOrder(customer, appointmentId);
    const second = await createOrder(customer, appointmentId);
    // The amount did not change: the order was replaced, and the text says only that.
    expect((await capture(customer, first)).json().error).toEqual(REPLACED);
    expect((await capture(customer, second)).statusCode).toBe(200);
    expect(await providerCaptures(appointmentId)).toHaveLength(1);
  });

  it('asks the provider to capture once per job, whatever is sent at once (20 rounds of each kind)', async () => {
    // One customer for every round: each job is paid before the next is booked, so none is ever left open.
    const payer = await bookingCustomer(app, 'payer');
    for (let round = 0; round < 20; round++) {
      // Two open orders of one job (as two tabs would have had before orders were voided), captured together.
      const two = await completedAppointment('70.00', payer);
      const a = await createOrder(two.customer, two.appointmentId);
      const b = await createOrder(two.customer, two.appointmentId);
      await database.db.update(paymentOrders).set({ state: 'created' }).where(eq(paymentOrders.orderId, a));
      const answers = await Promise.all([capture(two.customer, a), capture(two.customer, b)]);
      expect(answers.map((answer) => answer.statusCode).sort(), `round ${round}: ${answers.map((answer) => answer.body)}`).toEqual([
        200, 409,
      ]);
      expect(await providerCaptures(two.appointmentId), `round ${round}`).toHaveLength(1);
      expect(await paymentsOf(two.appointmentId)).toHaveLength(1);
      // The order refused while the other was captured is void now: it can never be captured later.
      expect((await ordersOf(two.appointmentId)).map((order) => order.state).sort()).toEqual(['captured', 'voided']);

      // One order, captured twice at once (a double click): one capture, one payment, the same answer or a wait.
      const same = await completedAppointment('70.00', payer);
      const orderId = await createOrder(same.customer, same.appointmentId);
      const both = await Promise.all([capture(same.customer, orderId), capture(same.customer, orderId)]);
      const codes = both.map((answer) => answer.statusCode).sort();
      expect([
        [200, 200],
        [200, 409],
      ]).toContainEqual(codes);
      const refused = both.find((answer) => answer.statusCode === 409);
      if (refused) expect(refused.json().error.code).toBe('PAYMENT_IN_PROGRESS');
      expect(await providerCaptures(same.appointmentId), `round ${round}`).toHaveLength(1);
      expect(await paymentsOf(same.appointmentId)).toHaveLength(1);
    }
  }, 120_000);

  it('answers a replayed capture as the first, taking nothing more', async () => {
    const { customer, appointmentId } = await completedAppointment('55.00');
    const orderId = await createOrder(customer, appointmentId);
    const first = await capture(customer, orderId);
    expect(first.statusCode).toBe(200);
    for (let replay = 0; replay < 3; replay++) {
      const again = await capture(customer, orderId);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    expect(await providerCaptures(appointmentId)).toHaveLength(1);
    expect(await paymentsOf(appointmentId)).toHaveLength(1);
    expect((await historyOf(appointmentId)).filter((entry: { action: string }) => entry.action === 'payment')).toHaveLength(1);
  });

  it('records a capture whose answer was lost, from the order itself', async () => {
    const { customer, appointmentId } = await completedAppointment('65.00');
    const orderId = await createOrder(customer, appointmentId);
    paypal.behave('captured-then-lost');
    const response = await capture(customer, orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(await providerCaptures(appointmentId)).toHaveLength(1);
    expect(await paymentsOf(appointmentId)).toHaveLength(1);
  });

  it('refuses job changes while a capture is under way, and refunds a capture the job can no longer take', async () => {
    const { customer, appointmentId } = await completedAppointment('90.00');
    const orderId = await createOrder(customer, appointmentId);
    paypal.setSlowMs(600);
    paypal.behave('slow');
    const capturing = capture(customer, orderId);
    await until(async () => (await ordersOf(appointmentId))[0]?.state === 'capturing');

    for (const change of [{ amount: '95.00' }, { isCompleted: false }, { isPaid: true, paymentMethod: 'cash' }]) {
      const refused = await asAdmin('PATCH', `/api/admin/appointments/${appointmentId}`, change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(409);
      expect(refused.json().error.code).toBe('PAYMENT_IN_PROGRESS');
    }
    expect((await asAdmin('DELETE', `/api/admin/appointments/${appointmentId}`)).json().error.code).toBe('PAYMENT_IN_PROGRESS');
    expect((await call(customer.cookie, 'POST', '/api/payments/orders', { appointmentId })).json().error.code).toBe('PAYMENT_IN_PROGRESS');

    // Something outside the rules records a payment meanwhile (as another path or a manual database fix would).
    await database.db.insert(payments).values({
      appointmentId,
      provider: 'manual',
      method: 'cash',
      amountCents: 9000,
      takenByUserId: admin.id,
      takenByRole: 'admin',
    });
    await database.db.update(appointments).set({ paidAt: new Date() }).where(eq(appointments.id, appointmentId));

    const response = await capturing;
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('ALREADY_PAID');
    const taken = await providerCaptures(appointmentId);
    expect(taken).toHaveLength(1);
    expect(providerRefundsOf(taken.map((entry) => entry.captureId))).toHaveLength(1);
    expect(await inForce(appointmentId)).toHaveLength(1);
    expect((await ordersOf(appointmentId))[0]?.state).toBe('refunded');
    const logged = await database.db.select().from(errorLog).where(eq(errorLog.appointmentIdentifier, appointmentId));
    expect(logged.map((entry) => entry.errorMessage).join('\n')).toContain('the job was already paid; the capture was refunded');
    const history = await historyOf(appointmentId);
    expect(history[0]).toMatchObject({ action: 'refund', actorEmail: 'TechHelp (automatic)' });
    expect((await mailbox(app, admin.email)).map((mail) => mail.subject)).toContain('TechHelp: a second payment of $90.00 was refunded');
  });

  it('finishes a capture a dead process left claimed: recorded when the provider took it, released when not', async () => {
    const taken = await completedAppointment('35.00');
    const takenOrder = await createOrder(taken.customer, taken.appointmentId);
    const released = await completedAppointment('36.00');
    const releasedOrder = await createOrder(released.customer, released.appointmentId);
    // The provider captured the first order, but the process died before recording it.
    const token = await paypalToken(paypal);
    const direct = await fetch(`${paypal.url}/v2/checkout/orders/${takenOrder}/capture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(direct.status).toBe(201);
    const longAgo = new Date(Date.now() - 10 * 60_000);
    for (const orderId of [takenOrder, releasedOrder]) {
      await database.db.update(paymentOrders).set({ state: 'capturing', claimedAt: longAgo }).where(eq(paymentOrders.orderId, orderId));
    }

    expect(await app.payments.reconcileStaleCaptures()).toBeGreaterThanOrEqual(2);
    expect((await appointment(taken.appointmentId))?.paidAt).toBeInstanceOf(Date);
    expect(await paymentsOf(taken.appointmentId)).toHaveLength(1);
    expect((await ordersOf(taken.appointmentId))[0]?.state).toBe('captured');
    expect((await mailbox(app, taken.customer.email)).map((mail) => mail.subject)).toContain('Your TechHelp receipt: $35.00');
    expect((await ordersOf(released.appointmentId))[0]?.state).toBe('created');
    expect((await capture(released.customer, releasedOrder)).statusCode).toBe(200);
    expect(await providerCaptures(taken.appointmentId)).toHaveLength(1);
    expect(await providerCaptures(released.appointmentId)).toHaveLength(1);
  });

  it('refunds a PayPal payment once from the back office, however often it is asked; the job can be paid again', async () => {
    const { customer, appointmentId } = await completedAppointment('120.00');
    const orderId = await createOrder(customer, appointmentId);
    expect((await capture(customer, orderId)).statusCode).toBe(200);
    const [payment] = await paymentsOf(appointmentId);
    const refund = (paymentId: string) => asAdmin('POST', `/api/admin/payments/${paymentId}/refund`);

    expect((await call(customer.cookie, 'POST', `/api/admin/payments/${payment?.id}/refund`)).statusCode).toBe(403);
    const answers = await Promise.all([refund(payment?.id ?? ''), refund(payment?.id ?? '')]);
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((other) => other.statusCode !== 200)) expect(answer.json().error.code).toBe('REFUND_IN_PROGRESS');
    const replay = await refund(payment?.id ?? '');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(ok[0]?.json());
    expect(replay.json()).toMatchObject({
      paymentId: payment?.id,
      appointmentId,
      amountCents: 12_000,
      refundReference: expect.stringMatching(/^REF/),
    });
    expect(providerRefundsOf([payment?.captureId ?? ''])).toHaveLength(1);

    const after = await appointment(appointmentId);
    expect(after?.paidAt).toBeNull();
    expect(after?.completedAt).toBeInstanceOf(Date);
    expect((await ordersOf(appointmentId))[0]?.state).toBe('refunded');
    expect((await historyOf(appointmentId))[0]).toMatchObject({
      action: 'refund',
      actorEmail: admin.email,
      changes: { isPaid: { before: true, after: false } },
    });
    expect((await mailbox(app, customer.email))[0]?.subject).toBe('Your TechHelp refund: $120.00');
    const listed = (await call(customer.cookie, 'GET', '/api/appointments')).json();
    expect(listed.find((item: { id: string }) => item.id === appointmentId)).toMatchObject({ isCompleted: true, isPaid: false });

    const paidList = (await asAdmin('GET', '/api/admin/paid?from=2026-01-01&to=2099-12-31')).json();
    const entry = paidList.entries.find((item: { payment: { id: string } }) => item.payment.id === payment?.id);
    expect(entry.payment.refundedAt).toEqual(expect.any(String));
    expect(paidList.refundedCents).toBeGreaterThanOrEqual(12_000);

    // Paid again after the refund: a second payment, in force, beside the refunded one.
    const again = await createOrder(customer, appointmentId);
    expect((await capture(customer, again)).statusCode).toBe(200);
    expect(await paymentsOf(appointmentId)).toHaveLength(2);
    expect(await inForce(appointmentId)).toHaveLength(1);
  });

  it('finishes a refund a dead process left claimed, once, in the name of the admin who asked', async () => {
    const { customer, appointmentId } = await completedAppointment('110.00');
    expect((await capture(customer, await createOrder(customer, appointmentId))).statusCode).toBe(200);
    const [payment] = await paymentsOf(appointmentId);
    // The process asked PayPal and died before recording the answer.
    const token = await paypalToken(paypal);
    const asked = await fetch(`${paypal.url}/v2/payments/captures/${payment?.captureId}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'paypal-request-id': `refund-${payment?.id}` },
      body: '{}',
    });
    expect(asked.status).toBe(201);
    await database.db
      .update(payments)
      .set({ refundClaimedAt: new Date(Date.now() - 10 * 60_000), refundedBy: admin.id })
      .where(eq(payments.id, payment?.id ?? ''));
    expect((await asAdmin('POST', `/api/admin/payments/${payment?.id}/refund`)).json().error?.code).toBeUndefined();
    expect(await app.payments.reconcileStaleRefunds()).toBe(0);

    const [after] = await paymentsOf(appointmentId);
    expect(after?.refundedAt).toBeInstanceOf(Date);
    expect(after?.refundReference).toBe((await asked.json()).id);
    expect(providerRefundsOf([payment?.captureId ?? ''])).toHaveLength(1);
    expect((await appointment(appointmentId))?.paidAt).toBeNull();
    expect((await historyOf(appointmentId)).filter((entry: { action: string }) => entry.action === 'refund')).toHaveLength(1);
  });

  it('the reconciler finishes a refund claimed long ago without anyone asking again', async () => {
    const { customer, appointmentId } = await completedAppointment('115.00');
    expect((await capture(customer, await createOrder(customer, appointmentId))).statusCode).toBe(200);
    const [payment] = await paymentsOf(appointmentId);
    await database.db
      .update(payments)
      .set({ refundClaimedAt: new Date(Date.now() - 10 * 60_000), refundedBy: admin.id })
      .where(eq(payments.id, payment?.id ?? ''));
    expect(await app.payments.reconcileStaleRefunds()).toBeGreaterThanOrEqual(1);
    const [after] = await paymentsOf(appointmentId);
    expect(after?.refundedAt).toBeInstanceOf(Date);
    expect(after?.refundedBy).toBe(admin.id);
    expect(providerRefundsOf([payment?.captureId ?? ''])).toHaveLength(1);
    expect((await historyOf(appointmentId))[0]).toMatchObject({ action: 'refund', actorEmail: admin.email });
    expect((await mailbox(app, customer.email))[0]?.subject).toBe('Your TechHelp refund: $115.00');
  });

  it('keeps a refund that PayPal did not make to be tried again, and records one by hand for cash', async () => {
    const online = await completedAppointment('130.00');
    expect((await capture(online.customer, await createOrder(online.customer, online.appointmentId))).statusCode).toBe(200);
    const [payment] = await paymentsOf(online.appointmentId);
    paypal.behaveOnRefund('server-error');
    const failed = await asAdmin('POST', `/api/admin/payments/${payment?.id}/refund`);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toEqual({
      code: 'REFUND_FAILED',
      message: 'The refund could not be made. Nothing was changed; please try again in a moment.',
    });
    expect((await appointment(online.appointmentId))?.paidAt).toBeInstanceOf(Date);
    expect((await asAdmin('POST', `/api/admin/payments/${payment?.id}/refund`)).statusCode).toBe(200);
    expect(providerRefundsOf([payment?.captureId ?? ''])).toHaveLength(1);

    const cash = await completedAppointment('40.00');
    expect(
      (await asAdmin('PATCH', `/api/admin/appointments/${cash.appointmentId}`, { isPaid: true, paymentMethod: 'cash' })).statusCode,
    ).toBe(200);
    const undo = await asAdmin('PATCH', `/api/admin/appointments/${cash.appointmentId}`, { isPaid: false });
    expect(undo.json().error).toEqual({ code: 'REFUND_REQUIRED', message: 'To undo a payment, refund it from the Paid list.' });
    const [byHand] = await paymentsOf(cash.appointmentId);
    const refunds = paypal.refunds.size;
    const refunded = await asAdmin('POST', `/api/admin/payments/${byHand?.id}/refund`);
    expect(refunded.json()).toMatchObject({ refundReference: 'given back by hand (cash)', amountCents: 4000 });
    expect(paypal.refunds.size).toBe(refunds);
    expect((await appointment(cash.appointmentId))?.paidAt).toBeNull();
  });

  /** Makes the claim of the job's order look abandoned, as the reconciler finds it a few minutes later. */
  const ageClaim = (orderId: string) =>
    database.db
      .update(paymentOrders)
      .set({ claimedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(paymentOrders.orderId, orderId));
  const errorsOf = async (appointmentId: string) =>
    (await database.db.select().from(errorLog).where(eq(errorLog.appointmentIdentifier, appointmentId))).map((entry) => entry.errorMessage);
  /** Runs `act` as a server restarted with another payment provider on the same database would. */
  async function withProvider<T>(provider: PaymentProvider, act: () => Promise<T>): Promise<T> {
    const service = app.payments as unknown as { provider: PaymentProvider };
    const before = service.provider;
    service.provider = provider;
    try {
      return await act();
    } finally {
      service.provider = before;
    }
  }

  it('holds a capture PayPal keeps PENDING: nothing pays or changes the job meanwhile, and it is recorded once PayPal completes it', async () => {
    const { customer, appointmentId } = await completedAppointment('50.00');
    const orderId = await createOrder(customer, appointmentId);
    paypal.behave('pending');
    const held = await capture(customer, orderId);
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toEqual({ code: 'PAYMENT_PENDING', message: PAYMENT_TEXTS.paymentPending });
    expect((await ordersOf(appointmentId))[0]).toMatchObject({ state: 'capturing', pendingSince: expect.any(Date) });
    expect(await paymentsOf(appointmentId)).toEqual([]);

    // Paying again would take the money twice; changing the job would misstate what PayPal may yet complete.
    const again = await call(customer.cookie, 'POST', '/api/payments/orders', { appointmentId });
    expect(again.json().error).toEqual({ code: 'PAYMENT_PENDING', message: PAYMENT_TEXTS.paymentPending });
    expect((await capture(customer, orderId)).json().error.code).toBe('PAYMENT_PENDING');
    for (const change of [{ amount: '55.00' }, { isPaid: true, paymentMethod: 'cash' }]) {
      const refused = await asAdmin('PATCH', `/api/admin/appointments/${appointmentId}`, change);
      expect(refused.json().error, JSON.stringify(change)).toEqual({
        code: 'PAYMENT_PENDING',
        message: PAYMENT_TEXTS.appointmentChangeDuringPendingPayment,
      });
    }

    // Still under review at the next looks: the order keeps its claim, and the history said so once.
    for (let run = 0; run < 2; run++) {
      await ageClaim(orderId);
      await app.payments.reconcileStaleCaptures();
    }
    expect((await ordersOf(appointmentId))[0]?.state).toBe('capturing');
    expect((await historyOf(appointmentId)).filter((entry: { action: string }) => entry.action === 'payment-pending')).toHaveLength(1);

    // A second capture request for the order, however long after, is refused without asking PayPal: its refusal
    // (here a decline) would say nothing of the capture PayPal holds, and releasing the order on it let a new one pay.
    await ageClaim(orderId);
    const capturesAsked = paypal.requests.filter((request) => request.path.endsWith('/capture')).length;
    paypal.behave('declined');
    expect((await capture(customer, orderId)).json().error.code).toBe('PAYMENT_PENDING');
    paypal.behave();
    expect(paypal.requests.filter((request) => request.path.endsWith('/capture'))).toHaveLength(capturesAsked);
    expect((await call(customer.cookie, 'POST', '/api/payments/orders', { appointmentId })).json().error.code).toBe('PAYMENT_PENDING');

    // The pay link's reminders wait while PayPal reviews the payment, unused.
    await database.db
      .update(payRequests)
      .set({ sentAt: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(payRequests.appointmentId, appointmentId));
    const reminders = async () =>
      (await mailbox(app, customer.email)).filter((mail) => mail.subject.startsWith('A friendly reminder')).length;
    await app.payments.sendDuePayReminders();
    expect(await reminders()).toBe(0);
    expect((await database.db.select().from(payRequests).where(eq(payRequests.appointmentId, appointmentId)))[0]?.remindersSent).toBe(0);

    paypal.finishPending(orderId, 'COMPLETED');
    await ageClaim(orderId);
    await app.payments.reconcileStaleCaptures();
    expect((await appointment(appointmentId))?.paidAt).toBeInstanceOf(Date);
    expect((await inForce(appointmentId)).map((payment) => payment.amountCents)).toEqual([5000]);
    expect((await ordersOf(appointmentId))[0]?.state).toBe('captured');
    expect((await mailbox(app, customer.email)).map((mail) => mail.subject)).toContain('Your TechHelp receipt: $50.00');
    const taken = await providerCaptures(appointmentId);
    expect(taken).toHaveLength(1);
    expect(providerRefundsOf(taken.map((entry) => entry.captureId))).toEqual([]);
  });

  it('voids a PENDING capture that PayPal declines, says so in the history, and lets a new order pay', async () => {
    const { customer, appointmentId } = await completedAppointment('52.00');
    const orderId = await createOrder(customer, appointmentId);
    paypal.behave('pending');
    expect((await capture(customer, orderId)).json().error.code).toBe('PAYMENT_PENDING');
    paypal.finishPending(orderId, 'DECLINED');
    await ageClaim(orderId);
    await app.payments.reconcileStaleCaptures();
    expect((await ordersOf(appointmentId))[0]?.state).toBe('voided');
    expect(await paymentsOf(appointmentId)).toEqual([]);
    const history = (await historyOf(appointmentId)).filter((entry: { action: string }) => entry.action === 'payment-pending');
    expect(history).toHaveLength(2);
    expect(history[0].changes.paymentPending.after).toContain('not completed (DECLINED)');
    // The customer, told to wait for a receipt, is told that nothing was taken and how to pay.
    const [told] = (await mailbox(app, customer.email)).filter((mail) => mail.subject === 'Your TechHelp payment was not completed');
    expect(told?.text).toContain('did not complete it. No money was taken.');
    expect(told?.text).toContain(`/makepayment?appointment=${appointmentId}`);

    expect((await capture(customer, await createOrder(customer, appointmentId))).statusCode).toBe(200);
    expect(await inForce(appointmentId)).toHaveLength(1);
    expect(await providerCaptures(appointmentId)).toHaveLength(1);
  });

  it('leaves what PayPal started to PayPal after a switch to test mode, and names it in the error log once', async () => {
    // A refund of a PayPal payment left claimed by a process that died; the server comes back in test mode.
    const refunding = await completedAppointment('110.00');
    expect((await capture(refunding.customer, await createOrder(refunding.customer, refunding.appointmentId))).statusCode).toBe(200);
    const [payment] = await paymentsOf(refunding.appointmentId);
    await database.db
      .update(payments)
      .set({ refundClaimedAt: new Date(Date.now() - 10 * 60_000), refundedBy: admin.id })
      .where(eq(payments.id, payment?.id ?? ''));
    // An order made with PayPal that the customer's tab captures after the switch.
    const paying = await completedAppointment('70.00');
    const payPalOrder = await createOrder(paying.customer, paying.appointmentId);

    await withProvider(new SandboxProvider(), async () => {
      for (let run = 0; run < 2; run++) {
        await app.payments.reconcileStaleRefunds();
        await app.payments.reconcileStaleCaptures();
      }
      const late = await capture(paying.customer, payPalOrder);
      expect(late.json().error).toEqual({ code: 'ORDER_STALE', message: PAYMENT_TEXTS.orderReplaced });
    });
    expect((await paymentsOf(refunding.appointmentId))[0]?.refundedAt).toBeNull();
    expect((await appointment(refunding.appointmentId))?.paidAt).toBeInstanceOf(Date);
    expect((await mailbox(app, refunding.customer.email)).map((mail) => mail.subject)).not.toContain('Your TechHelp refund: $110.00');
    const named = (await errorsOf(refunding.appointmentId)).filter((message) => message.includes('left unfinished with paypal'));
    expect(named).toHaveLength(1);
    expect(await paymentsOf(paying.appointmentId)).toEqual([]);
    expect((await ordersOf(paying.appointmentId))[0]?.state).toBe('voided');
    expect(await providerCaptures(paying.appointmentId)).toEqual([]);

    // Back on PayPal, the refund is finished by PayPal, once.
    await app.payments.reconcileStaleRefunds();
    expect((await paymentsOf(refunding.appointmentId))[0]?.refundedAt).toBeInstanceOf(Date);
    expect(providerRefundsOf([payment?.captureId ?? ''])).toHaveLength(1);
  });

  it('keeps a PENDING capture whose order PayPal no longer shows (its credentials changed): the money may still come', async () => {
    const { customer, appointmentId } = await completedAppointment('62.00');
    const orderId = await createOrder(customer, appointmentId);
    paypal.behave('pending');
    expect((await capture(customer, orderId)).json().error.code).toBe('PAYMENT_PENDING');
    paypal.orders.delete(orderId);
    for (let run = 0; run < 2; run++) {
      await ageClaim(orderId);
      await app.payments.reconcileStaleCaptures();
    }
    expect((await ordersOf(appointmentId))[0]?.state).toBe('capturing');
    expect((await errorsOf(appointmentId)).filter((message) => message.includes('could not be looked up'))).toHaveLength(1);
    expect((await call(customer.cookie, 'POST', '/api/payments/orders', { appointmentId })).json().error.code).toBe('PAYMENT_PENDING');
  });

  it('voids a claimed order that PayPal no longer knows, writes the error log, and frees the job', async () => {
    const { customer, appointmentId } = await completedAppointment('60.00');
    const orderId = await createOrder(customer, appointmentId);
    // The capture's and the look-up's answers were lost, and the order has since expired at PayPal.
    paypal.orders.delete(orderId);
    await database.db.update(paymentOrders).set({ state: 'capturing' }).where(eq(paymentOrders.orderId, orderId));
    await ageClaim(orderId);
    await app.payments.reconcileStaleCaptures();
    expect((await ordersOf(appointmentId))[0]).toMatchObject({ state: 'voided', claimedAt: null });
    expect((await errorsOf(appointmentId)).filter((message) => message.includes('no longer knows it'))).toHaveLength(1);
    expect((await asAdmin('PATCH', `/api/admin/appointments/${appointmentId}`, { amount: '65.00' })).statusCode).toBe(200);
    expect((await capture(customer, await createOrder(customer, appointmentId))).statusCode).toBe(200);
  });

  it('records a give-back the owner made by hand in PayPal after the automatic refund failed', async () => {
    const { customer, appointmentId } = await completedAppointment('85.00');
    const orderId = await createOrder(customer, appointmentId);
    paypal.behave('wrong-amount');
    paypal.behaveOnRefund('server-error');
    expect((await capture(customer, orderId)).statusCode).toBe(502);
    const [taken] = await providerCaptures(appointmentId);
    // As the admins' e-mail asks: the capture refunded in PayPal's dashboard.
    const token = await paypalToken(paypal);
    const byHand = await fetch(`${paypal.url}/v2/payments/captures/${taken?.captureId}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(byHand.status).toBe(201);
    await ageClaim(orderId);
    await app.payments.reconcileStaleCaptures();
    expect((await ordersOf(appointmentId))[0]?.state).toBe('refunded');
    const entries = (await historyOf(appointmentId)).filter(
      (entry: { changes: Record<string, unknown> }) => 'unwantedCapture' in entry.changes,
    );
    expect(entries).toHaveLength(2);
    expect(entries[0].changes.unwantedCapture.after).toContain('refunded');
    expect(providerRefundsOf([taken?.captureId ?? ''])).toHaveLength(1);
    expect((await capture(customer, await createOrder(customer, appointmentId))).statusCode).toBe(200);
  });

  it('looks up a give-back PayPal holds PENDING until it is made, and asks again with a new request when PayPal fails it', async () => {
    const unwanted = async (appointmentId: string) =>
      (await historyOf(appointmentId)).filter((entry: { changes: Record<string, unknown> }) => 'unwantedCapture' in entry.changes);
    const adminMailsOf = async (orderId: string) => (await mailbox(app, admin.email)).filter((mail) => mail.text.includes(orderId));
    const made = (captureId: string) => providerRefundsOf([captureId]).filter((refund) => refund.status === 'COMPLETED');

    // Failed by PayPal after a while: asked again, and made.
    const failing = await completedAppointment('86.00');
    const failingOrder = await createOrder(failing.customer, failing.appointmentId);
    paypal.behave('wrong-amount');
    paypal.behaveOnRefund('pending');
    expect((await capture(failing.customer, failingOrder)).statusCode).toBe(502);
    expect((await ordersOf(failing.appointmentId))[0]).toMatchObject({ state: 'capturing', giveBackRefundId: expect.any(String) });
    expect((await unwanted(failing.appointmentId))[0].changes.unwantedCapture.after).toContain('pending at paypal');
    expect(await adminMailsOf(failingOrder)).toHaveLength(0);
    await ageClaim(failingOrder);
    await app.payments.reconcileStaleCaptures();
    expect((await ordersOf(failing.appointmentId))[0]?.state).toBe('capturing');
    expect(await unwanted(failing.appointmentId)).toHaveLength(1);

    const [first] = await ordersOf(failing.appointmentId);
    paypal.finishRefund(first?.giveBackRefundId ?? '', 'FAILED');
    await ageClaim(failingOrder);
    await app.payments.reconcileStaleCaptures();
    const [taken] = await providerCaptures(failing.appointmentId);
    expect((await ordersOf(failing.appointmentId))[0]?.state).toBe('refunded');
    expect(made(taken?.captureId ?? '')).toHaveLength(1);
    expect(await unwanted(failing.appointmentId)).toHaveLength(2);
    expect(await adminMailsOf(failingOrder)).toHaveLength(1);

    // Made by PayPal after a while: recorded then, and the admins told then.
    const completing = await completedAppointment('87.00');
    const completingOrder = await createOrder(completing.customer, completing.appointmentId);
    paypal.behave('wrong-amount');
    paypal.behaveOnRefund('pending');
    expect((await capture(completing.customer, completingOrder)).statusCode).toBe(502);
    const [held] = await ordersOf(completing.appointmentId);
    paypal.finishRefund(held?.giveBackRefundId ?? '', 'COMPLETED');
    await ageClaim(completingOrder);
    await app.payments.reconcileStaleCaptures();
    expect((await ordersOf(completing.appointmentId))[0]).toMatchObject({ state: 'refunded', giveBackRefundId: null });
    expect((await unwanted(completing.appointmentId))[0].changes.unwantedCapture.after).toContain(`refunded (${held?.giveBackRefundId})`);
    expect(await adminMailsOf(completingOrder)).toHaveLength(1);
    expect(made((await providerCaptures(completing.appointmentId))[0]?.captureId ?? '')).toHaveLength(1);
  });

  it('announces a give-back that keeps failing once, not at every attempt, and again when it is made', async () => {
    const { customer, appointmentId } = await completedAppointment('80.00');
    const orderId = await createOrder(customer, appointmentId);
    paypal.behave('wrong-amount');
    // The refund fails at the capture and at the reconciler's next three attempts, then goes through.
    paypal.behaveOnRefund('server-error', 'server-error', 'server-error', 'server-error');
    expect((await capture(customer, orderId)).statusCode).toBe(502);
    const refundEntries = async () =>
      (await historyOf(appointmentId)).filter((entry: { changes: Record<string, unknown> }) => 'unwantedCapture' in entry.changes);
    const adminMails = async () =>
      (await mailbox(app, admin.email)).filter((mail) => mail.subject.includes('$1.00') && mail.text.includes(orderId));
    for (let run = 0; run < 3; run++) {
      await ageClaim(orderId);
      await app.payments.reconcileStaleCaptures();
      expect((await ordersOf(appointmentId))[0]?.state, `attempt ${run + 2}`).toBe('capturing');
      expect(await refundEntries(), `attempt ${run + 2}`).toHaveLength(1);
      expect(await adminMails(), `attempt ${run + 2}`).toHaveLength(1);
      // The capture that did not verify, and the give-back that failed.
      expect(await errorsOf(appointmentId), `attempt ${run + 2}`).toHaveLength(2);
    }

    await ageClaim(orderId);
    await app.payments.reconcileStaleCaptures();
    expect((await ordersOf(appointmentId))[0]?.state).toBe('refunded');
    expect(await refundEntries()).toHaveLength(2);
    expect(await adminMails()).toHaveLength(2);
    expect(await errorsOf(appointmentId)).toHaveLength(3);
    const taken = await providerCaptures(appointmentId);
    expect(providerRefundsOf(taken.map((entry) => entry.captureId))).toHaveLength(1);
  });

  it('keeps a refund PayPal holds PENDING in force until PayPal completes it, and a payment whose refund PayPal fails paid', async () => {
    const ageRefundClaim = (paymentId: string) =>
      database.db
        .update(payments)
        .set({ refundClaimedAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(payments.id, paymentId));
    const madeRefunds = (captureId: string) => providerRefundsOf([captureId]).filter((refund) => refund.status !== 'FAILED');
    const pendingEntries = async (appointmentId: string) =>
      (await historyOf(appointmentId)).filter((entry: { action: string }) => entry.action === 'refund-pending');

    // Completed by PayPal after a while: recorded then, and the customer told then.
    const completes = await completedAppointment('110.00');
    expect((await capture(completes.customer, await createOrder(completes.customer, completes.appointmentId))).statusCode).toBe(200);
    const [first] = await paymentsOf(completes.appointmentId);
    paypal.behaveOnRefund('pending');
    for (let ask = 0; ask < 2; ask++) {
      const held = await asAdmin('POST', `/api/admin/payments/${first?.id}/refund`);
      expect(held.json().error, `ask ${ask}`).toEqual({ code: 'REFUND_PENDING', message: PAYMENT_TEXTS.refundPending });
    }
    const [held] = await paymentsOf(completes.appointmentId);
    expect(held).toMatchObject({ refundedAt: null, refundPendingId: expect.any(String) });
    expect((await appointment(completes.appointmentId))?.paidAt).toBeInstanceOf(Date);
    expect(madeRefunds(first?.captureId ?? '')).toHaveLength(1);
    await ageRefundClaim(first?.id ?? '');
    await app.payments.reconcileStaleRefunds();
    expect((await paymentsOf(completes.appointmentId))[0]?.refundedAt).toBeNull();
    expect((await mailbox(app, completes.customer.email)).map((mail) => mail.subject)).not.toContain('Your TechHelp refund: $110.00');

    paypal.finishRefund(held?.refundPendingId ?? '', 'COMPLETED');
    await ageRefundClaim(first?.id ?? '');
    await app.payments.reconcileStaleRefunds();
    expect((await paymentsOf(completes.appointmentId))[0]).toMatchObject({
      refundedAt: expect.any(Date),
      refundReference: held?.refundPendingId,
      refundPendingId: null,
    });
    expect((await appointment(completes.appointmentId))?.paidAt).toBeNull();
    expect((await mailbox(app, completes.customer.email)).map((mail) => mail.subject)).toContain('Your TechHelp refund: $110.00');
    expect(await pendingEntries(completes.appointmentId)).toHaveLength(1);

    // Failed by PayPal: no money went back, so the job stays paid, the error log says so, and it can be refunded again.
    const fails = await completedAppointment('120.00');
    expect((await capture(fails.customer, await createOrder(fails.customer, fails.appointmentId))).statusCode).toBe(200);
    const [second] = await paymentsOf(fails.appointmentId);
    paypal.behaveOnRefund('pending');
    expect((await asAdmin('POST', `/api/admin/payments/${second?.id}/refund`)).json().error.code).toBe('REFUND_PENDING');
    paypal.finishRefund((await paymentsOf(fails.appointmentId))[0]?.refundPendingId ?? '', 'FAILED');
    await ageRefundClaim(second?.id ?? '');
    await app.payments.reconcileStaleRefunds();
    expect((await paymentsOf(fails.appointmentId))[0]).toMatchObject({ refundedAt: null, refundPendingId: null, refundClaimedAt: null });
    expect((await appointment(fails.appointmentId))?.paidAt).toBeInstanceOf(Date);
    expect((await errorsOf(fails.appointmentId)).filter((message) => message.includes('was FAILED by the provider'))).toHaveLength(1);
    expect(await pendingEntries(fails.appointmentId)).toHaveLength(2);
    expect((await mailbox(app, fails.customer.email)).map((mail) => mail.subject)).not.toContain('Your TechHelp refund: $120.00');

    const again = await asAdmin('POST', `/api/admin/payments/${second?.id}/refund`);
    expect(again.statusCode, again.body).toBe(200);
    expect((await appointment(fails.appointmentId))?.paidAt).toBeNull();
    expect(madeRefunds(second?.captureId ?? '')).toHaveLength(1);
  });

  it('exports the paid list with every formula-like cell neutralised', async () => {
    const { customer, appointmentId } = await completedAppointment('25.00');
    await asAdmin('PATCH', `/api/admin/appointments/${appointmentId}`, { isPaid: true, paymentMethod: 'check' });
    const hostile = ['=HYPERLINK("http://evil.example","Click")', '+1+2', '-3+4', '@SUM(A1)', '\tTab', '\rReturn'];
    await database.db
      .update(profiles)
      .set({ streetAddress: hostile[0] ?? '', firstName: hostile[1] ?? '', lastName: hostile[2] ?? '' })
      .where(eq(profiles.userId, customer.id));
    const csv = (await asAdmin('GET', '/api/admin/paid.csv?from=2026-01-01&to=2099-12-31')).body;
    const line = csv.split('\n').find((row) => row.includes(appointmentId)) ?? '';
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""Click""), Bay Shore, NY 11706"`);
    expect(line).toContain("'+1+2 -3+4");
    for (const [index, value] of hostile.slice(3).entries()) {
      await database.db.update(profiles).set({ streetAddress: value }).where(eq(profiles.userId, customer.id));
      const again = (await asAdmin('GET', '/api/admin/paid.csv?from=2026-01-01&to=2099-12-31')).body;
      expect(again, `case ${index}`).toContain(`"'${value}, Bay Shore, NY 11706"`);
    }
  });
});

describe('money integrity (test mode)', () => {
  let subject: TestApp;
  let database: TestDatabase;
  let app: App;
  let admin: Customer;

  beforeAll(async () => {
    subject = await createTestApp();
    ({ app, database } = subject);
    admin = await bookingAdmin(app, database.db);
  });
  afterAll(() => subject.close());

  it('labels a test payment TEST in the receipt, the paid list and the CSV, and never counts it as money', async () => {
    const customer = await bookingCustomer(app, 'tester');
    const [day] = upcomingWeekendDays(1, 3);
    const appointmentId = (await book(app, customer.cookie, day ?? '', '11:00am')).json().id as string;
    const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      app.inject({ method, url, headers: { cookie: admin.cookie }, payload });
    await asAdmin('PATCH', `/api/admin/appointments/${appointmentId}`, { amount: '75.00', isCompleted: true });
    const before = (await asAdmin('GET', '/api/admin/paid?from=2026-01-01&to=2099-12-31')).json();

    const order = await app.inject({
      method: 'POST',
      url: '/api/payments/orders',
      headers: { cookie: customer.cookie },
      payload: { appointmentId },
    });
    const captured = await app.inject({
      method: 'POST',
      url: `/api/payments/orders/${order.json().orderId}/capture`,
      headers: { cookie: customer.cookie },
    });
    expect(captured.statusCode).toBe(200);
    const [payment] = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.appointmentId, appointmentId)));
    expect(payment?.provider).toBe('sandbox');
    const [receipt] = await mailbox(app, customer.email);
    expect(receipt?.subject).toBe('Your TechHelp receipt: $75.00 (TEST: no money was taken)');
    expect(receipt?.text).toContain('TEST: this payment was made in test mode. No money was taken.');

    const after = (await asAdmin('GET', '/api/admin/paid?from=2026-01-01&to=2099-12-31')).json();
    expect(after.totalCents).toBe(before.totalCents);
    expect(after.testCents).toBe(before.testCents + 7500);
    expect(after.entries.find((entry: { id: string }) => entry.id === appointmentId).payment).toMatchObject({
      isTest: true,
      provider: 'sandbox',
    });
    const csv = (await asAdmin('GET', '/api/admin/paid.csv?from=2026-01-01&to=2099-12-31')).body;
    const row = csv.split('\n').find((line) => line.includes(appointmentId));
    expect(row, csv).toMatch(/,TEST \(test mode: no money\),SANDBOX-CAPTURE-[^,]+,75\.00,TEST,,,,$/);
    expect(csv).toContain(`TEST,,,,,,,,,${(after.testCents / 100).toFixed(2)},not in the total`);

    // Refunding a test payment moves no money either, through the test mode's own refund.
    const refunded = await asAdmin('POST', `/api/admin/payments/${payment?.id}/refund`);
    expect(refunded.json().refundReference).toMatch(/^SANDBOX-REFUND-/);
    // Given back, it counts nowhere: not in the TEST total (as a refunded real payment is not in the total), nor in
    // the refunds, which are money given back.
    const afterRefund = (await asAdmin('GET', '/api/admin/paid?from=2026-01-01&to=2099-12-31')).json();
    expect(afterRefund).toMatchObject({ totalCents: before.totalCents, refundedCents: before.refundedCents, testCents: before.testCents });
    const csvAfterRefund = (await asAdmin('GET', '/api/admin/paid.csv?from=2026-01-01&to=2099-12-31')).body;
    if (before.testCents === 0) expect(csvAfterRefund).not.toMatch(/^TEST,/m);
    const history = (await asAdmin('GET', `/api/admin/appointments/${appointmentId}/history`)).json();
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['refund', 'payment', 'update']);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.appointmentId, appointmentId));
    expect(audit).toHaveLength(3);
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function paypalToken(paypal: Awaited<ReturnType<typeof startPayPalStandIn>>): Promise<string> {
  const response = await fetch(`${paypal.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${paypal.credentials.clientId}:${paypal.credentials.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return ((await response.json()) as { access_token: string }).access_token;
}
