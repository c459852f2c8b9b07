import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionUser } from '../../../shared/account.ts';
import type { AdminCustomer } from '../../../shared/admin.ts';
import {
  APPOINTMENT_MINUTES,
  businessClockOf,
  businessDateOf,
  businessDayEnd,
  businessDayStart,
  type ClosedSpan,
  isWeekendDate,
  monthAfter,
  slotInstant,
  slotsOf,
} from '../../../shared/business-time.ts';
import {
  type AffectedAppointment,
  type BookingRules,
  type CalendarFeedAddress,
  type CalendarFeedStatus,
  type CloseTimeInput,
  SCHEDULE_TEXTS,
  type TimeOff,
} from '../../../shared/schedule.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { AppointmentRow, TimeOffRow } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { ConfigLogService } from '../config-log/index.ts';
import { announceSlotChange } from '../events/index.ts';
import { busyTimesBetween } from './calendar-import-queries.ts';
import {
  activeTimeOffBetween,
  findTimeOff,
  insertTimeOff,
  markTimeOffRemoved,
  readSettings,
  setFeedSecretHash,
  upcomingTimeOff,
  updateRules,
} from './schedule-queries.ts';

const SLOT_MS = APPOINTMENT_MINUTES * 60 * 1000;

/** The New York day after `date` (YYYY-MM-DD). */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The weekend slots (each its start to start + 90 minutes) that the busy times overlap inside [from, to), once each.
 * Customers are told these slots are closed, as if the owner had closed them one by one: never the busy time itself.
 */
export function slotSpansOverlapping(busy: readonly ClosedSpan[], from: Date, to: Date): ClosedSpan[] {
  const starts = new Set<number>();
  for (const span of busy) {
    const start = Math.max(span.startsAt.getTime(), from.getTime() - SLOT_MS);
    const end = Math.min(span.endsAt.getTime(), to.getTime() + SLOT_MS);
    if (end <= start) continue;
    const last = businessDateOf(end - 1);
    for (let date = businessDateOf(start); date <= last; date = dayAfter(date)) {
      if (!isWeekendDate(date)) continue;
      for (const slot of slotsOf(date)) {
        const slotStart = slot.startsAt.getTime();
        if (slotStart < end && slotStart + SLOT_MS > start && slotStart < to.getTime() && slotStart + SLOT_MS > from.getTime()) {
          starts.add(slotStart);
        }
      }
    }
  }
  return [...starts].sort((a, b) => a - b).map((start) => ({ startsAt: new Date(start), endsAt: new Date(start + SLOT_MS) }));
}

/**
 * What booking and availability close in [from, to): the owner's time off (not reopened), and every slot a busy time
 * of their own imported calendar overlaps.
 */
export async function closedSpansBetween(db: Executor, from: Date, to: Date): Promise<ClosedSpan[]> {
  const timeOffSpans = (await activeTimeOffBetween(db, from, to)).map((row) => ({ startsAt: row.startsAt, endsAt: row.endsAt }));
  const busy = await busyTimesBetween(db, new Date(from.getTime() - SLOT_MS), new Date(to.getTime() + SLOT_MS));
  return [...timeOffSpans, ...slotSpansOverlapping(busy, from, to)];
}

/** The minimum notice and the customer's cut-off, in hours. */
export async function bookingRules(db: Executor): Promise<BookingRules> {
  const row = await readSettings(db);
  return { minNoticeHours: row.minNoticeHours, cutoffHours: row.cutoffHours };
}

const feedHash = (secret: string) => createHash('sha256').update(secret).digest();

/** The feed address's file name: 43 URL-safe characters (256 random bits) and .ics. */
export const FEED_FILE_PATTERN = /^([A-Za-z0-9_-]{43})\.ics$/;

/** Whether a secret is the owner's current calendar feed secret (compared as hashes, in constant time). */
export async function isOwnerFeedSecret(db: Executor, secret: string): Promise<boolean> {
  const stored = (await readSettings(db)).calendarFeedSecretHash;
  if (!stored) return false;
  const expected = Buffer.from(stored, 'hex');
  const given = feedHash(secret);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The span of time a closure covers, in New York days and slots (end exclusive). */
export function spanOf(input: CloseTimeInput): ClosedSpan {
  switch (input.kind) {
    case 'day':
      return { startsAt: businessDayStart(input.date), endsAt: businessDayEnd(input.date) };
    case 'range':
      return { startsAt: businessDayStart(input.from), endsAt: businessDayEnd(input.to) };
    case 'slot': {
      const startsAt = slotInstant(input.date, input.slot);
      return { startsAt, endsAt: new Date(startsAt.getTime() + APPOINTMENT_MINUTES * 60 * 1000) };
    }
  }
}

/** One instant in each New York month that [from, to) touches: the slot events that make open pickers refetch. */
export function monthsTouched(from: Date, to: Date): Date[] {
  const instants: Date[] = [];
  for (let cursor = from; cursor.getTime() < to.getTime(); ) {
    instants.push(cursor);
    cursor = businessDayStart(`${monthAfter(businessDateOf(cursor).slice(0, 7))}-01`);
  }
  return instants;
}

/** The open bookings, read through the appointments module (injected, so the two modules import one way only). */
export type OpenAppointments = (db: Executor) => Promise<AppointmentRow[]>;

/** The customers of those bookings, by account, read through the accounts module (injected the same way). */
export type CustomersByUserId = (db: Executor, userIds: Iterable<string>) => Promise<Map<string, AdminCustomer>>;

/** The back office's control of the schedule: time off with the bookings inside it, and the booking rules. */
export class ScheduleService {
  constructor(
    private readonly db: Database,
    private readonly configLog: ConfigLogService,
    private readonly openAppointments: OpenAppointments,
    private readonly customersByUserId: CustomersByUserId,
    private readonly publicUrl: string,
  ) {}

  /** Tells every open booking picker of the months concerned to refetch its free times (slot events). */
  private async announceSlots(tx: Executor, instants: Date[]): Promise<void> {
    for (const slot of instants) await announceSlotChange(tx, slot);
  }

  /**
   * The open bookings each span overlaps (a visit from its start to start + 90 minutes), with their customers: what
   * the owner calls, moves or cancels. Time off and the busy times of the owner's own calendar both list them.
   */
  async affectedBy(spans: readonly ClosedSpan[]): Promise<AffectedAppointment[][]> {
    const appointments = spans.length > 0 ? await this.openAppointments(this.db) : [];
    const customers = await this.customersByUserId(this.db, new Set(appointments.map((appointment) => appointment.userId)));
    return spans.map((span) =>
      appointments
        .filter((appointment) => {
          const start = appointment.startsAt.getTime();
          return start < span.endsAt.getTime() && start + APPOINTMENT_MINUTES * 60 * 1000 > span.startsAt.getTime();
        })
        .map((appointment) => {
          const customer = customers.get(appointment.userId);
          return {
            appointmentId: appointment.id,
            startsAt: appointment.startsAt.toISOString(),
            time: appointment.slotLabel,
            isRemote: appointment.isRemote,
            customerName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : '',
            customerEmail: customer?.email ?? '',
            customerPhone: customer?.phoneNumber ?? '',
          };
        }),
    );
  }

  private async withAffected(rows: TimeOffRow[]): Promise<TimeOff[]> {
    const affected = await this.affectedBy(rows);
    return rows.map((row, index) => ({
      id: row.id,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      reason: row.reason,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      affected: affected[index] ?? [],
    }));
  }

  /** Time off that has not ended, each with the open bookings inside it. */
  async list(now = new Date()): Promise<TimeOff[]> {
    return this.withAffected(await upcomingTimeOff(this.db, now));
  }

  async close(admin: SessionUser, input: CloseTimeInput, now = new Date()): Promise<TimeOff> {
    const span = spanOf(input);
    if (span.endsAt.getTime() <= now.getTime()) throw new HttpError(400, 'IN_THE_PAST', SCHEDULE_TEXTS.inThePast);
    const row = await this.db.transaction(async (tx) => {
      const created = await insertTimeOff(tx, { ...span, reason: input.reason, createdBy: admin.email });
      await this.announceSlots(tx, monthsTouched(span.startsAt, span.endsAt));
      return created;
    });
    const [listed] = await this.withAffected([row]);
    if (!listed) throw new Error('the time off was not listed');
    return listed;
  }

  /** Reopens time off: the row stays, marked with who reopened it and when. */
  async reopen(admin: SessionUser, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const found = await findTimeOff(tx, id, true);
      if (!found) throw new HttpError(404, 'NOT_FOUND', SCHEDULE_TEXTS.notFound);
      if (found.removedAt) throw new HttpError(409, 'ALREADY_REOPENED', SCHEDULE_TEXTS.alreadyReopened);
      await markTimeOffRemoved(tx, id, admin.email, new Date());
      await this.announceSlots(tx, monthsTouched(found.startsAt, found.endsAt));
    });
  }

  async rules(): Promise<BookingRules> {
    return bookingRules(this.db);
  }

  /** Changes the rules; each change is written to the configuration change log after the change commits. */
  async changeRules(admin: SessionUser, input: BookingRules, now = new Date()): Promise<BookingRules> {
    const { before, after } = await this.db.transaction(async (tx) => {
      const current = await readSettings(tx, true);
      const updated = await updateRules(tx, input);
      const reach = Math.max(current.minNoticeHours, updated.minNoticeHours) * 60 * 60 * 1000;
      await this.announceSlots(tx, monthsTouched(now, new Date(now.getTime() + reach + 1)));
      return { before: current, after: updated };
    });
    const changes: string[] = [];
    if (before.minNoticeHours !== after.minNoticeHours) {
      changes.push(`Minimum notice for booking changed from ${before.minNoticeHours} to ${after.minNoticeHours} hours.`);
    }
    if (before.cutoffHours !== after.cutoffHours) {
      changes.push(`Cut-off for customers' cancellations and changes changed from ${before.cutoffHours} to ${after.cutoffHours} hours.`);
    }
    for (const description of changes) {
      await this.configLog.add(admin, {
        date: businessDateOf(now),
        time: businessClockOf(now),
        collectionName: 'software',
        context: 'Booking rules (back office)',
        description,
      });
    }
    return { minNoticeHours: after.minNoticeHours, cutoffHours: after.cutoffHours };
  }

  async feedStatus(): Promise<CalendarFeedStatus> {
    const row = await readSettings(this.db);
    return { isSet: row.calendarFeedSecretHash !== null, since: row.calendarFeedSince?.toISOString() ?? null };
  }

  /**
   * Makes a new address for the owner's calendar feed; the old one stops working at once. The address is
   * answered once: only its hash is kept. The change goes to the configuration change log, without the secret.
   */
  async replaceFeed(admin: SessionUser, now = new Date()): Promise<CalendarFeedAddress> {
    const secret = randomBytes(32).toString('base64url');
    const replaced = await this.db.transaction(async (tx) => {
      const before = await readSettings(tx, true);
      await setFeedSecretHash(tx, feedHash(secret).toString('hex'), now);
      return before.calendarFeedSecretHash !== null;
    });
    await this.configLog.add(admin, {
      date: businessDateOf(now),
      time: businessClockOf(now),
      collectionName: 'software',
      context: 'Calendar feed (back office)',
      description: replaced
        ? "The owner's calendar feed got a new address; the old address no longer works."
        : "The owner's calendar feed address was made.",
    });
    return { url: `${this.publicUrl}/calendar/${secret}.ics` };
  }

  /** Turns the feed off: its address stops working. */
  async removeFeed(admin: SessionUser, now = new Date()): Promise<void> {
    const removed = await this.db.transaction(async (tx) => {
      const before = await readSettings(tx, true);
      if (before.calendarFeedSecretHash === null) return false;
      await setFeedSecretHash(tx, null, now);
      return true;
    });
    if (!removed) return;
    await this.configLog.add(admin, {
      date: businessDateOf(now),
      time: businessClockOf(now),
      collectionName: 'software',
      context: 'Calendar feed (back office)',
      description: "The owner's calendar feed was turned off; its address no longer works.",
    });
  }
}
