import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointments, trustedContacts } from '../../src/server/db/schema.ts';
import { SLOT_LABELS } from '../../src/shared/business.ts';
import { mailbox, PROFILE } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bookingAdmin, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';
import { startTwilioStandIn } from '../support/twilio-stand-in.ts';

const SID = `AC${'0'.repeat(31)}2`;
const TOKEN = 'twilio-auth-token-for-on-my-way';
const FROM = '+16315550198';
const TECHNICIAN = 'Sam Rivera';
const NEW_YORK = 'America/New_York';

/** The arrival as the English messages write it, read here with Intl on its own: "10:40am". */
const englishClock = (instant: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: NEW_YORK, hour: 'numeric', minute: '2-digit' })
    .format(instant)
    .replace(/\s/g, '')
    .toLowerCase();
/** As the Spanish ones do: "10:40 a. m.". */
const spanishClock = (instant: Date) =>
  new Intl.DateTimeFormat('es', { timeZone: NEW_YORK, hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }).format(instant);
/** A Spanish arrival with its article, as the messages write it: "las 10:40 a. m.", "la 1:05 p. m.". */
const spanishArrival = (instant: Date) => {
  const clock = spanishClock(instant);
  return `${clock.startsWith('1:') ? 'la' : 'las'} ${clock}`;
};
/**
 * "On my way" with the code word (issue 39): the owner picks an arrival estimate for an in-person visit of today; the
 * customer gets a text (only with their consent and confirmed number) and an e-mail, their trusted contact a copy
 * only when they agreed, each naming the technician, the arrival time and the customer's own code word, in the
 * customer's language. The customer's list shows the arrival; a double tap sends once; the history records it.
 */
describe('"On my way" with the code word', () => {
  let subject: TestApp;
  let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
  let admin: { cookie: string; id: string; email: string };
  let lastLine = 2000;

  beforeAll(async () => {
    twilio = await startTwilioStandIn(SID, TOKEN);
    subject = await createTestApp(
      { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM, TWILIO_API_URL: twilio.url, TECHNICIAN_NAME: TECHNICIAN },
      { texts: { retryDelaysMs: [20], pollIntervalMs: 3_600_000, timeoutMs: 2000 } },
    );
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(async () => {
    await subject?.close();
    await twilio?.close();
  });
  beforeEach(() => {
    twilio.queue.length = 0;
  });

  const app = () => subject.app;
  const deliver = async () => {
    await app().texts.whenIdle();
    await app().texts.deliverDue();
    await app().texts.whenIdle();
  };
  const textsTo = (number: string) => twilio.texts.filter((text) => text.to === number);

  /** A customer ready to book, in `locale`, who asked for texts (and confirmed the number with its code) or not. */
  async function customer(prefix: string, { texts = true, locale = 'en' as 'en' | 'es' } = {}) {
    const person = await bookingCustomer(app(), prefix);
    if (locale !== 'en') {
      const saved = await app().inject({
        method: 'PUT',
        url: '/api/account/locale',
        headers: { cookie: person.cookie },
        payload: { locale },
      });
      expect(saved.statusCode).toBe(200);
    }
    const line = String(++lastLine).padStart(4, '0');
    const saved = await app().inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: { cookie: person.cookie },
      payload: { ...PROFILE, phoneNumber: `631-555-${line}`, wantsTexts: texts },
    });
    expect(saved.statusCode).toBe(200);
    const e164 = `+1631555${line}`;
    if (texts) {
      await deliver();
      const code = textsTo(e164)
        .map((text) => /(\d{6})/.exec(text.body)?.[1])
        .at(-1);
      const confirmed = await app().inject({
        method: 'POST',
        url: '/api/account/texts/confirm',
        headers: { cookie: person.cookie },
        payload: { code },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      await deliver();
    }
    return { ...person, e164 };
  }

  /** A visit at this very moment (today in New York whenever the test runs), written as the booking would. */
  async function visitNow(userId: string, { isRemote = false, offsetMs = 0 } = {}) {
    const id = `20991230-${randomUUID()}`;
    await subject.database.db
      .insert(appointments)
      .values({ id, userId, startsAt: new Date(Date.now() + offsetMs), slotLabel: '08:00am', isRemote });
    await app().notices.settle();
    return id;
  }

  /** A visit at `instant`, for the server's own clock fixed there (OnTheWay.send's `now`). */
  async function visitAt(userId: string, instant: Date) {
    const id = `20991230-${randomUUID()}`;
    await subject.database.db.insert(appointments).values({ id, userId, startsAt: instant, slotLabel: '08:00am', isRemote: false });
    await app().notices.settle();
    return id;
  }
  const adminUser = () => ({ id: admin.id, email: admin.email, emailVerified: true, isAdmin: true });

  const onMyWay = (id: string, payload: object, cookie = admin.cookie) =>
    app().inject({ method: 'POST', url: `/api/admin/appointments/${id}/on-my-way`, headers: { cookie }, payload });
  const lastMailTo = async (email: string) => (await mailbox(app(), email)).at(0);
  const englishText = (arrival: string, word: string) =>
    `TechHelp: ${TECHNICIAN} is on the way, arriving about ${arrival}. At the door they will say your code word: ${word}. Never let anyone in who cannot say it. Never pay anyone by gift card. Questions: (631) 555-0142`;

  it('texts and e-mails the technician, the arrival for each estimate and the code word, in English; the list shows it; the history records it', async () => {
    const cal = await customer('omw-en');
    expect(
      (await app().inject({ method: 'PUT', url: '/api/account/code-word', headers: { cookie: cal.cookie }, payload: { word: 'harbor' } }))
        .statusCode,
    ).toBe(200);
    for (const minutes of [15, 30, 45, 60]) {
      const visit = await visitNow(cal.id, { offsetMs: minutes });
      const before = Date.now();
      const sent = await onMyWay(visit, { minutes });
      const after = Date.now();
      expect(sent.statusCode, sent.body).toBe(200);
      const answer = sent.json();
      expect(answer).toMatchObject({ texted: true, emailed: true, contactCopied: false, repeated: false });
      const arrivesAt = new Date(answer.arrivesAt);
      expect(arrivesAt.getTime()).toBeGreaterThanOrEqual(Math.floor((before + minutes * 60_000) / 60_000) * 60_000);
      expect(arrivesAt.getTime()).toBeLessThanOrEqual(after + minutes * 60_000);
      await deliver();
      expect(textsTo(cal.e164).at(-1)?.body).toBe(englishText(englishClock(arrivesAt), 'harbor'));
      const mail = await lastMailTo(cal.email);
      expect(mail?.subject).toBe(`${TECHNICIAN} is on the way, arriving about ${englishClock(arrivesAt)}`);
      expect(mail?.text).toContain(
        [
          `${TECHNICIAN} from TechHelp is on the way to your visit, arriving about ${englishClock(arrivesAt)}.`,
          'At the door, the technician will say the code word: harbor.',
          'Never let anyone in who cannot say it. Never pay anyone by gift card: we never ask for one.',
        ].join('\n\n'),
      );
      // The customer's own list says it, with the arrival.
      const list = await app().inject({ url: '/api/appointments', headers: { cookie: cal.cookie } });
      expect(list.json().find((entry: { id: string }) => entry.id === visit)).toMatchObject({ arrivesAt: answer.arrivesAt });
      expect(list.json().find((entry: { id: string }) => entry.id === visit).onTheWayAt).toEqual(expect.any(String));
      if (minutes === 15) {
        // The history says who sent it, the arrival and how it went; never the word.
        const history = await app().inject({ url: `/api/admin/appointments/${visit}/history`, headers: { cookie: admin.cookie } });
        const entry = history.json().find((item: { action: string }) => item.action === 'on-my-way');
        expect(entry).toMatchObject({ actorEmail: admin.email, changes: { told: { after: 'text and e-mail' } } });
        expect(entry.changes.arrivesAt.after).toMatch(/at \d{2}:\d{2}[ap]m$/);
        expect(JSON.stringify(history.json())).not.toContain('harbor');
      }
      await subject.database.db.update(appointments).set({ completedAt: new Date() }).where(eq(appointments.id, visit));
    }

    // A time typed for the visit's day, on a fixed clock: the server's `now`, so nothing here depends on the hour the
    // test runs. 11:50pm in New York; 11:58pm is sent, 12:10am (of the visit's day, long past) is refused.
    const late = new Date('2026-07-15T03:50:00Z');
    const visit = await visitAt(cal.id, late);
    const typed = await app().appointments.onTheWay.send(adminUser(), visit, { at: '23:58' }, late);
    expect(typed.arrivesAt).toBe('2026-07-15T03:58:00.000Z');
    await deliver();
    expect(textsTo(cal.e164).at(-1)?.body).toBe(englishText('11:58pm', 'harbor'));
    const history = await app().inject({ url: `/api/admin/appointments/${visit}/history`, headers: { cookie: admin.cookie } });
    const entry = history.json().find((item: { action: string }) => item.action === 'on-my-way');
    expect(entry.actorEmail).toBe(admin.email);
    expect(entry.changes.told.after).toBe('text and e-mail');
    expect(JSON.stringify(history.json())).not.toContain('harbor');
    // A time already past, a time that is not one, and an estimate not offered are refused with the reason.
    await expect(app().appointments.onTheWay.send(adminUser(), visit, { at: '00:10' }, late)).rejects.toMatchObject({
      statusCode: 400,
      code: 'ARRIVAL_TIME',
    });
    await expect(
      app().appointments.onTheWay.send(adminUser(), visit, { at: '23:49' }, new Date('2026-07-15T03:50:30Z')),
    ).rejects.toMatchObject({ code: 'ARRIVAL_TIME' });
    expect((await onMyWay(visit, { at: '25:99' })).statusCode).toBe(400);
    expect((await onMyWay(visit, { minutes: 20 })).statusCode).toBe(400);
    expect((await onMyWay(visit, {})).statusCode).toBe(400);
  });

  it('writes it in Spanish to a Spanish-speaking customer', async () => {
    const rosa = await customer('omw-es', { locale: 'es' });
    expect(
      (await app().inject({ method: 'PUT', url: '/api/account/code-word', headers: { cookie: rosa.cookie }, payload: { word: 'paloma' } }))
        .statusCode,
    ).toBe(200);
    const visit = await visitNow(rosa.id, { offsetMs: 3 });
    const sent = await onMyWay(visit, { minutes: 30 });
    expect(sent.statusCode, sent.body).toBe(200);
    const arrival = spanishArrival(new Date(sent.json().arrivesAt));
    await deliver();
    expect(textsTo(rosa.e164).at(-1)?.body).toBe(
      `TechHelp: ${TECHNICIAN} va en camino y llegará alrededor de ${arrival}; en la puerta le dirá su palabra clave: paloma. Nunca deje entrar a nadie que no sepa decirla. Nunca pague a nadie con tarjetas de regalo. Preguntas: (631) 555-0142`,
    );
    const mail = await lastMailTo(rosa.email);
    expect(mail?.subject).toBe(`${TECHNICIAN} va en camino y llegará alrededor de ${arrival}`);
    expect(mail?.text).toContain(
      [
        `${TECHNICIAN}, de TechHelp, ya va en camino a su visita y llegará alrededor de ${arrival}.`,
        'En la puerta, el técnico le dirá la palabra clave: paloma.',
        'Nunca deje entrar a nadie que no sepa decirla. Nunca pague a nadie con tarjetas de regalo: nosotros nunca se las pedimos.',
      ].join('\n\n'),
    );
  });

  it('e-mails only a customer who has not asked for texts, and copies the trusted contact only once they agreed', async () => {
    const dan = await customer('omw-no-texts', { texts: false });
    const contact = { name: 'Ann Helper', email: `helper.${randomUUID().slice(0, 8)}@example.com` };
    const saved = await app().inject({
      method: 'PUT',
      url: '/api/account/trusted-contact',
      headers: { cookie: dan.cookie },
      payload: contact,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const word = (
      await app().inject({ method: 'PUT', url: '/api/account/code-word', headers: { cookie: dan.cookie }, payload: { fresh: true } })
    ).json().codeWord;

    const first = await visitNow(dan.id, { offsetMs: 5 });
    const sent = await onMyWay(first, { minutes: 15 });
    expect(sent.json()).toMatchObject({ texted: false, emailed: true, contactCopied: false });
    await deliver();
    expect(textsTo(dan.e164)).toEqual([]);
    expect((await lastMailTo(dan.email))?.text).toContain(`the code word: ${word}.`);
    // Invited, not agreed: nothing but the invitation.
    expect((await mailbox(app(), contact.email)).every((mail) => !mail.subject.includes('on the way'))).toBe(true);

    await subject.database.db.update(trustedContacts).set({ agreedAt: new Date() }).where(eq(trustedContacts.userId, dan.id));
    const second = await visitNow(dan.id, { offsetMs: 6 });
    expect((await onMyWay(second, { minutes: 45 })).json()).toMatchObject({ contactCopied: true });
    const copy = (await mailbox(app(), contact.email)).find((mail) => mail.subject.includes('is on the way'));
    expect(copy?.subject).toMatch(/^Copy for Ann Helper: Sam Rivera is on the way, arriving about /);
    expect(copy?.text).toContain(`the code word: ${word}.`);
    expect(copy?.text).toContain('Never pay anyone by gift card');
  });

  it('sends once for a double tap, again for a new estimate; answers admins only, about in-person visits of today', async () => {
    const eve = await customer('omw-double');
    const other = await customer('omw-other', { texts: false });
    const visit = await visitNow(eve.id, { offsetMs: 7 });
    const [one, two] = await Promise.all([onMyWay(visit, { minutes: 30 }), onMyWay(visit, { minutes: 30 })]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect([one.json().repeated, two.json().repeated].sort()).toEqual([false, true]);
    expect(one.json().arrivesAt).toBe(two.json().arrivesAt);
    await deliver();
    const onTheWayTexts = () => textsTo(eve.e164).filter((text) => text.body.includes('is on the way'));
    expect(onTheWayTexts()).toHaveLength(1);
    expect((await mailbox(app(), eve.email)).filter((mail) => mail.subject.includes('is on the way'))).toHaveLength(1);
    // A new estimate is sent.
    expect((await onMyWay(visit, { minutes: 60 })).json().repeated).toBe(false);
    await deliver();
    expect(onTheWayTexts()).toHaveLength(2);

    // Another customer never reads this visit, nor its arrival.
    const theirs = await app().inject({ url: '/api/appointments', headers: { cookie: other.cookie } });
    expect(theirs.json().map((entry: { id: string }) => entry.id)).not.toContain(visit);
    // Customers may not send it; a remote visit, another day's and an unknown one are refused.
    expect((await onMyWay(visit, { minutes: 15 }, eve.cookie)).statusCode).toBe(403);
    expect((await onMyWay(visit, { minutes: 15 }, '')).statusCode).toBe(401);
    const remote = await visitNow(eve.id, { isRemote: true, offsetMs: 8 });
    expect((await onMyWay(remote, { minutes: 15 })).json().error.code).toBe('NOT_IN_PERSON');
    const later = await visitNow(eve.id, { offsetMs: 3 * 86_400_000 });
    expect((await onMyWay(later, { minutes: 15 })).json().error.code).toBe('NOT_TODAY');
    expect((await onMyWay('20991230-nothing', { minutes: 15 })).statusCode).toBe(404);
  });

  it('takes a double tap on the clock it was sent by: a repeat within the minute, a new message after it; a cancellation forgets it', async () => {
    const fay = await customer('omw-clock', { texts: false });
    const sent = new Date('2026-07-15T14:00:00Z');
    const visit = await visitAt(fay.id, sent);
    const send = (secondsLater: number) =>
      app().appointments.onTheWay.send(adminUser(), visit, { minutes: 30 }, new Date(sent.getTime() + secondsLater * 1000));
    expect((await send(0)).repeated).toBe(false);
    expect(await send(59)).toMatchObject({ repeated: true, arrivesAt: '2026-07-15T14:30:00.000Z' });
    expect(await send(61)).toMatchObject({ repeated: false, arrivesAt: '2026-07-15T14:31:00.000Z' });
    const [row] = await subject.database.db.select().from(appointments).where(eq(appointments.id, visit));
    expect(row?.onTheWayAt?.toISOString()).toBe('2026-07-15T14:01:01.000Z');

    // Cancelled (by the customer, days before on this clock, within the rules): the arrival is forgotten too.
    await app().appointments.cancel(
      { id: fay.id, email: fay.email, emailVerified: true, isAdmin: false },
      visit,
      new Date('2026-07-10T14:00:00Z'),
    );
    const [cancelled] = await subject.database.db.select().from(appointments).where(eq(appointments.id, visit));
    expect(cancelled).toMatchObject({ onTheWayAt: null, arrivesAt: null });
  });

  it('forgets the arrival when the owner moves the visit', async () => {
    const gil = await customer('omw-move', { texts: false });
    const visit = await visitNow(gil.id, { offsetMs: 9 });
    const sent = await onMyWay(visit, { minutes: 15 });
    expect(sent.statusCode, sent.body).toBe(200);
    const mine = async (id: string) =>
      (await app().inject({ url: '/api/appointments', headers: { cookie: gil.cookie } }))
        .json()
        .find((entry: { id: string }) => entry.id === id);
    expect((await mine(visit)).arrivesAt).toBe(sent.json().arrivesAt);

    const [to] = upcomingWeekendDays(1);
    const moved = await app().inject({
      method: 'POST',
      url: `/api/admin/appointments/${visit}/reschedule`,
      headers: { cookie: admin.cookie },
      payload: { date: to, slot: SLOT_LABELS[0] },
    });
    expect(moved.statusCode, moved.body).toBe(204);
    expect(await mine(visit)).toMatchObject({ arrivesAt: null, onTheWayAt: null });
    const open = await app().inject({ url: '/api/admin/appointments', headers: { cookie: admin.cookie } });
    expect(open.json().find((entry: { id: string }) => entry.id === visit)).toMatchObject({ arrivesAt: null });
  });
});
