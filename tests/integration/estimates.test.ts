import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimates } from '../../src/server/db/schema.ts';
import { contactInvitation, hiddenFields, mailbox, openContactLink, PASSWORD, postContactForm, uniqueEmail } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';

const PUBLIC_URL = 'http://localhost:3000';
const SALES_TAX_LINE = {
  text: 'Sales tax ({jurisdiction, select, suffolk {Suffolk County} nassau {Nassau County} other {{jurisdiction}}} {rate})',
  values: { jurisdiction: 'suffolk', rate: '8.625%' },
  cents: 863,
};
const PART = { description: 'Solid-state drive 500 GB', amount: '100' };
/** An hour of troubleshooting and a $100 part: $50 + $100 + $8.63 tax = $158.63. */
const ESTIMATE = { kind: 'troubleshooting', minutes: 60, hardware: [PART] };
const INVALID = 'This link does not work';

type Person = { cookie: string; id: string; email: string };

/**
 * Estimates the customer approves (issue 38), through the whole path on the embedded database: the owner sends one,
 * priced and taxed as a bill; the customer (or the trusted contact they allowed, once the contact agreed) approves
 * by typing their name or declines with a reason, once; a newer estimate replaces the old; the owner's bill over the
 * approved estimate by more than 10% waits for their confirmation; the pay page shows the approved estimate.
 */
describe('estimates the customer approves', () => {
  let subject: TestApp;
  let admin: Person;
  const nextSlot = slotSequence(upcomingWeekendDays(4, 3));

  beforeAll(async () => {
    subject = await createTestApp();
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(() => subject.close());

  const call = (method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    subject.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const send = (id: string, payload: object = ESTIMATE) => call('POST', `/api/admin/appointments/${id}/estimate`, admin.cookie, payload);
  /** The customer's answer to the estimate their page shows (the one in force, unless `estimateId` says another). */
  const decide = async (id: string, cookie: string, payload: Record<string, string>) => {
    const shown = payload.estimateId ?? (await call('GET', `/api/estimates/${id}`, cookie)).json()?.id ?? 'none';
    return call('POST', `/api/estimates/${id}/decision`, cookie, { estimateId: shown, ...payload });
  };
  const edit = (id: string, payload: object) => call('PATCH', `/api/admin/appointments/${id}`, admin.cookie, payload);
  const booked = async (customer: { cookie: string }) => {
    const { date, slot } = nextSlot();
    const response = await book(subject.app, customer.cookie, date, slot);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const rowsOf = (id: string) => subject.database.db.select().from(estimates).where(eq(estimates.appointmentId, id)).orderBy(estimates.seq);
  const listed = async (id: string) =>
    (await call('GET', '/api/admin/appointments', admin.cookie)).json().find((entry: { id: string }) => entry.id === id);

  it('sends an hour of troubleshooting and a $100 part at $158.63 with its tax line, and e-mails the customer the link; a stranger gets 404', async () => {
    const customer = await bookingCustomer(subject.app, 'estimate-customer');
    const stranger = await bookingCustomer(subject.app, 'estimate-stranger');
    const id = await booked(customer);

    const sent = await send(id);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      appointmentId: id,
      state: 'sent',
      kind: 'troubleshooting',
      minutes: 60,
      subtotalCents: 15_000,
      taxCents: 863,
      totalCents: 15_863,
      decidedAt: null,
      decidedBy: null,
    });
    expect(sent.json().lines).toEqual([
      { text: 'First hour of troubleshooting', values: {}, cents: 5000 },
      { text: PART.description, values: {}, cents: 10_000 },
      SALES_TAX_LINE,
    ]);
    // The customer's list names the estimate waiting for them; a stranger's list does not.
    const ownList = (await call('GET', '/api/appointments', customer.cookie)).json();
    expect(ownList.find((item: { id: string }) => item.id === id).estimate).toEqual({ state: 'sent', totalCents: 15_863 });

    const mail = (await mailbox(subject.app, customer.email)).find((entry) => entry.subject === 'An estimate for your visit: $158.63');
    expect(mail?.links).toContain(`${PUBLIC_URL}/estimate/${id}`);
    expect(mail?.text).toContain('Sales tax (Suffolk County 8.625%) $8.63');

    const own = await call('GET', `/api/estimates/${id}`, customer.cookie);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual(sent.json());
    expect((await call('GET', `/api/estimates/${id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await decide(id, stranger.cookie, { decision: 'approve', name: 'Someone Else' })).statusCode).toBe(404);
    expect((await call('GET', `/api/estimates/${id}`, '')).statusCode).toBe(401);
    expect((await call('GET', `/api/admin/appointments/${id}/estimate`, customer.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/appointments/${id}/estimate`, admin.cookie)).json()).toEqual({ estimate: sent.json() });
    expect((await listed(id)).estimate).toEqual({ state: 'sent', totalCents: 15_863 });
  });

  it('records the customer’s approval by their typed name (who, when, the exact lines) once, and tells the owner; a second answer is 409', async () => {
    const customer = await bookingCustomer(subject.app, 'estimate-approver');
    const id = await booked(customer);
    expect((await send(id)).statusCode).toBe(201);

    expect((await decide(id, customer.cookie, { decision: 'approve', name: ' ' })).statusCode).toBe(400);
    const approved = await decide(id, customer.cookie, { decision: 'approve', name: 'Mary-Ann Smith' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      state: 'approved',
      decidedBy: 'customer',
      decidedByName: 'Mary-Ann Smith',
      declineReason: null,
    });

    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ state: 'approved', decidedBy: 'customer', decidedByName: 'Mary-Ann Smith', totalCents: 15_863 });
    expect(row?.decidedAt).toBeInstanceOf(Date);
    expect(row?.lines).toEqual([
      { text: 'First hour of troubleshooting', values: {}, cents: 5000, taxClass: 'not-taxable' },
      { text: PART.description, values: {}, cents: 10_000, taxClass: 'taxable-goods' },
    ]);
    expect(row?.tax).toMatchObject({ jurisdiction: 'suffolk', taxableCents: 10_000, taxCents: 863 });

    const again = await decide(id, customer.cookie, { decision: 'decline', reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ESTIMATE_CLOSED');

    const notice = (await mailbox(subject.app, admin.email)).find((mail) => mail.subject.startsWith('Estimate approved: $158.63'));
    expect(notice?.text).toContain('“Mary-Ann Smith”');
    const history = JSON.stringify((await call('GET', `/api/admin/appointments/${id}/history`, admin.cookie)).json());
    expect(history).toContain('approved: $158.63');
    expect((await listed(id)).estimate).toEqual({ state: 'approved', totalCents: 15_863 });

    // The customer's data download holds the estimate and their answer; once they delete their account, the job's
    // estimate keeps its figures for the books and loses the name typed.
    const download = (await call('GET', '/api/account/export', customer.cookie)).json();
    expect(download.estimates).toEqual([
      expect.objectContaining({ appointmentId: id, state: 'approved', totalCents: 15_863, taxCents: 863, decidedByName: 'Mary-Ann Smith' }),
    ]);
    expect(JSON.stringify(download)).not.toContain('contactTokenHash');
    const deleted = await call('POST', '/api/account/delete', customer.cookie, { confirmation: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [kept] = await rowsOf(id);
    expect(kept).toMatchObject({ state: 'approved', totalCents: 15_863, decidedByName: null, declineReason: null });
  });

  it('replaces an estimate with a newer one, which the customer declines with a reason', async () => {
    const customer = await bookingCustomer(subject.app, 'estimate-decliner');
    const id = await booked(customer);
    const first = await send(id);
    expect(first.statusCode).toBe(201);
    expect((await decide(id, customer.cookie, { decision: 'approve', name: 'Mary-Ann Smith' })).statusCode).toBe(200);

    const newer = await send(id, { kind: 'consulting', minutes: 90, hardware: [] });
    expect(newer.statusCode, newer.body).toBe(201);
    expect(newer.json()).toMatchObject({ state: 'sent', totalCents: 15_000, taxCents: 0 });
    expect((await rowsOf(id)).map((row) => row.state)).toEqual(['replaced', 'sent']);
    expect((await call('GET', `/api/estimates/${id}`, customer.cookie)).json().id).toBe(newer.json().id);
    // A page still showing the old estimate answers nothing: the newer total is never approved unseen.
    const unseen = await decide(id, customer.cookie, { decision: 'approve', name: 'Mary-Ann Smith', estimateId: first.json().id });
    expect(unseen.statusCode).toBe(409);
    expect(unseen.json().error.code).toBe('ESTIMATE_CLOSED');
    expect((await rowsOf(id)).map((row) => row.state)).toEqual(['replaced', 'sent']);

    const declined = await decide(id, customer.cookie, { decision: 'decline', reason: 'Too much for an old laptop' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      state: 'declined',
      decidedBy: 'customer',
      decidedByName: "Mary-Ann O'Neil Smith",
      declineReason: 'Too much for an old laptop',
    });
    const notice = (await mailbox(subject.app, admin.email)).find((mail) => mail.subject.startsWith('Estimate declined: $150.00'));
    expect(notice?.text).toContain('Too much for an old laptop');
  });

  it('refuses an estimate for a completed job', async () => {
    const customer = await bookingCustomer(subject.app, 'estimate-done');
    const id = await booked(customer);
    expect((await edit(id, { isCompleted: true, amount: '50' })).statusCode).toBe(200);
    const refused = await send(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NOT_ALLOWED');
    expect((await send('20990101-00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });

  it('gives the trusted contact a link of their own only when the customer allowed it and the contact agreed; they approve as the contact, once', async () => {
    const customer = await bookingCustomer(subject.app, 'estimate-family');
    const contact = uniqueEmail('estimate-contact');
    const id = await booked(customer);
    const contactLinks = async () =>
      (await mailbox(subject.app, contact)).flatMap((mail) => mail.links).filter((link) => link.includes('/estimate-approval?'));

    // No contact yet: the setting is refused.
    expect((await call('PUT', '/api/account/trusted-contact/estimates', customer.cookie, { allowed: true })).statusCode).toBe(409);
    const named = await call('PUT', '/api/account/trusted-contact', customer.cookie, { name: 'Ann Helper', email: contact });
    expect(named.statusCode, named.body).toBe(200);

    // Allowed, but the contact has not agreed yet: nothing goes to them.
    expect((await call('PUT', '/api/account/trusted-contact/estimates', customer.cookie, { allowed: true })).statusCode).toBe(204);
    // The account screen reads the choice back.
    expect((await call('GET', '/api/account/trusted-contact', customer.cookie)).json().contact.mayApproveEstimates).toBe(true);
    expect((await send(id)).statusCode).toBe(201);
    expect(await contactLinks()).toEqual([]);

    // Agreed, but no longer allowed: nothing either.
    const { agreeLink } = await contactInvitation(subject.app, contact, customer.id);
    const agreePage = await openContactLink(subject.app, agreeLink);
    expect((await postContactForm(subject.app, 'agree', hiddenFields(agreePage.body))).statusCode).toBe(200);
    expect((await call('PUT', '/api/account/trusted-contact/estimates', customer.cookie, { allowed: false })).statusCode).toBe(204);
    expect((await send(id)).statusCode).toBe(201);
    expect(await contactLinks()).toEqual([]);

    // Allowed and agreed: the contact's own link.
    expect((await call('PUT', '/api/account/trusted-contact/estimates', customer.cookie, { allowed: true })).statusCode).toBe(204);
    expect((await send(id)).statusCode).toBe(201);
    const [link] = await contactLinks();
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/estimate-approval\\?token=`));
    const token = new URL(link ?? '').searchParams.get('token') ?? '';

    // Opening it changes nothing; a made-up token opens nothing.
    const page = await openContactLink(subject.app, link ?? '');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('$158.63');
    expect(page.body).toContain('<form method="post" action="/estimate-approval">');
    expect((await rowsOf(id)).at(-1)?.state).toBe('sent');
    const forged = await subject.app.inject({ method: 'GET', url: `/estimate-approval?token=${token.slice(0, -2)}xx` });
    expect(forged.body).toContain(INVALID);

    const post = (fields: Record<string, string>) =>
      subject.app.inject({
        method: 'POST',
        url: '/estimate-approval',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    // A name too short shows the page again with the reason; nothing is decided.
    const short = await post({ token, decision: 'approve', name: 'A' });
    expect(short.body).toContain('Type your name to approve.');
    expect((await rowsOf(id)).at(-1)?.state).toBe('sent');

    const approved = await post({ token, decision: 'approve', name: 'Ann Helper' });
    expect(approved.statusCode).toBe(200);
    expect(approved.body).toContain('Thank you: the estimate is approved');
    expect((await rowsOf(id)).at(-1)).toMatchObject({
      state: 'approved',
      decidedBy: 'contact',
      decidedByName: 'Ann Helper',
      contactTokenHash: null,
    });
    expect((await call('GET', `/api/estimates/${id}`, customer.cookie)).json()).toMatchObject({ state: 'approved', decidedBy: 'contact' });

    // The link is used up, and the customer can no longer answer either.
    expect((await post({ token, decision: 'decline', reason: 'Second thoughts' })).body).toContain(INVALID);
    expect((await decide(id, customer.cookie, { decision: 'decline', reason: 'Second thoughts' })).statusCode).toBe(409);
  });

  it('refuses the owner’s bill over the approved estimate by more than 10% until confirmed, lets one within 10% pass, and shows the approved estimate at checkout', async () => {
    const customer = await bookingCustomer(subject.app, 'estimate-bill');
    const id = await booked(customer);
    expect((await send(id)).statusCode).toBe(201);
    expect((await decide(id, customer.cookie, { decision: 'approve', name: 'Mary-Ann Smith' })).statusCode).toBe(200);

    // Two hours: $50 + 2 × $25 + $100 + $8.63 = $208.63, over $158.63 + 10%.
    const twoHours = { kind: 'troubleshooting', start: '09:30', end: '11:30', hardware: [PART] };
    const refused = await edit(id, { isCompleted: true, work: twoHours });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'OVER_ESTIMATE',
      message:
        'The bill comes to $208.63, more than the approved estimate of $158.63 by over 10%. Check it with the customer, then confirm.',
      params: { bill: '$208.63', approved: '$158.63', percent: 10 },
    });
    // A typed amount answers to the estimate as a bill does.
    const typed = await edit(id, { isCompleted: true, amount: '250' });
    expect(typed.statusCode).toBe(409);
    expect(typed.json().error.code).toBe('OVER_ESTIMATE');
    const confirmed = await edit(id, { isCompleted: true, work: twoHours, confirmOverEstimate: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().appointment).toMatchObject({ amountCents: 20_863, estimate: { state: 'approved', totalCents: 15_863 } });
    const history = JSON.stringify((await call('GET', `/api/admin/appointments/${id}/history`, admin.cookie)).json());
    expect(history).toContain('$208.63, over the approved estimate of $158.63: confirmed with the customer');

    // A dearer part: $50 + $110 + $9.49 = $169.49, over the estimate but within 10% ($174.49): no confirmation asked.
    const dearerPart = { ...PART, amount: '110' };
    const withinTenPercent = await edit(id, { work: { kind: 'troubleshooting', start: '09:30', end: '10:30', hardware: [dearerPart] } });
    expect(withinTenPercent.statusCode, withinTenPercent.body).toBe(200);
    expect(withinTenPercent.json().appointment.amountCents).toBe(16_949);

    const checkout = await call('GET', `/api/payments/checkout/${id}`, customer.cookie);
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json()).toMatchObject({ amountCents: 16_949, estimate: { totalCents: 15_863 } });
  });
});
