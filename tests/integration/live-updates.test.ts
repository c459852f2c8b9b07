import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';
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

  it('tells the owner and every admin of a change within a second, and no other customer', async () => {
    const owner = await bookingCustomer(subject.app, 'owner');
    const admin = await bookingCustomer(subject.app, 'boss');
    const stranger = await bookingCustomer(subject.app, 'stranger');
    await subject.database.db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    const streams = {
      owner: openEventStream(base, owner.cookie),
      admin: openEventStream(base, admin.cookie),
      stranger: openEventStream(base, stranger.cookie),
    };
    try {
      await Promise.all(Object.values(streams).map((stream) => stream.ready));
      const started = Date.now();
      const created = (await book(subject.app, owner.cookie, upcomingWeekendDays(1, 3)[0] ?? '', '12:30pm')).json();
      const matches = (event: { appointmentId?: string }) => event.appointmentId === created.id;
      await streams.owner.waitFor(matches, 1000);
      await streams.admin.waitFor(matches, 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(streams.stranger.events).toEqual([]);
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });
});
