import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, errorLog, payments, user } from '../../src/server/db/schema.ts';
import { BILL_TOO_LARGE } from '../../src/shared/admin.ts';
import { mailbox } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';

describe('the back office', () => {
  let subject: TestApp;
  let admin: { cookie: string; id: string; email: string };
  let customer: { cookie: string; id: string; email: string };
  const days = upcomingWeekendDays(6, 3);
  let slot = 0;
  const nextSlot = () => {
    const labels = ['08:00am', '09:30am', '11:00am', '12:30pm', '02:00pm', '03:30pm', '05:00pm', '06:30pm'];
    const index = slot++;
    return { date: days[Math.floor(index / 8)] ?? '', label: labels[index % 8] ?? '08:00am' };
  };

  beforeAll(async () => {
    subject = await createTestApp();
    admin = await bookingCustomer(subject.app, 'owner');
    await subject.database.db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    await subject.app.notices.settle();
    customer = await bookingCustomer(subject.app, 'client');
  });
  afterAll(() => subject.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin.cookie) =>
    subject.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const newAppointment = async (who = customer) => {
    const { date, label } = nextSlot();
    const response = await book(subject.app, who.cookie, date, label);
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };

  it('refuses customers and visitors on every admin endpoint', async () => {
    const id = await newAppointment();
    const endpoints: Array<[Parameters<typeof call>[0], string, object?]> = [
      ['GET', '/api/admin/appointments'],
      ['PATCH', `/api/admin/appointments/${id}`, { notes: 'x' }],
      ['DELETE', `/api/admin/appointments/${id}`],
      ['GET', `/api/admin/appointments/${id}/history`],
      ['GET', '/api/admin/completed'],
      ['GET', '/api/admin/paid'],
      ['GET', '/api/admin/paid.csv'],
      ['GET', '/api/admin/errors'],
      ['DELETE', '/api/admin/errors/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/admin/config-changes?collection=database'],
      [
        'POST',
        '/api/admin/config-changes',
        { date: '2026-11-21', time: '10:00', collectionName: 'database', context: 'c', description: 'd' },
      ],
      [
        'PUT',
        '/api/admin/config-changes/00000000-0000-4000-8000-000000000000',
        { date: '2026-11-21', time: '10:00', collectionName: 'database', context: 'c', description: 'd' },
      ],
      ['DELETE', '/api/admin/config-changes/00000000-0000-4000-8000-000000000000'],
    ];
    for (const [method, url, payload] of endpoints) {
      expect((await call(method, url, payload, customer.cookie)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, payload, '')).statusCode, `${method} ${url}`).toBe(401);
    }
    const [row] = await subject.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.notes).toBe('Enter notes here');
    expect(row?.deletedAt).toBeNull();
  });

  it('lists every open appointment with the customer’s name, e-mail, phone, address and visit type, by time', async () => {
    const id = await newAppointment();
    const list = (await call('GET', '/api/admin/appointments')).json();
    const entry = list.find((item: { id: string }) => item.id === id);
    expect(entry).toMatchObject({
      notes: 'Enter notes here',
      isRemote: false,
      customer: {
        firstName: "Mary-Ann O'Neil",
        lastName: 'Smith',
        email: customer.email,
        phoneNumber: '631-555-0100',
        streetAddress: '12 Main Street',
        city: 'Bay Shore',
        state: 'NY',
        zipCode: '11706',
        locale: 'en',
      },
    });
    const times = list.map((item: { startsAt: string }) => item.startsAt);
    expect(times).toEqual([...times].sort());
  });

  it('shows each appointment’s customer’s saved language: the one their e-mails go out in', async () => {
    const spanish = await bookingCustomer(subject.app, 'hispanohablante');
    const saved = await call('PUT', '/api/account/locale', { locale: 'es' }, spanish.cookie);
    expect(saved.statusCode).toBe(200);
    const spanishId = await newAppointment(spanish);
    const english = await bookingCustomer(subject.app, 'englishspeaker');
    const englishId = await newAppointment(english);
    const list = (await call('GET', '/api/admin/appointments')).json() as Array<{
      id: string;
      customer: { email: string; locale: string };
    }>;
    expect(list.find((item) => item.id === spanishId)?.customer).toMatchObject({ email: spanish.email, locale: 'es' });
    expect(list.find((item) => item.id === englishId)?.customer).toMatchObject({ email: english.email, locale: 'en' });

    // A change of language shows at once, on the completed list too.
    expect((await call('PATCH', `/api/admin/appointments/${spanishId}`, { isCompleted: true })).statusCode).toBe(200);
    expect((await call('PUT', '/api/account/locale', { locale: 'en' }, spanish.cookie)).statusCode).toBe(200);
    const completed = (await call('GET', '/api/admin/completed')).json() as Array<{ id: string; customer: { locale: string } }>;
    expect(completed.find((item) => item.id === spanishId)?.customer.locale).toBe('en');
  });

  it('edits notes and amount, completes, then records a payment by hand, each change in the audit history', async () => {
    const id = await newAppointment();
    const edited = await call('PATCH', `/api/admin/appointments/${id}`, { notes: 'Bring a new router', amount: '75.50' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ appointment: { notes: 'Bring a new router', amountCents: 7550 }, completedNow: false });
    const seen = (await call('GET', '/api/appointments', undefined, customer.cookie)).json().find((item: { id: string }) => item.id === id);
    expect(seen).toMatchObject({ amountCents: 7550, isCompleted: false });
    expect(seen).not.toHaveProperty('notes');

    for (const amount of ['10000.01', 'abc', '-1', '12.345']) {
      expect((await call('PATCH', `/api/admin/appointments/${id}`, { amount })).statusCode, amount).toBe(400);
    }
    const completed = await call('PATCH', `/api/admin/appointments/${id}`, { isCompleted: true });
    expect(completed.json().completedNow).toBe(true);
    expect((await call('GET', '/api/admin/completed')).json().map((item: { id: string }) => item.id)).toContain(id);

    expect((await call('PATCH', `/api/admin/appointments/${id}`, { isPaid: true })).statusCode).toBe(400);
    const paid = await call('PATCH', `/api/admin/appointments/${id}`, { isPaid: true, paymentMethod: 'check' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().paidNow).toBe(true);
    expect((await call('GET', '/api/admin/completed')).json().map((item: { id: string }) => item.id)).not.toContain(id);
    expect((await call('GET', '/api/admin/appointments')).json().map((item: { id: string }) => item.id)).not.toContain(id);
    const [payment] = await subject.database.db.select().from(payments).where(eq(payments.appointmentId, id));
    expect(payment).toMatchObject({
      provider: 'manual',
      method: 'check',
      amountCents: 7550,
      takenByRole: 'admin',
      takenByUserId: admin.id,
    });
    // The receipt goes first, then the request for a rating, both written in the payment's transaction.
    expect((await mailbox(subject.app, customer.email)).slice(0, 2).map((mail) => mail.subject)).toEqual([
      'Thank you from TechHelp: how did we do?',
      'Your TechHelp receipt: $75.50',
    ]);

    const history = (await call('GET', `/api/admin/appointments/${id}/history`)).json();
    expect(history).toHaveLength(3);
    expect(history.at(-1)).toMatchObject({
      actorEmail: admin.email,
      action: 'update',
      changes: { notes: { before: 'Enter notes here', after: 'Bring a new router' }, amount: { before: '0.00', after: '75.50' } },
    });
    expect(history[0]).toMatchObject({ action: 'payment', changes: { isPaid: { before: false, after: 'true (check)' } } });
    expect((await call('PATCH', `/api/admin/appointments/${id}`, { amount: '80' })).statusCode).toBe(409);
  });

  it('bills a completed job from the clock: the lines, the amount from them, a changed amount only with a reason, all in the history', async () => {
    const id = await newAppointment();
    const work = {
      kind: 'troubleshooting',
      start: '09:30',
      end: '11:10',
      hardware: [{ description: 'Replacement power adapter', amount: '39.99' }],
    };
    const billed = await call('PATCH', `/api/admin/appointments/${id}`, { isCompleted: true, work });
    expect(billed.statusCode, billed.body).toBe(200);
    // 1 h 40 min: the first hour, one extra half-hour (10 minutes past the half-hour are free), and the part, with
    // Suffolk's 8.625% on the part alone (decision 035): $3.45.
    expect(billed.json().appointment).toMatchObject({
      amountCents: 5000 + 2500 + 3999 + 345,
      isCompleted: true,
      bill: {
        kind: 'troubleshooting',
        start: '09:30',
        end: '11:10',
        minutes: 100,
        lines: [
          { text: 'First hour of troubleshooting', values: {}, cents: 5000, taxClass: 'not-taxable' },
          {
            text: '{count, plural, one {# extra half-hour} other {# extra half-hours}}',
            values: { count: 1 },
            cents: 2500,
            taxClass: 'not-taxable',
          },
          { text: 'Replacement power adapter', values: {}, cents: 3999, taxClass: 'taxable-goods' },
        ],
        computedCents: 11499,
        subtotalCents: 11499,
        tax: { jurisdiction: 'suffolk', rate: 8625, taxableCents: 3999, taxCents: 345, exemption: null },
        totalCents: 11844,
        overrideReason: null,
      },
    });
    // The customer sees the amount; the back office lists carry the bill.
    const seen = (await call('GET', '/api/appointments', undefined, customer.cookie)).json().find((item: { id: string }) => item.id === id);
    expect(seen).toMatchObject({ amountCents: 11844 });
    expect((await call('GET', '/api/admin/completed')).json().find((item: { id: string }) => item.id === id)?.bill?.totalCents).toBe(11844);

    // Refused: a changed amount without a reason, an amount beside the bill, an end before the start, an unknown kind.
    for (const refused of [
      { work: { ...work, override: { amount: '100', reason: '' } } },
      { work, amount: '100' },
      { work: { ...work, end: '09:00' } },
      { work: { ...work, kind: 'gardening' } },
      { work: { ...work, start: '9:30' } },
      { work: { ...work, hardware: [{ description: '', amount: '5' }] } },
    ]) {
      expect((await call('PATCH', `/api/admin/appointments/${id}`, refused)).statusCode, JSON.stringify(refused)).toBe(400);
    }
    // Each part is at most $10,000, and so is what the lines come to, as a typed amount is; nothing changes.
    const tenParts = Array.from({ length: 10 }, (_, index) => ({ description: `Server ${index + 1}`, amount: '10000.00' }));
    const tooLarge = await call('PATCH', `/api/admin/appointments/${id}`, { work: { ...work, hardware: tenParts } });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().error).toEqual({ code: 'VALIDATION', message: BILL_TOO_LARGE });
    expect((await call('GET', '/api/admin/completed')).json().find((item: { id: string }) => item.id === id)?.amountCents).toBe(11844);

    const discounted = await call('PATCH', `/api/admin/appointments/${id}`, {
      work: { ...work, override: { amount: '100', reason: 'Returning customer: the adapter at cost' } },
    });
    expect(discounted.statusCode, discounted.body).toBe(200);
    // $100 of $114.99 before tax: the part's share is $34.78, taxed $3.00.
    expect(discounted.json().appointment).toMatchObject({
      amountCents: 10300,
      bill: {
        computedCents: 11499,
        subtotalCents: 10000,
        tax: { taxableCents: 3478, taxCents: 300 },
        totalCents: 10300,
        overrideReason: 'Returning customer: the adapter at cost',
      },
    });

    const history = (await call('GET', `/api/admin/appointments/${id}/history`)).json();
    expect(history[0].changes).toMatchObject({
      amountSetByHand: { before: null, after: '$100.00 instead of $114.99: Returning customer: the adapter at cost' },
      amount: { before: '118.44', after: '103.00' },
    });
    expect(history[1].changes).toMatchObject({
      bill: {
        before: null,
        after:
          '1 h 40 min of troubleshooting (09:30–11:10): First hour of troubleshooting $50.00; 1 extra half-hour $25.00; Replacement power adapter $39.99; subtotal $114.99; Sales tax (Suffolk County 8.625%) $3.45',
      },
      amount: { before: '0.00', after: '118.44' },
      isCompleted: { before: false, after: true },
    });

    // The customer's checkout shows what the amount is made of: the lines, and the owner's change as an adjustment.
    const checkout = (await call('GET', `/api/payments/checkout/${id}`, undefined, customer.cookie)).json();
    expect(checkout).toMatchObject({ amountCents: 10300 });
    expect(checkout.lines.map((line: { text: string; cents: number }) => [line.text, line.cents])).toEqual([
      ['First hour of troubleshooting', 5000],
      ['{count, plural, one {# extra half-hour} other {# extra half-hours}}', 2500],
      ['Replacement power adapter', 3999],
      ['Adjustment', -1499],
      ['Sales tax ({jurisdiction, select, suffolk {Suffolk County} nassau {Nassau County} other {{jurisdiction}}} {rate})', 300],
    ]);

    // An amount typed without the clock replaces the bill, which no longer says what is charged.
    const typed = await call('PATCH', `/api/admin/appointments/${id}`, { amount: '90' });
    expect(typed.json().appointment).toMatchObject({ amountCents: 9000, bill: null });
    expect((await call('GET', `/api/payments/checkout/${id}`, undefined, customer.cookie)).json()).toMatchObject({
      amountCents: 9000,
      lines: null,
    });

    // Once paid, the bill stands.
    expect((await call('PATCH', `/api/admin/appointments/${id}`, { isPaid: true, paymentMethod: 'cash' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/admin/appointments/${id}`, { work })).statusCode).toBe(409);
  });

  it('shows the paid list with its total for a period and exports it as CSV', async () => {
    const id = await newAppointment();
    await call('PATCH', `/api/admin/appointments/${id}`, { amount: '120', isCompleted: true, isPaid: true, paymentMethod: 'cash' });
    const paid = (await call('GET', `/api/admin/paid?from=2026-01-01&to=2099-12-31`)).json();
    expect(paid.entries.map((entry: { id: string }) => entry.id)).toContain(id);
    expect(paid.totalCents).toBe(
      paid.entries.reduce((sum: number, entry: { payment: { amountCents: number } }) => sum + entry.payment.amountCents, 0),
    );
    const none = (await call('GET', '/api/admin/paid?from=2020-01-01&to=2020-12-31')).json();
    expect(none).toEqual({ entries: [], totalCents: 0, refundedCents: 0, testCents: 0, taxCents: 0 });
    const csv = await call('GET', `/api/admin/paid.csv?from=2026-01-01&to=2099-12-31`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="techhelp-paid-2026-01-01-to-2099-12-31.csv"');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'Paid on,Service,Appointment,Customer,E-mail,Address,Visit Type,Method,Reference,Amount (USD),Status,Subtotal (USD),Sales tax (USD),Tax jurisdiction,Tax rate',
    );
    expect(lines.find((line) => line.includes(id))).toContain(
      `Mary-Ann O'Neil Smith,${customer.email},"12 Main Street, Bay Shore, NY 11706",In-Person,by hand (cash)`,
    );
    // An amount typed by hand has no bill, so no sales tax: its tax cells are empty.
    expect(lines.find((line) => line.includes(id))).toMatch(/,120\.00,Paid,,,,$/);
    const money = (cents: number) => (cents / 100).toFixed(2);
    expect(lines.find((line) => line.startsWith('Total,'))).toBe(
      `Total,,,,,,,,,${money(paid.totalCents)},Paid,${money(paid.totalCents - paid.taxCents)},${money(paid.taxCents)}`,
    );
  });

  it('deletes after the confirm by marking, keeping the appointment for the record', async () => {
    const id = await newAppointment();
    expect((await call('DELETE', `/api/admin/appointments/${id}`)).statusCode).toBe(204);
    const [row] = await subject.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await call('GET', '/api/admin/appointments')).json().map((item: { id: string }) => item.id)).not.toContain(id);
    expect(
      (await call('GET', '/api/appointments', undefined, customer.cookie)).json().map((item: { id: string }) => item.id),
    ).not.toContain(id);
    expect((await call('GET', `/api/admin/appointments/${id}/history`)).json()[0]).toMatchObject({ action: 'delete' });
    expect((await call('DELETE', `/api/admin/appointments/${id}`)).statusCode).toBe(404);
  });

  it('pages the error log newest first and deletes entries', async () => {
    for (let index = 0; index < 30; index++) {
      await subject.database.db.insert(errorLog).values({
        userId: 'No user id',
        errorMessage: `failure ${index}`,
        componentName: 'Test',
        source: 'server',
        createdAt: new Date(Date.UTC(2026, 10, 1, 12, index)),
      });
    }
    const first = (await call('GET', '/api/admin/errors?page=1')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 25 });
    expect(first.total).toBeGreaterThanOrEqual(30);
    expect(first.entries).toHaveLength(25);
    const messages = first.entries.map((entry: { errorMessage: string }) => entry.errorMessage);
    expect(messages.indexOf('failure 29')).toBeLessThan(messages.indexOf('failure 28'));
    const entry = first.entries.find((item: { errorMessage: string }) => item.errorMessage === 'failure 29');
    expect(entry).toMatchObject({ day: '11/01/2026', time: '07:29:00am', userId: 'No user id', componentName: 'Test' });
    expect((await call('DELETE', `/api/admin/errors/${entry.errorID}`)).statusCode).toBe(204);
    const missing = await call('DELETE', `/api/admin/errors/${entry.errorID}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('An error occurred while deleting the appointment. An admin has been notified.');
    const after = (await call('GET', '/api/admin/errors?page=1')).json();
    expect(after.total).toBe(first.total - 1);
  });

  it('keeps the configuration change log: add, list by collection, edit, delete', async () => {
    const entry = {
      date: '2026-11-20',
      time: '18:30',
      collectionName: 'hardware',
      context: 'Office router',
      description: 'Replaced the router',
    };
    for (const missing of ['date', 'time', 'collectionName', 'context', 'description']) {
      const response = await call('POST', '/api/admin/config-changes', { ...entry, [missing]: '' });
      expect(response.statusCode, missing).toBe(400);
    }
    const created = await call('POST', '/api/admin/config-changes', entry);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await call('GET', '/api/admin/config-changes?collection=hardware')).json()).toEqual([{ id, ...entry }]);
    expect((await call('GET', '/api/admin/config-changes?collection=software')).json()).toEqual([]);
    const edited = await call('PUT', `/api/admin/config-changes/${id}`, { ...entry, description: 'Replaced the router and the switch' });
    expect(edited.json().description).toBe('Replaced the router and the switch');
    expect((await call('DELETE', `/api/admin/config-changes/${id}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/admin/config-changes?collection=hardware')).json()).toEqual([]);
  });
});
