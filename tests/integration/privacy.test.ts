import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxEmails, payments, profiles, reviews, session, trustedContacts, user } from '../../src/server/db/schema.ts';
import { DELETED_ACCOUNT_NAME } from '../../src/shared/admin.ts';
import { login, mailbox, PASSWORD, PROFILE } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';

/**
 * A customer's own data (issue 19): the export of everything the business holds about them, and deleting their
 * account, confirmed by password: open visits cancelled with the usual e-mails, the login and the profile gone, paid
 * records kept for the books without name or contact details, and the owner's lists showing a deleted account.
 */
describe("a customer's own data: export and deletion", () => {
  let subject: TestApp;
  let admin: { cookie: string; id: string; email: string };
  const nextSlot = slotSequence(upcomingWeekendDays(4, 3));

  beforeAll(async () => {
    subject = await createTestApp();
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(() => subject.close());

  const app = () => subject.app;
  const db = () => subject.database.db;
  const bookNext = async (cookie: string) => {
    const { date, slot } = nextSlot();
    const response = await book(app(), cookie, date, slot);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  /**
   * A customer with a visit done and paid by hand, and one still to come; `before` runs before the first booking
   * (a trusted contact named then gets copies of every visit e-mail).
   */
  async function customerWithHistory(prefix: string, before?: (customer: { cookie: string }) => Promise<void>) {
    const customer = await bookingCustomer(app(), prefix);
    await before?.(customer);
    const paid = await bookNext(customer.cookie);
    const done = await app().inject({
      method: 'PATCH',
      url: `/api/admin/appointments/${paid}`,
      headers: { cookie: admin.cookie },
      payload: { isCompleted: true, amount: '75', isPaid: true, paymentMethod: 'cash' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const upcoming = await bookNext(customer.cookie);
    return { customer, paid, upcoming };
  }
  /** The customer rates the paid visit, and its payment carries the payer's name and address, as PayPal's would. */
  async function reviewAndNamePayer(
    customer: { cookie: string; email: string },
    paid: string,
    review: { rating: number; comment: string },
  ) {
    const reviewed = await app().inject({
      method: 'POST',
      url: `/api/reviews/${paid}`,
      headers: { cookie: customer.cookie },
      payload: review,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    await db().update(payments).set({ payerName: 'Mary Smith', payerEmail: customer.email }).where(eq(payments.appointmentId, paid));
  }
  const deleteAccount = (cookie: string, confirmation: string) =>
    app().inject({ method: 'POST', url: '/api/account/delete', headers: { cookie }, payload: { confirmation } });

  it('exports the profile, every appointment, the payments and invoices, the review, the sessions and the messages sent, to the customer only', async () => {
    const { customer, paid, upcoming } = await customerWithHistory('privacy-export', async ({ cookie }) => {
      const texts = await app().inject({
        method: 'PUT',
        url: '/api/account/profile',
        headers: { cookie },
        payload: { ...PROFILE, phoneNumber: '631-555-0177', wantsTexts: true },
      });
      expect(texts.statusCode, texts.body).toBe(200);
      // The number is confirmed with the code texted to it (here, in the development outbox) before any other text.
      const outbox = await app().inject({ url: '/dev/sms.json?to=%2B16315550177', remoteAddress: '127.0.0.1' });
      const code = /your code is (\d{6})\./.exec(outbox.json()[0]?.body ?? '')?.[1];
      const confirmed = await app().inject({ method: 'POST', url: '/api/account/texts/confirm', headers: { cookie }, payload: { code } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    });
    await reviewAndNamePayer(customer, paid, { rating: 5, comment: 'Joe fixed the printer in my den' });
    await app().inject({
      method: 'PUT',
      url: '/api/account/trusted-contact',
      headers: { cookie: customer.cookie },
      payload: { name: 'Laura Smith', email: 'laura.export@example.com' },
    });
    const response = await app().inject({ url: '/api/account/export', headers: { cookie: customer.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="techhelp-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = response.json();
    expect(data.account).toMatchObject({ email: customer.email, emailVerified: true, locale: 'en' });
    expect(data.profile).toMatchObject({ firstName: "Mary-Ann O'Neil", lastName: 'Smith', city: 'Bay Shore', zipCode: '11706' });
    expect(data.trustedContact).toMatchObject({ name: 'Laura Smith', email: 'laura.export@example.com' });
    expect(data.appointments.map((appointment: { id: string }) => appointment.id).sort()).toEqual([paid, upcoming].sort());
    expect(data.payments).toEqual([
      expect.objectContaining({
        appointmentId: paid,
        amountCents: 7500,
        provider: 'manual',
        method: 'cash',
        payerName: 'Mary Smith',
        payerEmail: customer.email,
      }),
    ]);
    expect(data.invoices).toEqual([{ appointmentId: paid, number: expect.any(Number) }]);
    expect(data.reviews).toEqual([expect.objectContaining({ appointmentId: paid, rating: 5, comment: 'Joe fixed the printer in my den' })]);
    expect(data.sessions).toEqual([expect.objectContaining({ signedInAt: expect.any(String), expiresAt: expect.any(String) })]);
    // What was sent for them (decision 031: by the account, never by a typed address or number): every e-mail in
    // their mailbox (the bodies they have), their trusted contact's invitation, and every text sent for them.
    const sent = await mailbox(app(), customer.email);
    const emails = data.messages.emails as { to: string; subject: string }[];
    expect(
      emails
        .filter((email) => email.to === customer.email)
        .map((email) => email.subject)
        .sort(),
    ).toEqual(sent.map((email) => email.subject).sort());
    expect(emails.filter((email) => email.to !== customer.email)).toEqual([
      expect.objectContaining({ to: 'laura.export@example.com', subject: expect.stringMatching(/asked TechHelp to send you copies/) }),
    ]);
    const texts = data.messages.texts as { to: string; text: string }[];
    expect(texts.every((text) => text.to === '+16315550177')).toBe(true);
    expect(texts.filter((text) => /^TechHelp: your code is ······\./.test(text.text))).toHaveLength(1);
    expect(texts.filter((text) => text.text.includes('you will get texts about your visits'))).toHaveLength(1);
    expect(texts.filter((text) => text.text.includes('your visit is booked'))).toHaveLength(2);
    // The proof of their consent: the number, the words beside the box, when they typed the code.
    expect(data.textConsents).toEqual([
      {
        phoneNumber: '+16315550177',
        wording: expect.stringMatching(/^Send me text messages about my visits\b.*Reply STOP to stop/),
        locale: 'en',
        confirmedAt: expect.any(String),
      },
    ]);
    // Another account that typed the same number (without texts) gets none of those texts in its own data.
    const other = await bookingCustomer(app(), 'privacy-export-other');
    await app().inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { cookie: other.cookie },
      payload: { ...PROFILE, phoneNumber: '631-555-0177' },
    });
    const theirs = (await app().inject({ url: '/api/account/export', headers: { cookie: other.cookie } })).json();
    expect(theirs.messages.texts).toEqual([]);
    expect(theirs.textConsents).toEqual([]);
    // Nobody else's data, and nothing for a visitor.
    expect(JSON.stringify(data)).not.toContain(admin.email);
    expect((await app().inject({ url: '/api/account/export' })).statusCode).toBe(401);
  });

  it('refuses a wrong password and changes nothing', async () => {
    const { customer } = await customerWithHistory('privacy-wrong');
    const refused = await deleteAccount(customer.cookie, 'not my password');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'WRONG_PASSWORD',
      message: 'That password is not right, so your account was not deleted.',
    });
    expect((await app().inject({ url: '/api/account/me', headers: { cookie: customer.cookie } })).json().user.email).toBe(customer.email);
    expect((await deleteAccount(customer.cookie, '')).statusCode).toBe(400);
    expect((await app().inject({ method: 'POST', url: '/api/account/delete', payload: { confirmation: PASSWORD } })).statusCode).toBe(401);
  });

  it('is no way to guess the password: five confirmations in 15 minutes, then even the right one waits', async () => {
    const { customer } = await customerWithHistory('privacy-guess');
    for (let guess = 0; guess < 5; guess++) expect((await deleteAccount(customer.cookie, `guess ${guess}`)).statusCode).toBe(403);
    const limited = await deleteAccount(customer.cookie, PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect((await app().inject({ url: '/api/account/me', headers: { cookie: customer.cookie } })).json().user.email).toBe(customer.email);
  });

  it('deletes the account: the open visit cancelled with its e-mails, no sign-in, no personal data, paid records kept for the books', async () => {
    // Their trusted contact, named before the first visit, got a copy of each visit e-mail.
    const { customer, paid, upcoming } = await customerWithHistory('privacy-delete', async ({ cookie }) => {
      const named = await app().inject({
        method: 'PUT',
        url: '/api/account/trusted-contact',
        headers: { cookie },
        payload: { name: 'Laura Smith', email: 'laura.delete@example.com' },
      });
      expect(named.statusCode, named.body).toBe(200);
    });
    const [row] = await db().select().from(user).where(eq(user.email, customer.email));
    const userId = row?.id ?? '';
    await reviewAndNamePayer(customer, paid, { rating: 4, comment: 'Ask for Mary at 12 Main Street' });
    expect((await mailbox(app(), 'laura.delete@example.com')).length).toBeGreaterThan(0);
    const aboutThem = (mail: { text: string }) => mail.text.includes(customer.email);
    const adminMailsBefore = await mailbox(app(), admin.email);
    expect(adminMailsBefore.filter(aboutThem).length).toBeGreaterThan(0);

    const deleted = await deleteAccount(customer.cookie, PASSWORD);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ cancelled: 1 });

    // The open visit is cancelled, with the customer's e-mail (its invite a CANCEL) and the owner's notice.
    const toCustomer = await mailbox(app(), customer.email);
    expect(toCustomer.map((mail) => mail.subject)).toEqual([expect.stringMatching(/cancel/i)]);
    // The admins' notices of their visits go, but for the one of this cancellation, until it has been delivered.
    const adminMailsAfter = await mailbox(app(), admin.email);
    expect(adminMailsAfter.filter(aboutThem).map((mail) => mail.subject)).toEqual([expect.stringMatching(/cancel/i)]);
    expect(adminMailsAfter.length).toBe(adminMailsBefore.length - adminMailsBefore.filter(aboutThem).length + 1);
    const open = await app().inject({ url: '/api/admin/appointments', headers: { cookie: admin.cookie } });
    expect(open.json().map((appointment: { id: string }) => appointment.id)).not.toContain(upcoming);

    // No sign-in, no session, no profile, no contact.
    expect((await app().inject({ url: '/api/account/me', headers: { cookie: customer.cookie } })).json().user).toBeNull();
    expect((await login(app(), customer.email, PASSWORD)).statusCode).toBe(401);
    expect(await db().select().from(session).where(eq(session.userId, userId))).toEqual([]);
    expect(await db().select().from(profiles).where(eq(profiles.userId, userId))).toEqual([]);
    expect(await db().select().from(trustedContacts).where(eq(trustedContacts.userId, userId))).toEqual([]);
    const [erased] = await db().select().from(user).where(eq(user.id, userId));
    expect(erased?.email).not.toContain(customer.email.split('@')[0] ?? 'x');
    expect(erased?.deletedAt).toBeInstanceOf(Date);

    // The paid job and its payment stay, without the customer's name or address; the history names no address.
    const paidList = await app().inject({ url: '/api/admin/paid?from=2000-01-01&to=2999-12-31', headers: { cookie: admin.cookie } });
    const entry = paidList.json().entries.find((item: { id: string }) => item.id === paid);
    expect(entry.customer).toMatchObject({ firstName: DELETED_ACCOUNT_NAME, lastName: '', email: '', phoneNumber: '', streetAddress: '' });
    const [payment] = await db().select().from(payments).where(eq(payments.appointmentId, paid));
    expect(payment).toMatchObject({ amountCents: 7500, payerName: '', payerEmail: '' });
    const history = await db().select().from(auditLog).where(eq(auditLog.actorUserId, userId));
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((item) => item.actorEmail === DELETED_ACCOUNT_NAME)).toBe(true);
    // No e-mail sent to them before the deletion is kept, nor the copies their trusted contact got, who gets no copy
    // of the cancellation; the words of their review go, its rating stays.
    const kept = await db().select().from(outboxEmails).where(eq(outboxEmails.toAddress, customer.email));
    expect(kept.every((mail) => /cancel/i.test(mail.subject))).toBe(true);
    expect(await mailbox(app(), 'laura.delete@example.com')).toEqual([]);
    const [review] = await db().select().from(reviews).where(eq(reviews.appointmentId, paid));
    expect(review).toMatchObject({ rating: 4, comment: '' });

    // Once the hourly pass has run, the cancellations the deletion sent have gone from the outbox too.
    await app().privacy.forgetDeliveredAfterDeletion(30);
    expect(await db().select().from(outboxEmails).where(eq(outboxEmails.aboutUserId, userId))).toEqual([]);
    expect(await mailbox(app(), customer.email)).toEqual([]);
    expect((await mailbox(app(), admin.email)).filter(aboutThem)).toEqual([]);

    // The address can register again, as a new account with nothing of the old one.
    const again = await bookingCustomer(app(), 'privacy-again');
    expect(again.id).not.toBe(userId);
  });
});
