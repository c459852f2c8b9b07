import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../src/server/db/schema.ts';
import { PASSWORD } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { book, bookingCustomer, upcomingWeekendDays } from '../support/appointments.ts';
import { requirePostgres } from '../support/database.ts';

// Two transactions at once on one job: only a database server runs them side by side (npm run test:db).
requirePostgres();

describe('deleting an account while the owner is paid for one of its jobs (PostgreSQL)', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(async () => {
    await subject.close();
  });

  it('cancels only the jobs still open once it holds their locks: a job paid meanwhile stays paid, and neither waits forever', async () => {
    const customer = await bookingCustomer(subject.app, 'deletion-race');
    const booked = await book(subject.app, customer.cookie, upcomingWeekendDays(2, 3)[1] ?? '', '02:00pm');
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as string;

    // The owner's back office holds the job's lock, completing it and recording the cash it was paid.
    const owner = new pg.Client({ connectionString: subject.database.url });
    const watcher = new pg.Client({ connectionString: subject.database.url });
    await Promise.all([owner.connect(), watcher.connect()]);
    try {
      await owner.query('BEGIN');
      await owner.query('SELECT id FROM appointments WHERE id = $1 FOR UPDATE', [id]);
      const deletion = subject.app.inject({
        method: 'POST',
        url: '/api/account/delete',
        headers: { cookie: customer.cookie },
        payload: { confirmation: PASSWORD },
      });
      // The deletion has listed the job and waits for its lock.
      for (let waited = 0; ; waited += 20) {
        const { rows } = await watcher.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        if ((rows[0]?.waiting ?? 0) > 0) break;
        if (waited > 10_000) throw new Error('the deletion never waited for the job');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await owner.query('UPDATE appointments SET completed_at = now(), paid_at = now(), amount_cents = 7500 WHERE id = $1', [id]);
      // As recording a payment does, still holding the job: the thank-you's review request, a row of the account.
      await owner.query('INSERT INTO reviews (appointment_id, user_id) VALUES ($1, $2)', [id, customer.id]);
      await owner.query('COMMIT');

      const deleted = await deletion;
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    } finally {
      await Promise.all([owner.end(), watcher.end()]);
    }
    const [appointment] = await subject.database.db.select().from(appointments).where(eq(appointments.id, id));
    expect(appointment?.paidAt).toBeInstanceOf(Date);
    expect(appointment?.cancelledAt).toBeNull();
  });
});
