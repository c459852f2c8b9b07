import { TZDate } from '@date-fns/tz';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointments, errorLog, profiles } from '../../src/server/db/schema.ts';
import { signCallToken } from '../../src/server/modules/voice/call-token.ts';
import { BUSINESS_TIME_ZONE } from '../../src/shared/business.ts';
import { formatAppointmentTime, slotInstant } from '../../src/shared/business-time.ts';
import { formatAppointmentTimeIn } from '../../src/shared/locale-format.ts';
import { me, PROFILE } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, dayBefore, slotSequence, upcomingWeekendDays } from '../support/appointments.ts';
import { startTwilioStandIn, twilioSignature } from '../support/twilio-stand-in.ts';

const SID = `AC${'0'.repeat(31)}7`;
const TOKEN = 'twilio-auth-token-for-call-tests';
const FROM = '+16315550199';
const VOICE_FROM = '+16315550177';
/** testConfig's AUTH_SECRET (tests/support/config.ts), which signs each call's answer address. */
const SECRET = 'test-secret-test-secret-test-secret-0123';
const PUBLIC = 'http://localhost:3000';

/** Noon (or another hour) in New York on the day before `date`. */
const dayBeforeAt = (date: string, hour: number, minute = 0) => {
  const [year, month, day] = dayBefore(date).split('-').map(Number);
  return new Date(new TZDate(year ?? 0, (month ?? 1) - 1, day ?? 1, hour, minute, BUSINESS_TIME_ZONE).getTime());
};

type Person = Awaited<ReturnType<typeof bookingCustomer>> & { e164: string };

/**
 * Reminder calls for landlines (issue 39, decision 040), against a stand-in of Twilio's REST API on 127.0.0.1: the
 * opt-in (refused to a customer who gets texts), the day-before pass (one call per visit, within the calling hours,
 * in the customer's language), the keys pressed during the call through the signed webhook, and a failed call.
 * Visits are at least 3 days ahead, so the app's own minute pass (real clock) never calls about them.
 */
describe('reminder calls through Twilio', () => {
  let subject: TestApp;
  let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
  let admin: { cookie: string };
  let lastLine = 2000;
  const nextSlot = slotSequence(upcomingWeekendDays(4, 3));

  beforeAll(async () => {
    twilio = await startTwilioStandIn(SID, TOKEN);
    subject = await createTestApp(
      {
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: TOKEN,
        TWILIO_FROM: FROM,
        TWILIO_API_URL: twilio.url,
        REMINDER_CALLS: 'true',
        TWILIO_VOICE_FROM: VOICE_FROM,
        SUPPORT_PHONE: '(631) 555-0142',
      },
      { texts: { pollIntervalMs: 3_600_000, timeoutMs: 2000 } },
    );
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(async () => {
    await subject?.close();
    await twilio?.close();
  });
  beforeEach(() => {
    twilio.callQueue.length = 0;
  });

  const app = () => subject.app;
  const calls = () => app().reminderCalls;
  const callsTo = (number: string) => twilio.calls.filter((call) => call.to === number);

  /** A customer with a number of their own, in English or Spanish. */
  async function customer(prefix: string, locale: 'en' | 'es' = 'en'): Promise<Person> {
    const person = await bookingCustomer(app(), prefix);
    const line = String(++lastLine).padStart(4, '0');
    const saved = await app().inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { cookie: person.cookie },
      payload: { ...PROFILE, phoneNumber: `631-555-${line}` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    if (locale === 'es') {
      const chosen = await app().inject({
        method: 'PUT',
        url: '/api/account/locale',
        headers: { cookie: person.cookie },
        payload: { locale },
      });
      expect(chosen.statusCode).toBe(200);
    }
    return { ...person, e164: `+1631555${line}` };
  }

  const choose = (person: { cookie: string }, wanted: boolean) =>
    app().inject({ method: 'PUT', url: '/api/account/reminder-calls', headers: { cookie: person.cookie }, payload: { wanted } });

  /** A visit booked a while ago (not today: a visit booked on the call's day has just had its confirmation). */
  async function visit(person: { cookie: string }, isRemote = false) {
    const { date, slot } = nextSlot();
    const booked = await book(app(), person.cookie, date, slot, isRemote);
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as string;
    const startsAt = slotInstant(date, slot as Parameters<typeof slotInstant>[1]);
    await subject.database.db
      .update(appointments)
      .set({ createdAt: new Date(startsAt.getTime() - 5 * 24 * 3_600_000) })
      .where(eq(appointments.id, id));
    return { id, date, startsAt };
  }

  /** The answer address of a call (its Gather's action) and its path. */
  const actionOf = (twiml: string) => {
    const action = /<Gather [^>]*action="([^"]+)"/.exec(twiml)?.[1] ?? '';
    expect(action.startsWith(`${PUBLIC}/api/voice/reminder/`)).toBe(true);
    return action;
  };
  /** A key as Twilio posts it: signed, or with the signature given, or (null) with none at all. */
  const press = (action: string, digits: string, signature?: string | null) => {
    const params = { AccountSid: SID, CallSid: `CA${'1'.repeat(32)}`, Digits: digits, From: VOICE_FROM, To: '+16315550000' };
    return app().inject({
      method: 'POST',
      url: action.slice(PUBLIC.length),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature === null ? {} : { 'x-twilio-signature': signature ?? twilioSignature(TOKEN, action, params) }),
      },
      payload: new URLSearchParams(params).toString(),
    });
  };
  const historyOf = async (id: string) => {
    const response = await app().inject({ method: 'GET', url: `/api/admin/appointments/${id}/history`, headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as Array<{ action: string; actorEmail: string }>;
  };

  it('refuses the opt-in of a customer who gets texts, takes it otherwise (and the no), and shows it on the account and in the data download', async () => {
    // A customer whose number gets texts: asked for them and proved the number (set as the code would).
    const texter = await customer('call-texter');
    await subject.database.db
      .update(profiles)
      .set({ wantsTexts: true, textsConfirmedNumber: texter.e164 })
      .where(eq(profiles.userId, texter.id));
    const refused = await choose(texter, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('GETS_TEXTS');
    expect((await me(app(), texter.cookie)).reminderCalls).toEqual({ wanted: false, consentAt: null, number: null, numberChanged: false });

    const landline = await customer('call-landline');
    expect((await me(app(), landline.cookie)).reminderCalls).toEqual({
      wanted: false,
      consentAt: null,
      number: null,
      numberChanged: false,
    });
    const accepted = await choose(landline, true);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ wanted: true, consentAt: expect.any(String), number: landline.e164, numberChanged: false });
    expect((await me(app(), landline.cookie)).reminderCalls).toEqual(accepted.json());
    const exported = await app().inject({ method: 'GET', url: '/api/account/export', headers: { cookie: landline.cookie } });
    expect(exported.json().profile).toMatchObject({
      wantsReminderCalls: true,
      reminderCallsConsentAt: accepted.json().consentAt,
      reminderCallsNumber: landline.e164,
    });

    // No is taken at any time, and recorded too.
    const declined = await choose(landline, false);
    expect(declined.json()).toEqual({ wanted: false, consentAt: expect.any(String), number: null, numberChanged: false });
    expect((await me(app(), landline.cookie)).reminderCalls.wanted).toBe(false);
  });

  it('places exactly one call the day before, between 10 a.m. and 7 p.m., in English, only to those who asked and get no texts', async () => {
    const asked = await customer('call-asked');
    const notAsked = await customer('call-not-asked');
    const texting = await customer('call-texting');
    expect((await choose(asked, true)).statusCode).toBe(200);
    expect((await choose(texting, true)).statusCode).toBe(200);
    // Texts confirmed after asking for calls: the text reminder goes instead of a call.
    await subject.database.db
      .update(profiles)
      .set({ wantsTexts: true, textsConfirmedNumber: texting.e164 })
      .where(eq(profiles.userId, texting.id));
    const mine = await visit(asked);
    await visit(notAsked);
    await visit(texting);

    // Too early and too late in the day before: no call.
    expect(await calls()?.placeDueCalls(dayBeforeAt(mine.date, 9, 59))).toBe(0);
    expect(await calls()?.placeDueCalls(dayBeforeAt(mine.date, 19, 0))).toBe(0);
    // Two days before: not yet.
    expect(await calls()?.placeDueCalls(dayBeforeAt(dayBefore(mine.date), 12))).toBe(0);
    expect(callsTo(asked.e164)).toHaveLength(0);

    await calls()?.placeDueCalls(dayBeforeAt(mine.date, 12));
    await calls()?.placeDueCalls(dayBeforeAt(mine.date, 12, 1));
    expect(callsTo(asked.e164)).toHaveLength(1);
    expect(callsTo(notAsked.e164)).toHaveLength(0);
    expect(callsTo(texting.e164)).toHaveLength(0);
    const [call] = callsTo(asked.e164);
    expect(call?.from).toBe(VOICE_FROM);
    expect(call?.twiml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Response><Gather input="dtmf" numDigits="1"/);
    expect(call?.twiml).toContain('<Say language="en-US" voice="Polly.Joanna">');
    expect(call?.twiml).toContain(
      `Hello, this is TechHelp, with a reminder of your visit tomorrow, ${formatAppointmentTime(mine.startsAt)}. Our technician will come to your address.`,
    );
    expect(call?.twiml).toContain('To confirm your visit, press 1. To speak with us, press 2. To stop these calls, press 9.');
    const [row] = await subject.database.db.select().from(appointments).where(eq(appointments.id, mine.id));
    expect(row?.reminderCalledAt).toBeInstanceOf(Date);
    // The customer's data download says when the call was placed.
    const exported = await app().inject({ method: 'GET', url: '/api/account/export', headers: { cookie: asked.cookie } });
    expect(exported.json().appointments).toEqual([
      expect.objectContaining({ id: mine.id, reminderCalledAt: row?.reminderCalledAt?.toISOString() }),
    ]);
  });

  it('reads the reminder in Spanish to a customer who chose Spanish, and says a remote visit is remote', async () => {
    const spanish = await customer('call-spanish', 'es');
    expect((await choose(spanish, true)).statusCode).toBe(200);
    const remote = await visit(spanish, true);
    await calls()?.placeDueCalls(dayBeforeAt(remote.date, 15));
    const [call] = callsTo(spanish.e164);
    expect(call?.twiml).toContain('<Say language="es-MX" voice="Polly.Mia">');
    expect(call?.twiml).not.toContain('language="en-US"');
    expect(call?.twiml).toContain(formatAppointmentTimeIn(remote.startsAt, 'es'));
    expect(call?.twiml).toContain('visita a distancia');
    expect(call?.twiml).toContain('Para confirmar su visita, oprima 1.');
  });

  it("takes the keys only from Twilio and for the call's own visit: 1 confirms in the history, 2 connects, 9 stops the calls", async () => {
    const person = await customer('call-keys');
    const other = await customer('call-other');
    expect((await choose(person, true)).statusCode).toBe(200);
    expect((await choose(other, true)).statusCode).toBe(200);
    const mine = await visit(person);
    const theirs = await visit(other);
    await calls()?.placeDueCalls(dayBeforeAt(mine.date, 11));
    await calls()?.placeDueCalls(dayBeforeAt(theirs.date, 11));
    const action = actionOf(callsTo(person.e164)[0]?.twiml ?? '');
    const otherAction = actionOf(callsTo(other.e164)[0]?.twiml ?? '');

    // A forged signature, or none at all: refused, nothing recorded.
    expect((await press(action, '1', 'bm90IGEgc2lnbmF0dXJl')).statusCode).toBe(403);
    expect((await press(action, '1', null)).statusCode).toBe(403);
    // Another visit's id under this call's token: refused. So is an expired token, even signed by Twilio.
    const [, starts, expires, mac] = action.slice(action.lastIndexOf('/') + 1).split('.');
    const swapped = `${PUBLIC}/api/voice/reminder/${theirs.id}.${starts}.${expires}.${mac}`;
    expect((await press(swapped, '1')).statusCode).toBe(403);
    const expiredToken = signCallToken(SECRET, { appointmentId: mine.id, startsAt: mine.startsAt }, new Date(Date.now() - 2 * 3_600_000));
    const expired = `${PUBLIC}/api/voice/reminder/${expiredToken}`;
    expect((await press(expired, '1')).statusCode).toBe(403);
    expect((await historyOf(mine.id)).filter((entry) => entry.action === 'phone-confirmed')).toHaveLength(0);
    expect((await historyOf(theirs.id)).filter((entry) => entry.action === 'phone-confirmed')).toHaveLength(0);

    const confirmed = await press(action, '1');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.headers['content-type']).toContain('text/xml');
    expect(confirmed.body).toContain('Thank you. Your visit is confirmed. Goodbye.');
    expect((await historyOf(mine.id)).filter((entry) => entry.action === 'phone-confirmed')).toEqual([
      expect.objectContaining({ action: 'phone-confirmed', actorEmail: person.email }),
    ]);
    expect((await historyOf(theirs.id)).filter((entry) => entry.action === 'phone-confirmed')).toHaveLength(0);
    // A second 1 in the same call (or Twilio's retry) is thanked again, and adds nothing to the history.
    const twice = await press(action, '1');
    expect(twice.body).toContain('Thank you. Your visit is confirmed. Goodbye.');
    expect((await historyOf(mine.id)).filter((entry) => entry.action === 'phone-confirmed')).toHaveLength(1);

    const connect = await press(otherAction, '2');
    expect(connect.statusCode).toBe(200);
    expect(connect.body).toContain('<Dial>+16315550142</Dial>');

    const again = await press(action, '5');
    expect(again.body).toContain('<Gather input="dtmf" numDigits="1"');

    const stop = await press(otherAction, '9');
    expect(stop.body).toContain('You will not get these calls any more.');
    expect((await me(app(), other.cookie)).reminderCalls.wanted).toBe(false);
  });

  it('does not confirm a visit the owner moved after the call: the customer hears that it changed, and to call', async () => {
    const person = await customer('call-owner-moved');
    expect((await choose(person, true)).statusCode).toBe(200);
    const mine = await visit(person);
    await calls()?.placeDueCalls(dayBeforeAt(mine.date, 12, 30));
    const action = actionOf(callsTo(person.e164)[0]?.twiml ?? '');
    let to = nextSlot();
    while (to.date === mine.date) to = nextSlot();
    const moved = await app().inject({
      method: 'POST',
      url: `/api/admin/appointments/${mine.id}/reschedule`,
      headers: { cookie: admin.cookie },
      payload: { date: to.date, slot: to.slot },
    });
    expect(moved.statusCode, moved.body).toBe(204);

    const pressed = await press(action, '1');
    expect(pressed.statusCode, pressed.body).toBe(200);
    expect(pressed.body).toContain(
      'This visit has changed since we called, so it is not confirmed. Please call us at (631) 555-0142. Goodbye.',
    );
    expect(pressed.body).not.toContain('Your visit is confirmed');
    expect((await historyOf(mine.id)).filter((entry) => entry.action === 'phone-confirmed')).toHaveLength(0);
    // Any other key does not read the new time under the old call's address either.
    expect((await press(action, '5')).body).not.toContain('<Gather');
  });

  it('holds a yes for its number only: after a change of number no call, the account shows the calls off, and a new yes calls the new number', async () => {
    const person = await customer('call-new-number');
    expect((await choose(person, true)).statusCode).toBe(200);
    const newNumber = `631-555-${String(++lastLine).padStart(4, '0')}`;
    const newE164 = `+1${newNumber.replace(/-/g, '')}`;
    const changed = await app().inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { cookie: person.cookie },
      payload: { ...PROFILE, phoneNumber: newNumber },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(app(), person.cookie)).reminderCalls).toEqual({
      wanted: false,
      consentAt: expect.any(String),
      number: null,
      numberChanged: true,
    });
    const first = await visit(person);
    await calls()?.placeDueCalls(dayBeforeAt(first.date, 17));
    expect(callsTo(person.e164)).toHaveLength(0);
    expect(callsTo(newE164)).toHaveLength(0);

    // Saying yes again, for the new number.
    const again = await choose(person, true);
    expect(again.json()).toEqual({ wanted: true, consentAt: expect.any(String), number: newE164, numberChanged: false });
    await calls()?.placeDueCalls(dayBeforeAt(first.date, 17, 5));
    expect(callsTo(newE164)).toHaveLength(1);
    expect(callsTo(person.e164)).toHaveLength(0);
  });

  it('calls again the day before the new time when a called visit is moved', async () => {
    const person = await customer('call-moved');
    expect((await choose(person, true)).statusCode).toBe(200);
    const first = await visit(person);
    await calls()?.placeDueCalls(dayBeforeAt(first.date, 16));
    expect(callsTo(person.e164)).toHaveLength(1);
    // To a slot on a later day (each slot of the sequence is taken once).
    let to = nextSlot();
    while (to.date === first.date) to = nextSlot();
    const moved = await app().inject({
      method: 'POST',
      url: `/api/appointments/${first.id}/reschedule`,
      headers: { cookie: person.cookie },
      payload: { date: to.date, slot: to.slot },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await calls()?.placeDueCalls(dayBeforeAt(to.date, 16));
    expect(callsTo(person.e164)).toHaveLength(2);
    expect(callsTo(person.e164)[1]?.twiml).toContain(
      formatAppointmentTime(slotInstant(to.date, to.slot as Parameters<typeof slotInstant>[1])),
    );
  });

  it('logs a call Twilio refuses without the number, and does not try it again', async () => {
    const person = await customer('call-refused');
    expect((await choose(person, true)).statusCode).toBe(200);
    const mine = await visit(person);
    twilio.callQueue.push({ kind: 'error', status: 500, code: 20500, message: 'Internal Server Error' });
    await calls()?.placeDueCalls(dayBeforeAt(mine.date, 13));
    await calls()?.placeDueCalls(dayBeforeAt(mine.date, 14));
    expect(twilio.callAttempts.filter((call) => call.to === person.e164)).toHaveLength(1);
    expect(callsTo(person.e164)).toHaveLength(0);
    const logged = await subject.database.db.select().from(errorLog).where(eq(errorLog.appointmentIdentifier, mine.id));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.errorMessage).toContain('reminder call could not be placed');
    expect(logged[0]?.errorMessage).toContain('500');
    expect(JSON.stringify(logged)).not.toContain(person.e164.slice(2));
  });
});

describe('reminder calls turned off, or without Twilio', () => {
  it('off in configuration: no choice on the account, no route, no pass', async () => {
    const subject = await createTestApp({});
    try {
      const person = await bookingCustomer(subject.app, 'calls-off');
      expect((await me(subject.app, person.cookie)).reminderCalls).toBeUndefined();
      const chosen = await subject.app.inject({
        method: 'PUT',
        url: '/api/account/reminder-calls',
        headers: { cookie: person.cookie },
        payload: { wanted: true },
      });
      expect(chosen.statusCode).toBe(404);
      expect(subject.app.reminderCalls).toBeUndefined();
      expect((await subject.app.inject({ method: 'POST', url: '/api/voice/reminder/x', payload: {} })).statusCode).toBe(404);
    } finally {
      await subject.close();
    }
  });

  it('without Twilio outside production: the call goes to the development outbox, with the words it would say', async () => {
    const subject = await createTestApp({ REMINDER_CALLS: 'true' });
    try {
      const person = await bookingCustomer(subject.app, 'calls-dev');
      const saved = await subject.app.inject({
        method: 'PUT',
        url: '/api/account/profile',
        headers: { cookie: person.cookie },
        payload: { ...PROFILE, phoneNumber: '631-555-3001' },
      });
      expect(saved.statusCode).toBe(200);
      const chosen = await subject.app.inject({
        method: 'PUT',
        url: '/api/account/reminder-calls',
        headers: { cookie: person.cookie },
        payload: { wanted: true },
      });
      expect(chosen.statusCode).toBe(200);
      const [date = ''] = upcomingWeekendDays(1, 3);
      const booked = await book(subject.app, person.cookie, date, '11:00am');
      expect(booked.statusCode, booked.body).toBe(201);
      await subject.database.db
        .update(appointments)
        .set({ createdAt: new Date(Date.now() - 24 * 3_600_000) })
        .where(eq(appointments.id, booked.json().id));
      expect(await subject.app.reminderCalls?.placeDueCalls(dayBeforeAt(date, 12))).toBe(1);
      const outbox = await subject.app.inject({ method: 'GET', url: '/dev/sms.json?to=%2B16315553001' });
      expect(outbox.json()).toEqual([
        expect.objectContaining({
          to: '+16315553001',
          kind: 'reminder-call',
          body: `Hello, this is TechHelp, with a reminder of your visit tomorrow, ${formatAppointmentTime(slotInstant(date, '11:00am'))}. Our technician will come to your address. To confirm your visit, press 1. To speak with us, press 2. To stop these calls, press 9.`,
        }),
      ]);
      // Without Twilio there is no webhook to answer.
      expect((await subject.app.inject({ method: 'POST', url: '/api/voice/reminder/x', payload: {} })).statusCode).toBe(404);
    } finally {
      await subject.close();
    }
  });
});
