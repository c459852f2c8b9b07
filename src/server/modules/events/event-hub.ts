import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../../shared/account.ts';
import { type ChangeEvent, type RecordChange, type SlotChange, TAB_ID_PATTERN } from '../../../shared/events.ts';
import type { Executor, Listen } from '../../db/client.ts';
import { currentRequestOrigin } from '../../plugins/request-origin.ts';
import { notifyChannel } from './event-queries.ts';

export const CHANGES_CHANNEL = 'techhelp_changes';

/** How often every open stream's session is checked again (one query for all the streams of an instance). */
export const SESSION_CHECK_MS = 3000;

/**
 * A session that ended (a logout), or every session of a user (no `sessionId`: a password reset, an e-mail
 * change): its streams close on every instance. Never sent to a browser.
 */
export type SessionEnded = { kind: 'session-ended'; userId: string; sessionId?: string };

/**
 * A change a service announces: the record that changed, and, when a slot was taken or freed with it (a booking, a
 * cancellation, a visit deleted), the slot's start and whether it is now taken (one active visit per slot, so the
 * change itself says). The record goes to its owner and the admins; the slot, alone, to every other stream.
 */
export type Announcement = Omit<RecordChange, 'origin' | 'startsAt'> & { slot?: { startsAt: Date; taken: boolean } };

/**
 * A change as it travels between instances: the record, the slot as an ISO instant and whether it is taken, and who
 * made it (the tab and its user, when the change was made by a request that named its tab). The tab id is told only
 * to the streams of that user.
 */
type AnnouncedChange = Omit<RecordChange, 'origin' | 'startsAt'> & {
  slot?: string;
  slotTaken?: boolean;
  origin?: string;
  actorId?: string;
};

/**
 * A slot opened or closed with no record of anyone's changing (the owner's time off: no `taken`), or freed by a
 * change announced apart (a visit moved away from it: `taken` false): every stream hears it.
 */
type SlotsChanged = { kind: 'slots-changed'; slot: string; taken?: boolean };

type HubMessage = AnnouncedChange | SessionEnded | SlotsChanged;

/** A session as it stands now, for the streams opened under it. */
export type CurrentSession = { id: string; isAdmin: boolean; emailVerified: boolean };

export type Subscriber = {
  viewer: SessionUser;
  sessionId: string;
  send: (event: ChangeEvent) => void;
  /** Tells the screen it may have missed changes and must refetch what it shows (RESYNC_EVENT). */
  resync: () => void;
  /** Ends the stream; the browser reconnects, and is refused if the session is gone. */
  end: () => void;
};

/** Announces a message on every instance; with a transaction, it is delivered only once that commits. */
async function notify(db: Executor, message: HubMessage): Promise<void> {
  await notifyChannel(db, CHANGES_CHANNEL, JSON.stringify(message));
}

/** Closes, on every instance, the streams of a session that ended (or of all the user's sessions). */
export async function announceSessionEnded(db: Executor, ended: { userId: string; sessionId?: string | undefined }): Promise<void> {
  await notify(db, { kind: 'session-ended', userId: ended.userId, ...(ended.sessionId ? { sessionId: ended.sessionId } : {}) });
}

/**
 * Announces a change on every instance; call it with the transaction that makes the change. When it is made
 * during a request that named its browser tab, the tab and the user making it go with it (see EventHub's `send`).
 */
export async function announceChange(db: Executor, event: Announcement): Promise<void> {
  const made = currentRequestOrigin();
  const { slot, ...record } = event;
  const change: AnnouncedChange = {
    kind: record.kind,
    userId: record.userId,
    ...(record.appointmentId === undefined ? {} : { appointmentId: record.appointmentId }),
    ...(slot ? { slot: slot.startsAt.toISOString(), slotTaken: slot.taken } : {}),
  };
  await notify(db, made ? { ...change, origin: made.origin, actorId: made.actorId } : change);
}

/** The slot event of a relayed change, if it names a readable instant; with whether it is taken, when told. */
function slotChangeOf(slot: unknown, taken: unknown): SlotChange | undefined {
  if (typeof slot !== 'string') return undefined;
  const at = new Date(slot);
  if (Number.isNaN(at.getTime())) return undefined;
  return { kind: 'slot', startsAt: at.toISOString(), ...(typeof taken === 'boolean' ? { taken } : {}) };
}

/**
 * Announces that the slot starting at `startsAt` (or its month's slots) opened or closed without any customer's
 * record changing, such as the owner's time off (no `taken`: the pickers refetch to learn how), or was freed by a
 * visit moved away from it (`taken` false): every signed-in stream hears only the slot.
 */
export async function announceSlotChange(db: Executor, startsAt: Date, taken?: boolean): Promise<void> {
  await notify(db, { kind: 'slots-changed', slot: startsAt.toISOString(), ...(taken === undefined ? {} : { taken }) });
}

/**
 * Live updates across server instances: a change is announced with NOTIFY inside the transaction that makes
 * it (so it is delivered only once committed), and every instance relays it to the streams allowed to see it;
 * a slot taken or freed goes, as a SlotChange naming only the slot, to every other (verified) stream.
 * A stream lives only as long as its session: it ends at once when a session's end is announced, and within
 * SESSION_CHECK_MS when the session is found gone, expired, or its user's rights changed.
 */
export class EventHub {
  private readonly subscribers = new Set<Subscriber>();
  private stopListening: (() => Promise<void>) | undefined;
  private sessionTimer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    private readonly listen: Listen,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    let dropped = false;
    this.stopListening = await this.listen(
      CHANGES_CHANNEL,
      (payload) => this.dispatch(payload),
      (listening) => {
        if (!listening) {
          dropped = true;
          this.log.warn('live updates: the listening connection dropped; changes made meanwhile will not be relayed');
          return;
        }
        if (!dropped) return;
        dropped = false;
        // Whatever was announced while nobody listened reached no screen: every open one refetches what it shows.
        for (const subscriber of this.subscribers) subscriber.resync();
        this.log.info(`live updates: listening again; ${this.subscribers.size} open streams told to refetch`);
      },
    );
  }

  async stop(): Promise<void> {
    clearInterval(this.sessionTimer);
    this.sessionTimer = undefined;
    await this.stopListening?.();
    this.subscribers.clear();
  }

  /** Announces a change (announceChange); call it with the transaction that makes the change. */
  async announce(db: Executor, event: Announcement): Promise<void> {
    await announceChange(db, event);
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
  }

  /**
   * Checks the sessions of the open streams every `intervalMs` with `current` (which returns those still valid)
   * and ends the streams of the others: a session that expired, or ended in a way nobody announced.
   */
  watchSessions(current: (sessionIds: string[]) => Promise<CurrentSession[]>, intervalMs = SESSION_CHECK_MS): void {
    clearInterval(this.sessionTimer);
    this.sessionTimer = setInterval(() => void this.checkSessions(current), intervalMs);
    this.sessionTimer.unref();
  }

  private async checkSessions(current: (sessionIds: string[]) => Promise<CurrentSession[]>): Promise<void> {
    if (this.checking || this.subscribers.size === 0) return;
    this.checking = true;
    try {
      const open = [...this.subscribers];
      const sessions = new Map(
        (await current([...new Set(open.map((subscriber) => subscriber.sessionId))])).map((found) => [found.id, found]),
      );
      for (const subscriber of open) {
        const found = sessions.get(subscriber.sessionId);
        // Rights that changed (an admin demoted, an address no longer verified) take a new stream to apply.
        if (!found || found.isAdmin !== subscriber.viewer.isAdmin || !found.emailVerified) subscriber.end();
      }
    } catch (error) {
      this.log.error({ err: error }, 'could not check the sessions of the live-update streams');
    } finally {
      this.checking = false;
    }
  }

  private dispatch(payload: string): void {
    let message: HubMessage;
    try {
      message = JSON.parse(payload) as HubMessage;
    } catch (error) {
      this.log.error({ err: error }, 'unreadable change notification');
      return;
    }
    if (message.kind === 'session-ended') {
      for (const subscriber of [...this.subscribers]) {
        if (subscriber.viewer.id === message.userId && (!message.sessionId || message.sessionId === subscriber.sessionId)) subscriber.end();
      }
      return;
    }
    if (message.kind === 'slots-changed') {
      const slot = slotChangeOf(message.slot, message.taken);
      if (slot) for (const subscriber of this.subscribers) subscriber.send(slot);
      return;
    }
    if (message.kind !== 'appointment' && message.kind !== 'profile') return;
    const event: RecordChange = {
      kind: message.kind,
      userId: message.userId,
      ...(message.appointmentId === undefined ? {} : { appointmentId: message.appointmentId }),
    };
    const origin = typeof message.origin === 'string' && TAB_ID_PATTERN.test(message.origin) ? message.origin : undefined;
    const ownEvent: RecordChange = origin ? { ...event, origin } : event;
    const slot = slotChangeOf(message.slot, message.slotTaken);
    // The record's owner and the admins first: with many streams open, theirs are the screens waiting on this change.
    const others: Subscriber[] = [];
    for (const subscriber of this.subscribers) {
      if (!subscriber.viewer.isAdmin && subscriber.viewer.id !== event.userId) {
        if (slot) others.push(subscriber);
        continue;
      }
      // Only the user who made the change learns which tab made it: nobody else can pose as that tab.
      subscriber.send(origin && subscriber.viewer.id === message.actorId ? ownEvent : event);
    }
    // Everyone else learns only that the slot was taken or freed (their record change refetches it already).
    if (slot) for (const subscriber of others) subscriber.send(slot);
  }
}
