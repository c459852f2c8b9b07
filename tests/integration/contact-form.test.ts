import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLog, outboxEmails, rateLimits } from '../../src/server/db/schema.ts';
import { contactClientKey } from '../../src/server/modules/contact/contact-service.ts';
import { CONTACT_TEXTS } from '../../src/shared/contact-form.ts';
import { mailbox, nextClient } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bookingAdmin } from '../support/appointments.ts';

const SUPPORT_EMAIL = 'desk@techhelp.test';

/**
 * The contact form of /about (issue 40): a visitor's message reaches the owner (the verified admins, or the support
 * address before there is one) through the outbox; the visitor is e-mailed nothing; the form's rules and limits are
 * the server's, refused in the form's own words; a failure is logged without what the visitor wrote.
 */
describe('the contact form', () => {
  let subject: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    subject = await createTestApp({ SUPPORT_EMAIL }, { logger: { level: 'info', stream } });
  });
  afterAll(() => subject.close());

  const send = (payload: object, client = nextClient()) =>
    subject.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: client });
  const outbox = () => subject.database.db.select().from(outboxEmails);
  const rosa = {
    name: ' Rosa Delgado ',
    email: 'Rosa.Delgado@Example.com',
    phone: '(631) 555 0142',
    message: 'My printer stopped printing.\nCan you come on Saturday?',
    language: 'es',
  };

  it('e-mails the support address while there is no admin, then the verified admins, and never the visitor', async () => {
    const first = await send(rosa);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ sent: true });
    const [toSupport] = await mailbox(subject.app, SUPPORT_EMAIL);
    expect(toSupport?.subject).toBe('New message from the contact form on the website');
    expect(toSupport?.text).toContain('Rosa Delgado wrote through the contact form on the website, in Spanish:');
    expect(toSupport?.text).toContain('My printer stopped printing.\n\nCan you come on Saturday?');
    expect(toSupport?.text).toContain('How to answer: e-mail Rosa.Delgado@Example.com, phone 631-555-0142.');
    expect(toSupport?.links).toEqual(['mailto:Rosa.Delgado@Example.com']);

    const admin = await bookingAdmin(subject.app, subject.database.db);
    const second = await send({
      name: 'Walter',
      email: 'walter@example.com',
      phone: '631.555.0199',
      message: 'Please call me about my Wi-Fi.',
    });
    expect(second.statusCode, second.body).toBe(201);
    const [toAdmin] = await mailbox(subject.app, admin.email);
    expect(toAdmin?.subject).toBe('New message from the contact form on the website');
    expect(toAdmin?.text).toContain('How to answer: e-mail walter@example.com, phone 631-555-0199.');
    const third = await send({ name: 'June', phone: '631-555-0100', message: 'Call me, please.' });
    expect(third.statusCode, third.body).toBe(201);
    const phoneOnly = (await mailbox(subject.app, admin.email)).find((email) => email.text.includes('June wrote'));
    expect(phoneOnly?.text).toContain('How to answer: phone 631-555-0100.');
    expect(phoneOnly?.links).toEqual([]);
    expect(await mailbox(subject.app, SUPPORT_EMAIL)).toHaveLength(1);

    // Nothing was sent to the visitor: no confirmation to an address that did not ask for one.
    const emails = await outbox();
    expect(emails.filter((email) => ['rosa.delgado@example.com', 'walter@example.com'].includes(email.toAddress))).toEqual([]);
    const contactMessages = emails.filter((email) => email.subject === 'New message from the contact form on the website');
    expect(contactMessages.map((email) => email.toAddress).sort()).toEqual([SUPPORT_EMAIL, admin.email, admin.email].sort());
  });

  it('refuses what the form refuses, in the form’s own words, and queues nothing', async () => {
    const before = (await outbox()).length;
    const cases: Array<[object, string]> = [
      [{ ...rosa, name: '   ' }, CONTACT_TEXTS.nameRequired],
      [{ ...rosa, name: 'n'.repeat(81) }, CONTACT_TEXTS.nameTooLong],
      [{ ...rosa, email: '', phone: '' }, CONTACT_TEXTS.answerMissing],
      [{ name: 'Ann', message: 'Hello' }, CONTACT_TEXTS.answerMissing],
      [{ ...rosa, email: 'rosa at example.com' }, CONTACT_TEXTS.emailInvalid],
      [{ ...rosa, email: '', phone: '555-0142' }, CONTACT_TEXTS.phoneInvalid],
      [{ ...rosa, message: ' \n ' }, CONTACT_TEXTS.messageRequired],
      [{ ...rosa, message: 'm'.repeat(2001) }, CONTACT_TEXTS.messageTooLong],
    ];
    for (const [payload, message] of cases) {
      const refused = await send(payload);
      expect(refused.statusCode, message).toBe(400);
      expect(refused.json().error).toEqual({ code: 'VALIDATION_FAILED', message });
    }
    for (const payload of [
      { ...rosa, message: 5 },
      { ...rosa, language: 'fr' },
      { ...rosa, message: 'm'.repeat(4001) },
    ]) {
      expect((await send(payload)).statusCode).toBe(400);
    }
    expect(await outbox()).toHaveLength(before);
  });

  it('takes five messages an hour from one address, and a hundred a day from everyone', async () => {
    const client = nextClient();
    for (let message = 1; message <= 5; message++) {
      expect((await send({ ...rosa, message: `Message ${message}` }, client)).statusCode).toBe(201);
    }
    const limited = await send(rosa, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect((await send(rosa)).statusCode).toBe(201);

    // The day's hundredth message taken, from anyone: the next waits for tomorrow, whoever sends it.
    await subject.database.db
      .insert(rateLimits)
      .values({ key: 'contact:everyone', count: 100, resetAt: new Date(Date.now() + 3_600_000) })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: 100 } });
    const full = await send(rosa);
    expect(full.statusCode).toBe(429);
    // Not the visitor's doing: they are told how else to reach the business, in their language.
    expect(full.json().error.code).toBe('CONTACT_FULL');
    expect(full.json().error.message).toBe(
      `Our contact form takes no more messages today. Please call us at (631) 555-0142 or write to ${SUPPORT_EMAIL}.`,
    );
    await subject.database.db.delete(rateLimits);
    expect((await send(rosa)).statusCode).toBe(201);
  });

  it('counts an IPv6 block of /64 as one sender, and an IPv4 address mapped into IPv6 as that address', async () => {
    expect(contactClientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(contactClientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(contactClientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(contactClientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(contactClientKey('203.0.113.9')).toBe('203.0.113.9');
    for (let message = 1; message <= 5; message++) {
      expect((await send({ ...rosa, message: `Block ${message}` }, `2001:db8:77:1::${message}`)).statusCode).toBe(201);
    }
    expect((await send(rosa, '2001:db8:77:1:ffff::9')).statusCode).toBe(429);
    expect((await send(rosa, '2001:db8:77:2::1')).statusCode).toBe(201);
    await subject.database.db.delete(rateLimits);
  });

  it('keeps a name to one line of plain text in the owner’s e-mail, and the reply link to the address given', async () => {
    const before = (await outbox()).length;
    const sent = await send({ ...rosa, name: 'Bob\n\nHow to answer: e-mail x@evil.example\u202e', email: 'bob?cc=x@evil.example' });
    expect(sent.statusCode, sent.body).toBe(201);
    const [mail] = (await outbox()).slice(before);
    expect(mail?.text).toContain('Bob How to answer: e-mail x@evil.example');
    expect(mail?.text).not.toContain('Bob\n');
    expect(mail?.text).not.toContain('\u202e');
    expect(mail?.html).toContain('mailto:bob%3Fcc%3Dx@evil.example');
  });

  it('logs a failure without the visitor’s name, address, number or words', async () => {
    const { mail } = subject.app;
    const enqueueAll = mail.enqueueAll;
    mail.enqueueAll = async (emails) => {
      throw Object.assign(new Error(`could not insert ${JSON.stringify(emails)}`), { code: '53100' });
    };
    try {
      const failed = await send({ ...rosa, message: 'Secret words about my bank.' });
      expect(failed.statusCode).toBe(500);
      expect(failed.json().error.code).toBe('INTERNAL');
    } finally {
      mail.enqueueAll = enqueueAll;
    }
    const logged = [...logLines, ...(await subject.database.db.select().from(errorLog)).map((entry) => entry.errorMessage)].join('\n');
    expect(logged).toContain('the contact message could not be queued (Error 53100)');
    for (const secret of ['Rosa', 'Delgado', 'Example.com', '555 0142', '555-0142', '5550142', 'Secret words', 'printer'])
      expect(logged, secret).not.toContain(secret);
  });

  it('answers 503 (try again in a moment) when the database connection is lost, still without what the visitor wrote', async () => {
    const { mail } = subject.app;
    const enqueueAll = mail.enqueueAll;
    const linesBefore = logLines.length;
    mail.enqueueAll = async (emails) => {
      throw Object.assign(new Error(`terminating connection due to administrator command: ${JSON.stringify(emails)}`), {
        code: '57P01',
      });
    };
    try {
      const failed = await send({ ...rosa, message: 'Secret words about my bank.' });
      expect(failed.statusCode, failed.body).toBe(503);
      expect(failed.json().error.code).toBe('UNAVAILABLE');
    } finally {
      mail.enqueueAll = enqueueAll;
    }
    const logged = logLines.slice(linesBefore).join('\n');
    expect(logged).toContain('the contact message could not be queued');
    for (const secret of ['Rosa', 'Delgado', 'Example.com', '555 0142', '555-0142', '5550142', 'Secret words', 'printer'])
      expect(logged, secret).not.toContain(secret);
    // Back on its feet, the next message goes through.
    expect((await send(rosa)).statusCode).toBe(201);
  });
});
