import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, trustedContacts, user } from '../../src/server/db/schema.ts';
import { slotInstant } from '../../src/shared/business-time.ts';
import {
  contactInvitation,
  type MailboxEntry,
  mailbox,
  openContactLink,
  postContactForm,
  uniqueEmail,
  verifiedCustomer,
} from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';

const PUBLIC_URL = 'http://localhost:3000';
/** PROFILE's name (tests/support/accounts.ts), as the copies name the customer. */
const CUSTOMER_NAME = "Mary-Ann O'Neil Smith";
const INTRO = `${CUSTOMER_NAME} named you as their trusted contact, so you get a copy of this message. You have no access to their account.`;
const SPANISH_INTRO = `${CUSTOMER_NAME} le nombró su persona de confianza; por eso recibe una copia de este mensaje. Usted no tiene acceso a la cuenta de ${CUSTOMER_NAME}.`;
const OWN_EMAIL_MESSAGE = 'Trusted contact: please enter someone else’s e-mail address, not your own.';
const PHONE_MESSAGE = 'Trusted contact: please enter a 10-digit phone number, or leave it empty.';

type Customer = { email: string; cookie: string; id: string };
type Contact = { name: string; email: string; phoneNumber?: string };

/**
 * The trusted contact (decisions 022 and 031): a customer names one person, who gets one invitation and, once they
 * agree from it, a copy of the customer's visit confirmations, reschedules and cancellations, day-before reminders and
 * receipts: marked as a copy, without the customer's links, and with a signed link that stops the copies (after a
 * confirming button: a link alone must not). Removing the contact, or the contact stopping the copies, ends them; a
 * new contact's address is invited, and gets the copies once it agrees. tests/integration/contact-consent.test.ts
 * covers the invitation, refusal and suppression themselves.
 */
describe('the trusted contact', () => {
  let subject: TestApp;
  let admin: Customer;
  const nextSlot = slotSequence(upcomingWeekendDays(4, 3));

  beforeAll(async () => {
    subject = await createTestApp();
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(() => subject.close());

  const app = () => subject.app;
  const getContact = (cookie?: string) =>
    app().inject({ method: 'GET', url: '/api/account/trusted-contact', headers: cookie ? { cookie } : {} });
  const saveContact = (cookie: string | undefined, payload: object) =>
    app().inject({ method: 'PUT', url: '/api/account/trusted-contact', headers: cookie ? { cookie } : {}, payload });
  const removeContact = (cookie?: string) =>
    app().inject({ method: 'DELETE', url: '/api/account/trusted-contact', headers: cookie ? { cookie } : {} });
  const contactOf = async (customer: Customer) => {
    const response = await getContact(customer.cookie);
    expect(response.statusCode).toBe(200);
    return response.json().contact;
  };

  /** When the contact at `email` agreed to the customer `userId`'s copies, read from the table; null before. */
  const agreedAtOf = async (userId: string, email: string) => {
    const [row] = await subject.database.db
      .select({ agreedAt: trustedContacts.agreedAt })
      .from(trustedContacts)
      .where(and(eq(trustedContacts.userId, userId), eq(trustedContacts.email, email)));
    return row?.agreedAt ?? null;
  };
  /**
   * The contact at `contactEmail` agrees, as a person would: the Agree link of their invitation (the newest), opened
   * (which agrees to nothing), then the page's button.
   */
  async function agree(contactEmail: string) {
    const { agreeLink, params } = await contactInvitation(app(), contactEmail);
    expect(params).toEqual({ u: expect.any(String), e: contactEmail, s: expect.stringMatching(/^[\w-]{43}$/) });
    const before = await agreedAtOf(params.u ?? '', contactEmail);
    const page = await openContactLink(app(), agreeLink);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/contact-copies/agree">');
    // Opening the link agrees to nothing.
    expect(await agreedAtOf(params.u ?? '', contactEmail)).toEqual(before);
    const agreed = await postContactForm(app(), 'agree', formFields(page.body));
    expect(agreed.statusCode).toBe(200);
    expect(agreed.body).not.toContain('This link does not work');
    expect(await agreedAtOf(params.u ?? '', contactEmail)).toBeInstanceOf(Date);
  }
  /** The e-mails to the contact but their invitations: the copies, newest first. */
  const copiesTo = async (email: string) =>
    (await mailbox(app(), email)).filter((mail) => !mail.links.some((link) => link.startsWith(`${PUBLIC_URL}/contact-copies/agree?`)));

  /**
   * A customer ready to book, who named a new contact (a fresh address each time); the contact got the invitation and
   * nothing else, and agreed from it unless `agreed` is false.
   */
  async function customerWithContact(prefix: string, name = 'Ann Helper', { agreed = true } = {}) {
    const customer: Customer = await bookingCustomer(app(), prefix);
    const contact: Contact = { name, email: uniqueEmail(`${prefix}-contact`) };
    const saved = await saveContact(customer.cookie, contact);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().contact.status).toBe('invited');
    expect(await copiesTo(contact.email)).toEqual([]);
    expect(await mailbox(app(), contact.email)).toHaveLength(1);
    if (agreed) {
      await agree(contact.email);
      expect((await contactOf(customer)).status).toBe('agreed');
    }
    return { customer, contact };
  }
  const bookNext = async (customer: Customer) => {
    const { date, slot } = nextSlot();
    const response = await book(app(), customer.cookie, date, slot);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  const cancel = (customer: Customer, id: string) =>
    app().inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, headers: { cookie: customer.cookie } });
  const adminEdit = (id: string, payload: object) =>
    app().inject({ method: 'PATCH', url: `/api/admin/appointments/${id}`, headers: { cookie: admin.cookie }, payload });
  /** A visit 3 hours ahead, written straight to the table (booking refuses it), so its reminder is due now. */
  /**
   * A visit of the customer's on a Sunday of its own far ahead; answers the moment, the day before at noon, when its
   * reminder is due, for the reminder pass's clock.
   */
  let sundaysAhead = 0;
  const appointmentSoon = async (customer: Customer) => {
    const startsAt = new Date(slotInstant('2099-06-07', '08:00am').getTime() + 7 * 86_400_000 * sundaysAhead++);
    await subject.database.db.insert(appointments).values({
      id: `20990607-${crypto.randomUUID()}`,
      userId: customer.id,
      startsAt,
      slotLabel: '08:00am',
    });
    return new Date(startsAt.getTime() - 20 * 3_600_000);
  };

  /** The customer's own e-mail whose subject starts with `prefix` (the newest first, as the mailbox lists them). */
  const customerMail = async (customer: Customer, prefix: string) => {
    const found = (await mailbox(app(), customer.email)).find((mail) => mail.subject.startsWith(prefix));
    if (!found) throw new Error(`no e-mail "${prefix}…" to ${customer.email}`);
    return found;
  };
  /** The stop link of a copy, and its parameters. */
  const stopLinkOf = (copy: MailboxEntry) => {
    const link = copy.links.find((entry) => entry.startsWith(`${PUBLIC_URL}/contact-copies/stop?`));
    if (!link) throw new Error(`no stop link in "${copy.subject}": ${copy.links.join(', ')}`);
    return { link, params: Object.fromEntries(new URL(link).searchParams) };
  };
  const stopPage = (link: string) => {
    const url = new URL(link);
    return app().inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  };
  const stopCopies = (fields: Record<string, string>) =>
    app().inject({
      method: 'POST',
      url: '/contact-copies/stop',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  /** The hidden fields of the stop page's form, as a browser would post them. */
  const formFields = (html: string) =>
    Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name, value]) => [name, value]));

  /** Every copy is addressed to the contact, says it is one, and carries none of the customer's own links. */
  const expectCopy = (copy: MailboxEntry | undefined, customer: Customer, contact: Contact, original: MailboxEntry) => {
    expect(copy?.to).toBe(contact.email);
    expect(copy?.subject).toBe(`Copy for ${contact.name}: ${original.subject}`);
    expect(copy?.text.split('\n\n')[0]).toBe(INTRO);
    expect(copy?.html).toContain(INTRO.replace("'", '&#39;'));
    // The customer's text follows the introduction, without the customer's button.
    expect(copy?.text).toContain(original.text.split('\n\n')[0] ?? '');
    expect(copy?.text).not.toContain('See my appointments');
    // Nor what only the customer can do: their appointments page needs their sign-in.
    expect(copy?.text).not.toContain('appointments page');
    expect(copy?.text).not.toContain('Book another visit');
    for (const part of [copy?.text, copy?.html, ...(copy?.links ?? [])]) {
      expect(part).not.toContain(`${PUBLIC_URL}/home`);
      expect(part).not.toContain('/makepayment');
    }
    // Its one link stops the copies: for this customer and this contact, signed.
    expect(copy?.links).toHaveLength(1);
    const { params } = stopLinkOf(copy as MailboxEntry);
    expect(params).toEqual({ u: customer.id, e: contact.email, s: expect.stringMatching(/^[\w-]{43}$/) });
    expect(copy?.text).toContain(`Stop these copies: ${stopLinkOf(copy as MailboxEntry).link}`);
    // The customer's own e-mail went to the customer alone, and never names the contact.
    expect(original.to).toBe(customer.email);
    expect(original.text).not.toContain(contact.email);
    expect(original.subject).not.toMatch(/^Copy for/);
  };

  it('is saved, read and removed by the signed-in customer', async () => {
    const customer = await bookingCustomer(app(), 'trusted-crud');
    expect(await contactOf(customer)).toBeNull();

    const email = uniqueEmail('trusted-crud-contact');
    const saved = await saveContact(customer.cookie, { name: '  Ann Helper ', email: ` ${email} `, phoneNumber: '631-555-0177' });
    expect(saved.statusCode, saved.body).toBe(200);
    // Invited: until the contact agrees, nothing but the invitation goes to them.
    const expected = {
      name: 'Ann Helper',
      email,
      phoneNumber: '631-555-0177',
      copiesStopped: false,
      status: 'invited',
      mayApproveEstimates: false,
    };
    expect(saved.json()).toEqual({ contact: expected });
    expect(await contactOf(customer)).toEqual(expected);

    // Saved again without a phone: one contact, replaced; the phone is optional. The same address is not invited again.
    const noPhone = await saveContact(customer.cookie, { name: 'Bob Helper', email });
    expect(noPhone.statusCode, noPhone.body).toBe(200);
    expect(await contactOf(customer)).toEqual({
      name: 'Bob Helper',
      email,
      phoneNumber: '',
      copiesStopped: false,
      status: 'invited',
      mayApproveEstimates: false,
    });
    expect(await mailbox(app(), email)).toHaveLength(1);

    // Each customer sees their own contact only.
    const other = await bookingCustomer(app(), 'trusted-crud-other');
    expect(await contactOf(other)).toBeNull();

    const removed = await removeContact(customer.cookie);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(await contactOf(customer)).toBeNull();
    // Removing what is not there is no error.
    expect((await removeContact(customer.cookie)).statusCode).toBe(204);
  });

  it("refuses the customer's own address, a bad phone number, and a bad name or address", async () => {
    const customer = await bookingCustomer(app(), 'trusted-invalid');
    for (const email of [customer.email, `  ${customer.email} `]) {
      const own = await saveContact(customer.cookie, { name: 'Me Myself', email });
      expect(own.statusCode, email).toBe(400);
      expect(own.json().error).toEqual({ code: 'VALIDATION_FAILED', message: OWN_EMAIL_MESSAGE });
    }
    for (const phoneNumber of ['555-0177', '631-555-01777', 'call me', '(631) 555-0177x']) {
      const phone = await saveContact(customer.cookie, { name: 'Ann Helper', email: uniqueEmail('trusted-phone'), phoneNumber });
      expect(phone.statusCode, phoneNumber).toBe(400);
      expect(phone.json().error.code).toBe('VALIDATION_FAILED');
      expect(phone.json().error.message).toContain(PHONE_MESSAGE);
    }
    for (const payload of [
      { name: '', email: uniqueEmail('trusted-name') },
      { name: 'x'.repeat(61), email: uniqueEmail('trusted-name') },
      { name: '<b>Ann</b>', email: uniqueEmail('trusted-name') },
      { name: 'Ann Helper', email: 'not-an-address' },
      // Addresses are taken in lower case, as everywhere in the app (EMAIL_PATTERN).
      { name: 'Ann Helper', email: customer.email.toUpperCase() },
      { name: 'Ann Helper' },
    ]) {
      expect((await saveContact(customer.cookie, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Nothing refused was saved.
    expect(await contactOf(customer)).toBeNull();
  });

  it('is for verified, signed-in customers only', async () => {
    const payload = { name: 'Ann Helper', email: uniqueEmail('trusted-anonymous') };
    for (const response of [await getContact(), await saveContact(undefined, payload), await removeContact()]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
    // A session whose address is no longer verified.
    const unverified = await verifiedCustomer(app(), uniqueEmail('trusted-unverified'));
    await subject.database.db.update(user).set({ emailVerified: false }).where(eq(user.email, unverified.email));
    await subject.app.notices.settle();
    for (const response of [
      await getContact(unverified.cookie),
      await saveContact(unverified.cookie, payload),
      await removeContact(unverified.cookie),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('NOT_VERIFIED');
    }
  });

  it("copies the booking confirmation to the contact, marked as a copy, without the customer's links or invitation", async () => {
    const { customer, contact } = await customerWithContact('trusted-booking', 'Ann Helper', { agreed: false });
    // Before the contact agrees, their invitation is all they get.
    await bookNext(customer);
    expect(await copiesTo(contact.email)).toEqual([]);
    const [invitation] = await mailbox(app(), contact.email);
    await agree(contact.email);
    await bookNext(customer);

    const confirmation = await customerMail(customer, 'Your TechHelp visit on ');
    const copies = await copiesTo(contact.email);
    expect(copies).toHaveLength(1);
    expectCopy(copies[0], customer, contact, confirmation);
    expect(copies[0]?.subject).toMatch(/^Copy for Ann Helper: Your TechHelp visit on .+$/);
    expect(copies[0]?.text).toContain('Your in-person visit is booked for ');
    // The code word (issue 39) comes between, for the contact too: they may be the one at the door.
    expect(copies[0]?.text).toMatch(
      /The attached invitation adds the visit to your calendar\.\n\nOur technician will say: \p{L}+\. Never let anyone in, or onto your computer, who cannot say it\.\n\nTo change anything, call us at /u,
    );
    expect(copies[0]?.text).toContain(`You get these copies because ${CUSTOMER_NAME} asked for them.`);
    expect(copies[0]?.html).toContain('<html lang="en">');

    // The copy carries the same calendar invitation its text speaks of.
    const listed = await app().inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(contact.email)}` });
    expect(listed.json()[0].attachments).toHaveLength(1);
    expect(listed.json()[0].attachments[0].filename).toBe('techhelp-visit.ics');
    const own = await app().inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(customer.email)}` });
    const ownConfirmation = (own.json() as Array<{ subject: string; attachments: unknown[] }>).find(
      (mail) => mail.subject === confirmation.subject,
    );
    expect(ownConfirmation?.attachments).toHaveLength(1);

    // The contact is never a recipient of the customer's own e-mails: every e-mail to the contact is their invitation
    // or a copy, and every e-mail to the customer is the customer's.
    const everything = (await app().inject({ method: 'GET', url: '/dev/mailbox.json' })).json() as MailboxEntry[];
    const toContact = everything.filter((mail) => mail.to === contact.email);
    expect(toContact.map((mail) => mail.subject)).toEqual([`Copy for Ann Helper: ${confirmation.subject}`, invitation?.subject]);
    for (const mail of await mailbox(app(), customer.email)) {
      expect(mail.to).toBe(customer.email);
      expect(mail.subject).not.toMatch(/^Copy for/);
      expect(mail.text).not.toContain(contact.email);
    }
  });

  it("copies the day-before reminder, the reschedule and the customer's cancellation", async () => {
    const { customer, contact } = await customerWithContact('trusted-visits');
    const copySubjects = async () => (await copiesTo(contact.email)).map((mail) => mail.subject);

    // The reminder.
    const dayBefore = await appointmentSoon(customer);
    await app().appointments.sendDueReminders(dayBefore);
    const reminder = await customerMail(customer, 'Reminder: your TechHelp visit tomorrow');
    const [reminderCopy] = await copiesTo(contact.email);
    expectCopy(reminderCopy, customer, contact, reminder);
    expect(reminderCopy?.subject).toBe('Copy for Ann Helper: Reminder: your TechHelp visit tomorrow');
    expect(reminder.text).toContain('please cancel from your appointments page');
    expect(reminderCopy?.text).toContain('To change anything, call us at ');
    // A second pass sends nothing more.
    await app().appointments.sendDueReminders(dayBefore);
    expect(await copySubjects()).toHaveLength(1);

    // Booked, moved, cancelled: a copy of each.
    const id = await bookNext(customer);
    const to = nextSlot();
    const moved = await app().inject({
      method: 'POST',
      url: `/api/appointments/${id}/reschedule`,
      headers: { cookie: customer.cookie },
      payload: to,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const reschedule = await customerMail(customer, 'Your TechHelp visit has moved to ');
    expectCopy(
      (await copiesTo(contact.email)).find((mail) => mail.subject.includes('has moved to')),
      customer,
      contact,
      reschedule,
    );

    expect((await cancel(customer, id)).statusCode).toBe(204);
    const cancellation = (await mailbox(app(), customer.email)).find((mail) => / is cancelled$/.test(mail.subject));
    if (!cancellation) throw new Error('no cancellation e-mail');
    const cancellationCopy = (await copiesTo(contact.email)).find((mail) => mail.subject.endsWith(' is cancelled'));
    expectCopy(cancellationCopy, customer, contact, cancellation);
    expect(cancellationCopy?.text).toContain('has been cancelled.');

    // One copy of each of the customer's e-mails about the visits, and nothing else.
    const appointmentMails = (await mailbox(app(), customer.email)).filter((mail) => /^(Reminder|Your TechHelp visit)/.test(mail.subject));
    expect(appointmentMails).toHaveLength(4);
    expect((await copySubjects()).sort()).toEqual(appointmentMails.map((mail) => `Copy for Ann Helper: ${mail.subject}`).sort());
  });

  it('copies the receipt, but not the pay link, and never a link to pay or to the customer’s pages', async () => {
    const { customer, contact } = await customerWithContact('trusted-receipt');
    const id = await bookNext(customer);
    expect((await adminEdit(id, { isCompleted: true, amount: '75' })).statusCode).toBe(200);
    // The pay link (straight to the customer's payment) is the customer's alone.
    const payLink = await customerMail(customer, 'Your visit is complete: $75.00');
    expect(payLink.links).toContain(`${PUBLIC_URL}/makepayment?appointment=${id}`);
    expect((await copiesTo(contact.email)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Copy for Ann Helper: Your TechHelp visit on /),
    ]);

    // Paid in cash, recorded by the owner: the receipt, and its copy.
    expect((await adminEdit(id, { isPaid: true, paymentMethod: 'cash' })).statusCode).toBe(200);
    const receipt = await customerMail(customer, 'Your TechHelp receipt: $75.00');
    const copies = await copiesTo(contact.email);
    expect(copies).toHaveLength(2);
    const receiptCopy = copies.find((mail) => mail.subject.includes('receipt'));
    expectCopy(receiptCopy, customer, contact, receipt);
    expect(receiptCopy?.subject).toBe('Copy for Ann Helper: Your TechHelp receipt: $75.00');
    expect(receiptCopy?.text).toContain('Thank you for your payment of $75.00 (USD).');
    expect(receiptCopy?.text).toContain('Payment reference: cash payment recorded by ');
  });

  // The receipt's paragraph "Your invoice N is attached; you can also see it at …/invoice/<id>" stays out of the copy:
  // that page needs the customer's sign-in, and the PDF stays the customer's.
  it("keeps the customer's invoice page and attachment out of the receipt's copy", async () => {
    const { customer, contact } = await customerWithContact('trusted-invoice');
    const id = await bookNext(customer);
    expect((await adminEdit(id, { isCompleted: true, amount: '60', isPaid: true, paymentMethod: 'cash' })).statusCode).toBe(200);
    const listed = await app().inject({ method: 'GET', url: `/dev/mailbox.json?to=${encodeURIComponent(contact.email)}` });
    const copy = (listed.json() as Array<MailboxEntry & { attachments: unknown[] }>).find((mail) => mail.subject.includes('receipt'));
    expect(copy?.attachments).toEqual([]);
    expect(copy?.text).not.toContain(`${PUBLIC_URL}/invoice/`);
    expect(copy?.text).not.toContain('is attached');
  });

  it('writes the copy in the language of a Spanish customer, with a Spanish stop page', async () => {
    const { customer, contact } = await customerWithContact('trusted-spanish', 'Ana Ayuda');
    const locale = await app().inject({
      method: 'PUT',
      url: '/api/account/locale',
      headers: { cookie: customer.cookie },
      payload: { locale: 'es' },
    });
    expect(locale.statusCode).toBe(200);
    await bookNext(customer);

    const original = await customerMail(customer, 'Su visita de TechHelp del ');
    const [copy] = await copiesTo(contact.email);
    expect(copy?.subject).toBe(`Copia para Ana Ayuda: ${original.subject}`);
    expect(copy?.text.split('\n\n')[0]).toBe(SPANISH_INTRO);
    expect(copy?.text).toContain(`Recibe estas copias porque ${CUSTOMER_NAME} las pidió.`);
    expect(copy?.html).toContain('<html lang="es">');
    expect(copy?.links).toHaveLength(1);
    for (const part of [copy?.text, copy?.html, ...(copy?.links ?? [])]) {
      expect(part).not.toContain(`${PUBLIC_URL}/home`);
      expect(part).not.toContain('/makepayment');
    }
    const { link, params } = stopLinkOf(copy as MailboxEntry);
    expect(params).toMatchObject({ e: contact.email, lang: 'es' });
    expect(copy?.text).toContain(`Dejar de recibir estas copias: ${link}`);

    // The stop page, and the page after it, in Spanish.
    const page = await stopPage(link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('¿Dejar de recibir las copias?');
    const fields = formFields(page.body);
    expect(fields).toMatchObject({ lang: 'es' });
    const stopped = await stopCopies(fields);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain('Las copias se han detenido');
    expect(stopped.body).toContain(`No recibirá más copias en ${contact.email}.`);
    expect(await contactOf(customer)).toMatchObject({ copiesStopped: true, status: 'stopped' });
  });

  it('asks before stopping: opening the link stops nothing', async () => {
    const { customer, contact } = await customerWithContact('trusted-get');
    await bookNext(customer);
    const [copy] = await copiesTo(contact.email);
    const { link, params } = stopLinkOf(copy as MailboxEntry);

    // Opened twice (a mail scanner, then the person): a page with a button, and nothing stopped.
    for (let appointment = 0; appointment < 2; appointment++) {
      const page = await stopPage(link);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('Stop the copies?');
      expect(page.body).toContain(`You will no longer get copies of visit confirmations, reminders and receipts at ${contact.email}.`);
      expect(page.body).toContain('<form method="post" action="/contact-copies/stop">');
      expect(page.body).toContain('<button type="submit">Stop these copies</button>');
      expect(formFields(page.body)).toEqual({ u: params.u, e: params.e, s: params.s, lang: 'en' });
    }
    expect(await contactOf(customer)).toMatchObject({ copiesStopped: false, status: 'agreed' });
    await bookNext(customer);
    expect(await copiesTo(contact.email)).toHaveLength(2);

    // A link missing a part is no link.
    const partial = new URL(link);
    partial.searchParams.delete('s');
    const broken = await stopPage(partial.toString());
    // A page for a person: 200, saying the link does not work.
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('This link does not work');
  });

  it('refuses a wrong signature, or a link for another customer or address, and keeps copying', async () => {
    const { customer, contact } = await customerWithContact('trusted-forged');
    const other = await customerWithContact('trusted-forged-other');
    await bookNext(customer);
    const [copy] = await copiesTo(contact.email);
    const { params } = stopLinkOf(copy as MailboxEntry);
    const flipped = `${params.s?.slice(0, -1)}${params.s?.endsWith('A') ? 'B' : 'A'}`;

    const forged: Array<Record<string, string>> = [
      { ...params, s: flipped },
      { ...params, s: '' },
      { ...params, s: 'x'.repeat(43) },
      // The signature of this contact, for another customer's contact or another address.
      { ...params, u: other.customer.id },
      { ...params, e: other.contact.email },
      { u: params.u ?? '', e: params.e ?? '' },
    ];
    for (const fields of forged) {
      const refused = await stopCopies(fields);
      expect(refused.statusCode, JSON.stringify(fields)).toBe(200);
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.body).toContain('This link does not work');
      expect(refused.body).not.toContain('The copies are stopped');
    }
    expect(await contactOf(customer)).toMatchObject({ copiesStopped: false, status: 'agreed' });
    expect(await contactOf(other.customer)).toMatchObject({ copiesStopped: false, status: 'agreed' });
    await bookNext(customer);
    expect(await copiesTo(contact.email)).toHaveLength(2);
  });

  it('stops for good when the contact confirms; saving the same address keeps it stopped, a new one is invited', async () => {
    const { customer, contact } = await customerWithContact('trusted-stop');
    const first = await bookNext(customer);
    const [copy] = await copiesTo(contact.email);
    const { link, params } = stopLinkOf(copy as MailboxEntry);
    expect(params.u).toBe(customer.id);

    // The button posts the page's form.
    const stopped = await stopCopies(formFields((await stopPage(link)).body));
    expect(stopped.statusCode).toBe(200);
    expect(stopped.headers['cache-control']).toBe('no-store');
    expect(stopped.body).toContain('The copies are stopped');
    expect(stopped.body).toContain(`You will get no more copies at ${contact.email}.`);
    expect(await contactOf(customer)).toEqual({
      name: 'Ann Helper',
      email: contact.email,
      phoneNumber: '',
      copiesStopped: true,
      status: 'stopped',
      mayApproveEstimates: false,
    });
    // Confirmed twice (a second click): still fine.
    expect((await stopCopies({ u: params.u ?? '', e: params.e ?? '', s: params.s ?? '' })).statusCode).toBe(200);

    // No more copies of anything: a booking, a cancellation, a reminder.
    const second = await bookNext(customer);
    expect((await cancel(customer, second)).statusCode).toBe(204);
    await app().appointments.sendDueReminders(await appointmentSoon(customer));
    await customerMail(customer, 'Reminder: your TechHelp visit tomorrow');
    expect(await copiesTo(contact.email)).toHaveLength(1);

    // The customer saves the same address again (another name, a phone): still stopped, and not invited again.
    const same = await saveContact(customer.cookie, {
      name: 'Ann B. Helper',
      email: contact.email,
      phoneNumber: '6315550177',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().contact).toEqual({
      name: 'Ann B. Helper',
      email: contact.email,
      phoneNumber: '6315550177',
      copiesStopped: true,
      status: 'stopped',
      mayApproveEstimates: false,
    });
    expect((await cancel(customer, first)).statusCode).toBe(204);
    expect(await copiesTo(contact.email)).toHaveLength(1);
    expect(await mailbox(app(), contact.email)).toHaveLength(2);

    // A new address: the new person is invited, and gets the copies once they agree; the old one gets none, and its
    // link stops nothing any more.
    const next: Contact = { name: 'Carl Helper', email: uniqueEmail('trusted-stop-next') };
    const changed = await saveContact(customer.cookie, next);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().contact).toEqual({
      ...next,
      phoneNumber: '',
      copiesStopped: false,
      status: 'invited',
      mayApproveEstimates: false,
    });
    expect(await mailbox(app(), next.email)).toHaveLength(1);
    expect(await copiesTo(next.email)).toEqual([]);
    await agree(next.email);
    expect(await contactOf(customer)).toMatchObject({ copiesStopped: false, status: 'agreed' });
    await bookNext(customer);
    const nextCopies = await copiesTo(next.email);
    expect(nextCopies.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Copy for Carl Helper: Your TechHelp visit on /)]);
    expect(stopLinkOf(nextCopies[0] as MailboxEntry).params).toMatchObject({ u: customer.id, e: next.email });
    expect(await mailbox(app(), contact.email)).toHaveLength(2);
    const stale = await stopCopies({ u: params.u ?? '', e: params.e ?? '', s: params.s ?? '' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain('This link does not work');
    expect(await contactOf(customer)).toMatchObject({ copiesStopped: false, status: 'agreed' });
  });

  it("sends no copy to the customer themselves when they have taken their contact's address as their own", async () => {
    const { customer, contact } = await customerWithContact('trusted-self');
    // As a confirmed e-mail change would leave it: the customer's address is now the contact's.
    await subject.database.db.update(user).set({ email: contact.email }).where(eq(user.email, customer.email));
    await subject.app.notices.settle();
    await bookNext(customer);
    const mails = await mailbox(app(), contact.email);
    expect(mails.filter((mail) => mail.subject.startsWith('Copy for '))).toEqual([]);
    expect(mails.filter((mail) => mail.subject.startsWith('Your TechHelp visit on '))).toHaveLength(1);
  });

  it('sends no copies once the customer removes the contact, and the old link no longer works', async () => {
    const { customer, contact } = await customerWithContact('trusted-removed');
    const id = await bookNext(customer);
    const [copy] = await copiesTo(contact.email);
    const { link, params } = stopLinkOf(copy as MailboxEntry);

    expect((await removeContact(customer.cookie)).statusCode).toBe(204);
    expect((await cancel(customer, id)).statusCode).toBe(204);
    await bookNext(customer);
    await app().appointments.sendDueReminders(await appointmentSoon(customer));
    expect(await customerMail(customer, 'Reminder: your TechHelp visit tomorrow')).toBeDefined();
    expect(await copiesTo(contact.email)).toHaveLength(1);

    // The old link still shows its page (it cannot know), but confirming it does not work.
    expect((await stopPage(link)).statusCode).toBe(200);
    const refused = await stopCopies(params);
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('This link does not work');
    expect(refused.body).toContain('the person who named you removed you as their contact');
    expect(await contactOf(customer)).toBeNull();
  });
});
