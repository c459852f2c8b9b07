import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointments, errorLog, outboxTexts, user } from '../../src/server/db/schema.ts';
import { BUSINESS_TIME_ZONE } from '../../src/shared/business.ts';
import { slotInstant } from '../../src/shared/business-time.ts';
import { cookieFrom, login, mailbox, PROFILE, signUp, uniqueEmail } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';
import { startTwilioStandIn, twilioSignature } from '../support/twilio-stand-in.ts';

const SID = `AC${'0'.repeat(31)}1`;
const TOKEN = 'twilio-auth-token-for-tests';
const FROM = '+16315550199';
const WEBHOOK = 'http://localhost:3000/api/texts/inbound';

/**
 * Texts for those who ask (issue 18), through Twilio's official SDK against a stand-in of Twilio's REST API on
 * 127.0.0.1: the opt-in and its confirmation, the booking confirmation, the day-before reminder, "on my way" and the
 * pay link; STOP and START through the signed webhook (a forged signature refused); a 5xx retried, a refusal
 * logged without the number or the words, and nothing a customer does waits on a text.
 */
describe('text messages through Twilio', () => {
  let subject: TestApp;
  let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
  let admin: { cookie: string; id: string; email: string };
  const nextSlot = slotSequence(upcomingWeekendDays(4, 3));
  let lastLine = 1000;
  /** The texts' clock (quiet hours): the real one unless a test fixes it. */
  let textClock: Date | undefined;

  beforeAll(async () => {
    twilio = await startTwilioStandIn(SID, TOKEN);
    subject = await createTestApp(
      { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM, TWILIO_API_URL: twilio.url },
      // Retries after 20 ms and 40 ms, then the text is given up; no delivery timer (each test delivers itself).
      { texts: { retryDelaysMs: [20, 40], pollIntervalMs: 3_600_000, timeoutMs: 2000, now: () => textClock ?? new Date() } },
    );
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(async () => {
    await subject?.close();
    await twilio?.close();
  });
  beforeEach(() => {
    twilio.queue.length = 0;
    textClock = undefined;
  });

  const app = () => subject.app;
  /** Every due text delivered (retries included, whose short delays are waited out). */
  const deliver = async (rounds = 1) => {
    for (let round = 0; round < rounds; round++) {
      // A pass the app started itself (after each change) first, then one of our own.
      await app().texts.whenIdle();
      await app().texts.deliverDue();
      await app().texts.whenIdle();
      if (round < rounds - 1) await new Promise((resolve) => setTimeout(resolve, 60));
    }
  };
  const textsTo = (number: string) => twilio.texts.filter((text) => text.to === number);
  /** The six digits of the last code texted to the number (decision 031). */
  const lastCodeTo = (number: string) => {
    const code = textsTo(number)
      .map((text) => /your code is (\d{6})\./.exec(text.body)?.[1])
      .filter((digits) => digits !== undefined)
      .at(-1);
    expect(code, `a code texted to ${number}`).toMatch(/^\d{6}$/);
    return code ?? '';
  };

  /** The customer types the code texted to their number: texts go to it from then on, the welcome text first. */
  async function confirmNumber(person: { cookie: string; e164: string }) {
    await deliver();
    const confirmed = await app().inject({
      method: 'POST',
      url: '/api/account/texts/confirm',
      headers: { cookie: person.cookie },
      payload: { code: lastCodeTo(person.e164) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await deliver();
  }

  /**
   * A customer with a phone number of their own, who asked for texts (or not); one who asked has confirmed the
   * number with the code texted to it, and has had the welcome text, unless `confirm` is false.
   */
  async function customer(prefix: string, wantsTexts: boolean, { confirm = true } = {}) {
    const person = await bookingCustomer(app(), prefix);
    const line = String(++lastLine).padStart(4, '0');
    const phoneNumber = `631-555-${line}`;
    const saved = await app().inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { cookie: person.cookie },
      payload: { ...PROFILE, phoneNumber, wantsTexts },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ wantsTexts, textsStopped: false, textsConfirmed: false });
    expect(saved.json().textsCode).toBe(wantsTexts ? 'sent' : undefined);
    const texted = { ...person, e164: `+1631555${line}` };
    if (wantsTexts && confirm) await confirmNumber(texted);
    return texted;
  }

  const inbound = (params: Record<string, string>, signature = twilioSignature(TOKEN, WEBHOOK, params)) =>
    app().inject({
      method: 'POST',
      url: '/api/texts/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      payload: new URLSearchParams(params).toString(),
    });
  const reply = (params: Record<string, string>) => ({
    MessageSid: `SM${randomUUID().replace(/-/g, '')}`,
    AccountSid: SID,
    To: FROM,
    ...params,
  });

  it("confirms a new opt-in by text, with what carriers require, and sends the booking confirmation in the customer's language", async () => {
    const mary = await customer('texts-optin', true, { confirm: false });
    await deliver();
    // Only the code goes before the customer types it back (decision 031); the welcome comes after.
    const [code] = textsTo(mary.e164);
    expect(textsTo(mary.e164)).toHaveLength(1);
    expect(code).toMatchObject({ accountSid: SID, from: FROM });
    expect(code?.body).toMatch(/^TechHelp: your code is \d{6}\. Enter it on your account page /);
    await confirmNumber(mary);
    const welcome = textsTo(mary.e164)[1];
    expect(textsTo(mary.e164)).toHaveLength(2);
    expect(welcome).toMatchObject({ accountSid: SID, from: FROM });
    expect(welcome?.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(welcome?.body).toMatch(/^TechHelp: /);
    expect(welcome?.body).toContain('Reply HELP for help, STOP to stop');
    expect(welcome?.body).toContain('Msg & data rates may apply');

    // Saving the same answer again sends no second welcome, and no new code: the number stays confirmed.
    const again = await app().inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { cookie: mary.cookie },
      payload: { ...PROFILE, phoneNumber: `${mary.e164.slice(2, 5)}-${mary.e164.slice(5, 8)}-${mary.e164.slice(8)}`, wantsTexts: true },
    });
    expect(again.json()).toMatchObject({ wantsTexts: true, textsConfirmed: true });
    expect(again.json().textsCode).toBeUndefined();
    await deliver();
    expect(textsTo(mary.e164)).toHaveLength(2);

    const { date, slot } = nextSlot();
    const booked = await book(app(), mary.cookie, date, slot);
    expect(booked.statusCode).toBe(201);
    await deliver();
    const confirmation = textsTo(mary.e164)[2];
    expect(confirmation?.body).toMatch(
      /^TechHelp: your visit is booked for .+\. To change it, call \(631\) 555-0142\. Reply STOP to stop texts\.$/,
    );

    // In Spanish for a customer whose language is Spanish.
    const ana = await customer('texts-spanish', true);
    await app().inject({ method: 'PUT', url: '/api/account/locale', headers: { cookie: ana.cookie }, payload: { locale: 'es' } });
    const next = nextSlot();
    expect((await book(app(), ana.cookie, next.date, next.slot, true)).statusCode).toBe(201);
    await deliver();
    expect(textsTo(ana.e164).at(-1)?.body).toMatch(/^TechHelp: su visita a distancia está programada para /);
    // A Spanish time ends in "a. m." or "p. m.": no sentence's full stop follows it ("p. m.. Para cambiarla").
    expect(textsTo(ana.e164).at(-1)?.body).toMatch(/ [ap]\.\s?m\.; para cambiarla, llame al /);
  });

  it('texts nobody who did not tick the box, and the box is never ticked for them', async () => {
    const quiet = await customer('texts-none', false);
    const { date, slot } = nextSlot();
    expect((await book(app(), quiet.cookie, date, slot)).statusCode).toBe(201);
    await deliver();
    expect(twilio.attempts.filter((text) => text.to === quiet.e164)).toEqual([]);
    const me = await app().inject({ url: '/api/account/me', headers: { cookie: quiet.cookie } });
    expect(me.json()).toMatchObject({ textsAvailable: true, profile: { wantsTexts: false } });
  });

  it('retries a text Twilio answered with a 5xx, and never makes the booking wait or fail', async () => {
    const bob = await customer('texts-retry', true);
    await deliver();
    twilio.queue.push({ kind: 'error', status: 503, code: 20503, message: 'Service unavailable' }, { kind: 'hang-up' });
    const { date, slot } = nextSlot();
    const booked = await book(app(), bob.cookie, date, slot);
    expect(booked.statusCode).toBe(201);
    await deliver(3);
    const tries = twilio.attempts.filter((text) => text.to === bob.e164 && text.body.includes('is booked'));
    expect(tries).toHaveLength(3);
    expect(textsTo(bob.e164).filter((text) => text.body.includes('is booked'))).toHaveLength(1);
    const [row] = await subject.database.db
      .select()
      .from(outboxTexts)
      .where(eq(outboxTexts.kind, 'confirmation'))
      .then((rows) => rows.filter((text) => text.toNumber === bob.e164));
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(row?.providerId).toMatch(/^SM/);
  });

  it('logs a text that keeps failing, without the number or the words, and gives up', async () => {
    const carol = await customer('texts-fail', true);
    await deliver();
    twilio.queue.push(
      ...Array.from({ length: 3 }, () => ({ kind: 'error' as const, status: 500, code: 20500, message: 'Internal Server Error' })),
    );
    const { date, slot } = nextSlot();
    expect((await book(app(), carol.cookie, date, slot)).statusCode).toBe(201);
    await deliver(3);
    const rows = (await subject.database.db.select().from(outboxTexts)).filter(
      (text) => text.toNumber === carol.e164 && text.kind === 'confirmation',
    );
    expect(rows).toMatchObject([{ status: 'failed', attempts: 3 }]);
    const logged = (await subject.database.db.select().from(errorLog)).filter((entry) =>
      entry.errorMessage.includes(rows[0]?.id ?? 'none'),
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]?.errorMessage).toMatch(
      /^Text "confirmation" \(outbox entry .+\) could not be delivered after 3 attempts: Twilio answered 500/,
    );
    expect(logged[0]?.errorMessage).not.toContain(carol.e164.slice(2));
    expect(logged[0]?.errorMessage).not.toContain('booked');

    // A refusal (4xx) is not retried: logged at once.
    twilio.queue.push({ kind: 'error', status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });
    const next = nextSlot();
    expect((await book(app(), carol.cookie, next.date, next.slot)).statusCode).toBe(201);
    await deliver(2);
    const refused = (await subject.database.db.select().from(outboxTexts)).filter(
      (text) => text.toNumber === carol.e164 && text.kind === 'confirmation' && text.status === 'failed' && text.attempts === 1,
    );
    expect(refused).toHaveLength(1);
  });

  it('refuses a webhook whose signature is forged or missing, and changes nothing', async () => {
    const dave = await customer('texts-forged', true);
    const params = reply({ From: dave.e164, Body: 'STOP' });
    const forged = await inbound(params, twilioSignature('not-the-token', WEBHOOK, params));
    expect(forged.statusCode).toBe(403);
    const tampered = await inbound({ ...params, From: '+16315550000' }, twilioSignature(TOKEN, WEBHOOK, params));
    expect(tampered.statusCode).toBe(403);
    const unsigned = await app().inject({
      method: 'POST',
      url: '/api/texts/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    const me = await app().inject({ url: '/api/account/me', headers: { cookie: dave.cookie } });
    expect(me.json().profile.textsStopped).toBe(false);
  });

  it('honours STOP at once (texts already waiting included) and START again, and answers HELP', async () => {
    const erin = await customer('texts-stop', true);
    await deliver();
    // The confirmation's first try finds no answer, so it waits for its retry; STOP arrives meanwhile: it is not sent.
    twilio.queue.push({ kind: 'hang-up' });
    const { date, slot } = nextSlot();
    expect((await book(app(), erin.cookie, date, slot)).statusCode).toBe(201);
    await app().texts.whenIdle();
    const stopped = await inbound(reply({ From: erin.e164, Body: ' stop ' }));
    expect(stopped.statusCode).toBe(200);
    expect(stopped.headers['content-type']).toMatch(/^text\/xml/);
    expect(stopped.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    await deliver(2);
    expect(textsTo(erin.e164).filter((text) => text.body.includes('is booked'))).toEqual([]);
    const me = await app().inject({ url: '/api/account/me', headers: { cookie: erin.cookie } });
    expect(me.json().profile).toMatchObject({ wantsTexts: true, textsStopped: true });
    // Nothing more is even stored for the number.
    const next = nextSlot();
    expect((await book(app(), erin.cookie, next.date, next.slot)).statusCode).toBe(201);
    const stored = (await subject.database.db.select().from(outboxTexts)).filter(
      (text) => text.toNumber === erin.e164 && text.kind === 'confirmation',
    );
    expect(stored.map((text) => text.status)).toEqual(['skipped']);

    const help = await inbound(reply({ From: erin.e164, Body: 'HELP' }));
    expect(help.body).toContain('<Message>TechHelp visit texts. Help: call (631) 555-0142');

    expect((await inbound(reply({ From: erin.e164, Body: 'START' }))).statusCode).toBe(200);
    const again = nextSlot();
    expect((await book(app(), erin.cookie, again.date, again.slot)).statusCode).toBe(201);
    await deliver();
    expect(textsTo(erin.e164).filter((text) => text.body.includes('is booked'))).toHaveLength(1);
  });

  it('takes Twilio\'s own "unsubscribed" refusal (21610) as a STOP', async () => {
    // customer() has delivered the code and the welcome text; the refusal meets the booking's confirmation.
    const fay = await customer('texts-21610', true);
    twilio.queue.push({ kind: 'error', status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' });
    const { date, slot } = nextSlot();
    expect((await book(app(), fay.cookie, date, slot)).statusCode).toBe(201);
    await deliver();
    expect(textsTo(fay.e164).filter((text) => text.body.includes('is booked'))).toEqual([]);
    const me = await app().inject({ url: '/api/account/me', headers: { cookie: fay.cookie } });
    expect(me.json().profile.textsStopped).toBe(true);
  });

  it('texts the reminder the day before, and the pay link when the job is complete', async () => {
    const gus = await customer('texts-reminder', true);
    // Sunday 7 June 2099 at 08:00am, reminded on the Saturday at noon (the reminder pass's clock).
    const startsAt = slotInstant('2099-06-07', '08:00am');
    await subject.database.db
      .insert(appointments)
      .values({ id: `20990607-${randomUUID()}`, userId: gus.id, startsAt, slotLabel: '08:00am' });
    await app().appointments.sendDueReminders(new Date(startsAt.getTime() - 20 * 3_600_000));
    await deliver();
    expect(textsTo(gus.e164).at(-1)?.body).toMatch(
      /^TechHelp: a reminder of your visit tomorrow, .+\. Cannot make it\? Call \(631\) 555-0142\.$/,
    );
    // Sent late, on the visit's own day (the server was down in the morning): today, not tomorrow.
    const evening = slotInstant('2099-06-13', '06:30pm');
    await subject.database.db
      .insert(appointments)
      .values({ id: `20990613-${randomUUID()}`, userId: gus.id, startsAt: evening, slotLabel: '06:30pm' });
    await app().appointments.sendDueReminders(new Date(evening.getTime() - 6 * 3_600_000));
    await deliver();
    expect(textsTo(gus.e164).at(-1)?.body).toMatch(/^TechHelp: a reminder of your visit today, Saturday, June 13, 2099 at 06:30pm\. /);

    const { date, slot } = nextSlot();
    const appointment = (await book(app(), gus.cookie, date, slot)).json().id as string;
    // The pay link is held between 9 p.m. and 8 a.m. in New York: sent at 2 p.m. there, whenever the test runs.
    textClock = new TZDate(2026, 0, 15, 14, 0, BUSINESS_TIME_ZONE);
    const done = await app().inject({
      method: 'PATCH',
      url: `/api/admin/appointments/${appointment}`,
      headers: { cookie: admin.cookie },
      payload: { isCompleted: true, amount: '75' },
    });
    expect(done.statusCode).toBe(200);
    await deliver();
    expect(textsTo(gus.e164).at(-1)?.body).toBe(
      `TechHelp: your visit is complete: $75.00. Pay online: http://localhost:3000/makepayment?appointment=${appointment}`,
    );
  });

  it('texts the estimate with its total and link to a customer whose number is confirmed, and to nobody else', async () => {
    const ivy = await customer('texts-estimate', true);
    const quiet = await customer('texts-estimate-none', false);
    const unconfirmed = await customer('texts-estimate-unconfirmed', true, { confirm: false });
    await deliver();
    const before = twilio.attempts.length;
    // An estimate is held between 9 p.m. and 8 a.m. in New York: sent at 2 p.m. there, whenever the test runs.
    textClock = new TZDate(2026, 0, 15, 14, 0, BUSINESS_TIME_ZONE);
    const sendEstimate = async (person: { cookie: string }) => {
      const { date, slot } = nextSlot();
      const id = (await book(app(), person.cookie, date, slot)).json().id as string;
      const sent = await app().inject({
        method: 'POST',
        url: `/api/admin/appointments/${id}/estimate`,
        headers: { cookie: admin.cookie },
        // An hour of troubleshooting and a $100 part: $50 + $100 + $8.63 tax.
        payload: { kind: 'troubleshooting', minutes: 60, hardware: [{ description: 'Solid-state drive 500 GB', amount: '100' }] },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      return id;
    };
    const id = await sendEstimate(ivy);
    await sendEstimate(quiet);
    await sendEstimate(unconfirmed);
    await deliver();

    const estimateTexts = twilio.attempts.slice(before).filter((text) => text.body.includes('estimate'));
    expect(estimateTexts.map((text) => [text.to, text.body])).toEqual([
      [ivy.e164, `TechHelp: an estimate for your visit: $158.63. Approve or decline it: http://localhost:3000/estimate/${id}`],
    ]);
    // No text of any kind to the customer who did not ask, nor beyond the code to the one who has not confirmed.
    expect(twilio.attempts.filter((text) => text.to === quiet.e164)).toEqual([]);
    expect(twilio.attempts.filter((text) => text.to === unconfirmed.e164).map((text) => text.body)).toEqual([
      expect.stringMatching(/^TechHelp: your code is \d{6}\. /),
    ]);
    const stored = (await subject.database.db.select().from(outboxTexts)).filter((text) => text.kind === 'estimate');
    expect(stored.map((text) => text.toNumber)).toEqual([ivy.e164]);
  });

  it('"On my way": texts the customer of an in-person visit today, with a history entry; e-mails alone a customer without texts; refuses remote and other days', async () => {
    const hal = await customer('texts-onmyway', true);
    const quiet = await customer('texts-onmyway-none', false);
    const appointmentAt = (userId: string, startsAt: Date, isRemote = false) => {
      const id = `20991229-${randomUUID()}`;
      return subject.database.db
        .insert(appointments)
        .values({ id, userId, startsAt, slotLabel: '08:00am', isRemote })
        .then(() => id);
    };
    const now = Date.now();
    // Visits at this very moment (a millisecond apart): today in New York whenever the test runs.
    const today = await appointmentAt(hal.id, new Date(now));
    const onMyWay = (id: string, cookie = admin.cookie) =>
      app().inject({ method: 'POST', url: `/api/admin/appointments/${id}/on-my-way`, headers: { cookie }, payload: { minutes: 15 } });

    expect((await onMyWay(today, hal.cookie)).statusCode).toBe(403);
    const sent = await onMyWay(today);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ texted: true, emailed: true });
    await deliver();
    // The words in full are tests/integration/on-my-way.test.ts's.
    expect(textsTo(hal.e164).at(-1)?.body).toMatch(/^TechHelp: Your technician is on the way, arriving about \d{1,2}:\d{2}[ap]m\. /);
    const history = await app().inject({ url: `/api/admin/appointments/${today}/history`, headers: { cookie: admin.cookie } });
    expect(history.json().map((entry: { action: string }) => entry.action)).toContain('on-my-way');

    const remote = await appointmentAt(hal.id, new Date(now - 1), true);
    expect((await onMyWay(remote)).json().error.code).toBe('NOT_IN_PERSON');
    const later = await appointmentAt(hal.id, new Date(now + 3 * 86_400_000));
    expect((await onMyWay(later)).json().error.code).toBe('NOT_TODAY');
    const noTexts = await appointmentAt(quiet.id, new Date(now - 2));
    const mailed = await onMyWay(noTexts);
    expect(mailed.statusCode).toBe(200);
    expect(mailed.json()).toMatchObject({ texted: false, emailed: true });
    expect((await onMyWay('20991229-nothing')).statusCode).toBe(404);
  });

  it('keeps no e-mail from going: the customer still gets every e-mail whatever Twilio does', async () => {
    const ivy = await customer('texts-mail', true);
    twilio.queue.push(...Array.from({ length: 5 }, () => ({ kind: 'hang-up' as const })));
    const { date, slot } = nextSlot();
    expect((await book(app(), ivy.cookie, date, slot)).statusCode).toBe(201);
    expect((await mailbox(app(), ivy.email)).some((mail) => mail.subject.startsWith('Your TechHelp visit on '))).toBe(true);
  });
});

describe('texts without Twilio', () => {
  it('outside production: kept in the development outbox at /dev/sms, for this machine only', async () => {
    const subject = await createTestApp();
    try {
      const person = await bookingCustomer(subject.app, 'texts-dev');
      const saved = await subject.app.inject({
        method: 'PUT',
        url: '/api/account/profile',
        headers: { cookie: person.cookie },
        payload: { ...PROFILE, phoneNumber: '631-555-7777', wantsTexts: true },
      });
      expect(saved.json()).toMatchObject({ wantsTexts: true, textsConfirmed: false, textsCode: 'sent' });
      // The code is there to read (nothing is sent from the development outbox); the welcome comes once it is typed.
      const codes = await subject.app.inject({ url: '/dev/sms.json?to=%2B16315557777', remoteAddress: '127.0.0.1' });
      expect(codes.json()).toMatchObject([{ to: '+16315557777', kind: 'code', status: 'sent' }]);
      const code = /your code is (\d{6})\./.exec(codes.json()[0]?.body ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const confirmed = await subject.app.inject({
        method: 'POST',
        url: '/api/account/texts/confirm',
        headers: { cookie: person.cookie },
        payload: { code },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const outbox = await subject.app.inject({ url: '/dev/sms.json?to=%2B16315557777', remoteAddress: '127.0.0.1' });
      expect(outbox.statusCode).toBe(200);
      expect(outbox.json()).toMatchObject([
        { to: '+16315557777', kind: 'welcome', status: 'sent' },
        { to: '+16315557777', kind: 'code', status: 'sent' },
      ]);
      const page = await subject.app.inject({ url: '/dev/sms', remoteAddress: '127.0.0.1' });
      expect(page.body).toContain('Dev text outbox');
      expect((await subject.app.inject({ url: '/dev/sms.json', remoteAddress: '192.168.1.20' })).statusCode).toBe(404);
      // No webhook without Twilio's token to check signatures with.
      expect((await subject.app.inject({ method: 'POST', url: '/api/texts/inbound', payload: {} })).statusCode).toBe(404);
    } finally {
      await subject.close();
    }
  });

  it('in production: no texts at all, the opt-in is not offered and not saved, and there is no outbox', async () => {
    const subject = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://techhelp.example',
      MAIL_DISABLED: 'true',
      PAYMENTS_TEST_MODE: 'true',
    });
    try {
      // No mailbox in production: the address is marked verified as its link would.
      const email = uniqueEmail('texts-prod');
      expect((await signUp(subject.app, email)).statusCode).toBe(201);
      await subject.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
      await subject.app.notices.settle();
      const person = { cookie: cookieFrom(await login(subject.app, email)) };
      const saved = await subject.app.inject({
        method: 'PUT',
        url: '/api/account/profile',
        headers: { cookie: person.cookie },
        payload: { ...PROFILE, wantsTexts: true },
      });
      expect(saved.json().wantsTexts).toBe(false);
      const me = await subject.app.inject({ url: '/api/account/me', headers: { cookie: person.cookie } });
      expect(me.json().textsAvailable).toBe(false);
      expect((await subject.app.inject({ url: '/dev/sms.json', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
      expect(await subject.database.db.select().from(outboxTexts)).toEqual([]);
    } finally {
      await subject.close();
    }
  });
});
