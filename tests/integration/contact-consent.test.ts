import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSuppressions, rateLimits, trustedContacts } from '../../src/server/db/schema.ts';
import {
  contactInvitation,
  hiddenFields,
  type MailboxEntry,
  mailbox,
  openContactLink,
  postContactForm,
  uniqueEmail,
  verifiedCustomer,
} from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingCustomer, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';

const PUBLIC_URL = 'http://localhost:3000';
/** PROFILE's name (tests/support/accounts.ts), as the invitation and the pages name the customer. */
const CUSTOMER_NAME = "Mary-Ann O'Neil Smith";
const INVITATION_SUBJECT = `${CUSTOMER_NAME} asked TechHelp to send you copies of their visit messages`;
const SPANISH_INVITATION_SUBJECT = `${CUSTOMER_NAME} pidió a TechHelp que le envíe copias de los mensajes de sus visitas`;
const WORDING = `I agree to get, by e-mail, copies of the visit confirmations, changes, cancellations, reminders and receipts that TechHelp sends to ${CUSTOMER_NAME}. I can stop them at any time with the link in each copy.`;
const SPANISH_WORDING = `Acepto recibir por correo electrónico copias de las confirmaciones, cambios, cancelaciones, recordatorios y recibos de visitas que TechHelp envía a ${CUSTOMER_NAME}. Puedo dejar de recibirlas en cualquier momento con el enlace de cada copia.`;
/** What the security review typed as the contact's name: a message to whoever the copies go to. */
const SPAM_NAME = 'WIN $500 at http://evil.example/x';
const SIGNATURE = /^[\w-]{43}$/;
const INVALID = 'This link does not work';

type Customer = { email: string; cookie: string; id: string };

/** As the pages escape it (the customer's name has an apostrophe). */
const html = (text: string) => text.replaceAll("'", '&#39;');

/**
 * Consent before copies (decision 031): naming a trusted contact sends them one invitation and nothing else until
 * they agree from it; their refusal, or a Stop from any copy, puts the address on the suppression list for every
 * customer, and only their own yes lifts it. A customer names at most three new addresses a day, and a contact's name
 * is a person's name, never a message. Each case here fails on the copies that went without a yes.
 */
describe('the trusted contact’s consent', () => {
  let subject: TestApp;
  const nextSlot = slotSequence(upcomingWeekendDays(8, 3));

  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  const app = () => subject.app;
  const db = () => subject.database.db;
  const saveContact = (cookie: string, payload: object) =>
    app().inject({ method: 'PUT', url: '/api/account/trusted-contact', headers: { cookie }, payload });
  const removeContact = (cookie: string) => app().inject({ method: 'DELETE', url: '/api/account/trusted-contact', headers: { cookie } });
  const contactOf = async (customer: Customer) => {
    const response = await app().inject({ method: 'GET', url: '/api/account/trusted-contact', headers: { cookie: customer.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json().contact;
  };
  /** Saves the contact; answers its status as saved. */
  const name = async (customer: Customer, email: string, contactName = 'Ann Helper', phoneNumber = '') => {
    const saved = await saveContact(customer.cookie, { name: contactName, email, phoneNumber });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().contact).toMatchObject({ name: contactName, email, phoneNumber });
    return saved.json().contact.status as 'invited' | 'agreed' | 'stopped';
  };
  const setLocale = async (cookie: string, locale: 'en' | 'es') => {
    const response = await app().inject({ method: 'PUT', url: '/api/account/locale', headers: { cookie }, payload: { locale } });
    expect(response.statusCode).toBe(200);
  };
  const rowOf = async (customer: Customer) => {
    const [row] = await db().select().from(trustedContacts).where(eq(trustedContacts.userId, customer.id));
    return row;
  };
  const suppressionOf = async (email: string) => {
    const [row] = await db().select().from(contactSuppressions).where(eq(contactSuppressions.email, email));
    return row;
  };
  /** The day's window of the customer's new addresses ends, as it would a day later. */
  const aDayPasses = (customer: Customer) =>
    db()
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, `trusted-contact:user:${customer.id}`));

  const bookNext = async (customer: Customer) => {
    const { date, slot } = nextSlot();
    const response = await book(app(), customer.cookie, date, slot);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  /** The customer moves their visit to the next free slot (tests/integration/reschedule.test.ts). */
  const reschedule = async (customer: Customer, id: string) => {
    const response = await app().inject({
      method: 'POST',
      url: `/api/appointments/${id}/reschedule`,
      headers: { cookie: customer.cookie },
      payload: nextSlot(),
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  const isInvitation = (mail: MailboxEntry) => mail.links.some((link) => link.startsWith(`${PUBLIC_URL}/contact-copies/agree?`));
  const copiesTo = async (email: string) => (await mailbox(app(), email)).filter((mail) => !isInvitation(mail));
  const stopLinkOf = (copy: MailboxEntry | undefined) => {
    const link = copy?.links.find((entry) => entry.startsWith(`${PUBLIC_URL}/contact-copies/stop?`));
    if (!link) throw new Error(`no stop link in "${copy?.subject}"`);
    return { link, params: Object.fromEntries(new URL(link).searchParams) };
  };
  /** A contact's page (GET) for these link parameters, as a hand-made link would open it. */
  const pageFor = (page: 'agree' | 'refuse' | 'stop', fields: Record<string, string>) =>
    app().inject({ method: 'GET', url: `/contact-copies/${page}?${new URLSearchParams(fields).toString()}` });
  const expectInvalid = (response: Awaited<ReturnType<typeof pageFor>>, what: string) => {
    expect(response.statusCode, what).toBe(200);
    expect(response.headers['content-type'], what).toBe('text/html; charset=utf-8');
    expect(response.body, what).toContain(INVALID);
    expect(response.body, what).not.toContain('<form');
  };

  /**
   * The contact answers the customer's invitation, as a person would: its link opened (which changes nothing), then
   * the page's button. Answers the page after the button.
   */
  async function answer(customer: Customer, contactEmail: string, choice: 'agree' | 'refuse') {
    const invitation = await contactInvitation(app(), contactEmail, customer.id);
    const before = { row: await rowOf(customer), suppression: await suppressionOf(contactEmail) };
    const page = await openContactLink(app(), choice === 'agree' ? invitation.agreeLink : invitation.refuseLink);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(`<form method="post" action="/contact-copies/${choice}">`);
    expect({ row: await rowOf(customer), suppression: await suppressionOf(contactEmail) }).toEqual(before);
    const answered = await postContactForm(app(), choice, hiddenFields(page.body));
    expect(answered.statusCode).toBe(200);
    expect(answered.body).not.toContain(INVALID);
    return answered;
  }

  it('refuses a relay: one invitation and no copy, then nothing ever again once refused, whoever names the address', async () => {
    const customer = await bookingCustomer(app(), 'relay');
    const target = uniqueEmail('relay-target');

    // A name that is a message (a prize, a link) is refused: it would be the first words of every copy.
    const spam = await saveContact(customer.cookie, { name: SPAM_NAME, email: target });
    expect(spam.statusCode).toBe(400);
    expect(spam.json().error.code).toBe('VALIDATION_FAILED');
    expect(await contactOf(customer)).toBeNull();
    expect(await mailbox(app(), target)).toEqual([]);

    // A plain name: the contact is invited, once.
    expect(await name(customer, target)).toBe('invited');
    expect(await contactOf(customer)).toEqual({
      name: 'Ann Helper',
      email: target,
      phoneNumber: '',
      copiesStopped: false,
      status: 'invited',
      mayApproveEstimates: false,
    });
    const { mail: invitation, agreeLink, refuseLink, params } = await contactInvitation(app(), target);
    expect(invitation.to).toBe(target);
    expect(invitation.subject).toBe(INVITATION_SUBJECT);
    expect(invitation.text).toContain(`${CUSTOMER_NAME} (${customer.email}) named you as their trusted contact at TechHelp`);
    // The name the customer typed is not in it: it is the customer's words, and only the customer's verified name is.
    for (const part of [invitation.subject, invitation.text, invitation.html]) expect(part).not.toContain('Ann Helper');
    expect(params).toEqual({ u: customer.id, e: target, s: expect.stringMatching(SIGNATURE) });
    expect(new URL(agreeLink).pathname).toBe('/contact-copies/agree');
    expect(new URL(refuseLink).pathname).toBe('/contact-copies/refuse');
    expect(Object.fromEntries(new URL(refuseLink).searchParams)).toEqual(params);
    expect([...invitation.links].sort()).toEqual([agreeLink, refuseLink].sort());

    // Twenty visit e-mails in a row, a booking and nineteen moves: the customer gets each, the address none.
    const id = await bookNext(customer);
    for (let move = 0; move < 19; move++) await reschedule(customer, id);
    const appointmentMails = (await mailbox(app(), customer.email)).filter((mail) =>
      /^Your TechHelp visit (on |has moved to )/.test(mail.subject),
    );
    expect(appointmentMails).toHaveLength(20);
    expect(await mailbox(app(), target)).toEqual([invitation]);
    expect((await contactOf(customer)).status).toBe('invited');

    // The contact refuses: opening the link refuses nothing, the button does.
    const refused = await answer(customer, target, 'refuse');
    expect(refused.body).toContain('You will get nothing more from us');
    expect(refused.body).toContain(`${target} is off our list: no invitation or copy will be sent to it.`);
    expect(await contactOf(customer)).toMatchObject({ copiesStopped: true, status: 'stopped' });
    expect(await suppressionOf(target)).toMatchObject({ email: target, reason: 'refused' });
    await reschedule(customer, id);

    // The customer removes the contact and names the address again: stopped from the start, nothing sent.
    expect((await removeContact(customer.cookie)).statusCode).toBe(204);
    expect(await contactOf(customer)).toBeNull();
    expect(await name(customer, target)).toBe('stopped');
    expect((await contactOf(customer)).copiesStopped).toBe(true);
    await reschedule(customer, id);

    // A day later: another address is invited, and the refused one, named once more, still gets nothing.
    await aDayPasses(customer);
    const other = uniqueEmail('relay-other');
    expect(await name(customer, other, 'Bob Helper')).toBe('invited');
    expect(await mailbox(app(), other)).toHaveLength(1);
    expect(await name(customer, target, 'Ann Helper')).toBe('stopped');
    await reschedule(customer, id);

    // Another customer naming the address: stopped from the start, no invitation, no copy.
    const second = await bookingCustomer(app(), 'relay-second');
    expect(await name(second, target, 'Ann Other')).toBe('stopped');
    await bookNext(second);

    // One e-mail ever went to the address: the invitation.
    expect(await mailbox(app(), target)).toEqual([invitation]);
    const everything = (await app().inject({ method: 'GET', url: '/dev/mailbox.json' })).json() as MailboxEntry[];
    expect(everything.filter((mail) => mail.to.toLowerCase() === target)).toEqual([invitation]);
  });

  it('copies only after the contact agrees, keeping the words agreed to; a Stop suppresses the address for every customer, and only the contact’s yes lifts it', async () => {
    const customer = await bookingCustomer(app(), 'agree');
    const contact = uniqueEmail('agree-contact');
    expect(await name(customer, contact)).toBe('invited');
    const id = await bookNext(customer);
    expect(await copiesTo(contact)).toEqual([]);

    // The Agree link opened twice (a mail scanner, then the person): the words and a button, and nothing agreed.
    const { agreeLink, params } = await contactInvitation(app(), contact, customer.id);
    for (let appointment = 0; appointment < 2; appointment++) {
      const page = await openContactLink(app(), agreeLink);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<html lang="en">');
      expect(page.body).toContain(html(`Get copies of ${CUSTOMER_NAME}’s visit messages?`));
      expect(page.body).toContain(html(WORDING));
      expect(page.body).toContain('<button type="submit">I agree</button>');
      expect(hiddenFields(page.body)).toEqual({ ...params, lang: 'en' });
    }
    expect((await contactOf(customer)).status).toBe('invited');
    expect(await rowOf(customer)).toMatchObject({ agreedAt: null, agreedWording: null });
    await reschedule(customer, id);
    expect(await copiesTo(contact)).toEqual([]);

    // The button: agreed, with the words kept as the proof.
    const agreed = await postContactForm(app(), 'agree', { ...params, lang: 'en' });
    expect(agreed.statusCode).toBe(200);
    expect(agreed.body).toContain('Thank you: the copies will come');
    expect(agreed.body).toContain(`You will get copies at ${contact}. Each one has a link to stop them.`);
    expect(await contactOf(customer)).toEqual({
      name: 'Ann Helper',
      email: contact,
      phoneNumber: '',
      copiesStopped: false,
      status: 'agreed',
      mayApproveEstimates: false,
    });
    const row = await rowOf(customer);
    expect(row?.agreedWording).toBe(WORDING);
    expect(row?.agreedAt).toBeInstanceOf(Date);

    // Now the copies go.
    await reschedule(customer, id);
    const [copy] = await copiesTo(contact);
    expect(copy?.subject).toMatch(/^Copy for Ann Helper: Your TechHelp visit has moved to /);
    expect(await copiesTo(contact)).toHaveLength(1);

    // A second customer names the address: invited by them too, and no copy of theirs without a yes to them.
    const second = await bookingCustomer(app(), 'agree-second');
    expect(await name(second, contact, 'Ann H.')).toBe('invited');
    await contactInvitation(app(), contact, second.id);
    await bookNext(second);
    expect(await copiesTo(contact)).toHaveLength(1);

    // Stop, from the first customer's copy: the address is suppressed, for every customer who names it.
    const { link: stopLink, params: stopParams } = stopLinkOf(copy);
    expect(stopParams).toEqual({ u: customer.id, e: contact, s: expect.stringMatching(SIGNATURE) });
    const stopped = await postContactForm(app(), 'stop', hiddenFields((await openContactLink(app(), stopLink)).body));
    expect(stopped.body).toContain('The copies are stopped');
    expect(await suppressionOf(contact)).toMatchObject({ reason: 'stopped' });
    expect(await contactOf(customer)).toMatchObject({ copiesStopped: true, status: 'stopped' });
    expect(await contactOf(second)).toMatchObject({ copiesStopped: true, status: 'stopped' });
    const mailsWhenStopped = await mailbox(app(), contact);
    await reschedule(customer, id);
    await bookNext(second);
    // A third customer naming it now: stopped from the start, nothing sent.
    const third = await bookingCustomer(app(), 'agree-third');
    expect(await name(third, contact)).toBe('stopped');
    await bookNext(third);
    expect(await mailbox(app(), contact)).toEqual(mailsWhenStopped);

    // The first invitation's Agree link still works while the customer names the address: the contact's yes lifts it.
    const again = await answer(customer, contact, 'agree');
    expect(again.body).toContain('Thank you: the copies will come');
    expect(await suppressionOf(contact)).toBeUndefined();
    expect(await contactOf(customer)).toMatchObject({ copiesStopped: false, status: 'agreed' });
    expect((await rowOf(customer))?.agreedWording).toBe(WORDING);
    await reschedule(customer, id);
    expect(await copiesTo(contact)).toHaveLength(2);
    expect((await copiesTo(contact))[0]?.subject).toMatch(/^Copy for Ann Helper: Your TechHelp visit has moved to /);
    // The yes was to the first customer: the others' copies stay stopped.
    expect((await contactOf(second)).status).toBe('stopped');
    expect((await contactOf(third)).status).toBe('stopped');
    await bookNext(second);
    expect(await copiesTo(contact)).toHaveLength(2);
  });

  it('lets a customer name three new addresses a day; saving the same address again is not one and invites nobody again', async () => {
    const customer = await bookingCustomer(app(), 'limit');
    const [first, second, third, fourth] = [1, 2, 3, 4].map((n) => uniqueEmail(`limit-contact-${n}`)) as [string, string, string, string];

    expect(await name(customer, first)).toBe('invited');
    // The same address with another name and a phone: not counted, not invited again, its answer kept.
    expect(await name(customer, first, 'Ann B. Helper', '631-555-0177')).toBe('invited');
    await answer(customer, first, 'agree');
    expect(await name(customer, first, 'Ann C. Helper')).toBe('agreed');
    expect(await name(customer, first, 'Ann D. Helper')).toBe('agreed');
    expect(await mailbox(app(), first)).toHaveLength(1);

    expect(await name(customer, second, 'Bob Helper')).toBe('invited');
    expect(await name(customer, third, 'Carl Helper')).toBe('invited');
    expect(await name(customer, third, 'Carl B. Helper')).toBe('invited');
    // A visit booked meanwhile is copied to nobody: the contact named now has not agreed.
    await bookNext(customer);

    // A fourth new address that day, or going back to an earlier one (a new address again), is refused.
    for (const email of [fourth, first]) {
      const refused = await saveContact(customer.cookie, { name: 'Dan Helper', email });
      expect(refused.statusCode, email).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
    }
    expect(await mailbox(app(), fourth)).toEqual([]);
    expect(await contactOf(customer)).toMatchObject({ name: 'Carl B. Helper', email: third, status: 'invited' });
    // Renaming the current address still works.
    expect(await name(customer, third, 'Carl C. Helper')).toBe('invited');
    for (const email of [first, second, third]) expect(await mailbox(app(), email), email).toHaveLength(1);

    // Another customer has a limit of their own; and the next day, this one may name a new address again.
    const other = await bookingCustomer(app(), 'limit-other');
    expect(await name(other, fourth)).toBe('invited');
    await aDayPasses(customer);
    const fifth = uniqueEmail('limit-contact-5');
    expect(await name(customer, fifth)).toBe('invited');
    expect(await mailbox(app(), fifth)).toHaveLength(1);
  });

  it('asks an address that never answered once: removing and naming it again sends no second invitation', async () => {
    const customer = await bookingCustomer(app(), 'consent-readd');
    const contact = uniqueEmail('consent-readd-contact');
    expect(await name(customer, contact)).toBe('invited');
    for (let round = 0; round < 2; round++) {
      expect((await removeContact(customer.cookie)).statusCode).toBe(204);
      expect(await name(customer, contact)).toBe('invited');
      await aDayPasses(customer);
    }
    // Nor does the hourly pass ask again: the row says an invitation went.
    await app().accounts.inviteUninvitedContacts();
    expect(await mailbox(app(), contact)).toHaveLength(1);
    // The one invitation still works.
    await answer(customer, contact, 'agree');
    expect((await contactOf(customer)).status).toBe('agreed');
  });

  it('invites a customer’s contact named while the address was suppressed, once its owner said yes to another', async () => {
    const first = await bookingCustomer(app(), 'consent-lift-first');
    const second = await bookingCustomer(app(), 'consent-lift-second');
    const contact = uniqueEmail('consent-lift-contact');
    await name(first, contact);
    await answer(first, contact, 'refuse');
    // Named while suppressed: nothing goes, and the screen says they said no.
    expect(await name(second, contact)).toBe('stopped');
    expect(await mailbox(app(), contact)).toHaveLength(1);
    await app().accounts.inviteUninvitedContacts();
    expect(await mailbox(app(), contact)).toHaveLength(1);

    // The owner of the address changes their mind for the first customer: the second customer's invitation goes now.
    await answer(first, contact, 'agree');
    expect(await suppressionOf(contact)).toBeUndefined();
    await app().accounts.inviteUninvitedContacts();
    const secondInvitation = await contactInvitation(app(), contact, second.id);
    expect(secondInvitation.params.u).toBe(second.id);
    expect((await contactOf(second)).status).toBe('invited');
    expect(await mailbox(app(), contact)).toHaveLength(2);
  });

  it('invites in the language of the contact’s own account, else in the customer’s', async () => {
    // A contact with a Spanish account, named by an English-speaking customer: in Spanish, and so is the page.
    const english = await bookingCustomer(app(), 'lang-en');
    const spanishContact = await verifiedCustomer(app(), uniqueEmail('lang-es-contact'));
    await setLocale(spanishContact.cookie, 'es');
    expect(await name(english, spanishContact.email)).toBe('invited');
    const spanish = await contactInvitation(app(), spanishContact.email, english.id);
    expect(spanish.mail.subject).toBe(SPANISH_INVITATION_SUBJECT);
    expect(spanish.mail.html).toContain('<html lang="es">');
    expect(spanish.mail.text).toContain('Acepto recibir las copias');
    expect(spanish.mail.text).toContain('Hasta que acepte, no le enviaremos nada más sobre esta persona');
    expect(spanish.params).toEqual({ u: english.id, e: spanishContact.email, s: expect.stringMatching(SIGNATURE), lang: 'es' });
    expect(new URL(spanish.refuseLink).searchParams.get('lang')).toBe('es');
    const page = await openContactLink(app(), spanish.agreeLink);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain(html(`¿Desea recibir copias de los mensajes sobre las visitas de ${CUSTOMER_NAME}?`));
    expect(page.body).toContain(html(SPANISH_WORDING));
    expect(page.body).toContain('<button type="submit">Acepto</button>');
    const agreed = await postContactForm(app(), 'agree', hiddenFields(page.body));
    expect(agreed.body).toContain('Gracias: recibirá las copias');
    // The words kept are the ones the contact read.
    expect((await rowOf(english))?.agreedWording).toBe(SPANISH_WORDING);

    // An address without an account: the customer's language, English or Spanish.
    const plain = uniqueEmail('lang-plain');
    expect(await name(english, plain)).toBe('invited');
    const inEnglish = await contactInvitation(app(), plain, english.id);
    expect(inEnglish.mail.subject).toBe(INVITATION_SUBJECT);
    expect(inEnglish.mail.html).toContain('<html lang="en">');
    expect(inEnglish.params.lang).toBeUndefined();

    const spanishCustomer = await bookingCustomer(app(), 'lang-es');
    await setLocale(spanishCustomer.cookie, 'es');
    const plainToo = uniqueEmail('lang-plain-es');
    expect(await name(spanishCustomer, plainToo)).toBe('invited');
    const inSpanish = await contactInvitation(app(), plainToo, spanishCustomer.id);
    expect(inSpanish.mail.subject).toBe(SPANISH_INVITATION_SUBJECT);
    expect(inSpanish.params.lang).toBe('es');

    // The contact's own language wins over the customer's: an English account, named by a Spanish-speaking customer.
    const englishContact = await verifiedCustomer(app(), uniqueEmail('lang-en-contact'));
    expect(await name(spanishCustomer, englishContact.email)).toBe('invited');
    const ownLanguage = await contactInvitation(app(), englishContact.email, spanishCustomer.id);
    expect(ownLanguage.mail.subject).toBe(INVITATION_SUBJECT);
    expect(ownLanguage.mail.html).toContain('<html lang="en">');
  });

  it('changes nothing for a forged or mismatched link to agree or refuse, and says the link does not work', async () => {
    const customer = await bookingCustomer(app(), 'forged');
    const contact = uniqueEmail('forged-contact');
    expect(await name(customer, contact)).toBe('invited');
    const other = await bookingCustomer(app(), 'forged-other');
    const otherContact = uniqueEmail('forged-other-contact');
    expect(await name(other, otherContact)).toBe('invited');
    const { params, agreeLink, refuseLink } = await contactInvitation(app(), contact, customer.id);
    const otherInvitation = await contactInvitation(app(), otherContact, other.id);
    // A contact who agreed, and the Stop link of a copy they got.
    const agreeing = await bookingCustomer(app(), 'forged-agreeing');
    const agreeingContact = uniqueEmail('forged-agreeing-contact');
    expect(await name(agreeing, agreeingContact)).toBe('invited');
    await answer(agreeing, agreeingContact, 'agree');
    await bookNext(agreeing);
    const { params: stopParams } = stopLinkOf((await copiesTo(agreeingContact))[0]);

    const flipped = `${params.s?.slice(0, -1)}${params.s?.endsWith('A') ? 'B' : 'A'}`;
    const forged: Array<Record<string, string>> = [
      { ...params, s: flipped },
      { ...params, s: '' },
      { ...params, s: 'x'.repeat(43) },
      { u: params.u ?? '', e: params.e ?? '' },
      // This invitation's signature, for another customer or another address.
      { ...params, u: other.id },
      { ...params, e: otherContact },
      // Another invitation's signature on this one.
      { ...params, s: otherInvitation.params.s ?? '' },
      // A copy's Stop link is signed apart: it neither agrees nor refuses.
      stopParams,
    ];
    for (const page of ['agree', 'refuse'] as const) {
      for (const fields of forged) {
        const what = `${page} ${JSON.stringify(fields)}`;
        expectInvalid(await pageFor(page, fields), `GET ${what}`);
        const posted = await postContactForm(app(), page, fields);
        expectInvalid(posted, `POST ${what}`);
        expect(posted.body).not.toContain('Thank you');
        expect(posted.body).not.toContain('You will get nothing more from us');
      }
    }
    // Nor does an invitation's signature stop anything.
    expectInvalid(await postContactForm(app(), 'stop', params), 'stop with the invitation’s signature');

    expect(await contactOf(customer)).toMatchObject({ copiesStopped: false, status: 'invited' });
    expect(await rowOf(customer)).toMatchObject({ agreedAt: null, agreedWording: null, copiesStoppedAt: null });
    expect((await contactOf(other)).status).toBe('invited');
    expect((await contactOf(agreeing)).status).toBe('agreed');
    for (const email of [contact, otherContact, agreeingContact]) expect(await suppressionOf(email), email).toBeUndefined();

    // Once the customer removes the contact, the invitation's own links stop working too.
    expect((await removeContact(customer.cookie)).statusCode).toBe(204);
    expectInvalid(await openContactLink(app(), agreeLink), 'the Agree link of a removed contact');
    expectInvalid(await openContactLink(app(), refuseLink), 'the Refuse link of a removed contact');
    expectInvalid(await postContactForm(app(), 'agree', params), 'agreeing as a removed contact');
    expectInvalid(await postContactForm(app(), 'refuse', params), 'refusing as a removed contact');
    expect(await suppressionOf(contact)).toBeUndefined();
    expect(await mailbox(app(), contact)).toHaveLength(1);
  });

  it('invites, once, the contacts named before invitations existed, who get no copy until they agree', async () => {
    // As the upgrade left them: named, never invited, not agreed; one of them had stopped the copies.
    const customer = await bookingCustomer(app(), 'legacy');
    const contact = uniqueEmail('legacy-contact');
    await db().insert(trustedContacts).values({ userId: customer.id, name: 'Ann Helper', email: contact });
    const stoppedCustomer = await bookingCustomer(app(), 'legacy-stopped');
    const stoppedContact = uniqueEmail('legacy-stopped-contact');
    await db()
      .insert(trustedContacts)
      .values({ userId: stoppedCustomer.id, name: 'Bob Helper', email: stoppedContact, copiesStoppedAt: new Date() });
    // Migration 0025 put the address that had stopped the copies on the suppression list.
    await db().insert(contactSuppressions).values({ email: stoppedContact, reason: 'stopped' });
    expect(await contactOf(customer)).toMatchObject({ copiesStopped: false, status: 'invited' });
    const id = await bookNext(customer);
    expect(await mailbox(app(), contact)).toEqual([]);

    // The pass that runs at start and hourly (app.ts) invites the one, not the other.
    expect(await app().accounts.inviteUninvitedContacts()).toBeGreaterThanOrEqual(1);
    const { mail, params } = await contactInvitation(app(), contact, customer.id);
    expect(mail.subject).toBe(INVITATION_SUBJECT);
    expect(params).toEqual({ u: customer.id, e: contact, s: expect.stringMatching(SIGNATURE) });
    expect((await rowOf(customer))?.invitedAt).toBeInstanceOf(Date);
    expect(await mailbox(app(), stoppedContact)).toEqual([]);
    expect((await contactOf(stoppedCustomer)).status).toBe('stopped');

    // Once: the next pass sends nothing more, and still no copy goes before the yes.
    await app().accounts.inviteUninvitedContacts();
    expect(await mailbox(app(), contact)).toHaveLength(1);
    await reschedule(customer, id);
    expect(await copiesTo(contact)).toEqual([]);
    await answer(customer, contact, 'agree');
    await reschedule(customer, id);
    expect((await copiesTo(contact)).map((copy) => copy.subject)).toEqual([
      expect.stringMatching(/^Copy for Ann Helper: Your TechHelp visit has moved to /),
    ]);
  });
});
