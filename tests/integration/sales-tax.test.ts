import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../src/server/db/schema.ts';
import { translatorFor } from '../../src/server/i18n.ts';
import { mailbox } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';
import { readPdf } from '../support/pdf.ts';

const SALES_TAX_LINE = {
  text: 'Sales tax ({jurisdiction, select, suffolk {Suffolk County} nassau {Nassau County} other {{jurisdiction}}} {rate})',
  values: { jurisdiction: 'suffolk', rate: '8.625%' },
  cents: 863,
};
/** The tax line as a Spanish-speaking customer reads it (src/shared/locales/es.po), and with its amount in an e-mail. */
const SPANISH_TAX = 'Impuesto sobre las ventas (condado de Suffolk 8.625%)';
const SPANISH_TAX_LINE = `${SPANISH_TAX} $8.63`;

/**
 * New York sales tax on a bill (issue 38, decision 035), through the whole path on the embedded database (and on
 * PostgreSQL with npm run test:db): the owner bills an hour of troubleshooting and a $100 part; the amount, the
 * checkout, the pay link, the invoice and its PDF, the receipt and the history all state $8.63 of tax on its own line.
 */
describe('sales tax on a bill', () => {
  let subject: TestApp;
  let admin: { cookie: string; id: string; email: string };
  const nextSlot = slotSequence(upcomingWeekendDays(4, 3));

  beforeAll(async () => {
    subject = await createTestApp({ BUSINESS_ADDRESS: '1 Main Street, Bay Shore, NY 11706' });
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(() => subject.close());

  const call = (method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    subject.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const edit = (id: string, payload: object) => call('PATCH', `/api/admin/appointments/${id}`, admin.cookie, payload);
  const booked = async (customer: { cookie: string }) => {
    const { date, slot } = nextSlot();
    const response = await book(subject.app, customer.cookie, date, slot);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const storedBill = async (id: string) => {
    const [row] = await subject.database.db.select().from(appointments).where(eq(appointments.id, id));
    return row;
  };
  const PART = { description: 'Solid-state drive 500 GB', amount: '100' };

  it('bills a 1 h troubleshooting visit with a $100 part at $50 + $100 + $8.63 tax = $158.63, everywhere it is shown', async () => {
    const customer = await bookingCustomer(subject.app, 'tax-customer');
    const id = await booked(customer);
    const billed = await edit(id, {
      isCompleted: true,
      notes: 'Private: the customer prefers mornings',
      workDone: 'Replaced the failing drive and copied the photos back.',
      work: { kind: 'troubleshooting', start: '09:30', end: '10:30', hardware: [PART] },
    });
    expect(billed.statusCode, billed.body).toBe(200);

    const row = await storedBill(id);
    expect(row?.amountCents).toBe(15_863);
    expect(row?.bill).toMatchObject({
      computedCents: 15_000,
      subtotalCents: 15_000,
      totalCents: 15_863,
      tax: { jurisdiction: 'suffolk', rate: 8625, taxableCents: 10_000, taxCents: 863, exemption: null },
    });
    expect(row?.bill?.lines.map((line) => line.taxClass)).toEqual(['not-taxable', 'taxable-goods']);

    // The checkout the customer pays from: the server's amount, the lines and the tax line.
    const checkout = (await call('GET', `/api/payments/checkout/${id}`, customer.cookie)).json();
    expect(checkout.amountCents).toBe(15_863);
    expect(checkout.lines).toEqual([
      { text: 'First hour of troubleshooting', values: {}, cents: 5000 },
      { text: PART.description, values: {}, cents: 10_000 },
      SALES_TAX_LINE,
    ]);

    // The pay link's e-mail names the tax.
    const payLink = (await mailbox(subject.app, customer.email)).find((mail) => mail.subject.startsWith('Your visit is complete'));
    expect(payLink?.text).toContain('Sales tax (Suffolk County 8.625%) $8.63');
    expect(payLink?.text).toContain('$158.63');

    // The history says what the bill came to and its tax.
    const history = (await call('GET', `/api/admin/appointments/${id}/history`, admin.cookie)).json();
    expect(JSON.stringify(history)).toContain('Sales tax (Suffolk County 8.625%) $8.63');

    // Paid in test mode: the order's amount is the server's, tax included.
    const { orderId } = (await call('POST', '/api/payments/orders', customer.cookie, { appointmentId: id })).json();
    const captured = await call('POST', `/api/payments/orders/${orderId}/capture`, customer.cookie);
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json().amountCents).toBe(15_863);

    const receipt = (await mailbox(subject.app, customer.email)).find((mail) => /receipt/i.test(mail.subject));
    expect(receipt?.text).toContain('Sales tax (Suffolk County 8.625%) $8.63');

    const invoice = (await call('GET', `/api/invoices/${id}`, customer.cookie)).json();
    expect(invoice.amountCents).toBe(15_863);
    expect(invoice.business.address).toBe('1 Main Street, Bay Shore, NY 11706');
    expect(invoice.work).toEqual({ kind: 'troubleshooting', start: '09:30', end: '10:30', minutes: 60, hourlyCents: 5000 });
    // The work done, in the owner's words for the customer; the private notes are not on the invoice.
    expect(invoice.workDone).toBe('Replaced the failing drive and copied the photos back.');
    expect(JSON.stringify(invoice)).not.toContain('prefers mornings');
    expect(invoice.lines.at(-1)).toEqual(SALES_TAX_LINE);
    expect(invoice.lines.reduce((sum: number, line: { cents: number }) => sum + line.cents, 0)).toBe(15_863);

    const english = (await readPdf((await call('GET', `/api/invoices/${id}/pdf`, customer.cookie)).rawPayload)).pages.flat();
    expect(english).toEqual(
      expect.arrayContaining([
        '1 Main Street, Bay Shore, NY 11706',
        expect.stringMatching(/^Date of the visit: [A-Z][a-z]+ \d{1,2}, \d{4}$/),
        'Troubleshooting: 09:30–10:30, 1 h, at $50.00 an hour',
        'Work done',
        'Replaced the failing drive and copied the photos back.',
        'First hour of troubleshooting  $50.00',
        `${PART.description}  $100.00`,
        'Subtotal  $150.00',
        'Sales tax (Suffolk County 8.625%)  $8.63',
        'Total (USD)  $158.63',
      ]),
    );
    const spanish = (await readPdf((await call('GET', `/api/invoices/${id}/pdf?lang=es`, customer.cookie)).rawPayload)).pages.flat();
    expect(spanish).toEqual(
      expect.arrayContaining([
        'Solución de problemas: 09:30–10:30, 1 h, a $50.00 la hora',
        'Trabajo realizado',
        'Subtotal  $150.00',
        'Impuesto sobre las ventas (condado de Suffolk 8.625%)  $8.63',
        'Total (USD)  $158.63',
      ]),
    );
  });

  it('states the tax line in Spanish to a customer whose language is Spanish: estimate, pay link, checkout, invoice and receipt', async () => {
    const customer = await bookingCustomer(subject.app, 'tax-spanish');
    const saved = await call('PUT', '/api/account/locale', customer.cookie, { locale: 'es' });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = await booked(customer);
    /** The customer's e-mail whose subject starts with `title`: the Spanish subject, so an English e-mail is none. */
    const mailTo = async (title: string) => {
      const mails = await mailbox(subject.app, customer.email);
      const mail = mails.find((entry) => entry.subject.startsWith(title));
      expect(mail, `"${title}" among ${JSON.stringify(mails.map((entry) => entry.subject))}`).toBeDefined();
      return mail;
    };

    // The estimate's e-mail, before the work: the same $8.63, in Spanish.
    const estimate = await call('POST', `/api/admin/appointments/${id}/estimate`, admin.cookie, {
      kind: 'troubleshooting',
      minutes: 60,
      hardware: [PART],
    });
    expect(estimate.statusCode, estimate.body).toBe(201);
    const estimateMail = await mailTo('Un presupuesto para su visita: $158.63');
    expect(estimateMail?.text).toContain(SPANISH_TAX_LINE);
    expect(estimateMail?.text).not.toContain('Sales tax');

    const billed = await edit(id, { isCompleted: true, work: { kind: 'troubleshooting', start: '09:30', end: '10:30', hardware: [PART] } });
    expect(billed.statusCode, billed.body).toBe(200);
    const payLink = await mailTo('Su visita terminó: $158.63');
    expect(payLink?.text).toContain(SPANISH_TAX_LINE);
    expect(payLink?.text).toContain('$158.63');
    expect(payLink?.text).not.toContain('Sales tax');

    // The checkout and the invoice answer the line as a message and its values, which the screens show in the
    // customer's language from the same catalogue: in Spanish, the county and the rate.
    const spanish = translatorFor('es');
    for (const url of [`/api/payments/checkout/${id}`, `/api/invoices/${id}`]) {
      const answer = await call('GET', url, customer.cookie);
      expect(answer.statusCode, answer.body).toBe(200);
      const taxLine = answer.json().lines.at(-1);
      expect(taxLine, url).toEqual(SALES_TAX_LINE);
      expect(spanish.t(taxLine.text, taxLine.values), url).toBe(SPANISH_TAX);
    }

    const { orderId } = (await call('POST', '/api/payments/orders', customer.cookie, { appointmentId: id })).json();
    const captured = await call('POST', `/api/payments/orders/${orderId}/capture`, customer.cookie);
    expect(captured.statusCode, captured.body).toBe(200);
    const receipt = await mailTo('Su recibo de TechHelp: $158.63');
    expect(receipt?.text).toContain(SPANISH_TAX_LINE);
    expect(receipt?.text).not.toContain('Sales tax');
  });

  it('taxes work on hardware when the owner says the time was, and leaves a line the owner marks not taxable', async () => {
    const customer = await bookingCustomer(subject.app, 'tax-service');
    const id = await booked(customer);
    const billed = await edit(id, {
      isCompleted: true,
      work: {
        kind: 'troubleshooting',
        timeTaxClass: 'taxable-service',
        start: '09:30',
        end: '11:05',
        hardware: [
          { description: 'Recycling fee', amount: '10', taxClass: 'not-taxable' },
          { description: 'Printer fuser', amount: '40' },
        ],
      },
    });
    expect(billed.statusCode, billed.body).toBe(200);
    const row = await storedBill(id);
    // $50 + $25 of taxable service, $40 of goods: $115 taxable → $9.92; the $10 fee is not.
    expect(row?.bill?.tax).toMatchObject({ taxableCents: 11_500, taxCents: 992 });
    expect(row?.amountCents).toBe(12_500 + 992);
  });

  it('shares an amount set by hand between the taxable and the other lines, so a discount lowers the tax', async () => {
    const customer = await bookingCustomer(subject.app, 'tax-override');
    const id = await booked(customer);
    const billed = await edit(id, {
      isCompleted: true,
      work: {
        kind: 'troubleshooting',
        start: '09:30',
        end: '10:30',
        hardware: [PART],
        override: { amount: '120', reason: 'Returning customer discount' },
      },
    });
    expect(billed.statusCode, billed.body).toBe(200);
    const row = await storedBill(id);
    // $120 of $150: the $100 part's share is $80, taxed $6.90.
    expect(row?.bill).toMatchObject({
      computedCents: 15_000,
      subtotalCents: 12_000,
      tax: { taxableCents: 8000, taxCents: 690 },
      totalCents: 12_690,
    });
    expect(row?.amountCents).toBe(12_690);
    const checkout = (await call('GET', `/api/payments/checkout/${id}`, customer.cookie)).json();
    expect(checkout.lines.map((line: { cents: number }) => line.cents)).toEqual([5000, 10_000, -3000, 690]);
  });

  it('refuses a bill whose total with its tax is over the most a job can be charged', async () => {
    const customer = await bookingCustomer(subject.app, 'tax-cap');
    const id = await booked(customer);
    const refused = await edit(id, {
      isCompleted: true,
      work: { kind: 'troubleshooting', start: '09:30', end: '10:30', hardware: [{ description: 'Server', amount: '9200' }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('more than $10,000.00');
    expect((await storedBill(id))?.amountCents).toBe(0);
  });

  it('leaves a typed amount without a bill untaxed, as before', async () => {
    const customer = await bookingCustomer(subject.app, 'tax-typed');
    const id = await booked(customer);
    expect((await edit(id, { isCompleted: true, amount: '80' })).statusCode).toBe(200);
    const invoice = (await call('GET', `/api/invoices/${id}`, customer.cookie)).json();
    expect(invoice.lines).toEqual([{ text: 'Technology help visit', values: {}, cents: 8000 }]);
  });
});
