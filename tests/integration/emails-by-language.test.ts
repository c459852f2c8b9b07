import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import { appointments, payRequests, user } from '../../src/server/db/schema.ts';
import { formatAppointmentTime, slotInstant } from '../../src/shared/business-time.ts';
import { CODE_WORDS } from '../../src/shared/code-words.ts';
import { cookieFrom, login, nextClient, PASSWORD, PROFILE, uniqueEmail } from '../support/accounts.ts';
import { upcomingWeekendDays } from '../support/appointments.ts';
import { testConfig } from '../support/config.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { type ReceivedMail, startSmtpStandIn } from '../support/smtp-stand-in.ts';
import { expectedSpanishTime } from '../support/spanish.ts';

/**
 * Every e-mail a customer gets, sent to a customer whose saved language is English and to one whose saved language
 * is Spanish, delivered over SMTP and read back parsed: subject, plain-text part, HTML part and calendar invite are
 * in that language. The English expectations are the literal English texts (they must not change); the Spanish
 * ones are the same texts looked up in the Spanish catalogues (src/server/locales/es.po and the shared ones the
 * e-mails use), so a message missing or left untranslated there fails here.
 */

type Locale = 'en' | 'es';
type Values = Record<string, string>;

/** A gettext catalogue as msgid → msgstr (obsolete entries, `#~`, left out). */
function readPo(file: string): Map<string, string> {
  const entries = new Map<string, string>();
  let id: string | undefined;
  let str: string | undefined;
  let field: 'id' | 'str' | undefined;
  const flush = () => {
    if (id !== undefined && str !== undefined && id !== '') entries.set(id, str);
    id = undefined;
    str = undefined;
    field = undefined;
  };
  const unquote = (quoted: string) => JSON.parse(quoted.trim()) as string;
  for (const line of readFileSync(new URL(file, import.meta.url), 'utf8').split(/\r?\n/)) {
    if (line.startsWith('msgid ')) {
      flush();
      id = unquote(line.slice(6));
      field = 'id';
    } else if (line.startsWith('msgstr ')) {
      str = unquote(line.slice(7));
      field = 'str';
    } else if (line.startsWith('"')) {
      if (field === 'id') id = (id ?? '') + unquote(line);
      if (field === 'str') str = (str ?? '') + unquote(line);
    } else if (line.trim() === '') {
      flush();
    }
  }
  flush();
  return entries;
}

const SPANISH = new Map([
  ...readPo('../../src/shared/locales/es.po'),
  ...readPo('../../src/shared/locales/facts/es.po'),
  ...readPo('../../src/shared/locales/site/es.po'),
  ...readPo('../../src/shared/locales/forms/es.po'),
  ...readPo('../../src/server/locales/es.po'),
]);

function fill(template: string, values: Values): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in "${template}"`);
    return value;
  });
}

/** The English text (a message id) in `locale`: itself in English, its catalogue translation in Spanish. */
function say(locale: Locale, english: string, values: Values = {}): string {
  if (locale === 'en') return fill(english, values);
  const spanish = SPANISH.get(english);
  if (!spanish) throw new Error(`the Spanish catalogue has no translation of "${english}"`);
  return fill(spanish, values);
}

/** How the e-mails write a visit's time, in New York time: English's one fixed format, or the Spanish way. */
function timeOf(locale: Locale, instant: Date): string {
  if (locale === 'en') return formatAppointmentTime(instant);
  return expectedSpanishTime(instant);
}

function moneyOf(locale: Locale, cents: number): string {
  return locale === 'en'
    ? `$${(cents / 100).toFixed(2)}`
    : new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** A link into the app as the customer's e-mails carry it: `lang=es` for Spanish only. */
function linkOf(locale: Locale, url: string): string {
  if (locale === 'en') return url;
  const withLocale = new URL(url);
  withLocale.searchParams.set('lang', 'es');
  return withLocale.toString();
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

type Expected = {
  subject: string;
  /** The subject the same e-mail has in English: the Spanish customer must never get it. */
  englishSubject: string;
  paragraphs: string[];
  /** The button: its label, and its address (a pattern when it holds a one-time code). */
  action?: { label: string; url: string | RegExp };
  afterAction?: string[];
};

const BUSINESS = { business: 'TechHelp' };
const PUBLIC_URL = 'https://techhelp.test';
const HOME = `${PUBLIC_URL}/home`;

describe('every customer e-mail, in the customer’s saved language', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let config: Config;
  let adminCookie: string;

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    database = await createTestDatabase();
    config = testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'TechHelp <hello@techhelp.test>', PUBLIC_URL });
    app = await buildApp({
      config,
      db: database.db,
      listen: database.listen,
      logger: false,
      mail: { retryDelaysMs: [50, 50], pollIntervalMs: 25 },
    });
    await app.ready();
    const admin = await customer(uniqueEmail('owner'), 'en');
    await database.db.update(user).set({ isAdmin: true }).where(eq(user.email, admin.email));
    await app.notices.settle();
    adminCookie = cookieFrom(await login(app, admin.email));
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    await smtp.close();
  });

  /** The first e-mail to `to` with exactly this subject, read back parsed; on a miss, the subjects that came. */
  async function delivered(to: string, subject: string): Promise<ReceivedMail> {
    const find = () => smtp.received.find((mail) => mail.to.includes(to) && mail.parsed.subject === subject);
    const deadline = Date.now() + 10_000;
    while (!find() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const mail = find();
    if (!mail) {
      const came = smtp.received.filter((entry) => entry.to.includes(to)).map((entry) => entry.parsed.subject);
      throw new Error(`no e-mail "${subject}" to ${to}; came: ${JSON.stringify(came)}`);
    }
    return mail;
  }

  /** Reads `mail` against what it should say in `locale`, part by part; returns the button's address. */
  function expectMail(mail: ReceivedMail, locale: Locale, expected: Expected): string {
    const { subject, paragraphs, action, afterAction = [] } = expected;
    expect(mail.parsed.subject).toBe(subject);
    if (locale === 'es') expect(subject).not.toBe(expected.englishSubject);
    else expect(subject).toBe(expected.englishSubject);

    const text = (mail.parsed.text ?? '').replace(/\r\n/g, '\n').trimEnd();
    let url = '';
    if (action) {
      url = new RegExp(`^${action.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\n(\\S+)$`, 'm').exec(text)?.[1] ?? '';
      if (typeof action.url === 'string') expect(url).toBe(action.url);
      else expect(url).toMatch(action.url);
    }
    const support = config.support;
    const signature = [
      `TechHelp: ${say(locale, 'Friendly computer help for the Towns of Islip and Smithtown')}.`,
      say(locale, 'Questions? Call {phone} or write to {email}.', { phone: support.phone, email: support.email }),
    ];
    expect(text).toBe([...paragraphs, ...(action ? [`${action.label}:\n${url}`] : []), ...afterAction, '--', ...signature].join('\n\n'));

    const html = mail.parsed.html ?? '';
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(`<title>${escapeHtml(subject)}</title>`);
    for (const paragraph of [...paragraphs, ...afterAction]) expect(html).toContain(`${escapeHtml(paragraph)}</p>`);
    expect(html).toContain(signature.map(escapeHtml).join('<br>'));
    if (action) {
      expect(html).toContain(`<a href="${escapeHtml(url)}"`);
      expect(html).toContain(`>${escapeHtml(action.label)}</a>`);
      expect(html).toContain(escapeHtml(say(locale, 'If the button does not work, copy this address into your browser:')));
    }

    // Every address into the app, in both parts, opens it in the customer's language: lang=es for Spanish only.
    const links = [...text.matchAll(/https:\/\/techhelp\.test\/\S*/g), ...html.matchAll(/https:\/\/techhelp\.test\/[^"<\s]*/g)].map(
      (match) => match[0].replace(/[.,;)]+$/, '').replace(/&amp;/g, '&'),
    );
    // Only the restore notice has no link at all.
    if (action || afterAction.length > 0) expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      if (locale === 'es') expect(new URL(link).searchParams.get('lang'), link).toBe('es');
      else expect(link).not.toContain('lang=');
    }
    return url;
  }

  /** The calendar invite attached to `mail`, parsed. */
  function inviteOf(mail: ReceivedMail, method: 'REQUEST' | 'CANCEL') {
    const attachment = mail.parsed.attachments.find((entry) => entry.mimeType.startsWith('text/calendar'));
    expect(attachment?.filename).toBe(method === 'CANCEL' ? 'techhelp-visit-cancelled.ics' : 'techhelp-visit.ics');
    const raw = typeof attachment?.content === 'string' ? attachment.content : new TextDecoder().decode(attachment?.content as ArrayBuffer);
    const calendar = new ICAL.Component(ICAL.parse(raw));
    expect(calendar.getFirstPropertyValue('method')).toBe(method);
    const vtimezone = calendar.getFirstSubcomponent('vtimezone');
    expect(vtimezone?.getFirstPropertyValue('tzid')).toBe('America/New_York');
    ICAL.TimezoneService.register(vtimezone as ICAL.Component);
    const vevent = calendar.getFirstSubcomponent('vevent') as ICAL.Component;
    const event = new ICAL.Event(vevent);
    expect(event.startDate.zone?.tzid).toBe('America/New_York');
    return { raw, event, vevent };
  }

  /** A new account in `locale` (as the sign-up form sends it), verified by its e-mailed link, signed in, form done. */
  async function customer(email: string, locale: Locale) {
    const signedUp = await app.inject({
      method: 'POST',
      url: '/api/account/signup',
      remoteAddress: nextClient(),
      payload: { email, confirmEmail: email, password: PASSWORD, confirmPassword: PASSWORD, locale },
    });
    expect(signedUp.statusCode).toBe(201);
    const verification = await delivered(email, say(locale, 'Verify your e-mail address for {business}', BUSINESS));
    const link = /https:\/\/techhelp\.test\/usermgmt\?\S+/.exec(verification.parsed.text ?? '')?.[0] ?? '';
    const verified = await app.inject({
      method: 'POST',
      url: '/api/account/verify-email',
      remoteAddress: nextClient(),
      payload: { oobCode: new URL(link).searchParams.get('oobCode') },
    });
    expect(verified.statusCode).toBe(200);
    const cookie = cookieFrom(await login(app, email));
    const saved = await app.inject({ method: 'PUT', url: '/api/account/profile', headers: { cookie }, payload: PROFILE });
    expect(saved.statusCode).toBe(200);
    return { email, cookie, verification };
  }

  const verification = (locale: Locale): Expected => ({
    subject: say(locale, 'Verify your e-mail address for {business}', BUSINESS),
    englishSubject: 'Verify your e-mail address for TechHelp',
    paragraphs: [
      say(
        locale,
        'Welcome to {business}! Please confirm that this is your e-mail address, so that you can log in and book a visit.',
        BUSINESS,
      ),
    ],
    action: {
      label: say(locale, 'Verify my e-mail address'),
      url: new RegExp(`^https://techhelp\\.test/usermgmt\\?mode=verifyEmail&oobCode=[\\w-]+${locale === 'es' ? '&lang=es' : ''}$`),
    },
    afterAction: [say(locale, 'This link works once, for 24 hours. If you did not register, you can ignore this e-mail.')],
  });

  describe.each(['en', 'es'] as const)('a customer whose saved language is %s', (locale) => {
    const days = upcomingWeekendDays(8, 3).filter((_, index) => index % 2 === (locale === 'en' ? 0 : 1));
    const day = (index: number) => days[index] ?? '';
    const ADDRESS = '12 Main Street, Bay Shore, NY 11706';
    const NAME = `${PROFILE.firstName} ${PROFILE.lastName}`;
    const phone = () => config.support.phone;
    let email: string;
    let cookie: string;

    /** The words of a visit's e-mails: its time, "(New York time)", in-person. */
    const appointment = (startsAt: Date) => {
      const time = timeOf(locale, startsAt);
      return {
        ...BUSINESS,
        time,
        when: say(locale, '{time} (New York time)', { time }),
        kind: say(locale, 'in-person'),
        englishTime: formatAppointmentTime(startsAt),
      };
    };
    const seeMyAppointments = () => ({ label: say(locale, 'See my appointments'), url: linkOf(locale, HOME) });

    it('verification: the sign-up’s e-mail, and its link opens the site in that language', async () => {
      const made = await customer(uniqueEmail(`${locale}-customer`), locale);
      email = made.email;
      cookie = made.cookie;
      expectMail(made.verification, locale, verification(locale));
      if (locale === 'es') {
        expect(made.verification.parsed.subject).toBe('Verifique su correo electrónico para TechHelp');
        expect(made.verification.parsed.text).toContain('Verificar mi correo electrónico:');
      }
    });

    it('“already registered”: in the account’s saved language, whatever the new sign-up asked for', async () => {
      const again = await app.inject({
        method: 'POST',
        url: '/api/account/signup',
        remoteAddress: nextClient(),
        // The other language: the e-mail follows the account, not this request.
        payload: { email, confirmEmail: email, password: PASSWORD, confirmPassword: PASSWORD, locale: locale === 'es' ? 'en' : 'es' },
      });
      expect(again.statusCode).toBe(201);
      const subject = say(locale, 'You already have a {business} account', BUSINESS);
      expectMail(await delivered(email, subject), locale, {
        subject,
        englishSubject: 'You already have a TechHelp account',
        paragraphs: [
          say(locale, 'Someone (probably you) tried to register with this e-mail address, but it already has an account.'),
          say(locale, 'You can log in at {loginUrl}. If you forgot your password, you can reset it at {forgotUrl}.', {
            loginUrl: linkOf(locale, `${PUBLIC_URL}/login`),
            forgotUrl: linkOf(locale, `${PUBLIC_URL}/forgot-password`),
          }),
        ],
        afterAction: [say(locale, 'If this was not you, you can ignore this e-mail: nothing has changed.')],
      });
    });

    it('password reset', async () => {
      const asked = await app.inject({
        method: 'POST',
        url: '/api/account/forgot-password',
        remoteAddress: nextClient(),
        payload: { email },
      });
      expect(asked.statusCode).toBe(200);
      const subject = say(locale, 'Reset your {business} password', BUSINESS);
      expectMail(await delivered(email, subject), locale, {
        subject,
        englishSubject: 'Reset your TechHelp password',
        paragraphs: [
          say(locale, 'We received a request to reset the password of your account. Choose a new password with the button below.'),
        ],
        action: {
          label: say(locale, 'Choose a new password'),
          url: new RegExp(`^https://techhelp\\.test/usermgmt\\?mode=resetPassword&oobCode=[\\w-]+${locale === 'es' ? '&lang=es' : ''}$`),
        },
        afterAction: [
          say(locale, 'This link works once, for 1 hour. Resetting your password signs you out on every device.'),
          say(locale, 'If you did not ask for this, ignore this e-mail: your password stays the same.'),
        ],
      });
      if (locale === 'es') expect((await delivered(email, subject)).parsed.subject).toBe('Restablezca su contraseña de TechHelp');
    });

    let appointmentId: string;

    it('booking confirmation, with its calendar invite in that language and in New York time', async () => {
      const startsAt = slotInstant(day(0), '09:30am');
      const booked = await app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { cookie },
        payload: { date: day(0), slot: '09:30am', isRemote: false },
      });
      expect(booked.statusCode).toBe(201);
      appointmentId = booked.json().id;
      // The code word the booking gave (issue 39), from the list of the customer's language.
      const word = (await app.inject({ url: '/api/account/code-word', headers: { cookie } })).json().codeWord;
      expect(CODE_WORDS[locale]).toContain(word);
      const words = appointment(startsAt);
      const subject = say(locale, 'Your {business} visit on {time}', words);
      const mail = await delivered(email, subject);
      expectMail(mail, locale, {
        subject,
        englishSubject: `Your TechHelp visit on ${words.englishTime}`,
        paragraphs: [
          say(locale, 'Thank you, {name}. Your {kind} visit is booked for {when}.', { ...words, name: NAME }),
          say(locale, 'We will come to {location}.', { location: ADDRESS }),
          `${say(locale, 'The attached invitation adds the visit to your calendar.')} ${say(locale, 'You can describe the problem, or cancel the visit, from your appointments page.')}`,
          `${say(locale, 'Our technician will say: {word}.', { word })} ${say(locale, 'Never let anyone in, or onto your computer, who cannot say it.')}`,
          say(locale, 'To change anything, call us at {phone}.', { phone: phone() }),
        ],
        action: seeMyAppointments(),
      });

      const { raw, event, vevent } = inviteOf(mail, 'REQUEST');
      expect(event.summary).toBe(say(locale, '{business} visit', BUSINESS));
      expect(event.description).toBe(
        say(locale, 'In-person visit. Your appointments: {url}. Questions or changes: call {phone}.', {
          url: linkOf(locale, HOME),
          phone: phone(),
        }),
      );
      expect(event.location).toBe(ADDRESS);
      expect(event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
      expect(event.endDate.toJSDate().getTime() - startsAt.getTime()).toBe(90 * 60 * 1000);
      expect(vevent.getFirstPropertyValue('sequence')).toBe(0);
      const unfolded = raw.replace(/\r?\n[ \t]/g, '');
      expect(unfolded).toMatch(/^DTSTART;TZID=America\/New_York:\d{8}T093000\r?$/m);
      if (locale === 'es') {
        expect(unfolded).toContain('SUMMARY:Visita de TechHelp');
        expect(unfolded).toContain('DESCRIPTION:Visita presencial. Sus visitas: https://techhelp.test/home?lang=es.');
      } else {
        expect(unfolded).toContain('SUMMARY:TechHelp visit');
        expect(unfolded).toContain('DESCRIPTION:In-person visit. Your appointments: https://techhelp.test/home. ');
      }
    });

    it('reschedule, with the updated invite', async () => {
      const previous = slotInstant(day(0), '09:30am');
      const startsAt = slotInstant(day(1), '11:00am');
      const moved = await app.inject({
        method: 'POST',
        url: `/api/appointments/${appointmentId}/reschedule`,
        headers: { cookie },
        payload: { date: day(1), slot: '11:00am' },
      });
      expect(moved.statusCode).toBe(200);
      const words = appointment(startsAt);
      const subject = say(locale, 'Your {business} visit has moved to {time}', words);
      const mail = await delivered(email, subject);
      expectMail(mail, locale, {
        subject,
        englishSubject: `Your TechHelp visit has moved to ${words.englishTime}`,
        paragraphs: [
          say(locale, 'Your {kind} visit has moved from {previous} to {when}.', { ...words, previous: timeOf(locale, previous) }),
          say(locale, 'We will come to {location}.', { location: ADDRESS }),
          say(locale, 'The attached invitation updates the visit in your calendar.'),
          say(locale, 'To change anything, call us at {phone}.', { phone: phone() }),
        ],
        action: seeMyAppointments(),
      });
      const { event, vevent } = inviteOf(mail, 'REQUEST');
      expect(event.summary).toBe(say(locale, '{business} visit', BUSINESS));
      expect(event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
      expect(vevent.getFirstPropertyValue('sequence')).toBe(1);
    });

    it('cancellation by the customer, with the calendar CANCEL', async () => {
      const startsAt = slotInstant(day(1), '11:00am');
      const cancelled = await app.inject({ method: 'POST', url: `/api/appointments/${appointmentId}/cancel`, headers: { cookie } });
      expect(cancelled.statusCode).toBeLessThan(300);
      const words = appointment(startsAt);
      const subject = say(locale, 'Your {business} visit on {time} is cancelled', words);
      const mail = await delivered(email, subject);
      expectMail(mail, locale, {
        subject,
        englishSubject: `Your TechHelp visit on ${words.englishTime} is cancelled`,
        paragraphs: [
          say(locale, 'Your {kind} visit on {when} has been cancelled.', words),
          say(locale, 'The attached cancellation removes it from your calendar.'),
          say(locale, 'You can book another time whenever you like.'),
        ],
        action: { label: say(locale, 'Book another visit'), url: linkOf(locale, HOME) },
      });
      const { event } = inviteOf(mail, 'CANCEL');
      expect(event.summary).toBe(say(locale, '{business} visit', BUSINESS));
      expect(event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
    });

    it('cancellation by the owner (the back office’s Delete), with the calendar CANCEL', async () => {
      const startsAt = slotInstant(day(2), '12:30pm');
      const booked = await app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { cookie },
        payload: { date: day(2), slot: '12:30pm', isRemote: false },
      });
      expect(booked.statusCode).toBe(201);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/admin/appointments/${booked.json().id}`,
        headers: { cookie: adminCookie },
      });
      expect(deleted.statusCode).toBe(204);
      const words = appointment(startsAt);
      const subject = say(locale, 'Your {business} visit on {time} is cancelled', words);
      const mail = await delivered(email, subject);
      expectMail(mail, locale, {
        subject,
        englishSubject: `Your TechHelp visit on ${words.englishTime} is cancelled`,
        paragraphs: [
          say(locale, 'We are sorry: we had to cancel your {kind} visit on {when}.', words),
          say(locale, 'The attached cancellation removes it from your calendar.'),
          say(locale, 'Please call us at {phone} and we will find you another time, or book one yourself from your appointments page.', {
            phone: phone(),
          }),
        ],
        action: { label: say(locale, 'Book another visit'), url: linkOf(locale, HOME) },
      });
      const { event } = inviteOf(mail, 'CANCEL');
      expect(event.summary).toBe(say(locale, '{business} visit', BUSINESS));
    });

    it('the owner makes a visit remote, with the updated invite', async () => {
      const startsAt = slotInstant(day(2), '02:00pm');
      const booked = await app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { cookie },
        payload: { date: day(2), slot: '02:00pm', isRemote: false },
      });
      expect(booked.statusCode).toBe(201);
      const switched = await app.inject({
        method: 'PATCH',
        url: `/api/admin/appointments/${booked.json().id}`,
        headers: { cookie: adminCookie },
        payload: { isRemote: true },
      });
      expect(switched.statusCode).toBe(200);
      const words = appointment(startsAt);
      const subject = say(locale, 'Your {business} visit on {time} is now remote', words);
      const mail = await delivered(email, subject);
      expectMail(mail, locale, {
        subject,
        englishSubject: `Your TechHelp visit on ${words.englishTime} is now remote`,
        paragraphs: [
          say(locale, 'Your visit on {when} is now a remote visit: we will not come to your home.', words),
          say(locale, 'At that time we will call you and help you connect; see {url} to get ready.', {
            url: linkOf(locale, HOME.replace(/\/home$/, '/remotesupport')),
          }),
          say(locale, 'The attached invitation updates the visit in your calendar.'),
          say(locale, 'To change anything, call us at {phone}.', { phone: phone() }),
        ],
        action: seeMyAppointments(),
      });
      const { event, vevent } = inviteOf(mail, 'REQUEST');
      expect(event.location).toBe(say(locale, 'Remote'));
      expect(vevent.getFirstPropertyValue('sequence')).toBe(1);
      // Out of the way of the tests after this one (a customer may hold only so many open visits), telling no one.
      await database.db.update(appointments).set({ cancelledAt: new Date() }).where(eq(appointments.id, booked.json().id));
    });

    it('reminder', async () => {
      const { id: userId } = (await database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0] ?? { id: '' };
      // Sent the day before (20 hours ahead, at the pass's own clock); each language's visit at its own time, so the
      // two never share a start time.
      const slot = locale === 'en' ? '08:00am' : '09:30am';
      const startsAt = slotInstant('2099-06-07', slot);
      await database.db.insert(appointments).values({ id: `20990607-${crypto.randomUUID()}`, userId, startsAt, slotLabel: slot });
      expect(await app.appointments.sendDueReminders(new Date(startsAt.getTime() - 20 * 3600_000))).toBe(1);
      const words = appointment(startsAt);
      const subject = say(locale, 'Reminder: your {business} visit tomorrow', words);
      expectMail(await delivered(email, subject), locale, {
        subject,
        englishSubject: 'Reminder: your TechHelp visit tomorrow',
        paragraphs: [
          say(locale, 'This is a reminder of your {kind} visit on {when}.', words),
          say(locale, 'We will come to {location}.', { location: ADDRESS }),
          say(locale, 'If you cannot make it, please cancel from your appointments page or call {phone}.', { phone: phone() }),
        ],
        action: seeMyAppointments(),
      });
    });

    let paidAppointmentId: string;
    let paidStartsAt: Date;

    it('receipt, for a payment the owner recorded by hand', async () => {
      paidStartsAt = slotInstant(day(3), '02:00pm');
      const booked = await app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { cookie },
        payload: { date: day(3), slot: '02:00pm', isRemote: false },
      });
      expect(booked.statusCode).toBe(201);
      paidAppointmentId = booked.json().id;
      const paid = await app.inject({
        method: 'PATCH',
        url: `/api/admin/appointments/${paidAppointmentId}`,
        headers: { cookie: adminCookie },
        // Billed from the clock: an hour and a half of troubleshooting, $75.00, with its lines on the receipt.
        payload: {
          isCompleted: true,
          work: { kind: 'troubleshooting', start: '14:00', end: '15:30' },
          isPaid: true,
          paymentMethod: 'cash',
        },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().paidNow).toBe(true);
      const invoice = await app.inject({ method: 'GET', url: `/api/invoices/${paidAppointmentId}`, headers: { cookie } });
      const invoiceNumber = invoice.json().number as number;
      const amount = moneyOf(locale, 7500);
      const lines =
        locale === 'es'
          ? `Primera hora de solución de problemas ${moneyOf(locale, 5000)}; 1 media hora adicional ${moneyOf(locale, 2500)}`
          : 'First hour of troubleshooting $50.00; 1 extra half-hour $25.00';
      const subject = say(locale, 'Your {business} receipt: {amount}', { ...BUSINESS, amount });
      expectMail(await delivered(email, subject), locale, {
        subject,
        englishSubject: 'Your TechHelp receipt: $75.00',
        paragraphs: [
          say(locale, 'Thank you for your payment of {amount} (USD).', { amount }),
          say(locale, 'What you paid for: {lines}.', { lines }),
          say(locale, 'Service: the visit of {time} (New York time).', { time: timeOf(locale, paidStartsAt) }),
          say(locale, 'Payment reference: {reference}.', {
            reference: say(locale, '{method} payment recorded by {email}', { method: say(locale, 'cash'), email: config.support.email }),
          }),
          say(locale, 'Your invoice {number} is attached; you can also see it and print it at {url}.', {
            number: String(invoiceNumber).padStart(5, '0'),
            url: linkOf(locale, `${PUBLIC_URL}/invoice/${paidAppointmentId}`),
          }),
          say(locale, 'Keep this e-mail as your receipt.'),
        ],
        action: seeMyAppointments(),
      });
      if (locale === 'es') expect(subject).toBe('Su recibo de TechHelp: $75.00');

      // And the thank-you, asking for a rating (no REVIEW_URL here, so no public review page).
      const thanks = say(locale, 'Thank you from {business}: how did we do?', BUSINESS);
      expectMail(await delivered(email, thanks), locale, {
        subject: thanks,
        englishSubject: 'Thank you from TechHelp: how did we do?',
        paragraphs: [
          say(locale, 'Thank you, {name}, for letting us help with your visit of {time} (New York time).', {
            name: PROFILE.firstName,
            time: timeOf(locale, paidStartsAt),
          }),
          say(locale, 'Would you tell us how it went? Choosing from 1 to 5 stars takes a moment, and a comment helps us even more.'),
        ],
        action: { label: say(locale, 'Rate my visit'), url: linkOf(locale, `${PUBLIC_URL}/review/${paidAppointmentId}`) },
      });
    });

    it('refund', async () => {
      const paidList = await app.inject({ method: 'GET', url: '/api/admin/paid', headers: { cookie: adminCookie } });
      expect(paidList.statusCode).toBe(200);
      const entry = (paidList.json().entries as Array<{ id: string; payment: { id: string } }>).find((row) => row.id === paidAppointmentId);
      const refunded = await app.inject({
        method: 'POST',
        url: `/api/admin/payments/${entry?.payment.id}/refund`,
        headers: { cookie: adminCookie },
      });
      expect(refunded.statusCode).toBe(200);
      expect(refunded.json().refundReference).toBe('given back by hand (cash)');
      const amount = moneyOf(locale, 7500);
      const subject = say(locale, 'Your {business} refund: {amount}', { ...BUSINESS, amount });
      expectMail(await delivered(email, subject), locale, {
        subject,
        englishSubject: 'Your TechHelp refund: $75.00',
        paragraphs: [
          say(locale, 'We refunded your payment of {amount} (USD) for the visit of {time} (New York time).', {
            amount,
            time: timeOf(locale, paidStartsAt),
          }),
          say(locale, 'We give it back to you the way you paid ({method}).', { method: say(locale, 'cash') }),
          // A refund by hand has no provider's reference: the back office's own English note of it stays out.
          say(locale, 'Keep this e-mail for your records.'),
        ],
        action: seeMyAppointments(),
      });
    });

    it('pay link when the owner completes a visit, then its reminders after 3 and 7 days', async () => {
      const startsAt = slotInstant(day(3), '06:30pm');
      const booked = await app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { cookie },
        payload: { date: day(3), slot: '06:30pm', isRemote: false },
      });
      expect(booked.statusCode).toBe(201);
      const id = booked.json().id as string;
      const completed = await app.inject({
        method: 'PATCH',
        url: `/api/admin/appointments/${id}`,
        headers: { cookie: adminCookie },
        payload: { isCompleted: true, work: { kind: 'troubleshooting', start: '18:30', end: '20:00' } },
      });
      expect(completed.statusCode, completed.body).toBe(200);
      const amount = moneyOf(locale, 7500);
      const time = timeOf(locale, startsAt);
      const lines =
        locale === 'es'
          ? `Primera hora de solución de problemas ${moneyOf(locale, 5000)}; 1 media hora adicional ${moneyOf(locale, 2500)}`
          : 'First hour of troubleshooting $50.00; 1 extra half-hour $25.00';
      const pay = { label: say(locale, 'Pay {amount}', { amount }), url: linkOf(locale, `${PUBLIC_URL}/makepayment?appointment=${id}`) };
      const subject = say(locale, 'Your visit is complete: {amount}', { amount });
      expectMail(await delivered(email, subject), locale, {
        subject,
        englishSubject: 'Your visit is complete: $75.00',
        paragraphs: [
          say(locale, 'Thank you for having us. Your visit of {time} (New York time) is complete, and it comes to {amount} (USD).', {
            time,
            amount,
          }),
          say(locale, 'What you pay for: {lines}.', { lines }),
          say(locale, 'You can pay online with the button below: log in, and the payment of this visit opens.'),
          say(locale, 'Questions about the bill? Call us at {phone}.', { phone: phone() }),
        ],
        action: pay,
      });

      // Three days on, the first reminder; four more, the second; then no more.
      const reminder = say(locale, 'A friendly reminder: {amount} for your visit of {time}', { amount, time });
      for (const days of [3, 7]) {
        await database.db
          .update(payRequests)
          .set({ sentAt: new Date(Date.now() - days * 86_400_000 - 60_000) })
          .where(eq(payRequests.appointmentId, id));
        expect(await app.payments.sendDuePayReminders()).toBe(1);
        expect(await app.payments.sendDuePayReminders()).toBe(0);
      }
      expectMail(await delivered(email, reminder), locale, {
        subject: reminder,
        englishSubject: `A friendly reminder: $75.00 for your visit of ${formatAppointmentTime(startsAt)}`,
        paragraphs: [
          say(locale, 'Your visit of {time} (New York time) is still waiting for its payment of {amount} (USD).', { time, amount }),
          say(locale, 'What you pay for: {lines}.', { lines }),
          say(locale, 'You can pay online with the button below: log in, and the payment of this visit opens.'),
          say(locale, 'If you have paid already, thank you, and please ignore this message. Questions? Call us at {phone}.', {
            phone: phone(),
          }),
        ],
        action: pay,
      });
      await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(email) && mail.parsed.subject === reminder).length).toBe(2);
    });

    it('e-mail change: the notice to the old address and the verification to the new one, then the restore notice', async () => {
      const newEmail = uniqueEmail(`${locale}-moved`);
      const changed = await app.inject({
        method: 'POST',
        url: '/api/account/change-email',
        headers: { cookie },
        payload: { email: newEmail, confirmEmail: newEmail },
      });
      expect(changed.statusCode).toBe(200);

      const subject = say(locale, 'Your {business} e-mail address was changed', BUSINESS);
      const recoverLink = expectMail(await delivered(email, subject), locale, {
        subject,
        englishSubject: 'Your TechHelp e-mail address was changed',
        paragraphs: [
          say(locale, 'The e-mail address of your account was changed from {oldEmail} to {newEmail}.', { oldEmail: email, newEmail }),
          say(locale, 'If you made this change, there is nothing to do.'),
        ],
        action: {
          label: say(locale, 'This was not me: restore my old address'),
          url: new RegExp(`^https://techhelp\\.test/usermgmt\\?mode=recoverEmail&oobCode=[\\w-]+${locale === 'es' ? '&lang=es' : ''}$`),
        },
        afterAction: [say(locale, 'This link works once, for 7 days. After restoring your address, we recommend you reset your password.')],
      });
      expectMail(await delivered(newEmail, verification(locale).subject), locale, verification(locale));

      const recovered = await app.inject({
        method: 'POST',
        url: '/api/account/recover-email',
        remoteAddress: nextClient(),
        payload: { oobCode: new URL(recoverLink).searchParams.get('oobCode') },
      });
      expect(recovered.statusCode).toBe(200);
      const restored = say(locale, 'Your {business} e-mail address was restored', BUSINESS);
      expectMail(await delivered(email, restored), locale, {
        subject: restored,
        englishSubject: 'Your TechHelp e-mail address was restored',
        paragraphs: [
          say(locale, 'The e-mail address of your account is {email} again, and every session was signed out.', { email }),
          say(locale, 'For your safety, please reset your password now.'),
        ],
      });
    });

    it('sent nothing else to this customer, and nothing in the other language', async () => {
      const mails = smtp.received.filter((mail) => mail.to.some((to) => to.startsWith(`${locale}-`)));
      // Verification, already registered, reset, confirmation, reschedule, two cancellations, the remote visit's
      // booking confirmation and its switch to remote, reminder, receipt's booking confirmation, receipt, thank-you,
      // refund, the pay link's booking confirmation, the pay link and its two reminders, changed, new address's
      // verification, restored.
      expect(mails.length).toBe(22);
      for (const mail of mails) expect(mail.parsed.html).toContain(`<html lang="${locale}">`);
      if (locale === 'es') {
        const english = /^(Verify|You already|Reset|Your TechHelp|Reminder|Your visit|A friendly|Thank you)/;
        for (const mail of mails) expect(mail.parsed.subject).not.toMatch(english);
      }
    });
  });

  it('keeps the owner’s notices in English, whatever the customer’s language', () => {
    const notices = smtp.received.filter((mail) => /^(New booking|Cancelled|Moved): /.test(mail.parsed.subject ?? ''));
    expect(notices.length).toBeGreaterThanOrEqual(8);
    for (const notice of notices) {
      expect(notice.parsed.html).toContain('<html lang="en">');
      expect(notice.parsed.subject).toMatch(
        /^(New booking|Cancelled|Moved): (Saturday|Sunday), [A-Z][a-z]+ \d{1,2}, \d{4} at \d\d:\d\d(am|pm)$/,
      );
    }
  });
});
