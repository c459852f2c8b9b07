import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { payRequests } from '../../src/server/db/schema.ts';
import { mailbox, PASSWORD } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';
import { testConfig } from '../support/config.ts';

const DAY_MS = 86_400_000;

/**
 * The pay link (issue 18): completing a job with an amount e-mails its customer once, straight to its payment;
 * friendly reminders follow after 3 and 7 days, never after payment or cancellation, never twice, whichever
 * instances look for them at once.
 */
describe('the pay link and its reminders', () => {
  let subject: TestApp;
  let admin: { cookie: string; id: string; email: string };
  const nextSlot = slotSequence(upcomingWeekendDays(4, 3));

  beforeAll(async () => {
    subject = await createTestApp();
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(() => subject.close());

  const edit = (id: string, payload: object) =>
    subject.app.inject({ method: 'PATCH', url: `/api/admin/appointments/${id}`, payload, headers: { cookie: admin.cookie } });
  /** A new customer with one visit booked. */
  const customerWithAppointment = async (prefix: string) => {
    const customer = await bookingCustomer(subject.app, prefix);
    const { date, slot } = nextSlot();
    const response = await book(subject.app, customer.cookie, date, slot);
    expect(response.statusCode).toBe(201);
    return { ...customer, appointment: response.json().id as string };
  };
  const payMails = async (email: string) =>
    (await mailbox(subject.app, email)).filter((mail) => /^(Your visit is complete|A friendly reminder)/.test(mail.subject));
  /** Moves the pay link `days` days into the past, as if it had been sent then. */
  const sentDaysAgo = (id: string, days: number) =>
    subject.database.db
      .update(payRequests)
      .set({ sentAt: new Date(Date.now() - days * DAY_MS - 60_000) })
      .where(eq(payRequests.appointmentId, id));

  it('is e-mailed once, when the job becomes payable, with a link to its payment', async () => {
    const customer = await customerWithAppointment('paylink-once');
    // Completed without an amount: nothing to pay yet.
    expect((await edit(customer.appointment, { isCompleted: true })).statusCode).toBe(200);
    expect(await payMails(customer.email)).toEqual([]);
    // The amount makes it payable: the pay link goes out.
    expect((await edit(customer.appointment, { amount: '75' })).statusCode).toBe(200);
    const [link] = await payMails(customer.email);
    expect(link?.subject).toBe('Your visit is complete: $75.00');
    expect(link?.links).toContain(`http://localhost:3000/makepayment?appointment=${customer.appointment}`);
    // Another edit of a payable job sends nothing more.
    expect((await edit(customer.appointment, { notes: 'Replaced the cable' })).statusCode).toBe(200);
    expect(await payMails(customer.email)).toHaveLength(1);
    // Un-completed, nothing is due; completed again, a new link.
    expect((await edit(customer.appointment, { isCompleted: false })).statusCode).toBe(200);
    expect(await subject.database.db.select().from(payRequests).where(eq(payRequests.appointmentId, customer.appointment))).toEqual([]);
    expect((await edit(customer.appointment, { isCompleted: true })).statusCode).toBe(200);
    expect((await payMails(customer.email)).map((mail) => mail.subject)).toEqual([
      'Your visit is complete: $75.00',
      'Your visit is complete: $75.00',
    ]);
  });

  it('reminds after 3 and after 7 days, once each, and no more', async () => {
    const customer = await customerWithAppointment('paylink-remind');
    expect((await edit(customer.appointment, { isCompleted: true, amount: '50' })).statusCode).toBe(200);
    // Not yet due at 2 days.
    await sentDaysAgo(customer.appointment, 2);
    await subject.app.payments.sendDuePayReminders();
    expect(await payMails(customer.email)).toHaveLength(1);
    await sentDaysAgo(customer.appointment, 3);
    await subject.app.payments.sendDuePayReminders();
    await subject.app.payments.sendDuePayReminders();
    expect(await payMails(customer.email)).toHaveLength(2);
    // Six days: the second is not due yet.
    await sentDaysAgo(customer.appointment, 6);
    await subject.app.payments.sendDuePayReminders();
    expect(await payMails(customer.email)).toHaveLength(2);
    await sentDaysAgo(customer.appointment, 7);
    await subject.app.payments.sendDuePayReminders();
    expect(await payMails(customer.email)).toHaveLength(3);
    await sentDaysAgo(customer.appointment, 30);
    await subject.app.payments.sendDuePayReminders();
    const subjects = (await payMails(customer.email)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(3);
    expect(subjects.filter((text) => text.startsWith('A friendly reminder: $50.00 for your visit of '))).toHaveLength(2);
  });

  it('sends one reminder, not two, to a link late for both (the server was down)', async () => {
    const customer = await customerWithAppointment('paylink-late');
    expect((await edit(customer.appointment, { isCompleted: true, amount: '50' })).statusCode).toBe(200);
    await sentDaysAgo(customer.appointment, 9);
    await subject.app.payments.sendDuePayReminders();
    await subject.app.payments.sendDuePayReminders();
    expect(await payMails(customer.email)).toHaveLength(2);
  });

  it('never reminds of a job paid or deleted since', async () => {
    const paid = await customerWithAppointment('paylink-paid');
    const deleted = await customerWithAppointment('paylink-deleted');
    for (const customer of [paid, deleted])
      expect((await edit(customer.appointment, { isCompleted: true, amount: '50' })).statusCode).toBe(200);
    expect((await edit(paid.appointment, { isPaid: true, paymentMethod: 'cash' })).statusCode).toBe(200);
    const removed = await subject.app.inject({
      method: 'DELETE',
      url: `/api/admin/appointments/${deleted.appointment}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode).toBe(204);
    for (const customer of [paid, deleted]) await sentDaysAgo(customer.appointment, 3);
    await subject.app.payments.sendDuePayReminders();
    await sentDaysAgo(paid.appointment, 7);
    await sentDaysAgo(deleted.appointment, 7);
    await subject.app.payments.sendDuePayReminders();
    expect(await payMails(paid.email)).toHaveLength(1);
    expect(await payMails(deleted.email)).toHaveLength(1);
  });

  /** The job's payment, as the owner's paid list shows it, refunded by the owner. */
  const refundAppointment = async (id: string) => {
    const paid = await subject.app.inject({ method: 'GET', url: '/api/admin/paid', headers: { cookie: admin.cookie } });
    const payment = (paid.json() as { entries: Array<{ id: string; payment: { id: string } }> }).entries.find(
      (entry) => entry.id === id,
    )?.payment;
    const refunded = await subject.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment?.id}/refund`,
      headers: { cookie: admin.cookie },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
  };

  it('ends with the payment: a refund afterwards does not start the reminders again, whenever it comes', async () => {
    const early = await customerWithAppointment('paylink-refund-early');
    const late = await customerWithAppointment('paylink-refund-late');
    for (const customer of [early, late]) {
      expect((await edit(customer.appointment, { isCompleted: true, amount: '80' })).statusCode).toBe(200);
      expect((await edit(customer.appointment, { isPaid: true, paymentMethod: 'cash' })).statusCode).toBe(200);
      expect(await subject.database.db.select().from(payRequests).where(eq(payRequests.appointmentId, customer.appointment))).toEqual([]);
    }
    // One refunded the day after the link, the other after both reminders would have gone.
    await refundAppointment(early.appointment);
    await sentDaysAgo(early.appointment, 3);
    await sentDaysAgo(late.appointment, 8);
    await refundAppointment(late.appointment);
    await subject.app.payments.sendDuePayReminders();
    await sentDaysAgo(early.appointment, 7);
    expect(await subject.app.payments.sendDuePayReminders()).toBe(0);
    for (const customer of [early, late]) {
      const subjects = (await mailbox(subject.app, customer.email)).map((mail) => mail.subject);
      expect(
        subjects.filter((text) => text.startsWith('A friendly reminder')),
        customer.email,
      ).toEqual([]);
      expect(
        subjects.filter((text) => text.startsWith('Your TechHelp refund')),
        customer.email,
      ).toHaveLength(1);
    }
  });

  it('sends nothing more to an account deleted since: no reminder, no receipt, no refund notice', async () => {
    const customer = await customerWithAppointment('paylink-gone');
    expect((await edit(customer.appointment, { isCompleted: true, amount: '60' })).statusCode).toBe(200);
    const gone = await subject.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { cookie: customer.cookie },
      payload: { confirmation: PASSWORD },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await sentDaysAgo(customer.appointment, 3);
    expect(await subject.app.payments.sendDuePayReminders()).toBe(0);
    // The owner still records the payment of the job done, and may refund it: the books keep both, no e-mail goes.
    expect((await edit(customer.appointment, { isPaid: true, paymentMethod: 'check' })).statusCode).toBe(200);
    await refundAppointment(customer.appointment);
    expect(await mailbox(subject.app, `deleted-${customer.id.toLowerCase()}@deleted.invalid`)).toEqual([]);
    expect((await mailbox(subject.app, customer.email)).filter((mail) => /reminder|receipt|refund|Thank/i.test(mail.subject))).toEqual([]);
  });

  it('is sent once by two instances looking at the same time', async () => {
    const second: FastifyInstance = await buildApp({
      config: testConfig(),
      db: subject.database.db,
      listen: subject.database.listen,
      logger: false,
      reminderIntervalMs: 3_600_000,
    });
    try {
      // Two customers with three visits each, every pay link 3 days old.
      const appointments: Array<{ email: string; appointment: string }> = [];
      for (let index = 0; index < 2; index++) {
        const customer = await customerWithAppointment(`paylink-race${index}`);
        appointments.push(customer);
        for (let more = 0; more < 2; more++) {
          const { date, slot } = nextSlot();
          const response = await book(subject.app, customer.cookie, date, slot);
          expect(response.statusCode).toBe(201);
          appointments.push({ email: customer.email, appointment: response.json().id });
        }
      }
      for (const { appointment } of appointments) {
        expect((await edit(appointment, { isCompleted: true, amount: '50' })).statusCode).toBe(200);
        await sentDaysAgo(appointment, 3);
      }
      const sent = await Promise.all([
        subject.app.payments.sendDuePayReminders(),
        second.payments.sendDuePayReminders(),
        subject.app.payments.sendDuePayReminders(),
        second.payments.sendDuePayReminders(),
      ]);
      expect(sent.reduce((sum, count) => sum + count, 0)).toBe(appointments.length);
      // Each visit: its pay link and one reminder.
      for (const email of new Set(appointments.map((entry) => entry.email))) expect(await payMails(email), email).toHaveLength(6);
    } finally {
      await second.close();
    }
  });
});
