import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../../shared/account.ts';
import { type AdminCustomer, DELETED_ACCOUNT_NAME } from '../../../shared/admin.ts';
import { APPOINTMENT_TEXTS, type CustomerAppointment, canBookMore } from '../../../shared/appointments.ts';
import { businessDateOf, isBookableInstant, nextTextingHour, slotLabelOf, slotsOf } from '../../../shared/business-time.ts';
import {
  type AdminWaitlist,
  type BookOffer,
  WAITLIST_TEMPLATES,
  WAITLIST_TEXTS,
  type WaitlistEntries,
  type WaitlistEntry,
} from '../../../shared/waitlist.ts';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { WaitlistEntryRow } from '../../db/schema.ts';
import { translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById, lockAccount, profileOf } from '../accounts/index.ts';
import {
  type AppointmentListener,
  type AppointmentService,
  freeStartsOn,
  openAppointmentsOf,
  type SlotHolds,
} from '../appointments/index.ts';
import { announceChange, announceSlotChange } from '../events/index.ts';
import { type MailService, renderEmail } from '../mail/index.ts';
import { bookingRules } from '../schedule/index.ts';
import type { TextService } from '../texts/index.ts';
import { offerEmail, offerText } from './waitlist-messages.ts';
import {
  closeDaysBefore,
  datesInLine,
  datesOfExpiredOffers,
  deleteEntriesOf,
  entriesFrom,
  entriesInLineOf,
  entriesOf,
  findOwnEntry,
  insertEntry,
  lockDayLine,
  lockOfferAt,
  offersBetween,
  updateEntry,
} from './waitlist-queries.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** An offer made outside texting hours: the slot is held for its customer, who is told at 8 a.m. (decision 039). */
const isPending = (row: WaitlistEntryRow) => row.state === 'offered' && row.offeredAt === null;

const inForce = (row: WaitlistEntryRow, now: Date) =>
  row.state === 'offered' && row.offeredStartsAt !== null && row.offerExpiresAt !== null && row.offerExpiresAt > now;

/**
 * The slots the waitlist holds (its offers in force), as the appointments module asks for them (SlotHolds): taken
 * for everyone but the holder in availability, and refused to anyone else by a booking or a move.
 */
export const waitlistHolds: SlotHolds = {
  heldBetween: async (db, from, to, now) =>
    (await offersBetween(db, from, to, now)).map((row) => ({
      entryId: row.id,
      userId: row.userId,
      startsAt: row.offeredStartsAt as Date,
      expiresAt: row.offerExpiresAt as Date,
    })),
  lockHold: async (tx, startsAt, now) => {
    // The day's line first, in its order, as every change of it locks it; then the slot's offer.
    await lockDayLine(tx, businessDateOf(startsAt));
    const row = await lockOfferAt(tx, startsAt);
    return row && inForce(row, now) ? { entryId: row.id, userId: row.userId, startsAt, expiresAt: row.offerExpiresAt as Date } : undefined;
  },
  booked: async (tx, userId, startsAt, appointmentId) => {
    // Any visit of the day, booked or moved in, ends the customer's wait for it; a time held for them at another
    // hour is free again for every picker, and the minute pass offers it to the next customer waiting.
    const line = await lockDayLine(tx, businessDateOf(startsAt));
    for (const entry of line.filter((row) => row.userId === userId)) {
      await updateEntry(tx, entry.id, { state: 'booked', appointmentId, endedAt: new Date() });
      if (entry.offeredStartsAt && entry.offeredStartsAt.getTime() !== startsAt.getTime())
        await announceSlotChange(tx, entry.offeredStartsAt);
      await announceChange(tx, { kind: 'appointment', userId });
    }
  },
};

/** Nothing held: a day's slots as a visit, time off and the booking rules leave them. */
const NOTHING_HELD: SlotHolds = { heldBetween: async () => [], lockHold: async () => undefined, booked: async () => {} };

/** The customer's entries, every state, for their data download (the privacy module). */
export async function waitlistEntriesOf(db: Executor, userId: string) {
  return (await entriesOf(db, userId)).map((row) => ({
    date: row.date,
    state: row.state,
    joinedAt: row.joinedAt.toISOString(),
    offeredStartsAt: row.offeredStartsAt?.toISOString() ?? null,
    offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
    appointmentId: row.appointmentId,
    endedAt: row.endedAt?.toISOString() ?? null,
  }));
}

/**
 * The customer is deleting their account (decision 024): their entries go (the user row stays, so no cascade does it),
 * inside the deletion's transaction; a time held for them is free again for every picker, and the minute pass offers
 * it to the next customer waiting.
 */
export async function forgetWaitlistOf(tx: Executor, userId: string): Promise<void> {
  // The lines of the customer's days first, by date, as every change of a line locks it (no deadlock with a booking
  // or a pass that holds one of them).
  for (const date of new Set((await entriesInLineOf(tx, userId)).map((row) => row.date))) await lockDayLine(tx, date);
  for (const row of await deleteEntriesOf(tx, userId)) {
    if (row.state === 'offered' && row.offeredStartsAt) await announceSlotChange(tx, row.offeredStartsAt);
  }
}

function entryView(row: WaitlistEntryRow): WaitlistEntry {
  const offer =
    row.state === 'offered' && row.offeredStartsAt && row.offerExpiresAt
      ? {
          startsAt: row.offeredStartsAt.toISOString(),
          slot: slotLabelOf(row.offeredStartsAt) ?? '',
          expiresAt: row.offerExpiresAt.toISOString(),
        }
      : null;
  return { id: row.id, date: row.date, state: row.state, joinedAt: row.joinedAt.toISOString(), offer };
}

/**
 * The waitlist for full weekend days (issue 39, decision 039). A day's line changes under the lock of its entries
 * (lockDayLine), one change at a time: a freed slot is offered to the first customer waiting, held for them for
 * WAITLIST_OFFER_MINUTES, then, unbooked, offered to the next. A freed slot is heard of at once from the appointment's
 * life cycle (a cancellation, a deletion, a move away: `appointmentListener`); anything else that frees one (time off
 * reopened, an imported busy time gone) and every offer's end by the scheduler's minute pass (`sweep`).
 */
export class WaitlistService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly mail: MailService,
    private readonly texts: TextService,
    /** The booking (its face): the offer is booked as any visit, with the hold allowed for its holder. */
    private readonly appointments: Pick<AppointmentService, 'book'>,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** A slot freed by a change of a visit is offered at once, in the change's transaction. */
  readonly appointmentListener: AppointmentListener = {
    afterChange: async (tx, change) => {
      if (!change.kinds.has('cancelled') && !change.kinds.has('deleted') && !change.kinds.has('moved')) return false;
      const now = new Date();
      const date = businessDateOf(change.before.startsAt);
      if (date < businessDateOf(now)) return false;
      // In a savepoint: a failure of the waitlist never undoes the cancellation; the minute pass catches up.
      try {
        return (await tx.transaction((savepoint) => this.refreshDay(savepoint, date, now))) > 0;
      } catch (error) {
        this.log?.error({ err: error, date }, 'the waitlist could not offer a freed slot; the minute pass will');
        return false;
      }
    },
  };

  async list(viewer: SessionUser): Promise<WaitlistEntries> {
    return { entries: (await entriesInLineOf(this.db, viewer.id)).map(entryView), maxDays: this.config.waitlist.maxDays };
  }

  /** The customer waits for a full day: at most WAITLIST_MAX_DAYS at a time, once per day. */
  async join(viewer: SessionUser, date: string, now = new Date()): Promise<WaitlistEntry> {
    if (!slotsOf(date).some((slot) => isBookableInstant(slot.startsAt, now, this.config.bookingWindowDays))) {
      throw new HttpError(409, 'DAY_NOT_BOOKABLE', WAITLIST_TEXTS.dayNotBookable);
    }
    const max = this.config.waitlist.maxDays;
    return this.db.transaction(async (tx) => {
      // The customer's lock serialises their joins, so that two at once cannot pass the count together.
      await lockAccount(tx, viewer.id);
      if (!(await profileOf(tx, viewer.id))) throw new HttpError(409, 'PROFILE_REQUIRED', APPOINTMENT_TEXTS.profileRequired);
      // Waiting for a time the customer could not book: the booking's own refusal.
      if (!canBookMore((await openAppointmentsOf(tx, viewer.id)).length)) {
        throw new HttpError(409, 'TOO_MANY_OPEN', APPOINTMENT_TEXTS.limitReached);
      }
      const mine = await entriesInLineOf(tx, viewer.id);
      if (mine.some((entry) => entry.date === date)) throw new HttpError(409, 'ALREADY_WAITING', WAITLIST_TEXTS.alreadyWaiting);
      if (mine.length >= max) throw new HttpError(409, 'TOO_MANY_DAYS', WAITLIST_TEMPLATES.tooManyDays, { max });
      const free = await freeStartsOn(tx, date, now, {
        windowDays: this.config.bookingWindowDays,
        holds: waitlistHolds,
        viewerId: viewer.id,
      });
      if (free.length > 0) throw new HttpError(409, 'DAY_NOT_FULL', WAITLIST_TEXTS.dayNotFull);
      const row = await insertEntry(tx, viewer.id, date, now);
      if (!row) throw new HttpError(409, 'ALREADY_WAITING', WAITLIST_TEXTS.alreadyWaiting);
      return entryView(row);
    });
  }

  /** The customer leaves a day's line; a slot held for them goes to the next customer waiting. */
  async leave(viewer: SessionUser, id: string, now = new Date()): Promise<void> {
    const found = await findOwnEntry(this.db, viewer.id, id);
    if (!found) throw new HttpError(404, 'NOT_FOUND', WAITLIST_TEXTS.notFound);
    await this.db.transaction(async (tx) => {
      // The day's line first, as every change of it locks it.
      const line = await lockDayLine(tx, found.date);
      const entry = line.find((row) => row.id === id);
      if (!entry) throw new HttpError(404, 'NOT_FOUND', WAITLIST_TEXTS.notFound);
      await updateEntry(tx, id, { state: 'left', endedAt: now });
      if (entry.state === 'offered' && entry.offeredStartsAt) {
        await announceSlotChange(tx, entry.offeredStartsAt);
        await this.refreshDay(tx, entry.date, now);
      }
    });
    this.deliverSoon();
  }

  /** The customer's own entry, for the offer's page; an offer run out is handed on first (and reads as lapsed). */
  async offer(viewer: SessionUser, id: string, now = new Date()): Promise<WaitlistEntry> {
    const found = await findOwnEntry(this.db, viewer.id, id);
    if (!found) throw new HttpError(404, 'NOT_FOUND', WAITLIST_TEXTS.notFound);
    if (found.state !== 'offered' || inForce(found, now)) return entryView(found);
    await this.db.transaction((tx) => this.refreshDay(tx, found.date, now));
    this.deliverSoon();
    return entryView((await findOwnEntry(this.db, viewer.id, id)) ?? found);
  }

  /** Books the slot held for the customer, through the booking itself, which checks the hold under its lock. */
  async bookOffer(viewer: SessionUser, id: string, input: BookOffer, now = new Date()): Promise<CustomerAppointment> {
    const entry = await this.offer(viewer, id, now);
    if (entry.state !== 'offered' || !entry.offer) throw new HttpError(409, 'OFFER_ENDED', WAITLIST_TEXTS.offerEnded);
    const slot = slotLabelOf(new Date(entry.offer.startsAt));
    if (!slot) throw new HttpError(409, 'OFFER_ENDED', WAITLIST_TEXTS.offerEnded);
    return this.appointments.book(viewer, { date: entry.date, slot, isRemote: input.isRemote }, now, id);
  }

  /** The owner's view: every day's line from today on, in the order they joined, with the customers' names. */
  async forOwner(customers: (db: Executor, ids: Iterable<string>) => Promise<Map<string, AdminCustomer>>, now = new Date()) {
    const rows = await entriesFrom(this.db, businessDateOf(now));
    const people = await customers(
      this.db,
      rows.map((row) => row.userId),
    );
    const days = new Map<string, AdminWaitlist['days'][number]>();
    for (const row of rows) {
      const person = people.get(row.userId);
      const day = days.get(row.date) ?? { date: row.date, entries: [] };
      day.entries.push({
        id: row.id,
        name: person ? `${person.firstName} ${person.lastName}`.trim() || person.email : DELETED_ACCOUNT_NAME,
        email: person?.email ?? '',
        joinedAt: row.joinedAt.toISOString(),
        state: row.state,
        offeredStartsAt: row.offeredStartsAt?.toISOString() ?? null,
        offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
      });
      days.set(row.date, day);
    }
    return { days: [...days.values()] };
  }

  /**
   * The scheduler's minute pass: the lines of days gone by close; on every day still ahead with a line, offers run
   * out are handed on and any slot free again (time off reopened, a busy time gone) is offered. Answers how many
   * offers it made.
   */
  async sweep(now = new Date()): Promise<number> {
    const today = businessDateOf(now);
    await this.db.transaction((tx) => closeDaysBefore(tx, today, now));
    const dates = new Set([...(await datesOfExpiredOffers(this.db, now)), ...(await datesInLine(this.db, today))]);
    let offered = 0;
    for (const date of [...dates].sort()) {
      if (date < today) continue;
      offered += await this.db.transaction((tx) => this.refreshDay(tx, date, now));
    }
    if (offered > 0 || dates.size > 0) this.deliverSoon();
    return offered;
  }

  /**
   * Brings a day's line up to date under its lock: offers run out lapse; an offer whose slot was taken or closed
   * meanwhile goes back to waiting, in its place; then each slot free (held for nobody) far enough ahead to be booked
   * once the offer's time is over is offered to the next customer waiting who can book it (under the limit of open
   * visits, none that day), one slot per customer. Outside texting hours (9 p.m. to 8 a.m.) an offer is only made
   * pending: the slot is held for its customer, who is told, with the full time to book, at 8 a.m. Answers how many
   * offers it made.
   */
  private async refreshDay(tx: Executor, date: string, now: Date): Promise<number> {
    const line = await lockDayLine(tx, date);
    if (line.length === 0) return 0;
    const quietUntil = nextTextingHour(now);
    const open = new Set(
      (await freeStartsOn(tx, date, now, { windowDays: this.config.bookingWindowDays, holds: NOTHING_HELD })).map((at) => at.getTime()),
    );
    // A slot offered must still be bookable when the offer's time is over (the minimum notice counts from then).
    const { minNoticeHours } = await bookingRules(tx);
    const offerFrom = (quietUntil ?? now).getTime();
    const lead = minNoticeHours * HOUR_MS + this.config.waitlist.offerMinutes * MINUTE_MS;
    const offerable = (at: number) => open.has(at) && at - offerFrom >= lead;
    const waiting: WaitlistEntryRow[] = [];
    let made = 0;
    for (const entry of line) {
      const at = entry.offeredStartsAt?.getTime();
      if (entry.state === 'waiting') {
        waiting.push(entry);
      } else if (isPending(entry) && at !== undefined && (quietUntil ? open.has(at) : offerable(at))) {
        open.delete(at);
        // Morning: the customer is told now, with the full time to book.
        if (!quietUntil) {
          await this.makeOffer(tx, entry, new Date(at), now);
          made++;
        }
      } else if (!isPending(entry) && !inForce(entry, now)) {
        await updateEntry(tx, entry.id, { state: 'lapsed', endedAt: now });
        if (entry.offeredStartsAt) await announceSlotChange(tx, entry.offeredStartsAt);
        await announceChange(tx, { kind: 'appointment', userId: entry.userId });
      } else if (isPending(entry) || at === undefined || !open.has(at)) {
        await updateEntry(tx, entry.id, { state: 'waiting', offeredStartsAt: null, offeredAt: null, offerExpiresAt: null });
        if (entry.offeredStartsAt) await announceSlotChange(tx, entry.offeredStartsAt);
        waiting.push(entry);
      } else {
        open.delete(at);
      }
    }
    waiting.sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.position - b.position);
    const slots = [...open].filter(offerable).sort((a, b) => a - b);
    for (const entry of waiting) {
      const at = slots[0];
      if (at === undefined) break;
      // Skipped, and left waiting: a customer who could not book it (at the limit, or with a visit that day).
      const visits = await openAppointmentsOf(tx, entry.userId);
      if (!canBookMore(visits.length) || visits.some((visit) => businessDateOf(visit.startsAt) === date)) continue;
      slots.shift();
      if (quietUntil) await this.holdUntilMorning(tx, entry, new Date(at), quietUntil);
      else await this.makeOffer(tx, entry, new Date(at), now);
      made++;
    }
    return made;
  }

  /** Outside texting hours: the slot is held for the entry's customer, untold, until they are told at `morning`. */
  private async holdUntilMorning(tx: Executor, entry: WaitlistEntryRow, startsAt: Date, morning: Date): Promise<void> {
    const expiresAt = new Date(morning.getTime() + this.config.waitlist.offerMinutes * MINUTE_MS);
    await updateEntry(tx, entry.id, { state: 'offered', offeredStartsAt: startsAt, offeredAt: null, offerExpiresAt: expiresAt });
    await announceSlotChange(tx, startsAt);
    // The holder's open screens read their list: the held time shows on their home screen before any message says so.
    await announceChange(tx, { kind: 'appointment', userId: entry.userId });
  }

  /** Holds the slot for the entry's customer and tells them by e-mail and, if they agreed to texts, by text. */
  private async makeOffer(tx: Executor, entry: WaitlistEntryRow, startsAt: Date, now: Date): Promise<void> {
    const expiresAt = new Date(now.getTime() + this.config.waitlist.offerMinutes * MINUTE_MS);
    await updateEntry(tx, entry.id, { state: 'offered', offeredStartsAt: startsAt, offeredAt: now, offerExpiresAt: expiresAt });
    // Taken now for everyone else, free for the holder: every picker reads the month again; the holder's screens
    // read their list (the offer shows on their home screen).
    await announceSlotChange(tx, startsAt);
    await announceChange(tx, { kind: 'appointment', userId: entry.userId });
    const account = await accountById(tx, entry.userId);
    const profile = await profileOf(tx, entry.userId);
    if (!account) return;
    const facts = {
      name: profile?.firstName ?? '',
      startsAt,
      expiresAt,
      url: `${this.config.publicUrl}/book/offer/${entry.id}`,
      phone: this.config.support.phone,
    };
    const language = translatorFor(account.locale);
    await this.mail.enqueue(
      { to: account.email, ...renderEmail(offerEmail(language, facts), this.config.support, language), about: entry.userId },
      tx,
    );
    await this.texts.toCustomer(tx, entry.userId, 'waitlist-offer', (texted) => offerText(texted, facts), {
      profile,
      locale: account.locale,
    });
  }

  private deliverSoon(): void {
    this.mail.deliverSoon();
    this.texts.deliverSoon();
  }
}
