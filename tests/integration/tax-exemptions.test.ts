import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';

/**
 * The owner's record of a customer's sales-tax exemption (issue 38): only admins read, record and remove it; a bill
 * completed while it stands carries no tax and says why, and the bill's tax classes the owner picks are applied.
 */
describe('sales-tax exemptions and the tax classes of a bill', () => {
  let subject: TestApp;
  let admin: { cookie: string; id: string };
  let customer: { cookie: string; id: string };
  let nextSlot: () => { date: string; slot: string };

  beforeAll(async () => {
    subject = await createTestApp();
    admin = await bookingAdmin(subject.app, subject.database.db);
    customer = await bookingCustomer(subject.app, 'exempt-customer');
    nextSlot = slotSequence(upcomingWeekendDays(4, 3));
  });
  afterAll(() => subject.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'PATCH', url: string, cookie: string, payload?: object) =>
    subject.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const exemptionUrl = (userId: string) => `/api/admin/customers/${encodeURIComponent(userId)}/tax-exemption`;
  const certificate = { kind: 'exempt-organization', certificate: 'EO-123456', date: '2026-01-15' };
  const appointmentOf = async (booker: { cookie: string }) => {
    const { date, slot } = nextSlot();
    const response = await book(subject.app, booker.cookie, date, slot);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  /** Completes a job with an hour of troubleshooting ($50) and what else `work` says; answers the saved appointment. */
  const bill = async (id: string, work: object = {}) => {
    const response = await call('PATCH', `/api/admin/appointments/${id}`, admin.cookie, {
      isCompleted: true,
      work: { kind: 'troubleshooting', start: '09:00', end: '10:00', ...work },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().appointment;
  };
  const part = { description: 'Replacement hard drive', amount: '100.00' };

  it('is read, recorded and removed by admins only: a customer is refused (403), a visitor asked to sign in (401)', async () => {
    const id = await appointmentOf(customer);
    const urls = [exemptionUrl(customer.id), exemptionUrl(admin.id)];
    for (const url of urls) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const payload = method === 'PUT' ? certificate : undefined;
        expect((await call(method, url, customer.cookie, payload)).json().error.code, `${method} ${url}`).toBe('FORBIDDEN');
        expect((await call(method, url, customer.cookie, payload)).statusCode).toBe(403);
        expect((await call(method, url, '', payload)).statusCode).toBe(401);
      }
    }
    expect((await call('GET', `/api/admin/appointments/${id}/tax-exemption`, customer.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/appointments/${id}/tax-exemption`, '')).statusCode).toBe(401);
    // Nothing was recorded by the refused requests.
    expect((await call('GET', exemptionUrl(customer.id), admin.cookie)).json()).toEqual({ userId: customer.id, exemption: null });
    expect((await call('GET', `/api/admin/appointments/${id}/tax-exemption`, admin.cookie)).json()).toEqual({
      userId: customer.id,
      exemption: null,
    });
  });

  it('says clearly what is wrong with a certificate, and that an unknown customer or appointment was not found', async () => {
    const refused = async (payload: object) => {
      const response = await call('PUT', exemptionUrl(customer.id), admin.cookie, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      return response.json().error.message as string;
    };
    expect(await refused({ ...certificate, kind: 'charity' })).toBe('kind: Choose exempt organization (ST-119.1) or resale (ST-120).');
    expect(await refused({ ...certificate, certificate: '   ' })).toBe('certificate: Enter the certificate number.');
    expect(await refused({ ...certificate, certificate: 'X'.repeat(41) })).toBe('certificate: At most 40 characters.');
    expect(await refused({ ...certificate, date: '15/01/2026' })).toBe('date: Enter the date as YYYY-MM-DD.');
    expect((await call('GET', exemptionUrl(customer.id), admin.cookie)).json().exemption).toBeNull();

    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(method, exemptionUrl('no-such-customer'), admin.cookie, method === 'PUT' ? certificate : undefined);
      expect(response.statusCode, method).toBe(404);
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'That customer was not found.' });
    }
    const unknown = await call('GET', '/api/admin/appointments/no-such-appointment/tax-exemption', admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'NOT_FOUND', message: 'That appointment was not found.' });
  });

  it("leaves the tax off an exempt customer's bill, saying why, and taxes the next bill once the exemption is removed", async () => {
    const recorded = await call('PUT', exemptionUrl(customer.id), admin.cookie, { ...certificate, certificate: '  EO-123456 ' });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toEqual({ userId: customer.id, exemption: certificate });
    expect((await call('GET', exemptionUrl(customer.id), admin.cookie)).json().exemption).toEqual(certificate);

    const exemptJob = await appointmentOf(customer);
    expect((await call('GET', `/api/admin/appointments/${exemptJob}/tax-exemption`, admin.cookie)).json()).toEqual({
      userId: customer.id,
      exemption: certificate,
    });
    const exempt = await bill(exemptJob, { hardware: [part] });
    // $50 for the hour and $100 for the part, and no tax.
    expect(exempt.amountCents).toBe(15_000);
    expect(exempt.bill).toMatchObject({ subtotalCents: 15_000, totalCents: 15_000 });
    expect(exempt.bill.tax).toEqual({ jurisdiction: 'suffolk', rate: 8625, taxableCents: 10_000, taxCents: 0, exemption: certificate });
    // The customer's checkout says why there is no tax.
    const checkout = await call('GET', `/api/payments/checkout/${exemptJob}`, customer.cookie);
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(JSON.stringify(checkout.json())).toContain('No sales tax: exempt organization, certificate {certificate} (ST-119.1)');

    const removed = await call('DELETE', exemptionUrl(customer.id), admin.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ userId: customer.id, exemption: null });
    expect((await call('GET', exemptionUrl(customer.id), admin.cookie)).json().exemption).toBeNull();
    // Removing it again is no error: there is none.
    expect((await call('DELETE', exemptionUrl(customer.id), admin.cookie)).statusCode).toBe(200);

    const taxed = await bill(await appointmentOf(customer), { hardware: [part] });
    // 8.625% of the $100 part is $8.625, rounded half up.
    expect(taxed.amountCents).toBe(15_863);
    expect(taxed.bill.tax).toEqual({ jurisdiction: 'suffolk', rate: 8625, taxableCents: 10_000, taxCents: 863, exemption: null });
    // The bill made while the customer was exempt keeps its own tax.
    const kept = await call('GET', '/api/admin/completed', admin.cookie);
    const before = kept.json().find((appointment: { id: string }) => appointment.id === exemptJob);
    expect(before.bill.tax.exemption).toEqual(certificate);
  });

  it("applies the owner's tax classes: the time as a taxable service, a line of work on hardware as not taxable", async () => {
    // A customer of their own: a customer has at most three open (unpaid) visits.
    const other = await bookingCustomer(subject.app, 'tax-classes');
    const service = await bill(await appointmentOf(other), { timeTaxClass: 'taxable-service' });
    // 8.625% of $50 is $4.3125.
    expect(service.amountCents).toBe(5_431);
    expect(service.bill.lines).toEqual([{ text: 'First hour of troubleshooting', values: {}, cents: 5_000, taxClass: 'taxable-service' }]);
    expect(service.bill.tax).toMatchObject({ taxableCents: 5_000, taxCents: 431 });

    const untaxed = await bill(await appointmentOf(other), { hardware: [{ ...part, taxClass: 'not-taxable' }] });
    expect(untaxed.amountCents).toBe(15_000);
    expect(untaxed.bill.lines.map((line: { taxClass: string }) => line.taxClass)).toEqual(['not-taxable', 'not-taxable']);
    expect(untaxed.bill.tax).toMatchObject({ taxableCents: 0, taxCents: 0, exemption: null });

    const refused = await call('PATCH', `/api/admin/appointments/${await appointmentOf(other)}`, admin.cookie, {
      isCompleted: true,
      work: { kind: 'troubleshooting', start: '09:00', end: '10:00', timeTaxClass: 'luxury' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('work.timeTaxClass: Choose not taxable, taxable service or taxable goods.');
  });
});
