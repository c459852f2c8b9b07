import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../src/server/db/schema.ts';
import { mailbox } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';

const REVIEW_URL = 'https://reviews.example.com/techhelp';

/**
 * The thank-you and the rating (issue 18): one e-mail after a job's first payment, asking for 1 to 5 stars and a
 * comment, with the business's public review page when REVIEW_URL is set; the customer rates once; the owner sees
 * every rating with the average.
 */
describe('the thank-you and the rating', () => {
  let subject: TestApp;
  let admin: { cookie: string; id: string; email: string };
  const nextSlot = slotSequence(upcomingWeekendDays(2, 3));

  beforeAll(async () => {
    subject = await createTestApp({ REVIEW_URL });
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(() => subject.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
    subject.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const paidAppointment = async (customer: { cookie: string }) => {
    const { date, slot } = nextSlot();
    const booked = await book(subject.app, customer.cookie, date, slot);
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id as string;
    const paid = await call('PATCH', `/api/admin/appointments/${id}`, admin.cookie, {
      isCompleted: true,
      amount: '50',
      isPaid: true,
      paymentMethod: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return id;
  };
  const thankYous = async (email: string) =>
    (await mailbox(subject.app, email)).filter((mail) => mail.subject === 'Thank you from TechHelp: how did we do?');

  it('thanks the customer once after the payment, with a link to rate the visit and the public review page', async () => {
    const customer = await bookingCustomer(subject.app, 'review-thanked');
    const id = await paidAppointment(customer);
    const [mail] = await thankYous(customer.email);
    expect(mail?.text).toContain("Thank you, Mary-Ann O'Neil, for letting us help with your visit of");
    expect(mail?.text).toContain(`a review on our public page helps your neighbors find us: ${REVIEW_URL}`);
    expect(mail?.links).toContain(`http://localhost:3000/review/${id}`);

    // Refunded and paid again: not asked twice.
    const [payment] = await subject.database.db.select().from(payments).where(eq(payments.appointmentId, id));
    expect((await call('POST', `/api/admin/payments/${payment?.id}/refund`, admin.cookie)).statusCode).toBe(200);
    expect((await call('PATCH', `/api/admin/appointments/${id}`, admin.cookie, { isPaid: true, paymentMethod: 'cash' })).statusCode).toBe(
      200,
    );
    expect(await thankYous(customer.email)).toHaveLength(1);
  });

  it('takes one rating from the visit’s customer, checked on the server, and shows the owner every rating with the average', async () => {
    const customer = await bookingCustomer(subject.app, 'review-rater');
    const stranger = await bookingCustomer(subject.app, 'review-stranger');
    const first = await paidAppointment(customer);
    const second = await paidAppointment(customer);
    const url = `/api/reviews/${first}`;

    expect((await call('GET', url, customer.cookie)).json()).toMatchObject({ appointmentId: first, rating: null, reviewUrl: REVIEW_URL });
    expect((await call('GET', url, stranger.cookie)).statusCode).toBe(404);
    expect((await call('GET', url, '')).statusCode).toBe(401);
    expect((await call('POST', url, stranger.cookie, { rating: 5 })).statusCode).toBe(404);
    for (const rating of [0, 6, 2.5, '5', null]) {
      const refused = await call('POST', url, customer.cookie, { rating });
      expect(refused.statusCode, String(rating)).toBe(400);
      expect(refused.json().error.message).toContain('Please choose from 1 to 5 stars.');
    }
    expect((await call('POST', url, customer.cookie, { rating: 4, comment: 'x'.repeat(1001) })).statusCode).toBe(400);

    const rated = await call('POST', url, customer.cookie, { rating: 4, comment: '  Patient and clear.  ' });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toMatchObject({ rating: 4, comment: 'Patient and clear.' });
    const again = await call('POST', url, customer.cookie, { rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You have already rated this visit. Thank you!');
    expect((await call('POST', `/api/reviews/${second}`, customer.cookie, { rating: 5 })).statusCode).toBe(200);

    expect((await call('GET', '/api/admin/reviews', customer.cookie)).statusCode).toBe(403);
    const all = (await call('GET', '/api/admin/reviews', admin.cookie)).json();
    expect(all).toMatchObject({ count: 2, average: 4.5 });
    expect(all.reviews.map((review: { appointmentId: string; rating: number }) => [review.appointmentId, review.rating])).toEqual([
      [second, 5],
      [first, 4],
    ]);
    expect(all.reviews[1]).toMatchObject({ customerName: "Mary-Ann O'Neil Smith", email: customer.email, comment: 'Patient and clear.' });
  });
});
