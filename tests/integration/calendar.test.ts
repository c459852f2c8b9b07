import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, businessSettings } from '../../src/server/db/schema.ts';
import { SLOT_LABELS } from '../../src/shared/business.ts';
import { slotInstant } from '../../src/shared/business-time.ts';
import { type MailboxEntry, mailbox, PROFILE } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingAdmin, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';

const PHONE = '(631) 555-0199';
const NEW_YORK = 'America/New_York';

type Attachment = { filename: string; contentType: string; content: string };
type Slot = { date: string; slot: string };

/** What a calendar program reads in one invite: the calendar's METHOD and its one event. */
type Invite = {
  filename: string;
  contentType: string;
  method: string;
  uid: string;
  sequence: number;
  status: string;
  startsAt: string;
  tzid: string | undefined;
};

function calendarOf(content: string): ICAL.Component {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const vtimezone = calendar.getFirstSubcomponent('vtimezone');
  expect(vtimezone?.getFirstPropertyValue('tzid')).toBe(NEW_YORK);
  ICAL.TimezoneService.register(vtimezone as ICAL.Component);
  return calendar;
}

function startOf(vevent: ICAL.Component): { startsAt: string; tzid: string | undefined } {
  const event = new ICAL.Event(vevent);
  return { startsAt: event.startDate.toJSDate().toISOString(), tzid: event.startDate.zone?.tzid };
}

function inviteOf(attachment: Attachment): Invite {
  const calendar = calendarOf(attachment.content);
  const vevents = calendar.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  const vevent = vevents[0] as ICAL.Component;
  return {
    filename: attachment.filename,
    contentType: attachment.contentType,
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(vevent.getFirstPropertyValue('uid')),
    sequence: Number(vevent.getFirstPropertyValue('sequence')),
    status: String(vevent.getFirstPropertyValue('status')),
    ...startOf(vevent),
  };
}

describe('calendar invites and the owner’s calendar feed', () => {
  let subject: TestApp;
  let admin: Awaited<ReturnType<typeof bookingAdmin>>;
  const app = () => subject.app;
  /** The daylight-saving case's visits: both change Sundays of 2027 and the Saturdays before, each booked with its own clock. */
  const DST_APPOINTMENTS = [
    ['2027-03-13', '06:30pm'],
    ['2027-03-14', '08:00am'],
    ['2027-11-06', '06:30pm'],
    ['2027-11-07', '08:00am'],
  ] as const;
  // The fresh slots leave those dates out, so that on the runs a few weeks before them neither case takes the other's
  // slot (SLOT_TAKEN), whatever order the cases run in.
  const dstDates = DST_APPOINTMENTS.map(([date]) => date);
  const days = upcomingWeekendDays(10, 3, dstDates);
  let nextSlotIndex = 0;
  /** A slot no other test in this file uses. */
  const freshSlot = (): Slot => {
    const index = nextSlotIndex++;
    const date = days[Math.floor(index / SLOT_LABELS.length)];
    const slot = SLOT_LABELS[index % SLOT_LABELS.length];
    if (!date || !slot) throw new Error('out of test slots');
    return { date, slot };
  };
  const instantOf = (at: Slot) => slotInstant(at.date, at.slot as (typeof SLOT_LABELS)[number]).toISOString();

  beforeAll(async () => {
    subject = await createTestApp({ PUBLIC_URL: 'https://techhelp.test', SUPPORT_PHONE: PHONE });
    admin = await bookingAdmin(subject.app, subject.database.db);
  });
  afterAll(() => subject.close());

  /** Every calendar invite e-mailed to `email`, in the order of their SEQUENCE. */
  const invitesTo = async (email: string): Promise<Invite[]> => {
    const mails = (await mailbox(app(), email)) as Array<MailboxEntry & { attachments: Attachment[] }>;
    return mails
      .flatMap((mail) => mail.attachments.filter((attachment) => attachment.contentType.startsWith('text/calendar')))
      .map(inviteOf)
      .sort((a, b) => a.sequence - b.sequence);
  };
  const bookAt = async (cookie: string, at: Slot, isRemote = false) => {
    const response = await book(app(), cookie, at.date, at.slot, isRemote);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; startsAt: string };
  };
  const reschedule = async (cookie: string, id: string, to: Slot) => {
    const response = await app().inject({
      method: 'POST',
      url: `/api/appointments/${id}/reschedule`,
      headers: { cookie },
      payload: { date: to.date, slot: to.slot },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const cancel = async (cookie: string, id: string) => {
    const response = await app().inject({ method: 'POST', url: `/api/appointments/${id}/cancel`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(204);
  };
  const asAdmin = (method: 'GET' | 'POST' | 'DELETE', url: string) => app().inject({ method, url, headers: { cookie: admin.cookie } });

  it('keeps one UID through booking, two moves and a cancellation, with a rising SEQUENCE and the time in New York', async () => {
    const customer = await bookingCustomer(app(), 'invitee');
    const first = freshSlot();
    const second = freshSlot();
    const third = freshSlot();
    const booked = await bookAt(customer.cookie, first);
    const uid = `${booked.id}@techhelp`;

    const [confirmation, ...none] = await invitesTo(customer.email);
    expect(none).toEqual([]);
    expect(confirmation).toEqual({
      filename: 'techhelp-visit.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
      method: 'REQUEST',
      uid,
      sequence: 0,
      status: 'CONFIRMED',
      startsAt: instantOf(first),
      tzid: NEW_YORK,
    });

    await reschedule(customer.cookie, booked.id, second);
    expect((await invitesTo(customer.email)).map(({ method, uid, sequence, startsAt }) => ({ method, uid, sequence, startsAt }))).toEqual([
      { method: 'REQUEST', uid, sequence: 0, startsAt: instantOf(first) },
      { method: 'REQUEST', uid, sequence: 1, startsAt: instantOf(second) },
    ]);

    await reschedule(customer.cookie, booked.id, third);
    await cancel(customer.cookie, booked.id);
    const invites = await invitesTo(customer.email);
    expect(invites.map(({ method, uid, sequence, status, startsAt, tzid }) => ({ method, uid, sequence, status, startsAt, tzid }))).toEqual(
      [
        { method: 'REQUEST', uid, sequence: 0, status: 'CONFIRMED', startsAt: instantOf(first), tzid: NEW_YORK },
        { method: 'REQUEST', uid, sequence: 1, status: 'CONFIRMED', startsAt: instantOf(second), tzid: NEW_YORK },
        { method: 'REQUEST', uid, sequence: 2, status: 'CONFIRMED', startsAt: instantOf(third), tzid: NEW_YORK },
        { method: 'CANCEL', uid, sequence: 3, status: 'CANCELLED', startsAt: instantOf(third), tzid: NEW_YORK },
      ],
    );
    expect(invites[3]).toMatchObject({
      filename: 'techhelp-visit-cancelled.ics',
      contentType: 'text/calendar; charset=utf-8; method=CANCEL',
    });
  });

  it('e-mails the customer a CANCEL when the owner deletes an upcoming visit, and nothing when the owner deletes a completed job', async () => {
    const customer = await bookingCustomer(app(), 'deleted');
    const upcoming = await bookAt(customer.cookie, freshSlot());
    const done = await bookAt(customer.cookie, freshSlot());
    expect((await invitesTo(customer.email)).map((invite) => invite.sequence)).toEqual([0, 0]);

    expect((await asAdmin('DELETE', `/api/admin/appointments/${upcoming.id}`)).statusCode).toBe(204);
    const forUpcoming = (await invitesTo(customer.email)).filter((invite) => invite.uid === `${upcoming.id}@techhelp`);
    expect(forUpcoming.map(({ method, sequence, status, startsAt }) => ({ method, sequence, status, startsAt }))).toEqual([
      { method: 'REQUEST', sequence: 0, status: 'CONFIRMED', startsAt: upcoming.startsAt },
      { method: 'CANCEL', sequence: 1, status: 'CANCELLED', startsAt: upcoming.startsAt },
    ]);

    await subject.database.db.update(appointments).set({ completedAt: new Date() }).where(eq(appointments.id, done.id));
    const mailsBefore = (await mailbox(app(), customer.email)).length;
    expect((await asAdmin('DELETE', `/api/admin/appointments/${done.id}`)).statusCode).toBe(204);
    expect(await mailbox(app(), customer.email)).toHaveLength(mailsBefore);
    expect((await invitesTo(customer.email)).filter((invite) => invite.uid === `${done.id}@techhelp`)).toHaveLength(1);
  });

  /** The owner's edit of an appointment in the back office, which must succeed. */
  const ownerEdits = async (appointmentId: string, payload: Record<string, unknown>) => {
    const response = await app().inject({
      method: 'PATCH',
      url: `/api/admin/appointments/${appointmentId}`,
      headers: { cookie: admin.cookie },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('e-mails an updated invitation when the owner makes a visit remote or in person, and nothing when nothing changes', async () => {
    const customer = await bookingCustomer(app(), 'switched');
    const appointment = await bookAt(customer.cookie, freshSlot());
    const uid = `${appointment.id}@techhelp`;
    const edit = (payload: Record<string, unknown>) => ownerEdits(appointment.id, payload);
    const locationOf = async (sequence: number) => {
      const mails = (await mailbox(app(), customer.email)) as Array<MailboxEntry & { attachments: Attachment[] }>;
      const ics = mails.flatMap((mail) => mail.attachments).find((attachment) => attachment.content.includes(`SEQUENCE:${sequence}`));
      return /^LOCATION:(.*)$/m.exec(ics?.content.replace(/\r\n /g, '') ?? '')?.[1]?.trim();
    };

    await edit({ isRemote: true });
    const [remote] = await mailbox(app(), customer.email);
    expect(remote?.subject).toMatch(/^Your TechHelp visit on .+ is now remote$/);
    expect(remote?.text).toContain('we will not come to your home');
    expect((await invitesTo(customer.email)).map(({ method, uid, sequence }) => ({ method, uid, sequence }))).toEqual([
      { method: 'REQUEST', uid, sequence: 0 },
      { method: 'REQUEST', uid, sequence: 1 },
    ]);
    expect(await locationOf(1)).toBe('Remote');

    await edit({ isRemote: false });
    const [inPerson] = await mailbox(app(), customer.email);
    expect(inPerson?.subject).toMatch(/is now in person$/);
    expect(inPerson?.text).toContain('We will come to 12 Main Street');
    expect(await locationOf(2)).toContain('12 Main Street');

    // A note, or the same kind again, tells the customer nothing; nor does a change to a visit already done.
    const count = (await mailbox(app(), customer.email)).length;
    await edit({ isRemote: false, notes: 'Bring a spare cable' });
    await edit({ isCompleted: true });
    await edit({ isRemote: true });
    expect(await mailbox(app(), customer.email)).toHaveLength(count);
    const [row] = await subject.database.db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row?.inviteSequence).toBe(2);
  });

  it('judges a switch of kind by the visit as the same edit leaves it: completed in it, nothing; un-completed in it, the invitation', async () => {
    const customer = await bookingCustomer(app(), 'switched-and-done');
    const appointment = await bookAt(customer.cookie, freshSlot());
    const edit = (payload: Record<string, unknown>) => ownerEdits(appointment.id, payload);
    const sequence = async () =>
      (await subject.database.db.select().from(appointments).where(eq(appointments.id, appointment.id)))[0]?.inviteSequence;
    const count = (await mailbox(app(), customer.email)).length;

    // Done (early, and remote after all) in the same save: the visit is not to come, so no invitation goes.
    await edit({ isRemote: true, isCompleted: true });
    expect(await mailbox(app(), customer.email)).toHaveLength(count);
    expect(await sequence()).toBe(0);

    // Un-completed and back to in person in the same save: a visit to come again, whose invitation is updated.
    await edit({ isRemote: false, isCompleted: false });
    const [inPerson] = await mailbox(app(), customer.email);
    expect(inPerson?.subject).toMatch(/is now in person$/);
    expect((await invitesTo(customer.email)).map(({ method, sequence }) => ({ method, sequence }))).toEqual([
      { method: 'REQUEST', sequence: 0 },
      { method: 'REQUEST', sequence: 1 },
    ]);
    expect(await sequence()).toBe(1);
  });

  it('places visits on both daylight-saving Sundays and the days before them at the right instant, 90 minutes long', async () => {
    const customer = await bookingCustomer(app(), 'dst');
    const viewer = { id: customer.id, email: customer.email, emailVerified: true, isAdmin: false };
    const dstAppointments = DST_APPOINTMENTS;
    const ids: string[] = [];
    for (const [date, slot] of dstAppointments) {
      const now = new Date(slotInstant(date, slot).getTime() - 30 * 24 * 60 * 60 * 1000);
      const booked = await app().appointments.book(viewer, { date, slot, isRemote: false }, now);
      ids.push(booked.id);
      // Cancelled at once (far from the cut-off), so the customer stays under the limit of three open visits.
      await app().appointments.cancel(viewer, booked.id, now);
    }
    const mails = (await mailbox(app(), customer.email)) as Array<MailboxEntry & { attachments: Attachment[] }>;
    const requests = mails
      .flatMap((mail) => mail.attachments)
      .filter((attachment) => attachment.contentType.endsWith('method=REQUEST'))
      .map((attachment) => calendarOf(attachment.content).getFirstSubcomponent('vevent') as ICAL.Component);
    expect(requests).toHaveLength(4);
    dstAppointments.forEach(([date, slot], index) => {
      const vevent = requests.find((candidate) => candidate.getFirstPropertyValue('uid') === `${ids[index]}@techhelp`);
      expect(vevent, `${date} ${slot}`).toBeDefined();
      const event = new ICAL.Event(vevent as ICAL.Component);
      const wallClock = `${date.replaceAll('-', '')}T${slot === '08:00am' ? '080000' : '183000'}`;
      expect(vevent?.getFirstProperty('dtstart')?.toICALString()).toBe(`DTSTART;TZID=${NEW_YORK}:${wallClock}`);
      expect(event.startDate.toJSDate().toISOString(), `${date} ${slot}`).toBe(slotInstant(date, slot).toISOString());
      expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(90 * 60 * 1000);
    });
  });

  describe('the owner’s feed', () => {
    const feedName = { firstName: 'Feodora', lastName: 'Calendarova', phoneNumber: '631-555-0142' };
    const feedEvents = (body: string) => {
      const calendar = calendarOf(body);
      return {
        method: calendar.getFirstPropertyValue('method'),
        events: calendar.getAllSubcomponents('vevent').map((vevent) => {
          const event = new ICAL.Event(vevent);
          return {
            uid: event.uid,
            sequence: event.sequence,
            summary: event.summary,
            location: event.location,
            description: event.description,
            ...startOf(vevent),
          };
        }),
      };
    };
    const openUids = async () =>
      (await asAdmin('GET', '/api/admin/appointments')).json().map((appointment: { id: string }) => `${appointment.id}@techhelp`);
    const pathOf = (url: string) => new URL(url).pathname;
    const notFound = { error: { code: 'NOT_FOUND', message: 'That calendar was not found.' } };

    it('publishes every open visit, with the customer’s details and the invites’ UID, and follows bookings and cancellations', async () => {
      const status = await asAdmin('GET', '/api/admin/calendar-feed');
      expect(status.statusCode).toBe(200);
      expect(status.json()).toEqual({ isSet: false, since: null });

      const customer = await bookingCustomer(app(), 'feed');
      const profile = await app().inject({
        method: 'PUT',
        url: '/api/account/profile',
        headers: { cookie: customer.cookie },
        payload: { ...PROFILE, ...feedName },
      });
      expect(profile.statusCode).toBe(200);
      const inPerson = await bookAt(customer.cookie, freshSlot());
      const described = await app().inject({
        method: 'PUT',
        url: `/api/appointments/${inPerson.id}/description`,
        headers: { cookie: customer.cookie },
        payload: { description: 'Printer says "offline", again; help!' },
      });
      expect(described.statusCode).toBe(200);
      // Moved once, so the feed must carry the invites' SEQUENCE (1), not a fresh 0.
      const movedTo = freshSlot();
      await reschedule(customer.cookie, inPerson.id, movedTo);

      const made = await asAdmin('POST', '/api/admin/calendar-feed');
      expect(made.statusCode).toBe(201);
      const { url } = made.json();
      expect(url).toMatch(/^https:\/\/techhelp\.test\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      const since = (await asAdmin('GET', '/api/admin/calendar-feed')).json();
      expect(since).toEqual({ isSet: true, since: expect.any(String) });
      const log = await asAdmin('GET', '/api/admin/config-changes?collection=software');
      expect(log.json()).toContainEqual(
        expect.objectContaining({ context: 'Calendar feed (back office)', description: "The owner's calendar feed address was made." }),
      );
      expect(log.body).not.toContain(/\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)?.[1] ?? 'missing');

      const response = await app().inject({ method: 'GET', url: pathOf(url) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-store');
      const feed = feedEvents(response.body);
      expect(feed.method).toBe('PUBLISH');
      expect(feed.events.map((event) => event.uid).sort()).toEqual((await openUids()).sort());
      const ours = feed.events.find((event) => event.uid === `${inPerson.id}@techhelp`);
      expect(ours).toMatchObject({
        sequence: 1,
        summary: 'Feodora Calendarova: in-person visit',
        location: '12 Main Street, Bay Shore, NY 11706',
        startsAt: instantOf(movedTo),
        tzid: NEW_YORK,
      });
      expect(ours?.description.split('\n')).toEqual([
        'Phone: 631-555-0142',
        `E-mail: ${customer.email}`,
        'Problem: Printer says "offline", again; help!',
      ]);
      // The same UID and SEQUENCE as the customer's latest invite.
      const latestInvite = (await invitesTo(customer.email)).at(-1);
      expect(latestInvite).toMatchObject({ uid: ours?.uid, sequence: ours?.sequence, startsAt: ours?.startsAt });

      const remote = await bookAt(customer.cookie, freshSlot(), true);
      const afterBooking = feedEvents((await app().inject({ method: 'GET', url: pathOf(url) })).body);
      expect(afterBooking.events.map((event) => event.uid).sort()).toEqual((await openUids()).sort());
      const remoteEvent = afterBooking.events.find((event) => event.uid === `${remote.id}@techhelp`);
      expect(remoteEvent).toMatchObject({
        sequence: 0,
        summary: 'Feodora Calendarova: remote visit',
        location: 'Remote',
        startsAt: remote.startsAt,
      });
      expect(remoteEvent?.description).toContain('Address: 12 Main Street, Bay Shore, NY 11706');
      expect(remoteEvent?.description).toContain('Problem: not described yet');

      await cancel(customer.cookie, inPerson.id);
      const afterCancel = feedEvents((await app().inject({ method: 'GET', url: pathOf(url) })).body);
      expect(afterCancel.events.map((event) => event.uid)).not.toContain(`${inPerson.id}@techhelp`);
      expect(afterCancel.events.map((event) => event.uid)).toContain(`${remote.id}@techhelp`);
      expect(afterCancel.events.map((event) => event.uid).sort()).toEqual((await openUids()).sort());
    });

    it('answers a wrong or malformed address 404 in the standard error shape; a new address retires the old; DELETE turns it off', async () => {
      const first = (await asAdmin('POST', '/api/admin/calendar-feed')).json().url as string;
      expect((await app().inject({ method: 'GET', url: pathOf(first) })).statusCode).toBe(200);

      const secret = /\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(first)?.[1] ?? '';
      const wrongSecret = `${secret[0] === 'A' ? 'B' : 'A'}${secret.slice(1)}`;
      for (const name of [`${wrongSecret}.ics`, `${'x'.repeat(43)}.ics`, `${secret}.ICS`, secret, `${secret.slice(1)}.ics`, 'feed.ics']) {
        const response = await app().inject({ method: 'GET', url: `/calendar/${encodeURIComponent(name)}` });
        expect(response.statusCode, name).toBe(404);
        expect(response.json(), name).toEqual(notFound);
        expect(response.body).not.toContain('VCALENDAR');
      }

      const second = await asAdmin('POST', '/api/admin/calendar-feed');
      expect(second.statusCode).toBe(201);
      const secondUrl = second.json().url as string;
      expect(secondUrl).not.toBe(first);
      const old = await app().inject({ method: 'GET', url: pathOf(first) });
      expect(old.statusCode).toBe(404);
      expect(old.json()).toEqual(notFound);
      expect((await app().inject({ method: 'GET', url: pathOf(secondUrl) })).statusCode).toBe(200);

      expect((await asAdmin('DELETE', '/api/admin/calendar-feed')).statusCode).toBe(204);
      expect((await asAdmin('GET', '/api/admin/calendar-feed')).json()).toEqual({ isSet: false, since: null });
      const off = await app().inject({ method: 'GET', url: pathOf(secondUrl) });
      expect(off.statusCode).toBe(404);
      expect(off.json()).toEqual(notFound);

      const log = await asAdmin('GET', '/api/admin/config-changes?collection=software');
      expect(log.statusCode).toBe(200);
      const feedEntries = log
        .json()
        .filter((entry: { context: string }) => entry.context === 'Calendar feed (back office)')
        .map((entry: { description: string }) => entry.description);
      expect(feedEntries).toEqual(
        expect.arrayContaining([
          "The owner's calendar feed got a new address; the old address no longer works.",
          "The owner's calendar feed was turned off; its address no longer works.",
        ]),
      );
      // Only a hash is kept: neither secret is in the settings row.
      const [settings] = await subject.database.db.select().from(businessSettings);
      const stored = JSON.stringify(settings);
      const text = `${log.body}${stored}`;
      for (const url of [first, secondUrl]) {
        const key = /\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)?.[1] ?? 'missing';
        expect(text).not.toContain(key);
      }
    });

    it('refuses the feed’s admin routes to customers (403) and visitors (401), changing nothing', async () => {
      const made = (await asAdmin('POST', '/api/admin/calendar-feed')).json().url as string;
      const customer = await bookingCustomer(app(), 'not-owner');
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const visitor = await app().inject({ method, url: '/api/admin/calendar-feed' });
        expect(visitor.statusCode, method).toBe(401);
        expect(visitor.json().error.code, method).toEqual(expect.any(String));
        const refused = await app().inject({ method, url: '/api/admin/calendar-feed', headers: { cookie: customer.cookie } });
        expect(refused.statusCode, method).toBe(403);
        expect(refused.json(), method).not.toHaveProperty('url');
      }
      expect((await app().inject({ method: 'GET', url: pathOf(made) })).statusCode).toBe(200);
    });

    it('writes no control character a customer typed: a lone CR is a line break of the description, the others are dropped', async () => {
      const customer = await bookingCustomer(app(), 'feed-controls');
      const appointment = await bookAt(customer.cookie, freshSlot());
      const described = await app().inject({
        method: 'PUT',
        url: `/api/appointments/${appointment.id}/description`,
        headers: { cookie: customer.cookie },
        payload: { description: 'Laptop\rBEGIN:VEVENT\u0007 beeps\u007f\u000b\u001b[31m red\u0085 twice\u2028END' },
      });
      expect(described.statusCode, described.body).toBe(200);
      const url = (await asAdmin('POST', '/api/admin/calendar-feed')).json().url as string;
      const body = (await app().inject({ method: 'GET', url: pathOf(url) })).body;
      // Lines end with CR LF and nothing else: no lone CR or LF, and no other control character, anywhere.
      expect(body.replaceAll('\r\n', '')).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
      expect(body.split('\r\n').filter((line) => line.startsWith('BEGIN:VEVENT'))).toHaveLength(feedEvents(body).events.length);
      const ours = feedEvents(body).events.find((event) => event.uid === `${appointment.id}@techhelp`);
      expect(ours?.description.split('\n').slice(-3)).toEqual(['Problem: Laptop', 'BEGIN:VEVENT beeps[31m red twice', 'END']);
    });
  });
});
