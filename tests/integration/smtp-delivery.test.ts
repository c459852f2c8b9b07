import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { errorLog, outboxEmails } from '../../src/server/db/schema.ts';
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
  });
});
