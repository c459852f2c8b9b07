import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointments, outboxTexts, textConsents } from '../../src/server/db/schema.ts';
import { BUSINESS_TIME_ZONE } from '../../src/shared/business.ts';
import { slotInstant } from '../../src/shared/business-time.ts';
import { PASSWORD, PROFILE } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';
import { startTwilioStandIn, twilioSignature } from '../support/twilio-stand-in.ts';

const SID = `AC${'0'.repeat(31)}2`;
const TOKEN = 'twilio-auth-token-for-consent-tests';
const FROM = '+16315550198';
const WEBHOOK = 'http://localhost:3000/api/texts/inbound';
const CODE = /(?:your code is|su código es) (\d{6})\./;

/** An instant on New York's wall clock (month 1 to 12). */
const newYork = (year: number, month: number, day: number, hours: number, minutes = 0) =>
  new Date(new TZDate(year, month - 1, day, hours, minutes, BUSINESS_TIME_ZONE).getTime());

/**
 * Consent before texts (decision 031), through Twilio's SDK against the stand-in of its REST API: a number gets its
 * six-digit code and nothing else until the customer types it back; codes within limits per account and per
 * number; a number another account confirmed is not texted for a second one, whose data and deletion never touch
 * the first one's texts; every opt-out phrasing ends texts at once; the pay link waits for 8 a.m. New York.
 */
describe('consent to texts', () => {
  let subject: TestApp;
  let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
  let admin: { cookie: string; id: string; email: string };
  const nextSlot = slotSequence(upcomingWeekendDays(6, 3));
  let lastLine = 2000;
  /** The texts' clock (quiet hours and the codes' 15 minutes): the real one unless a test fixes it. */
  let textClock: Date | undefined;

  beforeAll(async () => {
    twilio = await startTwilioStandIn(SID, TOKEN);
    subject = await createTestApp(
      { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM, TWILIO_API_URL: twilio.url },
      // Retries after 20 ms and 40 ms; no delivery timer (each test delivers itself).
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
  const db = () => subject.database.db;
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
  const codesTo = (number: string) => textsTo(number).filter((text) => CODE.test(text.body));
  const lastCodeTo = (number: string) => CODE.exec(codesTo(number).at(-1)?.body ?? '')?.[1] ?? 'no code';
  /** A fresh number: 631-555-NNNN as typed, and its E.164 form. */
  const newNumber = () => {
    const line = String(++lastLine).padStart(4, '0');
    return { typed: `631-555-${line}`, e164: `+1631555${line}` };
  };
  const saveProfile = (cookie: string, phoneNumber: string, wantsTexts = true) =>
    app().inject({ method: 'PUT', url: '/api/account/profile', headers: { cookie }, payload: { ...PROFILE, phoneNumber, wantsTexts } });
  const confirm = (cookie: string, code: string) =>
    app().inject({ method: 'POST', url: '/api/account/texts/confirm', headers: { cookie }, payload: { code } });
  const askCode = (cookie: string) => app().inject({ method: 'POST', url: '/api/account/texts/code', headers: { cookie } });
  const profileOf = async (cookie: string) => (await app().inject({ url: '/api/account/me', headers: { cookie } })).json().profile;
  const outboxOf = (userId: string) => db().select().from(outboxTexts).where(eq(outboxTexts.aboutUserId, userId));

  /** A customer who asked for texts at a number of their own: confirmed with its code unless `confirmed` is false. */
  async function customer(prefix: string, { confirmed = true } = {}) {
    const person = await bookingCustomer(app(), prefix);
    const number = newNumber();
    const saved = await saveProfile(person.cookie, number.typed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ wantsTexts: true, textsConfirmed: false, textsCode: 'sent' });
    const texted = { ...person, e164: number.e164 };
    if (confirmed) {
      await deliver();
      const answer = await confirm(person.cookie, lastCodeTo(number.e164));
      expect(answer.statusCode, answer.body).toBe(200);
      await deliver();
    }
    return texted;
  }

  const inbound = (from: string, body: string) => {
    const params = { MessageSid: `SM${randomUUID().replace(/-/g, '')}`, AccountSid: SID, To: FROM, From: from, Body: body };
    return app().inject({
      method: 'POST',
      url: '/api/texts/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(TOKEN, WEBHOOK, params) },
      payload: new URLSearchParams(params).toString(),
    });
  };

  it('texts one account at most 3 codes an hour, whatever numbers it types, and nothing else to them', async () => {
    const mallory = await bookingCustomer(app(), 'consent-many');
    const numbers = Array.from({ length: 15 }, newNumber);
    const outcomes: string[] = [];
    for (const number of numbers) {
      const saved = await saveProfile(mallory.cookie, number.typed);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ wantsTexts: true, textsConfirmed: false });
      outcomes.push(saved.json().textsCode);
    }
    expect(outcomes).toEqual([...Array(3).fill('sent'), ...Array(12).fill('limited')]);
    await deliver();
    const texted = twilio.attempts.filter((text) => numbers.some((number) => number.e164 === text.to));
    expect(texted).toHaveLength(3);
    expect(texted.every((text) => CODE.test(text.body))).toBe(true);
    expect((await outboxOf(mallory.id)).map((text) => text.kind)).toEqual(['code', 'code', 'code']);
    // Asking for one more by hand is refused as well.
    const more = await askCode(mallory.cookie);
    expect(more.statusCode).toBe(429);
    expect(more.json().error.code).toBe('TOO_MANY_CODES');
  });

  it('texts one number at most 3 codes an hour, whatever accounts type it', async () => {
    const number = newNumber();
    const outcomes: string[] = [];
    for (let account = 0; account < 4; account++) {
      const person = await bookingCustomer(app(), `consent-number-${account}`);
      outcomes.push((await saveProfile(person.cookie, number.typed)).json().textsCode);
    }
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'limited']);
    await deliver();
    expect(twilio.attempts.filter((text) => text.to === number.e164)).toHaveLength(3);
  });

  it('sends no booking confirmation, reminder or "on my way" to a number not confirmed', async () => {
    const nina = await customer('consent-unconfirmed', { confirmed: false });
    const { date, slot } = nextSlot();
    expect((await book(app(), nina.cookie, date, slot)).statusCode).toBe(201);
    const startsAt = slotInstant('2099-06-07', '08:00am');
    await db()
      .insert(appointments)
      .values({ id: `20990607-${randomUUID()}`, userId: nina.id, startsAt, slotLabel: '08:00am' });
    await app().appointments.sendDueReminders(new Date(startsAt.getTime() - 20 * 3_600_000));
    const today = `20991229-${randomUUID()}`;
    await db().insert(appointments).values({ id: today, userId: nina.id, startsAt: new Date(), slotLabel: '08:00am' });
    const onMyWay = await app().inject({
      method: 'POST',
      url: `/api/admin/appointments/${today}/on-my-way`,
      headers: { cookie: admin.cookie },
      payload: { minutes: 30 },
    });
    // "On my way" goes by e-mail alone (issue 39): no text to a number not confirmed.
    expect(onMyWay.statusCode).toBe(200);
    expect(onMyWay.json()).toMatchObject({ texted: false, emailed: true });
    await deliver();
    expect(twilio.attempts.filter((text) => text.to === nina.e164).map((text) => CODE.test(text.body))).toEqual([true]);
    expect((await outboxOf(nina.id)).map((text) => text.kind)).toEqual(['code']);
    expect(await profileOf(nina.cookie)).toMatchObject({ wantsTexts: true, textsConfirmed: false });
  });

  it('refuses a wrong code, ends the code after 5 wrong tries or 15 minutes, and keeps the consent a new code confirms', async () => {
    const rosa = await bookingCustomer(app(), 'consent-code');
    await app().inject({ method: 'PUT', url: '/api/account/locale', headers: { cookie: rosa.cookie }, payload: { locale: 'es' } });
    const number = newNumber();
    expect((await saveProfile(rosa.cookie, number.typed)).json().textsCode).toBe('sent');
    await deliver();
    const first = lastCodeTo(number.e164);
    expect(codesTo(number.e164).at(-1)?.body).toMatch(/^TechHelp: su código es \d{6}\. /);
    // Twilio has it: the outbox keeps the text without its digits.
    const [stored] = await outboxOf(rosa.id);
    expect(stored).toMatchObject({ kind: 'code', status: 'sent' });
    expect(stored?.body).not.toContain(first);
    expect(stored?.body).not.toMatch(/\d{6}/);

    const wrong = first === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      const refused = await confirm(rosa.cookie, wrong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('WRONG_CODE');
    }
    // After 5 wrong tries even the right code is no use: a new one must be asked for.
    const expired = await confirm(rosa.cookie, first);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('CODE_EXPIRED');
    expect(await profileOf(rosa.cookie)).toMatchObject({ textsConfirmed: false });

    // A new code, typed 16 minutes later: too late.
    expect((await askCode(rosa.cookie)).statusCode).toBe(200);
    await deliver();
    const second = lastCodeTo(number.e164);
    textClock = new Date(Date.now() + 16 * 60_000);
    expect((await confirm(rosa.cookie, second)).json().error.code).toBe('CODE_EXPIRED');
    textClock = undefined;

    // A third, typed in time: confirmed, the consent kept with the words in Spanish, then the welcome text.
    expect((await askCode(rosa.cookie)).statusCode).toBe(200);
    await deliver();
    const third = lastCodeTo(number.e164);
    expect(codesTo(number.e164)).toHaveLength(3);
    const confirmed = await confirm(rosa.cookie, third);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await profileOf(rosa.cookie)).toMatchObject({ wantsTexts: true, textsConfirmed: true });
    const consents = await db().select().from(textConsents).where(eq(textConsents.userId, rosa.id));
    expect(consents).toEqual([expect.objectContaining({ phoneNumber: number.e164, locale: 'es', confirmedAt: expect.any(Date) })]);
    expect(consents[0]?.wording).toMatch(/^Envíenme mensajes de texto sobre mis visitas/);
    expect(consents[0]?.wording).toContain('STOP');
    await deliver();
    expect(textsTo(number.e164)).toHaveLength(4);
    expect(textsTo(number.e164).at(-1)?.body).not.toMatch(CODE);
    // Nothing more to confirm.
    expect((await askCode(rosa.cookie)).json().error.code).toBe('NOTHING_TO_CONFIRM');
    // Changing the number un-confirms it (no code for it: the fourth this hour); turning texts off too.
    const other = newNumber();
    expect((await saveProfile(rosa.cookie, other.typed)).json()).toMatchObject({ textsConfirmed: false, textsCode: 'limited' });
    expect((await saveProfile(rosa.cookie, number.typed)).json()).toMatchObject({ textsConfirmed: false, textsCode: 'limited' });
    expect(await profileOf(rosa.cookie)).toMatchObject({ wantsTexts: true, textsConfirmed: false });
    const off = await saveProfile(rosa.cookie, number.typed, false);
    expect(off.json()).toMatchObject({ wantsTexts: false, textsConfirmed: false });
    expect(off.json().textsCode).toBeUndefined();
  });

  it('never shows a code back: not in the data download, and not kept once Twilio refused it or it waits to go', async () => {
    const mallory = await bookingCustomer(app(), 'consent-code-shown');
    const number = newNumber();
    // Twilio refuses the code (a landline, say): the text is given up.
    twilio.queue.push({ kind: 'error', status: 400, code: 21614, message: "'To' number is not a valid mobile number" });
    expect((await saveProfile(mallory.cookie, number.typed)).json().textsCode).toBe('sent');
    await deliver();
    const [refused] = await outboxOf(mallory.id);
    expect(refused).toMatchObject({ kind: 'code', status: 'failed' });
    expect(refused?.body).not.toMatch(/\d{6}/);

    // A new code still waiting to go (Twilio hangs up) keeps its digits for the delivery, but the download hides them.
    // The texts' clock stands an hour ahead meanwhile, so its retry (due 20 ms after that clock) is not due by the
    // database's time before the outbox is read (on a slow machine a retry due 20 ms after real time came first, and
    // the code went out).
    textClock = new Date(Date.now() + 3_600_000);
    twilio.queue.push({ kind: 'hang-up' });
    expect((await askCode(mallory.cookie)).statusCode).toBe(200);
    await deliver();
    const waiting = (await outboxOf(mallory.id)).find((text) => text.status === 'pending');
    textClock = undefined;
    const code = /\b(\d{6})\b/.exec(waiting?.body ?? '')?.[1];
    expect(code).toBeDefined();
    const data = (await app().inject({ url: '/api/account/export', headers: { cookie: mallory.cookie } })).json();
    const shown = JSON.stringify(data.messages.texts);
    expect(data.messages.texts.map((text: { text: string }) => text.text)).toHaveLength(2);
    expect(shown).not.toMatch(/code is \d/);
    expect(shown).toContain('your code is ······.');
    expect(shown).not.toContain(code);
  });

  it("sends no code to a number another account confirmed, and never shows or deletes that account's texts", async () => {
    const alice = await customer('consent-alice');
    // A text of Alice's still waiting to go: its first try finds no answer.
    twilio.queue.push({ kind: 'hang-up' });
    const { date, slot } = nextSlot();
    expect((await book(app(), alice.cookie, date, slot)).statusCode).toBe(201);
    await app().texts.whenIdle();
    const before = await outboxOf(alice.id);
    expect(before.map((text) => text.status).sort()).toEqual(['pending', 'sent', 'sent']);
    const textedBefore = twilio.attempts.filter((text) => text.to === alice.e164).length;

    const bob = await bookingCustomer(app(), 'consent-bob');
    const typed = `${alice.e164.slice(2, 5)}-${alice.e164.slice(5, 8)}-${alice.e164.slice(8)}`;
    const saved = await saveProfile(bob.cookie, typed);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ wantsTexts: true, textsConfirmed: false, textsCode: 'taken' });
    const again = await askCode(bob.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('NUMBER_TAKEN');
    await app().texts.whenIdle();
    expect(twilio.attempts.filter((text) => text.to === alice.e164)).toHaveLength(textedBefore);

    // Bob's data download holds none of Alice's texts.
    const data = (await app().inject({ url: '/api/account/export', headers: { cookie: bob.cookie } })).json();
    expect(data.messages.texts).toEqual([]);
    expect(data.textConsents).toEqual([]);

    // Deleting Bob's account leaves every text of Alice's, the one still waiting included, which then goes.
    const deleted = await app().inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { cookie: bob.cookie },
      payload: { confirmation: PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await app().privacy.forgetDeliveredAfterDeletion(30);
    const after = await outboxOf(alice.id);
    expect(after.map((text) => text.id).sort()).toEqual(before.map((text) => text.id).sort());
    await deliver();
    expect(textsTo(alice.e164).filter((text) => text.body.includes('is booked'))).toHaveLength(1);
    const aliceData = (await app().inject({ url: '/api/account/export', headers: { cookie: alice.cookie } })).json();
    expect(aliceData.messages.texts).toHaveLength(3);
    expect(aliceData.textConsents).toEqual([expect.objectContaining({ phoneNumber: alice.e164 })]);
  });

  describe('ends texts at once for any opt-out phrasing', () => {
    const STOPS = [
      'STOP',
      'stop.',
      'Stop!',
      'STOPALL',
      'unsubscribe',
      'Cancel',
      'END',
      'quit',
      'Revoke',
      'opt out',
      'OPTOUT',
      'PARAR',
      'alto',
      'Baja',
      'stop texting me',
      'Please stop',
      'unsubscribe me',
      'No more texts please',
      "Don't text me",
      'Dejen de escribirme',
      'No más mensajes',
    ];
    it.each(STOPS)('"%s"', async (words) => {
      const person = await customer('consent-stop');
      // A text waiting for its retry when the reply comes: it is not sent.
      twilio.queue.push({ kind: 'hang-up' });
      const { date, slot } = nextSlot();
      expect((await book(app(), person.cookie, date, slot)).statusCode).toBe(201);
      await app().texts.whenIdle();
      const answer = await inbound(person.e164, words);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      await deliver(2);
      expect(textsTo(person.e164).filter((text) => text.body.includes('is booked'))).toEqual([]);
      expect((await outboxOf(person.id)).find((text) => text.kind === 'confirmation')).toMatchObject({ status: 'skipped' });
      expect(await profileOf(person.cookie)).toMatchObject({ textsStopped: true });
    });

    it('but not for a question or a thank-you, which are answered with who we are', async () => {
      const person = await customer('consent-not-stop');
      for (const words of ['Thanks!', 'yes', 'HELP', 'I need to cancel my visit', 'Can you come earlier?']) {
        const answer = await inbound(person.e164, words);
        expect(answer.statusCode).toBe(200);
        if (words !== 'yes') expect(answer.body).toContain('<Message>TechHelp visit texts.');
        expect(await profileOf(person.cookie), words).toMatchObject({ textsStopped: false });
      }
    });
  });

  it('holds the pay link between 9 p.m. and 8 a.m. New York, and sends it in the morning', async () => {
    const paula = await customer('consent-quiet');
    const { date, slot } = nextSlot();
    const appointment = (await book(app(), paula.cookie, date, slot)).json().id as string;
    await deliver();
    // 10 p.m. in New York: the job is completed, its pay link waits.
    textClock = newYork(2025, 1, 14, 22);
    const done = await app().inject({
      method: 'PATCH',
      url: `/api/admin/appointments/${appointment}`,
      headers: { cookie: admin.cookie },
      payload: { isCompleted: true, amount: '75' },
    });
    expect(done.statusCode, done.body).toBe(200);
    await deliver();
    const payLinks = () => textsTo(paula.e164).filter((text) => text.body.includes('Pay online'));
    expect(payLinks()).toEqual([]);
    const [held] = (await outboxOf(paula.id)).filter((text) => text.kind === 'pay-link');
    expect(held).toMatchObject({ status: 'pending', attempts: 0 });
    expect(held?.nextAttemptAt.toISOString()).toBe(newYork(2025, 1, 15, 8).toISOString());
    // Still before 8 a.m.: it waits.
    textClock = newYork(2025, 1, 15, 7, 59);
    await deliver();
    expect(payLinks()).toEqual([]);
    // 2 p.m.: it goes.
    textClock = newYork(2025, 1, 15, 14);
    await deliver();
    expect(payLinks()).toHaveLength(1);
    expect((await outboxOf(paula.id)).find((text) => text.kind === 'pay-link')).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends the texts about a visit already booked at any hour', async () => {
    const quinn = await customer('consent-night');
    textClock = newYork(2025, 1, 14, 23, 30);
    const { date, slot } = nextSlot();
    expect((await book(app(), quinn.cookie, date, slot)).statusCode).toBe(201);
    await deliver();
    expect(textsTo(quinn.e164).filter((text) => text.body.includes('is booked'))).toHaveLength(1);
  });
});
