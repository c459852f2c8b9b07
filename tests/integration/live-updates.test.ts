import net from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { session, user } from '../../src/server/db/schema.ts';
import { type ChangeEvent, TAB_ID_HEADER } from '../../src/shared/events.ts';
import { cookieFrom, latestCode, login, nextClient, PROFILE } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';
import { testConfig } from '../support/config.ts';
import { openEventStream } from '../support/event-stream.ts';

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('live updates over Server-Sent Events', () => {
  let subject: TestApp;
  let base: string;
  beforeAll(async () => {
    subject = await createTestApp();
    base = await listening(subject.app);
  });
  afterAll(() => subject.close());

  it('refuses visitors', async () => {
    const response = await fetch(`${base}/api/events`);
    expect(response.status).toBe(401);
  });

  it('tells the owner and every admin of a change within a second, and any other customer only the slot', async () => {
    const owner = await bookingCustomer(subject.app, 'owner');
    const admin = await bookingCustomer(subject.app, 'boss');
    const stranger = await bookingCustomer(subject.app, 'stranger');
    await subject.database.db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    await subject.app.notices.settle();
    const streams = {
      owner: openEventStream(base, owner.cookie),
      admin: openEventStream(base, admin.cookie),
      stranger: openEventStream(base, stranger.cookie),
    };
    try {
      await Promise.all(Object.values(streams).map((stream) => stream.ready));
      const created = (await book(subject.app, owner.cookie, upcomingWeekendDays(1, 3)[0] ?? '', '12:30pm')).json();
      // A second from the booking's answer (the change is made then), not from its request: on a loaded machine the
      // time the booking itself takes says nothing of how fast the change travels.
      const started = Date.now();
      const matches = (event: { appointmentId?: string }) => event.appointmentId === created.id;
      await streams.owner.waitFor(matches, 1000);
      await streams.admin.waitFor(matches, 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(streams.stranger.events).toEqual([{ kind: 'slot', startsAt: created.startsAt, taken: true }]);
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });
  it('frames each event as a chunk for HTTP/1.1 and sends the bare frame to an HTTP/1.0 client', async () => {
    const reader = await bookingCustomer(subject.app, 'raw-reader');
    const { port } = new URL(base);
    /** The stream's bytes as they came, over a bare connection speaking the given HTTP version. */
    const rawStream = (version: string) => {
      const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
      let received = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      socket.write(`GET /api/events ${version}\r\nHost: 127.0.0.1:${port}\r\nCookie: ${reader.cookie}\r\n\r\n`);
      return { socket, received: () => received };
    };
    const modern = rawStream('HTTP/1.1');
    const old = rawStream('HTTP/1.0');
    try {
      await expect.poll(() => modern.received().includes('event: ready') && old.received().includes('event: ready')).toBe(true);
      // A slot no other test here books: upcomingWeekendDays(1, 5) is the same day as (1, 3) on some weekdays.
      const booked = await book(subject.app, reader.cookie, upcomingWeekendDays(1, 5)[0] ?? '', '11:00am');
      expect(booked.statusCode, booked.body).toBe(201);
      const created = booked.json();
      const frame = `event: change\ndata: ${JSON.stringify({ kind: 'appointment', userId: reader.id, appointmentId: created.id })}\n\n`;
      await expect.poll(() => modern.received().includes(frame) && old.received().includes(frame)).toBe(true);
      expect(modern.received()).toMatch(/\r\ntransfer-encoding: chunked\r\n/i);
      expect(modern.received()).toContain(`\r\n${Buffer.byteLength(frame).toString(16)}\r\n${frame}\r\n`);
      expect(old.received()).not.toMatch(/transfer-encoding/i);
      expect(old.received()).not.toContain(`${Buffer.byteLength(frame).toString(16)}\r\n${frame}`);
    } finally {
      modern.socket.destroy();
      old.socket.destroy();
    }
  });

  it("tells the tab that made a change that it was its own (the origin), and only that user's streams; a malformed tab id is ignored", async () => {
    const owner = await bookingCustomer(subject.app, 'origin');
    const admin = await bookingCustomer(subject.app, 'origin-admin');
    await subject.database.db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    await subject.app.notices.settle();
    const streams = { owner: openEventStream(base, owner.cookie), admin: openEventStream(base, admin.cookie) };
    const [first, second, third] = upcomingWeekendDays(3, 3);
    const bookAs = (tab: string, date: string | undefined) =>
      subject.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: { cookie: owner.cookie, [TAB_ID_HEADER]: tab },
        payload: { date, slot: '02:00pm', isRemote: false },
      });
    try {
      await Promise.all(Object.values(streams).map((stream) => stream.ready));

      const ownTab = 'tab-0123456789abcdef';
      const booked = await bookAs(ownTab, first);
      expect(booked.statusCode).toBe(201);
      const id = booked.json().id as string;
      const toOwner = await streams.owner.waitFor((event) => event.appointmentId === id);
      expect(toOwner).toEqual({ kind: 'appointment', userId: owner.id, appointmentId: id, origin: ownTab });
      // The admin hears of the change, but not which tab of the customer made it.
      expect(await streams.admin.waitFor((event) => event.appointmentId === id)).toEqual({
        kind: 'appointment',
        userId: owner.id,
        appointmentId: id,
      });

      // An admin's write carries the admin's tab to the admin, and nothing of it to the customer.
      const adminTab = 'ADMIN-tab-42';
      const edited = await subject.app.inject({
        method: 'PATCH',
        url: `/api/admin/appointments/${id}`,
        headers: { cookie: admin.cookie, [TAB_ID_HEADER]: adminTab },
        payload: { notes: 'Bring a spare cable.' },
      });
      expect(edited.statusCode).toBe(200);
      const isSecond = (event: { appointmentId?: string }) => event.appointmentId === id;
      await expect.poll(() => streams.admin.events.filter(isSecond).length).toBe(2);
      await expect.poll(() => streams.owner.events.filter(isSecond).length).toBe(2);
      expect(streams.admin.events.filter(isSecond)[1]?.origin).toBe(adminTab);
      expect(streams.owner.events.filter(isSecond)[1]).not.toHaveProperty('origin');

      // A tab id that is too short, too long or has other characters is ignored: the change carries no origin.
      for (const [malformed, date] of [
        ['short', second],
        ['tab id with spaces', third],
      ] as const) {
        const answer = await bookAs(malformed, date);
        expect(answer.statusCode).toBe(201);
        const created = answer.json().id as string;
        expect(await streams.owner.waitFor((event) => event.appointmentId === created)).not.toHaveProperty('origin');
      }
      expect(streams.owner.events.some((event) => event.origin !== undefined && event.origin !== ownTab)).toBe(false);
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });

  it("ends the stream within seconds of logout, and only that session's: the same customer's other device stays connected", async () => {
    const customer = await bookingCustomer(subject.app, 'leaving');
    const otherDevice = cookieFrom(await login(subject.app, customer.email));
    const streams = { leaving: openEventStream(base, customer.cookie), staying: openEventStream(base, otherDevice) };
    try {
      await Promise.all(Object.values(streams).map((stream) => stream.ready));
      const loggedOut = await subject.app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie: customer.cookie } });
      expect(loggedOut.statusCode).toBe(204);
      await streams.leaving.waitForServerClose(3000);
      expect((await fetch(`${base}/api/events`, { headers: { cookie: customer.cookie } })).status).toBe(401);

      const created = (await book(subject.app, otherDevice, upcomingWeekendDays(1, 3)[0] ?? '', '08:00am')).json();
      await streams.staying.waitFor((event) => event.appointmentId === created.id, 1000);
      expect(streams.staying.endedByServer).toBe(false);
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });

  it('ends the stream within seconds when a password reset ends every session', async () => {
    const customer = await bookingCustomer(subject.app, 'resetting');
    const stream = openEventStream(base, customer.cookie);
    try {
      await stream.ready;
      const asked = await subject.app.inject({
        method: 'POST',
        url: '/api/account/forgot-password',
        remoteAddress: nextClient(),
        payload: { email: customer.email },
      });
      expect(asked.statusCode).toBe(200);
      const { code } = await latestCode(subject.app, customer.email, 'resetPassword');
      const newPassword = 'a brand new passphrase';
      const reset = await subject.app.inject({
        method: 'POST',
        url: '/api/account/reset-password',
        remoteAddress: nextClient(),
        payload: { oobCode: code, newPassword, confirmPassword: newPassword },
      });
      expect(reset.statusCode).toBe(200);
      await stream.waitForServerClose(3000);
    } finally {
      stream.close();
    }
  });

  it('ends every stream of the customer when the e-mail address changes', async () => {
    const customer = await bookingCustomer(subject.app, 'moving');
    const otherDevice = cookieFrom(await login(subject.app, customer.email));
    const streams = [openEventStream(base, customer.cookie), openEventStream(base, otherDevice)];
    try {
      await Promise.all(streams.map((stream) => stream.ready));
      const newEmail = `moved.${customer.email}`;
      const changed = await subject.app.inject({
        method: 'POST',
        url: '/api/account/change-email',
        headers: { cookie: customer.cookie },
        payload: { email: newEmail, confirmEmail: newEmail },
      });
      expect(changed.statusCode).toBe(200);
      await Promise.all(streams.map((stream) => stream.waitForServerClose(3000)));
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('ends a stream whose session ended any other way (expired, deleted) within a few seconds', async () => {
    const customer = await bookingCustomer(subject.app, 'expiring');
    const stream = openEventStream(base, customer.cookie);
    try {
      await stream.ready;
      await subject.database.db.delete(session).where(eq(session.userId, customer.id));
      await subject.app.notices.settle();
      await stream.waitForServerClose(6000);
    } finally {
      stream.close();
    }
  });

  it("sends one customer's booking, profile change and logout to no other customer's stream, which stays open", async () => {
    const first = await bookingCustomer(subject.app, 'first');
    const second = await bookingCustomer(subject.app, 'second');
    const admin = await bookingCustomer(subject.app, 'overseer');
    await subject.database.db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    await subject.app.notices.settle();
    const streams = {
      first: openEventStream(base, first.cookie),
      second: openEventStream(base, second.cookie),
      admin: openEventStream(base, admin.cookie),
    };
    try {
      await Promise.all(Object.values(streams).map((stream) => stream.ready));
      const booked = await book(subject.app, first.cookie, upcomingWeekendDays(1, 3)[0] ?? '', '03:30pm');
      expect(booked.statusCode, booked.body).toBe(201);
      const created = booked.json();
      await streams.first.waitFor((event) => event.appointmentId === created.id, 1000);
      const saved = await subject.app.inject({
        method: 'PUT',
        url: '/api/account/profile',
        headers: { cookie: first.cookie },
        payload: { ...PROFILE, firstName: 'Changed' },
      });
      expect(saved.statusCode).toBe(200);
      // The customer's other tabs re-read their profile; the back office's lists show the new name.
      const isFirstsProfile = (event: ChangeEvent) => event.kind === 'profile' && event.userId === first.id;
      await streams.first.waitFor(isFirstsProfile, 1000);
      await streams.admin.waitFor(isFirstsProfile, 1000);
      await subject.app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie: first.cookie } });
      await streams.first.waitForServerClose(3000);
      await streams.admin.waitFor((event) => event.appointmentId === created.id, 1000);

      await new Promise((resolve) => setTimeout(resolve, 500));
      // Of the booking, the other customer learns only that its slot was taken.
      expect(streams.second.events).toEqual([{ kind: 'slot', startsAt: created.startsAt, taken: true }]);
      expect(streams.second.endedByServer).toBe(false);
      expect(streams.admin.endedByServer).toBe(false);
      expect(streams.admin.events.every((event) => event.kind === 'appointment' || event.kind === 'profile')).toBe(true);
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });
  it("tells every other customer's open stream within a second that a slot was taken or freed, and nothing about whose", async () => {
    const owner = await bookingCustomer(subject.app, 'slot-owner');
    const other = await bookingCustomer(subject.app, 'slot-watcher');
    const admin = await bookingCustomer(subject.app, 'slot-admin');
    await subject.database.db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    await subject.app.notices.settle();
    const streams = { owner: openEventStream(base, owner.cookie), other: openEventStream(base, other.cookie) };
    try {
      await Promise.all(Object.values(streams).map((stream) => stream.ready));
      const [first, second] = upcomingWeekendDays(2, 3);
      const slotEvents = () => streams.other.events.filter((event) => event.kind === 'slot');
      // Each says whether the slot is now taken, so an open picker shows it before it refetches the month.
      const expectSlotEvent = async (startsAt: string, taken: boolean, count: number) => {
        const started = Date.now();
        await expect.poll(() => slotEvents().length, { timeout: 1000, interval: 10 }).toBe(count);
        expect(Date.now() - started).toBeLessThan(1000);
        expect(slotEvents()[count - 1]).toEqual({ kind: 'slot', startsAt, taken });
      };

      // A booking takes the slot; a cancellation by the customer frees it.
      const booked = (await book(subject.app, owner.cookie, first ?? '', '05:00pm')).json();
      await expectSlotEvent(booked.startsAt, true, 1);
      const cancelled = await subject.app.inject({
        method: 'POST',
        url: `/api/appointments/${booked.id}/cancel`,
        headers: { cookie: owner.cookie },
      });
      expect(cancelled.statusCode).toBe(204);
      await expectSlotEvent(booked.startsAt, false, 2);

      // The owner deleting a visit frees its slot too.
      const removed = (await book(subject.app, owner.cookie, second ?? '', '06:30pm')).json();
      await expectSlotEvent(removed.startsAt, true, 3);
      const deleted = await subject.app.inject({
        method: 'DELETE',
        url: `/api/admin/appointments/${removed.id}`,
        headers: { cookie: admin.cookie },
      });
      expect(deleted.statusCode).toBe(204);
      await expectSlotEvent(removed.startsAt, false, 4);

      // The slot events name no customer and no appointment; the owner hears of the appointment, not of the slot.
      for (const event of streams.other.events) {
        expect(Object.keys(event).sort()).toEqual(['kind', 'startsAt', 'taken']);
        expect(JSON.stringify(event)).not.toContain(owner.id);
        expect(JSON.stringify(event)).not.toContain(booked.id);
      }
      expect(streams.owner.events.filter((event) => event.kind === 'slot')).toEqual([]);
      expect(streams.owner.events.filter((event) => event.appointmentId === booked.id)).toHaveLength(2);
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });

  it('ends the stream on another server instance too', async () => {
    const other = await buildApp({ config: testConfig(), db: subject.database.db, listen: subject.database.listen, logger: false });
    try {
      const otherBase = await listening(other);
      const customer = await bookingCustomer(subject.app, 'elsewhere');
      const stream = openEventStream(otherBase, customer.cookie);
      try {
        await stream.ready;
        const loggedOut = await subject.app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie: customer.cookie } });
        expect(loggedOut.statusCode).toBe(204);
        await stream.waitForServerClose(3000);
      } finally {
        stream.close();
      }
    } finally {
      await other.close();
    }
  });

  it("ends an admin's stream within seconds of the demotion, so that it stops hearing of other customers' changes", async () => {
    const admin = await bookingCustomer(subject.app, 'demoted');
    await subject.database.db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    await subject.app.notices.settle();
    const stream = openEventStream(base, admin.cookie);
    try {
      await stream.ready;
      await subject.database.db.update(user).set({ isAdmin: false }).where(eq(user.id, admin.id));
      await subject.app.notices.settle();
      await stream.waitForServerClose(6000);
    } finally {
      stream.close();
    }
  });
});
