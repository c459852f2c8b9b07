import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../shared/account.ts';
import { OWNER_MOVE_TEXTS } from '../../../shared/admin.ts';
import { APPOINTMENT_TEMPLATES } from '../../../shared/appointment-templates.ts';
import {
  APPOINTMENT_TEXTS,
  type Availability,
  type BookAppointment,
  type CustomerAppointment,
  canBookMore,
  type RescheduleAppointment,
} from '../../../shared/appointments.ts';
import {
  APPOINTMENT_MINUTES,
  appointmentIdFor,
  businessDateOf,
  type ClosedSpan,
  daysOfMonth,
  isBookableInstant,
  isInTimeOff,
  isPastCutoff,
  isWithinNotice,
  lastBookableDate,
  slotInstant,
} from '../../../shared/business-time.ts';
import type { BookingRules } from '../../../shared/schedule.ts';
import { WAITLIST_TEXTS } from '../../../shared/waitlist.ts';
import type { Config } from '../../config.ts';
import { type ChangeNotices, NoticedCache } from '../../db/change-notices.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { AppointmentRow } from '../../db/schema.ts';
import { type Translator, translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById, codeWordFor, copyToTrustedContact, lockAccount, lockAccountForBooking, profileOf } from '../accounts/index.ts';
import { type MailService, renderEmail } from '../mail/index.ts';
import { bookingRules, closedSpansBetween } from '../schedule/index.ts';
import { confirmationText, reminderText, type TextService } from '../texts/index.ts';
import { confirmationContent, ownerCancellationContent, reminderContent, rescheduleContent } from './appointment-emails.ts';
import type { AppointmentActor, AppointmentLifecycle, AppointmentListener } from './appointment-lifecycle.ts';
import { AppointmentMessages } from './appointment-messages.ts';
import { claimDueReminders, countOpenAppointments, listOpenAppointmentsOf, takenStartsBetween } from './appointment-queries.ts';
import { customerAppointment, type OpenJobs, openJobsOf } from './appointment-reads.ts';
import { OnTheWay } from './on-the-way.ts';
import { ownerFeed } from './owner-feed.ts';
import { NO_HOLDS, type SlotHolds } from './slot-holds.ts';

export const REMINDER_LEAD_SECONDS = 24 * 60 * 60;

/**
 * A visit booked or moved to less than a day ahead gets no reminder: its confirmation (or the move's e-mail), sent
 * at that moment, already says when; a reminder would follow it within a minute. The time to store as the
 * reminder's, or null for a reminder still to come a day before.
 */
function reminderAlreadyCovered(startsAt: Date, now: Date): Date | null {
  return startsAt.getTime() - now.getTime() <= REMINDER_LEAD_SECONDS * 1000 ? now : null;
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return true;
  }
  return false;
}

/**
 * A month's slots (`yyyy-MM`, business time): from its first day's first slot (`from`) to its last day's last slot
 * (`lastStart`) and that visit's end (`to`).
 */
function monthSpan(month: string): { from: Date; lastStart: Date; to: Date } {
  const days = daysOfMonth(month);
  const from = slotInstant(days[0] ?? `${month}-01`, '08:00am');
  const lastStart = slotInstant(days.at(-1) ?? `${month}-28`, '06:30pm');
  return { from, lastStart, to: new Date(lastStart.getTime() + APPOINTMENT_MINUTES * 60 * 1000) };
}

/** Booking, the customer's list, descriptions and cancellation, with every rule enforced here. */
/** How many months, or customers' lists, one process keeps, and for how long at most without a notice. */
const READ_CACHE_ENTRIES = 10_000;
const READ_CACHE_MS = 5 * 60 * 1000;

export class AppointmentService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly mail: MailService,
    /** The one owner of a job's state: every change of a job goes through it. */
    private readonly lifecycle: AppointmentLifecycle,
    private readonly texts: TextService,
    notices?: ChangeNotices,
    /** The slots held for one customer (the waitlist's offers): taken for everyone else (slot-holds.ts). */
    private readonly holds: SlotHolds = NO_HOLDS,
  ) {
    this.messages = new AppointmentMessages(config, mail);
    this.onTheWay = new OnTheWay(db, config, mail, lifecycle, texts);
    // Reads kept in memory (decision 025), dropped on the database's notices: every instance hears every writer.
    if (notices) {
      const options = { entries: READ_CACHE_ENTRIES, maxAgeMs: READ_CACHE_MS };
      this.rules = new NoticedCache(notices, (payload, cache) => payload === 'r' && cache.clear(), { entries: 1, maxAgeMs: READ_CACHE_MS });
      this.months = new NoticedCache(notices, (payload, cache) => payload === 'm' && cache.clear(), options);
      this.timeOff = new NoticedCache(notices, (payload, cache) => payload === 't' && cache.clear(), options);
      this.openOf = new NoticedCache(notices, (payload, cache) => payload.startsWith('a:') && cache.delete(payload.slice(2)), options);
    }
  }

  /** The e-mails about an appointment: the customer's, the contact's copy, the admins' notices. */
  private readonly messages: AppointmentMessages;
  /** "On my way" to an in-person visit of today (issue 39), which the back office sends. */
  readonly onTheWay: OnTheWay;
  private readonly rules: NoticedCache<'rules', BookingRules> | undefined;
  private readonly months:
    | NoticedCache<string, { taken: string[]; closed: Availability['closed']; held: { startsAt: string; userId: string; until: number }[] }>
    | undefined;
  /**
   * Each month's time off, for the writes' checks and the month's free times: emptied by time off's own notice
   * (`t`, sent before its `m`), not by every booking's.
   */
  private readonly timeOff: NoticedCache<string, ClosedSpan[]> | undefined;
  /** Each customer's open jobs, with the estimate in force of each. */
  private readonly openOf: NoticedCache<string, OpenJobs> | undefined;

  /**
   * What the booking's own e-mails do when a job changes elsewhere (the back office's edit): a visit still to come
   * switched between in person and remote gets the updated invitation.
   */
  readonly appointmentListener: AppointmentListener = {
    afterChange: async (tx, change) => change.kinds.has('kind-changed') && (await this.messages.tellKindChanged(tx, change.after)),
  };

  /** How often each kept read was answered from memory, for tests and the bench. */
  readStats() {
    const of = (cache: NoticedCache<string, unknown> | undefined) => ({ hits: cache?.hits ?? 0, misses: cache?.misses ?? 0 });
    return {
      rules: of(this.rules as NoticedCache<string, unknown> | undefined),
      months: of(this.months),
      timeOff: of(this.timeOff),
      openOf: of(this.openOf),
    };
  }

  /**
   * The booking rules as this instance keeps them; on a miss they are read with `db` (a transaction's own handle
   * inside one: the embedded database has one connection, which the transaction holds).
   */
  private readRules(db: Executor = this.db): Promise<BookingRules> {
    const read = async () => ({ value: await bookingRules(db) });
    return this.rules ? this.rules.get('rules', read) : read().then((loaded) => loaded.value);
  }

  /**
   * The owner's time off in a month (`yyyy-MM`, business time) that overlaps its slots, as this instance keeps it; on
   * a miss read with `db` (a transaction's own handle inside one). A write is as sure of it as of a read in its own
   * transaction: nothing a booking locks stops time off being added a moment later in either case, and the owner sees
   * the visits inside new time off (decision 014).
   */
  private closedIn(month: string, db: Executor): Promise<ClosedSpan[]> {
    const read = async () => {
      const { from, to } = monthSpan(month);
      return { value: await closedSpansBetween(db, from, to) };
    };
    return this.timeOff ? this.timeOff.get(month, read) : read().then((loaded) => loaded.value);
  }

  /** The month's free times for `viewerId`: a slot held for someone else is taken. */
  async availability(month: string, now = new Date(), viewerId?: string): Promise<Availability> {
    const read = async () => {
      const { from, lastStart } = monthSpan(month);
      const taken = await takenStartsBetween(this.db, from, lastStart);
      // The month's time off as the bookings' checks keep it: a booking's notice ('m') empties the month's free
      // times, not its time off.
      const closed = await this.closedIn(month, this.db);
      return {
        value: {
          taken: taken.map((instant) => instant.toISOString()),
          closed: closed.map((span) => ({ startsAt: span.startsAt.toISOString(), endsAt: span.endsAt.toISOString() })),
          // The waitlist's holds, whoever holds them and until when (its 'm' notice empties these too).
          held: (await this.holds.heldBetween(this.db, from, lastStart, new Date(0))).map((hold) => ({
            startsAt: hold.startsAt.toISOString(),
            userId: hold.userId,
            until: hold.expiresAt.getTime(),
          })),
        },
      };
    };
    const { taken, closed, held } = this.months ? await this.months.get(month, read) : (await read()).value;
    const { minNoticeHours } = await this.readRules();
    // A slot held for someone else is taken for this viewer, until the hold runs out.
    const heldForOthers = held.filter((hold) => hold.userId !== viewerId && hold.until > now.getTime()).map((hold) => hold.startsAt);
    return {
      month,
      taken: [...taken, ...heldForOthers],
      now: now.toISOString(),
      lastBookableDate: lastBookableDate(now, this.config.bookingWindowDays),
      closed,
      minNoticeHours,
    };
  }

  async list(viewer: SessionUser): Promise<CustomerAppointment[]> {
    const { cutoffHours } = await this.readRules();
    // The open jobs with the estimate in force of each (the list links to one waiting for the customer's answer),
    // kept together: a change to either announces the customer's appointments (migrations 0017 and 0035).
    const read = async () => ({ value: await openJobsOf(this.db, viewer.id) });
    const { rows, estimates } = this.openOf ? await this.openOf.get(viewer.id, read) : (await read()).value;
    return rows.map((row) => customerAppointment(row, cutoffHours, estimates.get(row.id) ?? null));
  }

  /** `offer`: the waitlist's offer the customer books from, which must still hold the slot for them. */
  async book(viewer: SessionUser, input: BookAppointment, now = new Date(), offer?: string): Promise<CustomerAppointment> {
    const startsAt = slotInstant(input.date, input.slot);
    if (!isBookableInstant(startsAt, now, this.config.bookingWindowDays)) {
      throw new HttpError(400, 'SLOT_CLOSED', APPOINTMENT_TEXTS.slotClosed);
    }
    try {
      const row = await this.db.transaction(async (tx) => {
        // One statement: the lock that serialises this customer's bookings, with what the booking reads (the profile,
        // the trusted contact, the admins' addresses).
        const { account, profile, trustedContact, adminEmails: admins } = await lockAccountForBooking(tx, viewer.id);
        if (!profile) throw new HttpError(409, 'PROFILE_REQUIRED', APPOINTMENT_TEXTS.profileRequired);
        await this.refuseClosedSlot(tx, startsAt, now);
        // The word the technician will say at the door, given at the first booking (issue 39); the confirmation tells it.
        const codeWord = profile.codeWord ?? (await codeWordFor(tx, viewer.id, account?.locale));
        // A slot the waitlist holds is its holder's alone; the hold's lock makes a race for it wait for the holder.
        const hold = await this.holds.lockHold(tx, startsAt, now);
        if (offer !== undefined && hold?.entryId !== offer) throw new HttpError(409, 'OFFER_ENDED', WAITLIST_TEXTS.offerEnded);
        if (hold && hold.userId !== viewer.id) throw new HttpError(409, 'SLOT_HELD', WAITLIST_TEXTS.slotHeld);
        // The customer's open visits are counted by the insert itself, under the lock; over the limit, the refusal
        // rolls the insert back.
        const { appointment: created, openBefore } = await this.lifecycle.book(tx, {
          id: appointmentIdFor(startsAt, randomUUID()),
          userId: viewer.id,
          startsAt,
          slotLabel: input.slot,
          isRemote: input.isRemote,
          reminderSentAt: reminderAlreadyCovered(startsAt, now),
        });
        if (!canBookMore(openBefore)) throw new HttpError(409, 'TOO_MANY_OPEN', APPOINTMENT_TEXTS.limitReached);
        await this.holds.booked(tx, viewer.id, startsAt, created.id);
        const facts = this.messages.facts(created, profile, viewer.email);
        const emails = this.messages.appointmentEmails(
          created,
          facts,
          (language) => confirmationContent(language, facts, this.messages.homeUrl, this.config.support.phone, codeWord),
          'REQUEST',
          translatorFor(account?.locale),
          { contact: trustedContact, customerEmail: account?.email, profile },
        );
        // Every e-mail of the booking in one statement, in the order they always went: the contact's copy, the
        // customer's confirmation, the admins' notices.
        await this.mail.enqueueAll([...emails, ...this.messages.adminNotices(admins, 'booked', facts)], tx);
        await this.texts.toCustomer(
          tx,
          viewer.id,
          'confirmation',
          (language) => confirmationText(language, created.startsAt, created.isRemote, this.config.support.phone),
          { profile, locale: account?.locale },
        );
        return created;
      });
      this.mail.deliverSoon();
      this.texts.deliverSoon();
      return customerAppointment(row, (await this.readRules()).cutoffHours);
    } catch (error) {
      if (isUniqueViolation(error)) {
        // A customer at the limit hears of the limit first, as when the count came before the insert.
        if (!canBookMore(await countOpenAppointments(this.db, viewer.id))) {
          throw new HttpError(409, 'TOO_MANY_OPEN', APPOINTMENT_TEXTS.limitReached);
        }
        throw new HttpError(409, 'SLOT_TAKEN', APPOINTMENT_TEXTS.slotTaken);
      }
      throw error;
    }
  }

  async describe(viewer: SessionUser, id: string, description: string): Promise<CustomerAppointment> {
    const row = await this.db.transaction(async (tx) => {
      const found = await this.lifecycle.findOwn(tx, viewer.id, id);
      if (!found) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
      return this.lifecycle.describe(tx, found, actorOf(viewer), description);
    });
    return customerAppointment(row, (await this.readRules()).cutoffHours);
  }

  /**
   * The owner's schedule: no booking in time off, nor (unless the owner is moving a visit) with less than the
   * minimum notice (409, in words).
   */
  private async refuseClosedSlot(
    tx: Executor,
    startsAt: Date,
    now: Date,
    { notice = true, timeOffText = APPOINTMENT_TEXTS.slotTimeOff }: { notice?: boolean; timeOffText?: string } = {},
  ): Promise<void> {
    if (isInTimeOff(startsAt, await this.closedIn(businessDateOf(startsAt).slice(0, 7), tx))) {
      throw new HttpError(409, 'SLOT_CLOSED', timeOffText);
    }
    if (!notice) return;
    // The rules as this instance keeps them (decision 025): a change of them reaches it within milliseconds, and a
    // booking never locked them anyway.
    const { minNoticeHours } = await this.readRules(tx);
    if (isWithinNotice(startsAt, now, minNoticeHours)) {
      throw new HttpError(409, 'TOO_SOON', APPOINTMENT_TEMPLATES.slotWithinNotice, { hours: minNoticeHours });
    }
  }

  /** The customer's cut-off: no change or cancellation online less than `cutoffHours` before the visit. */
  private async refusePastCutoff(tx: Executor, startsAt: Date, now: Date): Promise<void> {
    const { cutoffHours } = await this.readRules(tx);
    if (isPastCutoff(startsAt, now, cutoffHours)) {
      throw new HttpError(409, 'NOT_ALLOWED', APPOINTMENT_TEMPLATES.pastCutoff, { hours: cutoffHours, phone: this.config.support.phone });
    }
  }

  async cancel(viewer: SessionUser, id: string, now = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      const found = await this.lifecycle.findOwn(tx, viewer.id, id);
      if (!found) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
      const cancelled = await this.lifecycle.cancel(tx, found, actorOf(viewer), {
        rules: () => this.refusePastCutoff(tx, found.startsAt, now),
      });
      const profile = await profileOf(tx, viewer.id);
      if (profile) await this.messages.tellCancelled(tx, cancelled, profile, viewer.email);
    });
    this.mail.deliverSoon();
  }

  /**
   * The customer is deleting their account (decision 024): each visit not yet done is cancelled, whatever the
   * cut-off, with the usual e-mails to them and to the owner, inside the deletion's transaction. Returns how many.
   */
  async cancelForDeletion(tx: Executor, viewer: SessionUser): Promise<number> {
    const listed = (await listOpenAppointmentsOf(tx, viewer.id)).filter(
      (appointment) => appointment.completedAt === null && appointment.paidAt === null,
    );
    const profile = await profileOf(tx, viewer.id);
    let count = 0;
    for (const { id } of listed) {
      // Each job's lock, as every change of a job takes it, and the job read again under it: on a PostgreSQL server
      // the owner may have completed or been paid for it since it was listed.
      const found = await this.lifecycle.find(tx, id, { lock: true });
      if (!found || found.completedAt !== null || found.paidAt !== null) continue;
      count++;
      const cancelled = await this.lifecycle.cancel(tx, found, actorOf(viewer), { accountDeleted: true });
      if (profile) await this.messages.tellCancelled(tx, cancelled, profile, viewer.email);
    }
    return count;
  }

  /**
   * Moves the customer's own uncompleted visit to another open slot, in one transaction: the new slot is held (the
   * unique index on active start times) in the same statement that frees the old one, so the customer never lacks
   * both, and the count of open visits does not change. The cut-off applies to the visit as it stands; the new
   * slot must be bookable as a new booking would be.
   */
  async reschedule(viewer: SessionUser, id: string, input: RescheduleAppointment, now = new Date()): Promise<CustomerAppointment> {
    const row = await this.move(viewer, id, input, now, 'customer');
    return customerAppointment(row, (await this.readRules()).cutoffHours);
  }

  /**
   * The owner moves a customer's visit (a booking inside new time off, after a call): the same move, without the
   * customer's cut-off and minimum notice; time off and taken slots still refuse. The customer is e-mailed the
   * updated invite.
   */
  async moveForOwner(admin: SessionUser, id: string, input: RescheduleAppointment, now = new Date()): Promise<void> {
    await this.move(admin, id, input, now, 'owner');
  }

  private async move(
    actor: SessionUser,
    id: string,
    input: RescheduleAppointment,
    now: Date,
    by: 'customer' | 'owner',
  ): Promise<AppointmentRow> {
    const startsAt = slotInstant(input.date, input.slot);
    // The customer reads of "your visit"; the owner, of the schedule.
    const owner = by === 'owner';
    if (!isBookableInstant(startsAt, now, this.config.bookingWindowDays)) {
      throw owner
        ? new HttpError(400, 'SLOT_CLOSED', OWNER_MOVE_TEXTS.unbookable, { windowDays: this.config.bookingWindowDays })
        : new HttpError(400, 'SLOT_CLOSED', APPOINTMENT_TEXTS.slotClosed);
    }
    try {
      const row = await this.db.transaction(async (tx) => {
        if (by === 'customer') await lockAccount(tx, actor.id);
        const found =
          by === 'customer' ? await this.lifecycle.findOwn(tx, actor.id, id) : await this.lifecycle.find(tx, id, { lock: true });
        if (!found) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
        const moved = await this.lifecycle.move(
          tx,
          found,
          actorOf(actor),
          // The reminder goes out again, a day before the new time (unless that is already past: the move's e-mail says it).
          { startsAt, slotLabel: input.slot, reminderSentAt: reminderAlreadyCovered(startsAt, now) },
          {
            by,
            rules: async () => {
              if (by === 'customer') await this.refusePastCutoff(tx, found.startsAt, now);
              await this.refuseClosedSlot(tx, startsAt, now, {
                notice: by === 'customer',
                ...(owner ? { timeOffText: OWNER_MOVE_TEXTS.timeOff } : {}),
              });
              const hold = await this.holds.lockHold(tx, startsAt, now);
              if (hold && hold.userId !== found.userId) throw new HttpError(409, 'SLOT_HELD', WAITLIST_TEXTS.slotHeld);
            },
          },
        );
        await this.holds.booked(tx, found.userId, startsAt, moved.id);
        const customer = await accountById(tx, found.userId);
        const profile = await profileOf(tx, found.userId);
        if (customer && profile) {
          const facts = this.messages.facts(moved, profile, customer.email);
          const content = (language: Translator) =>
            rescheduleContent(language, facts, found.startsAt, this.messages.homeUrl, this.config.support.phone);
          await this.messages.mailAppointment(tx, moved, facts, content, 'REQUEST');
          if (by === 'customer') await this.messages.notifyAdmins(tx, 'moved', facts, found.startsAt);
        }
        return moved;
      });
      this.mail.deliverSoon();
      return row;
    } catch (error) {
      if (isUniqueViolation(error))
        throw new HttpError(409, 'SLOT_TAKEN', owner ? OWNER_MOVE_TEXTS.slotTaken : APPOINTMENT_TEXTS.slotTaken);
      throw error;
    }
  }

  /**
   * The owner takes a visit off the schedule (the back office's Delete): kept, marked, for the record, with its
   * history entry; open payment orders are voided; the customer is e-mailed with a calendar CANCEL.
   */
  async deleteForOwner(admin: SessionUser, id: string, now = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      const found = await this.lifecycle.find(tx, id, { lock: true });
      if (!found) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
      const deleted = await this.lifecycle.delete(tx, found, actorOf(admin));
      // A visit still ahead is news to the customer; a finished or paid job's record is the owner's business.
      const customer = await accountById(tx, found.userId);
      const profile = await profileOf(tx, found.userId);
      if (customer && profile && found.completedAt === null && found.paidAt === null && found.startsAt > now) {
        const facts = this.messages.facts(deleted, profile, customer.email);
        await this.messages.mailAppointment(
          tx,
          deleted,
          facts,
          (language) => ownerCancellationContent(language, facts, this.messages.homeUrl, this.config.support.phone),
          'CANCEL',
        );
      }
    });
    this.mail.deliverSoon();
  }

  /**
   * The owner's calendar feed, for the file name of its address (SECRET.ics): every open visit with the customer's
   * name, phone, address and problem (owner-feed.ts); undefined for any other name.
   */
  async ownerFeed(file: string): Promise<string | undefined> {
    return ownerFeed(this.db, file);
  }

  /** Sends the reminders that are due; each is claimed and mailed in one transaction, so never twice. */
  async sendDueReminders(now = new Date()): Promise<number> {
    const sent = await this.db.transaction(async (tx) => {
      const due = await claimDueReminders(tx, now, REMINDER_LEAD_SECONDS, 50);
      for (const row of due) {
        const profile = await profileOf(tx, row.userId);
        const owner = await accountById(tx, row.userId);
        if (!profile || !owner) continue;
        const facts = this.messages.facts(row, profile, owner.email);
        const language = translatorFor(owner.locale);
        // Today or tomorrow, in New York: a reminder sent late (the server was down) may fall on the visit's own day.
        const today = businessDateOf(now) === businessDateOf(row.startsAt);
        const content = reminderContent(language, facts, `${this.config.publicUrl}/home`, this.config.support.phone, today);
        await this.mail.enqueue({ to: owner.email, ...renderEmail(content, this.config.support, language), about: row.userId }, tx);
        await copyToTrustedContact(tx, this.mail, this.config, row.userId, content, language);
        await this.texts.toCustomer(tx, row.userId, 'reminder', (texted) =>
          reminderText(texted, row.startsAt, this.config.support.phone, today),
        );
      }
      return due.length;
    });
    if (sent > 0) {
      this.mail.deliverSoon();
      this.texts.deliverSoon();
    }
    return sent;
  }
}

/** The history's name for who made a change. */
function actorOf(user: SessionUser): AppointmentActor {
  return { userId: user.id, email: user.email };
}
