import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { user } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';
import { testConfig } from '../support/config.ts';
import { TEST_DATABASE_URL } from '../support/database.ts';
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

// Two instances need a database server between them: this suite belongs to the PostgreSQL pass (npm run test:db).
if (TEST_DATABASE_URL)
  describe('live updates across two server instances on one PostgreSQL', () => {
    let first: TestApp;
    let second: FastifyInstance;
    let secondBase: string;
    beforeAll(async () => {
      first = await createTestApp();
      const handle = await openDatabase({ databaseUrl: first.database.url, dataDir: undefined });
      second = await buildApp({ config: testConfig(), db: handle.db, listen: handle.listen, logger: false });
      second.addHook('onClose', async () => handle.close());
      secondBase = await listening(second);
    });
    afterAll(async () => {
      await second.close();
      await first.close();
    });

    it('relays a booking made on one instance to a stream held by the other', async () => {
      const owner = await bookingCustomer(first.app, 'twoinstances');
      // The session made on the first instance is valid on the second: they share the database and AUTH_SECRET.
      const stream = openEventStream(secondBase, owner.cookie);
      try {
        await stream.ready;
        const created = (await book(first.app, owner.cookie, upcomingWeekendDays(2, 3)[1] ?? '', '02:00pm')).json();
        await stream.waitFor((event) => event.appointmentId === created.id, 1000);
      } finally {
        stream.close();
      }
    });
  });
