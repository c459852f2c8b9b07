import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../shared/account.ts';
import {
  APPOINTMENT_TEXTS,
  type Availability,
  type BookAppointment,
  type CustomerAppointment,
  canBookMore,
  canCancelAppointment,
} from '../../../shared/appointments.ts';
import {
  appointmentIdFor,
  businessDateOf,
  daysOfMonth,
  isBookableInstant,
  isInTimeOff,
  isPastCutoff,
  isWithinNotice,
  lastBookableDate,
  slotInstant,
  VISIT_MINUTES,
} from '../../../shared/business-time.ts';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { AppointmentRow, appointments, ProfileRow } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById, adminEmails, lockAccount, profileOf } from '../accounts/account-directory.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { MailService } from '../mail/mail-service.ts';
import { renderEmail } from '../mail/mail-templates.ts';
import type { JobPaymentGuard } from '../payments/payment-service.ts';
import { bookingRules, closedSpansBetween } from '../schedule/schedule-service.ts';
import { adminNoticeContent, cancellationContent, confirmationContent, reminderContent, type VisitFacts } from './appointment-emails.ts';
import {
  claimDueReminders,
  countOpenAppointments,
  findActiveAppointment,
  findAppointment,
  findOwnActiveAppointment,
  insertAppointment,
  listAppointmentsById,
  listCompletedUnpaidAppointments,
  listOpenAppointments,
  listOpenAppointmentsOf,
  takenStartsBetween,
  updateAppointment,
} from './appointment-queries.ts';
import { calendarInvite } from './calendar-invite.ts';

export const REMINDER_LEAD_SECONDS = 24 * 60 * 60;

export function customerAppointment(row: AppointmentRow): CustomerAppointment {
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    date: businessDateOf(row.startsAt).replaceAll('-', ''),
    time: row.slotLabel,
    isRemote: row.isRemote,
    description: row.description,
    amountCents: row.amountCents,
    isCompleted: row.completedAt !== null,
    isPaid: row.paidAt !== null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return true;
  }
  return false;
}

function addressOf(profile: ProfileRow): string {
  return `${profile.streetAddress}, ${profile.city}, ${profile.state} ${profile.zipCode}`;
}

/** Booking, the customer's list, descriptions and cancellation, with every rule enforced here. */
export class AppointmentService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly mail: MailService,
    private readonly events: EventHub,
    /** Voids the job's open payment orders on cancellation (the payments module; it imports from here, not back). */
    private readonly paymentGuard: JobPaymentGuard,
  ) {}

  private facts(row: AppointmentRow, profile: ProfileRow, email: string): VisitFacts {
    return {
      startsAt: row.startsAt,
      isRemote: row.isRemote,
      location: row.isRemote ? 'Remote' : addressOf(profile),
      description: row.description,
      customerName: `${profile.firstName} ${profile.lastName}`,
      customerEmail: email,
    };
  }

  private async notifyAdmins(db: Executor, event: 'booked' | 'cancelled', facts: VisitFacts): Promise<void> {
    for (const admin of await adminEmails(db)) {
      await this.mail.enqueue(
        { to: admin, ...renderEmail(adminNoticeContent(event, facts, `${this.config.publicUrl}/admin`), this.config.support) },
        db,
      );
    }
  }

  async availability(month: string, now = new Date()): Promise<Availability> {
    const days = daysOfMonth(month);
    const from = slotInstant(days[0] ?? `${month}-01`, '08:00am');
    const to = slotInstant(days.at(-1) ?? `${month}-28`, '06:30pm');
    const taken = await takenStartsBetween(this.db, from, to);
    const closed = await closedSpansBetween(this.db, from, new Date(to.getTime() + VISIT_MINUTES * 60 * 1000));
    const { minNoticeHours } = await bookingRules(this.db);
    return {
      month,
      taken: taken.map((instant) => instant.toISOString()),
      now: now.toISOString(),
      lastBookableDate: lastBookableDate(now, this.config.bookingWindowDays),
      closed: closed.map((span) => ({ startsAt: span.startsAt.toISOString(), endsAt: span.endsAt.toISOString() })),
      minNoticeHours,
    };
  }

  async list(viewer: SessionUser): Promise<CustomerAppointment[]> {
    return (await listOpenAppointmentsOf(this.db, viewer.id)).map(customerAppointment);
  }

  async book(viewer: SessionUser, input: BookAppointment, now = new Date()): Promise<CustomerAppointment> {
    const startsAt = slotInstant(input.date, input.slot);
    if (!isBookableInstant(startsAt, now, this.config.bookingWindowDays)) {
      throw new HttpError(400, 'SLOT_CLOSED', APPOINTMENT_TEXTS.slotClosed);
    }
    const profile = await profileOf(this.db, viewer.id);
    if (!profile) throw new HttpError(409, 'PROFILE_REQUIRED', APPOINTMENT_TEXTS.profileRequired);
    try {
      const row = await this.db.transaction(async (tx) => {
        await lockAccount(tx, viewer.id);
        await this.refuseClosedSlot(tx, startsAt, now);
        if (!canBookMore(await countOpenAppointments(tx, viewer.id))) {
          throw new HttpError(409, 'TOO_MANY_OPEN', APPOINTMENT_TEXTS.limitReached);
        }
        const created = await insertAppointment(tx, {
          id: appointmentIdFor(startsAt, randomUUID()),
          userId: viewer.id,
          startsAt,
          slotLabel: input.slot,
          isRemote: input.isRemote,
        });
        const facts = this.facts(created, profile, viewer.email);
        const homeUrl = `${this.config.publicUrl}/home`;
        await this.mail.enqueue(
          {
            to: viewer.email,
            ...renderEmail(confirmationContent(facts, homeUrl, this.config.support.phone), this.config.support),
            attachments: [
              {
                filename: 'techhelp-visit.ics',
                contentType: 'text/calendar; charset=utf-8; method=REQUEST',
                content: calendarInvite({
                  appointmentId: created.id,
                  startsAt,
                  location: facts.location,
                  description: `${facts.isRemote ? 'Remote' : 'In-person'} visit. Your appointments: ${homeUrl}. Questions or changes: call ${this.config.support.phone}.`,
                  organizerEmail: this.config.support.email,
                  attendeeEmail: viewer.email,
                  attendeeName: facts.customerName,
                  method: 'REQUEST',
                }),
              },
            ],
          },
          tx,
        );
        await this.notifyAdmins(tx, 'booked', facts);
        await this.events.announce(tx, { kind: 'appointment', userId: viewer.id, appointmentId: created.id, slot: created.startsAt });
        return created;
      });
      this.mail.deliverSoon();
      return customerAppointment(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'SLOT_TAKEN', APPOINTMENT_TEXTS.slotTaken);
      throw error;
    }
  }

  async describe(viewer: SessionUser, id: string, description: string): Promise<CustomerAppointment> {
    const row = await this.db.transaction(async (tx) => {
      const found = await findOwnActiveAppointment(tx, viewer.id, id, true);
      if (!found || found.paidAt) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
      const updated = await updateAppointment(tx, id, { description });
      await this.events.announce(tx, { kind: 'appointment', userId: viewer.id, appointmentId: id });
      return updated;
    });
    return customerAppointment(row);
  }

  /** The owner's schedule: no booking in time off, nor with less than the minimum notice (409, in words). */
  private async refuseClosedSlot(tx: Executor, startsAt: Date, now: Date): Promise<void> {
    const end = new Date(startsAt.getTime() + VISIT_MINUTES * 60 * 1000);
    if (isInTimeOff(startsAt, await closedSpansBetween(tx, startsAt, end))) {
      throw new HttpError(409, 'SLOT_CLOSED', APPOINTMENT_TEXTS.slotTimeOff);
    }
    const { minNoticeHours } = await bookingRules(tx);
    if (isWithinNotice(startsAt, now, minNoticeHours)) {
      throw new HttpError(409, 'TOO_SOON', APPOINTMENT_TEXTS.slotWithinNotice(minNoticeHours));
    }
  }

  /** The customer's cut-off: no change or cancellation online less than `cutoffHours` before the visit. */
  private async refusePastCutoff(tx: Executor, startsAt: Date, now: Date): Promise<void> {
    const { cutoffHours } = await bookingRules(tx);
    if (isPastCutoff(startsAt, now, cutoffHours)) {
      throw new HttpError(409, 'NOT_ALLOWED', APPOINTMENT_TEXTS.pastCutoff(cutoffHours, this.config.support.phone));
    }
  }

  async cancel(viewer: SessionUser, id: string, now = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      const found = await findOwnActiveAppointment(tx, viewer.id, id, true);
      if (!found) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
      if (!canCancelAppointment({ isCompleted: found.completedAt !== null, isPaid: found.paidAt !== null })) {
        throw new HttpError(409, 'NOT_ALLOWED', APPOINTMENT_TEXTS.cancelNotAllowedBody);
      }
      await this.refusePastCutoff(tx, found.startsAt, now);
      await this.paymentGuard.beforeJobChange(tx, id, 'the job was cancelled');
      const cancelled = await updateAppointment(tx, id, { cancelledAt: new Date() });
      const profile = await profileOf(tx, viewer.id);
      if (profile) {
        const facts = this.facts(cancelled, profile, viewer.email);
        await this.mail.enqueue(
          { to: viewer.email, ...renderEmail(cancellationContent(facts, `${this.config.publicUrl}/home`), this.config.support) },
          tx,
        );
        await this.notifyAdmins(tx, 'cancelled', facts);
      }
      await this.events.announce(tx, { kind: 'appointment', userId: viewer.id, appointmentId: id, slot: found.startsAt });
    });
    this.mail.deliverSoon();
  }

  /** Sends the reminders that are due; each is claimed and mailed in one transaction, so never twice. */
  async sendDueReminders(): Promise<number> {
    const sent = await this.db.transaction(async (tx) => {
      const due = await claimDueReminders(tx, REMINDER_LEAD_SECONDS, 50);
      for (const row of due) {
        const profile = await profileOf(tx, row.userId);
        const owner = await accountById(tx, row.userId);
        if (!profile || !owner) continue;
        const facts = this.facts(row, profile, owner.email);
        await this.mail.enqueue(
          {
            to: owner.email,
            ...renderEmail(reminderContent(facts, `${this.config.publicUrl}/home`, this.config.support.phone), this.config.support),
          },
          tx,
        );
      }
      return due.length;
    });
    if (sent > 0) this.mail.deliverSoon();
    return sent;
  }
}

// --- What the other modules may do with jobs (appointments), inside their own transactions --------------------

/** A job by id: an active one unless `includeInactive`; row-locked for the rest of the transaction when `lock`. */
export async function findJob(
  db: Executor,
  id: string,
  options: { lock?: boolean; includeInactive?: boolean } = {},
): Promise<AppointmentRow | undefined> {
  const lock = options.lock ?? false;
  return options.includeInactive ? findAppointment(db, id, lock) : findActiveAppointment(db, id, lock);
}

/** The fields of a job that the back office and payments change; every other column is the booking's own. */
export type JobChanges = Partial<
  Pick<typeof appointments.$inferInsert, 'description' | 'notes' | 'isRemote' | 'amountCents' | 'completedAt' | 'paidAt' | 'deletedAt'>
>;

export async function changeJob(tx: Executor, id: string, changes: JobChanges): Promise<AppointmentRow> {
  return updateAppointment(tx, id, changes);
}

/** A customer's open (active, unpaid) jobs, by time. */
export async function openJobsOf(db: Executor, userId: string): Promise<AppointmentRow[]> {
  return listOpenAppointmentsOf(db, userId);
}

/** Every open job, by time: the back office's dashboard. */
export async function openJobs(db: Executor): Promise<AppointmentRow[]> {
  return listOpenAppointments(db);
}

/** The jobs done and waiting for payment, by time. */
export async function completedUnpaidJobs(db: Executor): Promise<AppointmentRow[]> {
  return listCompletedUnpaidAppointments(db);
}

/** Jobs by id, cancelled and deleted ones too (a payment's job stays on the books). */
export async function jobsById(db: Executor, ids: Iterable<string>): Promise<Map<string, AppointmentRow>> {
  const rows = await listAppointmentsById(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}
