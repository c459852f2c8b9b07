import { addDays } from 'date-fns';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { businessDateOf, isWeekendDate } from '../../src/shared/business-time.ts';
import { me, PROFILE, uniqueEmail, verifiedCustomer } from './accounts.ts';

/** A verified customer with a completed service form: ready to book. */
export async function bookingCustomer(app: FastifyInstance, prefix = 'booker') {
  const customer = await verifiedCustomer(app, uniqueEmail(prefix));
  const saved = await app.inject({ method: 'PUT', url: '/api/account/profile', headers: { cookie: customer.cookie }, payload: PROFILE });
  expect(saved.statusCode).toBe(200);
  const { user } = await me(app, customer.cookie);
  return { ...customer, id: user.id as string };
}

/** The weekend days (YYYY-MM-DD) from `fromDays` days ahead, in order. */
export function upcomingWeekendDays(count: number, fromDays = 2): string[] {
  const days: string[] = [];
  for (let offset = fromDays; days.length < count; offset++) {
    const date = businessDateOf(addDays(new Date(), offset));
    if (isWeekendDate(date) && !days.includes(date)) days.push(date);
  }
  return days;
}

export function book(app: FastifyInstance, cookie: string, date: string, slot: string, isRemote = false) {
  return app.inject({ method: 'POST', url: '/api/appointments', headers: { cookie }, payload: { date, slot, isRemote } });
}
