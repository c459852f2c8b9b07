import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { errorLog, outboxEmails, outboxTexts } from '../../src/server/db/schema.ts';
import { MailService } from '../../src/server/modules/mail/mail-service.ts';
import { signUp, uniqueEmail } from '../support/accounts.ts';
import { testConfig } from '../support/config.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { startSmtpStandIn } from '../support/smtp-stand-in.ts';

describe('e-mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  /** What the server logs, one JSON line each. */
  const logged: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpStandIn({ user: 'relay-user', pass: 'relay-pass' });
    database = await createTestDatabase();
    // A copy delivered long ago, from before this start: the start's own purge removes it (tested below).
    await database.db.insert(outboxEmails).values({
      toAddress: 'before-the-start@example.com',
      subject: 'Long ago',
      text: 'Long ago',
      html: '',
      status: 'sent',
      createdAt: new Date(Date.now() - 31 * 86_400_000),
    });
    app = await buildApp({
      config: testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'TechHelp <hello@techhelp.test>', PUBLIC_URL: 'https://techhelp.test' }),
      db: database.db,
      listen: database.listen,
      logger: {
        level: 'warn',
        stream: new Writable({
          write(chunk, _encoding, done) {
            logged.push(String(chunk));
            done();
          },
        }),
      },
      mail: { retryDelaysMs: [50, 50], pollIntervalMs: 25 },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await smtp.close();
  });

  it('delivers a real e-mail with a plain-text and an HTML part, read back parsed', async () => {
    const email = uniqueEmail();
    expect((await signUp(app, email)).statusCode).toBe(201);
    await smtp.waitFor(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual([email]);
    expect(mail?.from).toBe('hello@techhelp.test');
    expect(mail?.parsed.subject).toBe('Verify your e-mail address for TechHelp');
    expect(mail?.parsed.from?.address).toBe('hello@techhelp.test');
    expect(mail?.parsed.text).toMatch(/https:\/\/techhelp\.test\/usermgmt\?mode=verifyEmail&oobCode=[\w-]+/);
    expect(mail?.parsed.html).toContain('<a href="https://techhelp.test/usermgmt?mode=verifyEmail&amp;oobCode=');
    expect(mail?.parsed.text).toContain('Questions? Call (631) 555-0142');
    const status = async () => (await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email)))[0]?.status;
    await expect.poll(status).toBe('sent');
    // Delivered, its one-time link is not kept: the outbox (and so every backup) holds its subject, not the key.
    const code = /oobCode=([\w-]+)/.exec(mail?.parsed.text ?? '')?.[1] ?? 'no code';
    const [kept] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
    expect(kept).toMatchObject({ subject: 'Verify your e-mail address for TechHelp', links: [], html: '', carriesKey: true });
    expect(JSON.stringify(kept)).not.toContain(code);
  });

  it('is not served by the dev mailbox when SMTP is configured', async () => {
    const response = await app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(response.statusCode).toBe(404);
  });

  it('retries a refused send and delivers it', async () => {
    const before = smtp.received.length;
    smtp.refuse(1);
    const email = uniqueEmail('retry');
    await signUp(app, email);
    await smtp.waitFor(before + 1);
    const row = async () => (await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email)))[0];
    await expect.poll(async () => (await row())?.status).toBe('sent');
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    // The retry is logged by its outbox entry, without the recipient's address.
    const retried = logged.filter((line) => line.includes('e-mail delivery failed; will retry'));
    expect(retried.join('\n')).toContain(`"outboxEntry":"${(await row())?.id}"`);
    expect(logged.join('\n')).not.toContain(email);
  });

  it('after the last retry marks the e-mail failed and records it in the error log, never silently', async () => {
    smtp.refuse(3);
    const email = uniqueEmail('lost');
    await signUp(app, email);
    await expect
      .poll(async () => (await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email)))[0]?.status, {
        timeout: 5000,
      })
      .toBe('failed');
    // The error log entry is written just after the outbox row is marked failed: wait for it too.
    const mailErrors = () => database.db.select().from(errorLog).where(eq(errorLog.componentName, 'MailService'));
    await expect.poll(async () => (await mailErrors()).length).toBe(1);
    const entries = await mailErrors();
    const [outboxEntry] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
    expect(entries.map((entry) => entry.errorMessage)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^E-mail "Verify your e-mail address for TechHelp" \\(outbox entry ${outboxEntry?.id}\\) could not be delivered after 3 attempts: .*451`,
        ),
      ),
    ]);
    expect(entries[0]?.errorMessage).not.toContain(email);
    // Given up, its one-time link is not kept either.
    const [given] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
    expect(given).toMatchObject({ links: [], html: '' });
    expect(given?.text).not.toContain('oobCode');
  });

  it('keeps the whole of an e-mail without a one-time key once delivered', async () => {
    const before = smtp.received.length;
    const email = uniqueEmail('kept');
    await app.mail.send({
      to: email,
      subject: 'Your visit',
      text: 'See you Saturday',
      html: '<p>See you Saturday</p>',
      links: ['https://techhelp.test/home'],
    });
    await smtp.waitFor(before + 1);
    await expect
      .poll(async () => (await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email)))[0])
      .toMatchObject({ status: 'sent', text: 'See you Saturday', html: '<p>See you Saturday</p>', links: ['https://techhelp.test/home'] });
  });

  it('deletes the copies of e-mails and texts delivered more than SENT_MESSAGES_KEEP_DAYS ago, never one still to go', async () => {
    // The server purges at its start, then each hour.
    expect(await database.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'before-the-start@example.com'))).toEqual([]);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const address = uniqueEmail('old');
    const email = { toAddress: address, subject: 'Old', text: 'Old', html: '' };
    await database.db.insert(outboxEmails).values([
      { ...email, subject: 'sent long ago', status: 'sent', createdAt: daysAgo(31) },
      { ...email, subject: 'given up long ago', status: 'failed', createdAt: daysAgo(40) },
      { ...email, subject: 'sent lately', status: 'sent', createdAt: daysAgo(29) },
      // Still retrying (its next attempt far off, so this test's delivery loop leaves it alone).
      { ...email, subject: 'still to go', status: 'pending', createdAt: daysAgo(45), nextAttemptAt: daysAgo(-1) },
    ]);
    const text = { toNumber: '+16315550199', kind: 'reminder', body: 'Old' };
    await database.db.insert(outboxTexts).values([
      { ...text, body: 'sent long ago', status: 'sent', createdAt: daysAgo(31) },
      { ...text, body: 'skipped long ago', status: 'skipped', createdAt: daysAgo(31) },
      { ...text, body: 'sent lately', status: 'sent', createdAt: daysAgo(29) },
      { ...text, body: 'still to go', status: 'pending', createdAt: daysAgo(45), nextAttemptAt: daysAgo(-1) },
    ]);
    expect(await app.mail.purgeDelivered(30)).toBeGreaterThanOrEqual(2);
    expect(await app.texts.purgeDelivered(30)).toBeGreaterThanOrEqual(2);
    const subjects = await database.db
      .select({ subject: outboxEmails.subject })
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, address));
    expect(subjects.map((row) => row.subject).sort()).toEqual(['sent lately', 'still to go']);
    const bodies = await database.db.select({ body: outboxTexts.body }).from(outboxTexts).where(eq(outboxTexts.toNumber, '+16315550199'));
    expect(bodies.map((row) => row.body).sort()).toEqual(['sent lately', 'still to go']);
  });

  it('without SMTP in production (MAIL_DISABLED) stores no one-time key at all, and the rest of an e-mail whole', async () => {
    const mail = new MailService(database.db, { smtpUrl: undefined, from: 'x@techhelp.test', devMailbox: false }, app.log, async () => {});
    const [keyed, plain] = [uniqueEmail('keyed'), uniqueEmail('plain')];
    const link = 'https://techhelp.test/usermgmt?mode=resetPassword&oobCode=SECRET-CODE';
    await mail.enqueueAll([
      { to: keyed, subject: 'Reset', text: `Reset: ${link}`, html: `<a href="${link}">Reset</a>`, links: [link], carriesKey: true },
      { to: plain, subject: 'Visit', text: 'See you Saturday', html: '<p>See you Saturday</p>', links: [] },
    ]);
    const rows = await database.db
      .select()
      .from(outboxEmails)
      .where(inArray(outboxEmails.toAddress, [keyed, plain]));
    expect(JSON.stringify(rows)).not.toContain('SECRET-CODE');
    expect(rows.find((row) => row.toAddress === keyed)).toMatchObject({ subject: 'Reset', links: [], html: '', status: 'sent' });
    expect(rows.find((row) => row.toAddress === plain)).toMatchObject({ text: 'See you Saturday', html: '<p>See you Saturday</p>' });
  });
});
