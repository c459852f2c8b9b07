import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../src/server/db/schema.ts';
import { SLOT_LABELS } from '../../src/shared/business.ts';
import { slotInstant } from '../../src/shared/business-time.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';

const ROUNDS = 3;

describe('concurrent bookings', () => {
  let subject: TestApp;
  let customers: Array<{ cookie: string; id: string }>;
  // Every round has days of its own: a round must not find a slot an earlier round's customer holds.
  const days = upcomingWeekendDays(ROUNDS * 3, 3);

  beforeAll(async () => {
    subject = await createTestApp();
    customers = [];
    for (let index = 0; index < 50; index++) customers.push(await bookingCustomer(subject.app, `racer${index}`));
  }, 240_000);
  afterAll(() => subject.close());

  for (let round = 0; round < ROUNDS; round++) {
    it(`50 customers booking one slot at once: exactly one succeeds (round ${round + 1})`, async () => {
      const date = days[round] ?? '';
      const slot = SLOT_LABELS[round] ?? '08:00am';
      const responses = await Promise.all(customers.map((customer) => book(subject.app, customer.cookie, date, slot)));
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(49);
      for (const refused of responses.filter((response) => response.statusCode === 409))
        expect(refused.json().error.code).toBe('SLOT_TAKEN');
      const stored = await subject.database.db
        .select()
        .from(appointments)
        .where(and(eq(appointments.startsAt, slotInstant(date, slot)), isNull(appointments.cancelledAt)));
      expect(stored).toHaveLength(1);
    });
  }

  for (let round = 0; round < ROUNDS; round++) {
    it(`one customer sending 10 bookings at once gets exactly 3 (round ${round + 1})`, async () => {
      const customer = await bookingCustomer(subject.app, `greedy${round}`);
      const date = days[ROUNDS + 2 * round] ?? '';
      const nextDate = days[ROUNDS + 2 * round + 1] ?? '';
      const attempts = [...SLOT_LABELS, ...SLOT_LABELS]
        .slice(0, 10)
        .map((slot, index) => book(subject.app, customer.cookie, index < 8 ? date : nextDate, slot));
      const responses = await Promise.all(attempts);
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(statuses.filter((status) => status === 409)).toHaveLength(7);
      for (const refused of responses.filter((response) => response.statusCode === 409))
        expect(refused.json().error.code).toBe('TOO_MANY_OPEN');
      const stored = await subject.database.db.select().from(appointments).where(eq(appointments.userId, customer.id));
      expect(stored).toHaveLength(3);
    });
  }
});
