import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';
import { testConfig } from '../support/config.ts';
import { requirePostgres } from '../support/database.ts';
import { openEventStream } from '../support/event-stream.ts';

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

// Two instances need a database server between them: this suite belongs to the PostgreSQL pass (npm run test:db).
requirePostgres();

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
