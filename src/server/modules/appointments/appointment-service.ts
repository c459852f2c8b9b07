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
import { BUSINESS_NAME } from '../../../shared/business.ts';
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
import { english } from '../../../shared/english.ts';
import type { BookingRules } from '../../../shared/schedule.ts';
import type { Config } from '../../config.ts';
import { type ChangeNotices, NoticedCache } from '../../db/change-notices.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { AppointmentRow, ProfileRow } from '../../db/schema.ts';
import { type Translator, translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import {
  accountById,
  adminEmails,
  type CopyFacts,
  copyToTrustedContact,
  customersByUserId,
  lockAccount,
  lockAccountForBooking,
  profileOf,
  readCopyFacts,
  trustedContactCopy,
} from '../accounts/index.ts';
import { type EmailContent, type MailService, type OutgoingEmail, renderEmail } from '../mail/index.ts';
import { bookingRules, closedSpansBetween, FEED_FILE_PATTERN, isOwnerFeedSecret } from '../schedule/index.ts';
import { confirmationText, reminderText, type TextService } from '../texts/index.ts';
import {
  type AdminNotice,
  type AppointmentFacts,
  adminNoticeContent,
  cancellationContent,
  confirmationContent,
  kindChangeContent,
  ownerCancellationContent,
  reminderContent,
  rescheduleContent,
} from './appointment-emails.ts';
import type { AppointmentActor, AppointmentLifecycle, AppointmentListener } from './appointment-lifecycle.ts';
import {
  claimDueReminders,
  countOpenAppointments,
  findActiveAppointment,
  findAppointment,
  listAppointmentsById,
  listAppointmentsOf,
  listCompletedUnpaidAppointments,
  listOpenAppointments,
  listOpenAppointmentsOf,
  takenStartsBetween,
} from './appointment-queries.ts';
import { calendarFeed, calendarInvite } from './calendar-invite.ts';

export const REMINDER_LEAD_SECONDS = 24 * 60 * 60;

/**
 * A visit booked or moved to less than a day ahead gets no reminder: its confirmation (or the move's e-mail), sent
 * at that moment, already says when; a reminder would follow it within a minute. The time to store as the
 * reminder's, or null for a reminder still to come a day before.
 */
function reminderAlreadyCovered(startsAt: Date, now: Date): Date | null {
  return startsAt.getTime() - now.getTime() <= REMINDER_LEAD_SECONDS * 1000 ? now : null;
}

/** The customer's view of a visit; with the cut-off in hours, until when it can be changed online. */
export function customerAppointment(row: AppointmentRow, cutoffHours?: number): CustomerAppointment {
  const changeable = cutoffHours !== undefined && row.completedAt === null && row.paidAt === null;
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
    changeBy: changeable ? new Date(row.startsAt.getTime() - cutoffHours * 60 * 60 * 1000).toISOString() : null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return true;
  }
  return false;
}

function addressOf(profile: Pick<ProfileRow, 'streetAddress' | 'city' | 'state' | 'zipCode'>): string {
  return `${profile.streetAddress}, ${profile.city}, ${profile.state} ${profile.zipCode}`;
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
  ) {
    // Reads kept in memory (decision 025), dropped on the database's notices: every instance hears every writer.
    if (notices) {
      const options = { entries: READ_CACHE_ENTRIES, maxAgeMs: READ_CACHE_MS };
      this.rules = new NoticedCache(notices, (payload, cache) => payload === 'r' && cache.clear(), { entries: 1, maxAgeMs: READ_CACHE_MS });
      this.months = new NoticedCache(notices, (payload, cache) => payload === 'm' && cache.clear(), options);
      this.timeOff = new NoticedCache(notices, (payload, cache) => payload === 't' && cache.clear(), options);
      this.openOf = new NoticedCache(notices, (payload, cache) => payload.startsWith('a:') && cache.delete(payload.slice(2)), options);
    }
  }

  private readonly rules: NoticedCache<'rules', BookingRules> | undefined;
  private readonly months: NoticedCache<string, { taken: string[]; closed: Availability['closed'] }> | undefined;
  /**
   * Each month's time off, for the writes' checks and the month's free times: emptied by time off's own notice
   * (`t`, sent before its `m`), not by every booking's.
   */
  private readonly timeOff: NoticedCache<string, ClosedSpan[]> | undefined;
  private readonly openOf: NoticedCache<string, AppointmentRow[]> | undefined;

  /**
   * What the booking's own e-mails do when a job changes elsewhere (the back office's edit): a visit still to come
   * switched between in person and remote gets the updated invitation.
   */
  readonly appointmentListener: AppointmentListener = {
    afterChange: async (tx, change) => change.kinds.has('kind-changed') && (await this.tellKindChanged(tx, change.after)),
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

  private facts(
    row: AppointmentRow,
    profile: Pick<ProfileRow, 'firstName' | 'lastName' | 'streetAddress' | 'city' | 'state' | 'zipCode'>,
    email: string,
  ): AppointmentFacts {
    return {
      startsAt: row.startsAt,
      isRemote: row.isRemote,
      location: row.isRemote ? 'Remote' : addressOf(profile),
      description: row.description,
      customerName: `${profile.firstName} ${profile.lastName}`,
      customerEmail: email,
      customerId: row.userId,
    };
  }

  /** The admins' notices of a change to a visit, one for each address. */
  private adminNotices(addresses: string[], event: AdminNotice, facts: AppointmentFacts, previousStartsAt?: Date): OutgoingEmail[] {
    const notice = renderEmail(adminNoticeContent(event, facts, `${this.config.publicUrl}/admin`, previousStartsAt), this.config.support);
    return addresses.map((admin) => ({ to: admin, ...notice, about: facts.customerId }));
  }

  private async notifyAdmins(db: Executor, event: AdminNotice, facts: AppointmentFacts, previousStartsAt?: Date): Promise<void> {
    await this.mail.enqueueAll(this.adminNotices(await adminEmails(db), event, facts, previousStartsAt), db);
  }

  private get homeUrl(): string {
    return `${this.config.publicUrl}/home`;
  }

  /**
   * The e-mails about a visit, in the customer's `language`, in the order they are stored: their trusted contact's
   * copy (if they named one and it is not stopped), then the customer's own. Both carry the calendar invite: a
   * REQUEST (booked, moved) or a CANCEL, under the visit's one UID and the row's SEQUENCE, so the customer's calendar
   * program updates the event it holds (the copy's text speaks of it).
   */
  private appointmentEmails(
    row: AppointmentRow,
    facts: AppointmentFacts,
    content: (language: Translator) => EmailContent,
    method: 'REQUEST' | 'CANCEL',
    language: Translator,
    copyFacts: CopyFacts,
  ): OutgoingEmail[] {
    const { t } = language;
    const invite = { url: language.link(this.homeUrl), phone: this.config.support.phone };
    const written = content(language);
    const attachments = [
      {
        filename: method === 'CANCEL' ? 'techhelp-visit-cancelled.ics' : 'techhelp-visit.ics',
        contentType: `text/calendar; charset=utf-8; method=${method}`,
        content: calendarInvite({
          appointmentId: row.id,
          startsAt: row.startsAt,
          title: t(english('{business} visit'), { business: BUSINESS_NAME }),
          location: facts.isRemote ? t(english('Remote')) : facts.location,
          description: facts.isRemote
            ? t(english('Remote visit. Your appointments: {url}. Questions or changes: call {phone}.'), invite)
            : t(english('In-person visit. Your appointments: {url}. Questions or changes: call {phone}.'), invite),
          organizerEmail: this.config.support.email,
          attendeeEmail: facts.customerEmail,
          attendeeName: facts.customerName,
          method,
          sequence: row.inviteSequence,
        }),
      },
    ];
    const copy = trustedContactCopy(this.config, row.userId, copyFacts, written, language, attachments);
    const email: OutgoingEmail = {
      to: facts.customerEmail,
      ...renderEmail(written, this.config.support, language),
      attachments,
      about: row.userId,
    };
    return [...(copy ? [copy] : []), email];
  }

  /** Stores appointmentEmails in the customer's saved language, with what the contact's copy needs read under `tx`. */
  private async mailAppointment(
    tx: Executor,
    row: AppointmentRow,
    facts: AppointmentFacts,
    content: (language: Translator) => EmailContent,
    method: 'REQUEST' | 'CANCEL',
  ) {
    const language = translatorFor((await accountById(tx, row.userId))?.locale);
    await this.mail.enqueueAll(this.appointmentEmails(row, facts, content, method, language, await readCopyFacts(tx, row.userId)), tx);
  }

  async availability(month: string, now = new Date()): Promise<Availability> {
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
        },
      };
    };
    const { taken, closed } = this.months ? await this.months.get(month, read) : (await read()).value;
    const { minNoticeHours } = await this.readRules();
    return {
      month,
      taken,
      now: now.toISOString(),
      lastBookableDate: lastBookableDate(now, this.config.bookingWindowDays),
      closed,
      minNoticeHours,
    };
  }

  async list(viewer: SessionUser): Promise<CustomerAppointment[]> {
    const { cutoffHours } = await this.readRules();
    const read = async () => ({ value: await listOpenAppointmentsOf(this.db, viewer.id) });
    const rows = this.openOf ? await this.openOf.get(viewer.id, read) : (await read()).value;
    return rows.map((row) => customerAppointment(row, cutoffHours));
  }

  async book(viewer: SessionUser, input: BookAppointment, now = new Date()): Promise<CustomerAppointment> {
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
        const facts = this.facts(created, profile, viewer.email);
        const emails = this.appointmentEmails(
          created,
          facts,
          (language) => confirmationContent(language, facts, this.homeUrl, this.config.support.phone),
          'REQUEST',
          translatorFor(account?.locale),
          { contact: trustedContact, customerEmail: account?.email, profile },
        );
        // Every e-mail of the booking in one statement, in the order they always went: the contact's copy, the
        // customer's confirmation, the admins' notices.
        await this.mail.enqueueAll([...emails, ...this.adminNotices(admins, 'booked', facts)], tx);
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
      if (profile) {
        const facts = this.facts(cancelled, profile, viewer.email);
        await this.mailAppointment(tx, cancelled, facts, (language) => cancellationContent(language, facts, this.homeUrl), 'CANCEL');
        await this.notifyAdmins(tx, 'cancelled', facts);
      }
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
      if (profile) {
        const facts = this.facts(cancelled, profile, viewer.email);
        await this.mailAppointment(tx, cancelled, facts, (language) => cancellationContent(language, facts, this.homeUrl), 'CANCEL');
        await this.notifyAdmins(tx, 'cancelled', facts);
      }
    }
    return count;
  }

  /**
   * The owner switched a visit still to come between in person and remote (`changed` as it now is, with its new
   * invitation SEQUENCE, inside the edit's transaction): the customer (and their trusted contact) get an e-mail with
   * the updated invitation. Answers whether anyone was told (the caller delivers after the commit).
   */
  private async tellKindChanged(tx: Executor, changed: AppointmentRow): Promise<boolean> {
    const customer = await accountById(tx, changed.userId);
    const profile = await profileOf(tx, changed.userId);
    if (!customer || !profile) return false;
    const facts = this.facts(changed, profile, customer.email);
    await this.mailAppointment(
      tx,
      changed,
      facts,
      (language) => kindChangeContent(language, facts, this.homeUrl, this.config.support.phone),
      'REQUEST',
    );
    return true;
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
            },
          },
        );
        const customer = await accountById(tx, found.userId);
        const profile = await profileOf(tx, found.userId);
        if (customer && profile) {
          const facts = this.facts(moved, profile, customer.email);
          const content = (language: Translator) =>
            rescheduleContent(language, facts, found.startsAt, this.homeUrl, this.config.support.phone);
          await this.mailAppointment(tx, moved, facts, content, 'REQUEST');
          if (by === 'customer') await this.notifyAdmins(tx, 'moved', facts, found.startsAt);
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
        const facts = this.facts(deleted, profile, customer.email);
        await this.mailAppointment(
          tx,
          deleted,
          facts,
          (language) => ownerCancellationContent(language, facts, this.homeUrl, this.config.support.phone),
          'CANCEL',
        );
      }
    });
    this.mail.deliverSoon();
  }

  /**
   * The owner's calendar feed, for the file name of its address (SECRET.ics): every open visit with the customer's
   * name, phone, address and problem; undefined for any other name, so a wrong address is as unknown as no feed.
   */
  async ownerFeed(file: string): Promise<string | undefined> {
    const secret = FEED_FILE_PATTERN.exec(file)?.[1];
    if (!secret || !(await isOwnerFeedSecret(this.db, secret))) return undefined;
    const rows = await listOpenAppointments(this.db);
    const customers = await customersByUserId(
      this.db,
      rows.map((row) => row.userId),
    );
    return calendarFeed(
      rows.map((row) => {
        const customer = customers.get(row.userId);
        const name = customer ? `${customer.firstName} ${customer.lastName}`.trim() : 'Unknown customer';
        const address = customer ? addressOf(customer) : '';
        return {
          appointmentId: row.id,
          startsAt: row.startsAt,
          sequence: row.inviteSequence,
          title: `${name}: ${row.isRemote ? 'remote' : 'in-person'} visit`,
          location: row.isRemote ? 'Remote' : address,
          description: [
            `Phone: ${customer?.phoneNumber || 'none given'}`,
            `E-mail: ${customer?.email ?? ''}`,
            ...(row.isRemote && address ? [`Address: ${address}`] : []),
            `Problem: ${row.description || 'not described yet'}`,
            ...(row.completedAt ? ['Completed, waiting for payment.'] : []),
          ].join('\n'),
        };
      }),
    );
  }

  /** Sends the reminders that are due; each is claimed and mailed in one transaction, so never twice. */
  async sendDueReminders(now = new Date()): Promise<number> {
    const sent = await this.db.transaction(async (tx) => {
      const due = await claimDueReminders(tx, now, REMINDER_LEAD_SECONDS, 50);
      for (const row of due) {
        const profile = await profileOf(tx, row.userId);
        const owner = await accountById(tx, row.userId);
        if (!profile || !owner) continue;
        const facts = this.facts(row, profile, owner.email);
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

// --- What the other modules may do with jobs (appointments), inside their own transactions --------------------

/** A job by id: an active one unless `includeInactive`; row-locked for the rest of the transaction when `lock`. */
export async function readAppointment(
  db: Executor,
  id: string,
  options: { lock?: boolean; includeInactive?: boolean } = {},
): Promise<AppointmentRow | undefined> {
  const lock = options.lock ?? false;
  return options.includeInactive ? findAppointment(db, id, lock) : findActiveAppointment(db, id, lock);
}

/** A customer's open (active, unpaid) jobs, by time. */
/** Every job the customer ever booked (cancelled and deleted ones too): what their data export lists. */
export async function allAppointmentsOf(db: Executor, userId: string): Promise<AppointmentRow[]> {
  return listAppointmentsOf(db, userId);
}

export async function openAppointmentsOf(db: Executor, userId: string): Promise<AppointmentRow[]> {
  return listOpenAppointmentsOf(db, userId);
}

/** Every open job, by time: the back office's dashboard. */
export async function openAppointments(db: Executor): Promise<AppointmentRow[]> {
  return listOpenAppointments(db);
}

/** The jobs done and waiting for payment, by time. */
export async function completedUnpaidAppointments(db: Executor): Promise<AppointmentRow[]> {
  return listCompletedUnpaidAppointments(db);
}

/** Jobs by id, cancelled and deleted ones too (a payment's job stays on the books). */
export async function appointmentsById(db: Executor, ids: Iterable<string>): Promise<Map<string, AppointmentRow>> {
  const rows = await listAppointmentsById(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}
