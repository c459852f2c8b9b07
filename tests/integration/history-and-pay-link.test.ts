import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, outboxTexts, profiles, textOptOuts } from '../../src/server/db/schema.ts';
import { toE164 } from '../../src/shared/text-messages.ts';
import { mailbox, PASSWORD } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';

const MONTH_MS = 31 * 86_400_000;

/**
 * The customer's history and the pay link (issue 40): past visits with their invoices (the customer's own only),
 * "Add to calendar" for a visit still to come, what the pay link's landing tells a signed-out visitor (the amount
 * and the day, nothing more), and the owner's "Resend pay link" (the reminders' rules, a history entry, once in 10
 * minutes).
 */
describe('past visits, calendar files and the pay link', () => {
  let subject: TestApp;
  let admin: Awaited<ReturnType<typeof bookingAdmin>>;
  const nextSlot = slotSequence(upcomingWeekendDays(4, 3));

  beforeAll(async () => {
    subject = await createTestApp();
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(() => subject.close());

  const get = (url: string, cookie?: string) => subject.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const edit = async (id: string, payload: object) => {
    const response = await subject.app.inject({
      method: 'PATCH',
      url: `/api/admin/appointments/${id}`,
      payload,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const booked = async (customer: { cookie: string }, isRemote = false) => {
    const { date, slot } = nextSlot();
    const response = await book(subject.app, customer.cookie, date, slot, isRemote);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const resend = (id: string, cookie = admin.cookie) =>
    subject.app.inject({ method: 'POST', url: `/api/admin/appointments/${id}/pay-link`, headers: { cookie } });
  const payMails = async (email: string) =>
    (await mailbox(subject.app, email)).filter((mail) => mail.subject.startsWith('Your visit is complete'));
  const payTexts = (userId: string) =>
    subject.database.db
      .select()
      .from(outboxTexts)
      .where(and(eq(outboxTexts.aboutUserId, userId), eq(outboxTexts.kind, 'pay-link')));
  const payLinkHistory = (id: string) =>
    subject.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appointmentId, id), eq(auditLog.action, 'pay-link')));

  describe('past visits', () => {
    it("lists the customer's own paid visits, newest first, with the invoice's number, and never another customer's", async () => {
      const mary = await bookingCustomer(subject.app, 'past-mary');
      const john = await bookingCustomer(subject.app, 'past-john');
      const [first, second, open] = [await booked(mary), await booked(mary, true), await booked(mary)];
      const johns = await booked(john);
      await edit(first, { isCompleted: true, amount: '75', isPaid: true, paymentMethod: 'cash' });
      await edit(second, { isCompleted: true, amount: '50' });
      // Paid online in the test mode: no money taken, and the list says so.
      const order = await subject.app.inject({
        method: 'POST',
        url: '/api/payments/orders',
        headers: { cookie: mary.cookie },
        payload: { appointmentId: second },
      });
      expect(order.statusCode, order.body).toBe(201);
      const captured = await subject.app.inject({
        method: 'POST',
        url: `/api/payments/orders/${order.json().orderId}/capture`,
        headers: { cookie: mary.cookie },
      });
      expect(captured.statusCode, captured.body).toBe(200);
      await edit(johns, { isCompleted: true, amount: '90', isPaid: true, paymentMethod: 'check' });

      const response = await get('/api/past-visits', mary.cookie);
      expect(response.statusCode).toBe(200);
      const visits = response.json() as Array<Record<string, unknown>>;
      expect(visits.map((visit) => visit.id)).toEqual([second, first]);
      expect(visits[0]).toMatchObject({ isRemote: true, amountCents: 5000, isTest: true, invoiceNumber: expect.any(Number) });
      expect(visits[1]).toMatchObject({ isRemote: false, amountCents: 7500, isTest: false, invoiceNumber: expect.any(Number) });
      expect(Object.keys(visits[1] ?? {}).sort()).toEqual(
        ['amountCents', 'description', 'id', 'invoiceNumber', 'isRemote', 'isTest', 'paidAt', 'startsAt'].sort(),
      );
      // The open visit stays on the open list only.
      expect(visits.map((visit) => visit.id)).not.toContain(open);
      // Each invoice is the customer's to open, and the receipt (the paid invoice's PDF) too.
      expect((await get(`/api/invoices/${first}`, mary.cookie)).json()).toMatchObject({ status: 'paid', number: visits[1]?.invoiceNumber });
      expect((await get(`/api/invoices/${first}/pdf`, mary.cookie)).headers['content-type']).toBe('application/pdf');

      // John sees his own only, and neither of them sees the other's.
      expect(((await get('/api/past-visits', john.cookie)).json() as Array<{ id: string }>).map((visit) => visit.id)).toEqual([johns]);
      // The owner's own list is theirs too: a customer's visits are never in it.
      expect((await get('/api/past-visits', admin.cookie)).json()).toEqual([]);
    });

    it('leaves out visits the owner deleted and those older than two years', async () => {
      const ann = await bookingCustomer(subject.app, 'past-ann');
      const [kept, old] = [await booked(ann), await booked(ann)];
      for (const id of [kept, old]) await edit(id, { isCompleted: true, amount: '60', isPaid: true, paymentMethod: 'cash' });
      expect(((await get('/api/past-visits', ann.cookie)).json() as unknown[]).length).toBe(2);
      await subject.database.db
        .update(appointments)
        .set({ startsAt: new Date(Date.now() - 25 * MONTH_MS) })
        .where(eq(appointments.id, old));
      expect(((await get('/api/past-visits', ann.cookie)).json() as Array<{ id: string }>).map((visit) => visit.id)).toEqual([kept]);
      await subject.database.db.update(appointments).set({ deletedAt: new Date() }).where(eq(appointments.id, kept));
      expect((await get('/api/past-visits', ann.cookie)).json()).toEqual([]);
    });

    it('answers 401 to a visitor', async () => {
      const response = await get('/api/past-visits');
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('"Add to calendar"', () => {
    it("gives the customer their visit's calendar file, in New York time, under the invite's UID", async () => {
      const mary = await bookingCustomer(subject.app, 'ics-mary');
      const id = await booked(mary);
      const response = await get(`/api/appointments/${id}/calendar.ics`, mary.cookie);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="techhelp-visit.ics"');
      const file = response.body;
      expect(file).toContain('METHOD:PUBLISH\r\n');
      expect(file).toContain(`UID:${id}@techhelp\r\n`);
      expect(file).toContain('DTSTART;TZID=America/New_York:');
      expect(file).toContain('SUMMARY:TechHelp visit\r\n');
      expect(file).toContain('LOCATION:12 Main Street\\, Bay Shore\\, NY');
      // A published event names no attendee (RFC 5546).
      expect(file).not.toContain('ATTENDEE');
      // In Spanish when asked.
      expect((await get(`/api/appointments/${id}/calendar.ics?lang=es`, mary.cookie)).body).toContain('SUMMARY:Visita de TechHelp\r\n');
    });

    it("is refused for another customer's visit, a visit done, and a visitor", async () => {
      const mary = await bookingCustomer(subject.app, 'ics-owner');
      const john = await bookingCustomer(subject.app, 'ics-other');
      const [id, done] = [await booked(mary), await booked(mary)];
      const theirs = await get(`/api/appointments/${id}/calendar.ics`, john.cookie);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).not.toContain('BEGIN:VCALENDAR');
      expect((await get(`/api/appointments/${id}/calendar.ics`, admin.cookie)).statusCode).toBe(404);
      await edit(done, { isCompleted: true });
      expect((await get(`/api/appointments/${done}/calendar.ics`, mary.cookie)).statusCode).toBe(404);
      expect((await get(`/api/appointments/${id}/calendar.ics`)).statusCode).toBe(401);
    });
  });

  describe("the pay link's landing", () => {
    it('tells whoever holds the link the amount and the day, and nothing else', async () => {
      const mary = await bookingCustomer(subject.app, 'landing-mary');
      const id = await booked(mary);
      await edit(id, { isCompleted: true, amount: '87.99' });
      const response = await get(`/api/pay-links/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await subject.database.db.select().from(appointments).where(eq(appointments.id, id));
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(row?.startsAt);
      expect(response.json()).toEqual({ amountCents: 8799, date: day });
      expect(response.body).not.toMatch(/Mary|Smith|Main Street|Bay Shore|@/);
    });

    it('is as unknown for a visit not waiting for a payment as for a wrong id', async () => {
      const ann = await bookingCustomer(subject.app, 'landing-ann');
      const [open, paid] = [await booked(ann), await booked(ann)];
      await edit(paid, { isCompleted: true, amount: '40', isPaid: true, paymentMethod: 'cash' });
      for (const id of [open, paid, '20991205-00000000-0000-4000-8000-000000000000']) {
        const response = await get(`/api/pay-links/${id}`);
        expect(response.statusCode, id).toBe(404);
        expect(response.json().error.message).toBe('This pay link is not waiting for a payment. Log in to see your visits.');
      }
      expect((await get('/api/pay-links/not-an-id')).statusCode).toBe(400);
    });
  });

  describe('"Resend pay link"', () => {
    it('e-mails the pay link again, writes the history, and sends it at most once in 10 minutes', async () => {
      const mary = await bookingCustomer(subject.app, 'resend-mary');
      const id = await booked(mary);
      await edit(id, { isCompleted: true, amount: '75' });
      expect(await payMails(mary.email)).toHaveLength(1);

      const sent = await resend(id);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({ texted: false });
      const mails = await payMails(mary.email);
      expect(mails).toHaveLength(2);
      expect(mails[1]?.subject).toBe('Your visit is complete: $75.00');
      expect(mails[1]?.links).toContain(`http://localhost:3000/makepayment?appointment=${id}`);
      const [entry] = await payLinkHistory(id);
      expect(entry).toMatchObject({ actorUserId: admin.id, actorEmail: admin.email, changes: { told: { before: null, after: 'e-mail' } } });
      const history = await get(`/api/admin/appointments/${id}/history`, admin.cookie);
      expect(history.json()).toContainEqual(expect.objectContaining({ action: 'pay-link', actorEmail: admin.email }));

      // Again at once: refused, nothing sent.
      const again = await resend(id);
      expect(again.statusCode).toBe(429);
      expect(again.json().error.code).toBe('RATE_LIMITED');
      expect(await payMails(mary.email)).toHaveLength(2);
      // Ten minutes on, it may go again.
      await subject.database.db
        .update(auditLog)
        .set({ at: new Date(Date.now() - 10 * 60_000 - 1000) })
        .where(and(eq(auditLog.appointmentId, id), eq(auditLog.action, 'pay-link')));
      expect((await resend(id)).statusCode).toBe(200);
      expect(await payMails(mary.email)).toHaveLength(3);
      expect(await payLinkHistory(id)).toHaveLength(2);
    });

    it('texts it only to a customer who takes texts, never to a number that replied STOP', async () => {
      const texter = await bookingCustomer(subject.app, 'resend-texter');
      const stopped = await bookingCustomer(subject.app, 'resend-stopped');
      const ids = { texter: await booked(texter), stopped: await booked(stopped) };
      await subject.database.db
        .update(profiles)
        .set({ wantsTexts: true, textsConfirmedNumber: toE164('631-555-0100') })
        .where(eq(profiles.userId, texter.id));
      await edit(ids.texter, { isCompleted: true, amount: '50' });
      expect(await payTexts(texter.id)).toHaveLength(1);
      const sent = await resend(ids.texter);
      expect(sent.json()).toEqual({ texted: true });
      expect(await payTexts(texter.id)).toHaveLength(2);
      expect((await payLinkHistory(ids.texter))[0]?.changes).toEqual({ told: { before: null, after: 'e-mail and text' } });

      // The same number, for the other customer, replied STOP: the e-mail goes, no text.
      await subject.database.db
        .update(profiles)
        .set({ wantsTexts: true, textsConfirmedNumber: toE164('631-555-0100') })
        .where(eq(profiles.userId, stopped.id));
      await subject.database.db.insert(textOptOuts).values({ phoneNumber: toE164('631-555-0100') ?? '' });
      await edit(ids.stopped, { isCompleted: true, amount: '50' });
      const refusedText = await resend(ids.stopped);
      expect(refusedText.json()).toEqual({ texted: false });
      expect(await payTexts(stopped.id)).toEqual([]);
      expect(await payMails(stopped.email)).toHaveLength(2);
    });

    it('is refused, with nothing sent, as the reminders are: a job paid or not completed, a closed account, and to anyone but the owner', async () => {
      const ann = await bookingCustomer(subject.app, 'resend-ann');
      const gone = await bookingCustomer(subject.app, 'resend-gone');
      const [open, paid] = [await booked(ann), await booked(ann)];
      const closed = await booked(gone);
      await edit(paid, { isCompleted: true, amount: '40', isPaid: true, paymentMethod: 'cash' });
      await edit(closed, { isCompleted: true, amount: '40' });
      for (const id of [open, paid]) {
        const refused = await resend(id);
        expect(refused.statusCode, id).toBe(409);
        expect(refused.json().error.code).toBe('NOT_PAYABLE');
      }
      const deleted = await subject.app.inject({
        method: 'POST',
        url: '/api/account/delete',
        headers: { cookie: gone.cookie },
        payload: { confirmation: PASSWORD },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      // A refund gives the money back: the owner's resend does not chase it either.
      const refundedJob = await booked(ann);
      await edit(refundedJob, { isCompleted: true, amount: '40', isPaid: true, paymentMethod: 'cash' });
      const paidList = await subject.app.inject({ method: 'GET', url: '/api/admin/paid', headers: { cookie: admin.cookie } });
      const payment = (paidList.json() as { entries: Array<{ id: string; payment: { id: string } }> }).entries.find(
        (entry) => entry.id === refundedJob,
      )?.payment;
      const refund = await subject.app.inject({
        method: 'POST',
        url: `/api/admin/payments/${payment?.id}/refund`,
        headers: { cookie: admin.cookie },
      });
      expect(refund.statusCode, refund.body).toBe(200);
      const toRefunded = await resend(refundedJob);
      expect(toRefunded.statusCode, toRefunded.body).toBe(409);
      expect(toRefunded.json().error.code).toBe('REFUNDED');
      expect(await payLinkHistory(refundedJob)).toEqual([]);
      const toClosed = await resend(closed);
      expect(toClosed.statusCode).toBe(409);
      expect(toClosed.json().error.code).toBe('ACCOUNT_CLOSED');
      expect((await resend(open, ann.cookie)).statusCode).toBe(403);
      expect((await subject.app.inject({ method: 'POST', url: `/api/admin/appointments/${open}/pay-link` })).statusCode).toBe(401);
      expect(await payMails(ann.email)).toHaveLength(0);
      for (const id of [open, paid, closed]) expect(await payLinkHistory(id)).toEqual([]);
    });
  });
});
