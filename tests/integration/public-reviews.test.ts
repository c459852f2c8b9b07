import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../src/server/db/schema.ts';
import { businessDateOf } from '../../src/shared/business-time.ts';
import { PASSWORD } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';

type Person = { cookie: string; id: string; email: string };

/**
 * The ratings visitors see (issue 40, decision 041): the count and average of every rating, the average only from
 * three on, and the latest comments of the customers who ticked "You may show my review", with their first name and
 * town and nothing else; the consent stored from the form, withdrawn by the customer or by deleting the account.
 */
describe('the ratings shown to visitors', () => {
  let subject: TestApp;
  let admin: Person;
  const nextSlot = slotSequence(upcomingWeekendDays(3, 3));

  beforeAll(async () => {
    subject = await createTestApp();
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(() => subject.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, cookie: string, payload?: object) =>
    subject.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const shown = async () => {
    const response = await call('GET', '/api/reviews/public', '');
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  /** A customer with their own first name, last name and town. */
  const customer = async (prefix: string, firstName: string, lastName: string, city: string) => {
    const person = await bookingCustomer(subject.app, prefix);
    const profile = { firstName, lastName, phoneNumber: '631-555-0177', streetAddress: '7 Elm Street', city };
    expect((await call('PUT', '/api/account/profile', person.cookie, profile)).statusCode).toBe(200);
    return person;
  };
  const paidAppointment = async (person: Person) => {
    const { date, slot } = nextSlot();
    const booked = await book(subject.app, person.cookie, date, slot);
    expect(booked.statusCode, booked.body).toBe(201);
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
  const rate = async (person: Person, answer: object) => {
    const id = await paidAppointment(person);
    const rated = await call('POST', `/api/reviews/${id}`, person.cookie, answer);
    expect(rated.statusCode, rated.body).toBe(200);
    return id;
  };
  const storedConsent = async (appointmentId: string) =>
    (await subject.database.db.select().from(reviews).where(eq(reviews.appointmentId, appointmentId)))[0]?.mayShow;

  it('shows nothing but a count of zero before anyone rates', async () => {
    expect((await shown()).json()).toEqual({ count: 0, average: null, reviews: [] });
  });

  it('shows only the comments customers allowed, with first name and town only, and the average of every rating from three on', async () => {
    const rosa = await customer('public-rosa', 'Rosa', 'Delgado', 'Smithtown');
    const walter = await customer('public-walter', 'Walter', 'Kowalski', 'Sayville');
    const june = await customer('public-june', 'June', 'Abernathy', 'Bayport');

    const rosas = await rate(rosa, { rating: 5, comment: 'Fixed our Wi-Fi and explained every step.', mayShow: true });
    // The form's consent is stored as given; a form without it stores no consent.
    const walters = await rate(walter, { rating: 1, comment: 'Private words for the owner only.' });
    expect(await storedConsent(rosas)).toBe(true);
    expect(await storedConsent(walters)).toBe(false);

    // Two ratings: their average would be these two customers' own, so it waits for a third.
    const early = (await shown()).json();
    expect(early.count).toBe(2);
    expect(early.average).toBeNull();

    await rate(june, { rating: 4, comment: '', mayShow: true });
    const response = await shown();
    const body = response.json();
    expect(body.count).toBe(3);
    expect(body.average).toBe(3.3);
    // June allowed it but wrote nothing: her rating counts, there is no comment to show.
    expect(body.reviews).toEqual([
      {
        firstName: 'Rosa',
        town: 'Smithtown',
        rating: 5,
        comment: 'Fixed our Wi-Fi and explained every step.',
        language: 'en',
        month: businessDateOf(new Date()).slice(0, 7),
      },
    ]);
    for (const secret of ['Delgado', rosa.email, rosa.id, rosas, 'Private words', 'Walter', 'Kowalski', walter.email, 'June']) {
      expect(response.body, secret).not.toContain(secret);
    }
  });

  it('refuses a consent that is not a yes or a no', async () => {
    const person = await customer('public-odd', 'Odette', 'Vance', 'Islip');
    const id = await paidAppointment(person);
    for (const mayShow of ['yes', 1, null]) {
      expect((await call('POST', `/api/reviews/${id}`, person.cookie, { rating: 5, mayShow })).statusCode, String(mayShow)).toBe(400);
    }
    expect(await storedConsent(id)).toBe(false);
  });

  it('lets the customer withdraw and give again their consent, and only theirs, once the visit is rated', async () => {
    const person = await customer('public-withdraw', 'Hector', 'Ruiz', 'Brentwood');
    const stranger = await customer('public-stranger', 'Nora', 'Quinn', 'Oakdale');
    const unrated = await paidAppointment(person);
    expect((await call('PUT', `/api/reviews/${unrated}/consent`, person.cookie, { mayShow: true })).json().error).toMatchObject({
      code: 'NOT_RATED',
      message: 'Please rate the visit first.',
    });

    // Hector uses the site in Spanish: his comment is marked as Spanish on the page.
    expect((await call('PUT', '/api/account/locale', person.cookie, { locale: 'es' })).statusCode).toBe(200);
    const id = await rate(person, { rating: 5, comment: 'Muy amable y paciente.', mayShow: true });
    const names = async () => (await shown()).json().reviews.map((review: { firstName: string }) => review.firstName);
    expect((await shown()).json().reviews[0]).toMatchObject({ firstName: 'Hector', town: 'Brentwood', language: 'es' });

    expect((await call('PUT', `/api/reviews/${id}/consent`, '', { mayShow: false })).statusCode).toBe(401);
    expect((await call('PUT', `/api/reviews/${id}/consent`, stranger.cookie, { mayShow: false })).statusCode).toBe(404);
    expect(await names()).toContain('Hector');

    const withdrawn = await call('PUT', `/api/reviews/${id}/consent`, person.cookie, { mayShow: false });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ rating: 5, mayShow: false });
    expect(await names()).not.toContain('Hector');

    expect((await call('PUT', `/api/reviews/${id}/consent`, person.cookie, { mayShow: true })).json()).toMatchObject({ mayShow: true });
    expect(await names()).toContain('Hector');
    // The customer's own data says what they allowed.
    const exported = (await call('GET', '/api/account/export', person.cookie)).json();
    expect(exported.reviews).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ appointmentId: id, rating: 5, mayShow: true }),
        expect.objectContaining({ appointmentId: unrated, mayShow: false }),
      ]),
    );
  });

  it('shows the latest three comments only, newest first, and none of a deleted account', async () => {
    const people = await Promise.all(
      ['Ava', 'Ben', 'Cleo', 'Dev'].map((name) => customer(`public-${name.toLowerCase()}`, name, 'Lastname', 'Commack')),
    );
    for (const [index, person] of people.entries()) {
      await rate(person, { rating: 4, comment: `Comment ${index + 1}`, mayShow: true });
    }
    const latest = (await shown()).json().reviews;
    expect(latest.map((review: { firstName: string }) => review.firstName)).toEqual(['Dev', 'Cleo', 'Ben']);

    const dev = people[3] as Person;
    const deleted = await call('POST', '/api/account/delete', dev.cookie, { confirmation: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = (await shown()).json();
    expect(after.reviews.map((review: { firstName: string }) => review.firstName)).toEqual(['Cleo', 'Ben', 'Ava']);
    const devsReviews = await subject.database.db.select().from(reviews).where(eq(reviews.userId, dev.id));
    expect(devsReviews.map((review) => [review.mayShow, review.comment, review.rating])).toEqual([[false, '', 4]]);
  });
});
