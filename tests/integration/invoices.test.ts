import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceNumbers, issueInvoice } from '../../src/server/modules/payments/payment-queries.ts';
import { formatDay } from '../../src/shared/locale-format.ts';
import { mailbox } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';
import { readPdf } from '../support/pdf.ts';

/**
 * The itemised invoice (issue 18): numbered without gaps when a job is first completed with an amount, shown to its
 * customer and the owner (as data for the printable page, and as a PDF), and attached to the receipt.
 */
describe('invoices', () => {
  let subject: TestApp;
  let admin: { cookie: string; id: string; email: string };
  const nextSlot = slotSequence(upcomingWeekendDays(6, 3));

  beforeAll(async () => {
    subject = await createTestApp();
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(() => subject.close());

  const call = (method: 'GET' | 'PATCH', url: string, cookie: string, payload?: object) =>
    subject.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const edit = (id: string, payload: object) => call('PATCH', `/api/admin/appointments/${id}`, admin.cookie, payload);
  const appointmentOf = async (customer: { cookie: string }) => {
    const { date, slot } = nextSlot();
    const response = await book(subject.app, customer.cookie, date, slot);
    expect(response.statusCode).toBe(201);
    return response.json().id as string;
  };
  /** The invoice numbers given so far have no gap: 1, 2, 3… */
  const expectNoGaps = async () => {
    const numbers = await invoiceNumbers(subject.database.db);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    return numbers.length;
  };

  it('is numbered when a job is completed with an amount, once, and shown to its customer and the owner only', async () => {
    const customer = await bookingCustomer(subject.app, 'invoice-customer');
    const stranger = await bookingCustomer(subject.app, 'invoice-stranger');
    const id = await appointmentOf(customer);
    const url = `/api/invoices/${id}`;
    // Not completed: no invoice yet.
    expect((await call('GET', url, customer.cookie)).statusCode).toBe(404);
    expect((await edit(id, { isCompleted: true, work: { kind: 'consulting', start: '10:00', end: '11:45' } })).statusCode).toBe(200);
    const before = await expectNoGaps();

    const shown = await call('GET', url, customer.cookie);
    expect(shown.statusCode, shown.body).toBe(200);
    const invoice = shown.json();
    expect(invoice).toMatchObject({
      number: before,
      appointmentId: id,
      business: { name: 'TechHelp' },
      customer: { name: "Mary-Ann O'Neil Smith", email: customer.email },
      visit: { isRemote: false },
      status: 'due',
      payment: null,
    });
    expect(invoice.amountCents).toBe(invoice.lines.reduce((sum: number, line: { cents: number }) => sum + line.cents, 0));
    expect(invoice.lines[0].text).toBe('First hour of consulting');

    // The owner sees it too; a stranger and a visitor do not.
    expect((await call('GET', url, admin.cookie)).json().number).toBe(before);
    expect((await call('GET', url, stranger.cookie)).statusCode).toBe(404);
    expect((await call('GET', url, '')).statusCode).toBe(401);
    expect((await call('GET', `${url}/pdf`, stranger.cookie)).statusCode).toBe(404);

    // Un-completed and completed again, or edited, it keeps its number.
    expect((await edit(id, { isCompleted: false })).statusCode).toBe(200);
    expect((await edit(id, { isCompleted: true, amount: '80' })).statusCode).toBe(200);
    expect((await call('GET', url, customer.cookie)).json()).toMatchObject({ number: before, amountCents: 8000 });
    expect((await call('GET', url, customer.cookie)).json().lines).toEqual([{ text: 'Technology help visit', values: {}, cents: 8000 }]);
    expect(await expectNoGaps()).toBe(before);
  });

  it('is a PDF with the business, the customer, the visit, the lines and the payment, in the language asked for', async () => {
    const customer = await bookingCustomer(subject.app, 'invoice-pdf');
    const id = await appointmentOf(customer);
    expect((await edit(id, { isCompleted: true, work: { kind: 'troubleshooting', start: '09:00', end: '10:30' } })).statusCode).toBe(200);
    expect((await edit(id, { isPaid: true, paymentMethod: 'check' })).statusCode).toBe(200);
    const number = String((await call('GET', `/api/invoices/${id}`, customer.cookie)).json().number).padStart(5, '0');

    const english = await call('GET', `/api/invoices/${id}/pdf`, customer.cookie);
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    expect(english.headers['content-disposition']).toBe(`attachment; filename="techhelp-invoice-${number}.pdf"`);
    const read = await readPdf(english.rawPayload);
    expect(read.language).toBe('en');
    expect(read.info.Title).toBe(`TechHelp: Invoice ${number}`);
    const lines = read.pages.flat();
    expect(lines).toEqual(
      expect.arrayContaining([
        'TechHelp',
        `Invoice ${number}`,
        'Status: Paid',
        "Mary-Ann O'Neil Smith",
        customer.email,
        'First hour of troubleshooting  $50.00',
        '1 extra half-hour (1 × $25.00)  $25.00',
        'Total (USD)  $75.00',
        expect.stringMatching(/^\$75\.00 paid on [A-Z][a-z]+ \d{1,2}, \d{4} by check\.$/),
      ]),
    );
    expect(lines.some((line) => line.startsWith('In-person visit of '))).toBe(true);
    // Both dates, in the order they came: the visit's (a weekend day ahead), then the invoice's (today).
    const invoice = (await call('GET', `/api/invoices/${id}`, customer.cookie)).json();
    const visitDay = (locale: 'en' | 'es') => formatDay(new Date(invoice.visit.startsAt), locale);
    const issueDay = (locale: 'en' | 'es') => formatDay(new Date(invoice.issuedAt), locale);
    expect(visitDay('en')).not.toBe(issueDay('en'));
    expect(lines.filter((line) => line.startsWith('Date of '))).toEqual([
      `Date of the visit: ${visitDay('en')}`,
      `Date of issue: ${issueDay('en')}`,
    ]);

    const spanish = await readPdf((await call('GET', `/api/invoices/${id}/pdf?lang=es`, customer.cookie)).rawPayload);
    expect(spanish.language).toBe('es');
    expect(spanish.pages.flat().filter((line) => line.startsWith('Fecha de '))).toEqual([
      `Fecha de la visita: ${visitDay('es')}`,
      `Fecha de emisión: ${issueDay('es')}`,
    ]);
    expect(spanish.pages.flat()).toEqual(
      expect.arrayContaining([
        `Factura ${number}`,
        'Estado: Pagada',
        'Primera hora de solución de problemas  $50.00',
        '1 media hora adicional (1 × $25.00)  $25.00',
        'Total (USD)  $75.00',
        expect.stringMatching(/^\$75\.00 pagado el \d{1,2} de [a-z]+ de \d{4} con cheque\.$/),
      ]),
    );
  });

  it('is void, with nothing due and no way to pay, once the owner deletes the visit, in English and Spanish', async () => {
    const customer = await bookingCustomer(subject.app, 'invoice-void');
    const id = await appointmentOf(customer);
    expect((await edit(id, { isCompleted: true, amount: '70' })).statusCode).toBe(200);
    expect((await call('GET', `/api/invoices/${id}`, customer.cookie)).json().status).toBe('due');
    const deleted = await subject.app.inject({ method: 'DELETE', url: `/api/admin/appointments/${id}`, headers: { cookie: admin.cookie } });
    expect(deleted.statusCode, deleted.body).toBe(204);

    // The page's data, for the customer and the owner: void, not due.
    for (const cookie of [customer.cookie, admin.cookie]) {
      const shown = await call('GET', `/api/invoices/${id}`, cookie);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ status: 'void', payment: null });
    }
    const pdfText = async (lang: string) =>
      (await readPdf((await call('GET', `/api/invoices/${id}/pdf?lang=${lang}`, customer.cookie)).rawPayload)).pages.flat().join('\n');
    const english = await pdfText('en');
    expect(english).toContain('Status: Void');
    expect(english.replaceAll('\n', ' ')).toContain('VOID: this visit was deleted. Nothing is due, and there is nothing to pay.');
    expect(english).not.toMatch(/Due|pay online/);
    const spanish = await pdfText('es');
    expect(spanish).toContain('Estado: Anulada');
    expect(spanish.replaceAll('\n', ' ')).toContain('ANULADA: esta visita se eliminó. No se debe nada y no hay nada que pagar.');
    expect(spanish).not.toMatch(/Pendiente|en línea/);
  });

  it('is attached to the receipt, as a PDF that says it is paid', async () => {
    const customer = await bookingCustomer(subject.app, 'invoice-receipt');
    const id = await appointmentOf(customer);
    expect((await edit(id, { isCompleted: true, amount: '60', isPaid: true, paymentMethod: 'cash' })).statusCode).toBe(200);
    const number = String((await call('GET', `/api/invoices/${id}`, customer.cookie)).json().number).padStart(5, '0');
    const receipt = (await mailbox(subject.app, customer.email)).find((mail) => mail.subject.startsWith('Your TechHelp receipt'));
    expect(receipt?.text).toContain(
      `Your invoice ${number} is attached; you can also see it and print it at http://localhost:3000/invoice/${id}.`,
    );
    const listed = await call('GET', `/dev/mailbox.json?to=${encodeURIComponent(customer.email)}`, '');
    const withAttachment = (
      listed.json() as Array<{ subject: string; attachments: Array<{ filename: string; contentType: string; content: string }> }>
    ).find((mail) => mail.subject.startsWith('Your TechHelp receipt'));
    const attachment = withAttachment?.attachments[0];
    expect(attachment).toMatchObject({ filename: `techhelp-invoice-${number}.pdf`, contentType: 'application/pdf' });
    const pdf = await readPdf(Buffer.from(attachment?.content ?? '', 'base64'));
    expect(pdf.pages.flat()).toEqual(expect.arrayContaining([`Invoice ${number}`, 'Status: Paid', 'Technology help visit  $60.00']));
  });

  it('numbers concurrent completions without gaps, and a number whose transaction rolls back is given again', async () => {
    const customers = [];
    for (let index = 0; index < 3; index++) customers.push(await bookingCustomer(subject.app, `invoice-race${index}`));
    const appointments: string[] = [];
    for (const customer of customers)
      for (let appointment = 0; appointment < 3; appointment++) appointments.push(await appointmentOf(customer));
    const before = await expectNoGaps();
    const [spare, ...raced] = appointments;

    // A transaction that numbers a job and then fails gives the number back.
    await expect(
      subject.database.db.transaction(async (tx) => {
        await issueInvoice(tx, spare ?? '');
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(await expectNoGaps()).toBe(before);

    const responses = await Promise.all(raced.map((id) => edit(id, { isCompleted: true, amount: '50' })));
    expect(responses.map((response) => response.statusCode)).toEqual(raced.map(() => 200));
    expect(await expectNoGaps()).toBe(before + raced.length);
    const numbers = await Promise.all(raced.map(async (id) => (await call('GET', `/api/invoices/${id}`, admin.cookie)).json().number));
    expect(new Set(numbers).size).toBe(raced.length);
  });

  it("finds a job's payments, refunded ones too, by an index, not by reading the whole table", async () => {
    // As the invoice reads them (the planner is told to avoid a whole-table read, which it prefers on a small table).
    const plan = await subject.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = await tx.execute(sql`explain select * from payments where appointment_id = 'some-job'`);
      return (explained as { rows: Array<Record<string, string>> }).rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('payments_job_idx');
  });
});
