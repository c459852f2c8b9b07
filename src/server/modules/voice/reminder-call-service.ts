import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../../shared/account.ts';
import { formatAppointmentTime, inBusinessZone } from '../../../shared/business-time.ts';
import type { ErrorRecorder } from '../../../shared/error-log.ts';
import { CALLING_HOURS, REMINDER_CALL_TEXTS, type ReminderCalls, reminderCallsOf } from '../../../shared/reminder-calls.ts';
import { toE164 } from '../../../shared/text-messages.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { AppointmentRow } from '../../db/schema.ts';
import { translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById, profileOf, reminderCallCustomers, setReminderCallChoice } from '../accounts/index.ts';
import { announceChange } from '../events/index.ts';
import { historyOf, recordHistory } from '../history/index.ts';
import { keepCallInDevOutbox } from '../texts/index.ts';
import { readCallToken, signCallToken } from './call-token.ts';
import { keyAnswer, reminderCall } from './call-words.ts';
import type { CallPlacer } from './twilio-calls.ts';

/**
 * What the voice module needs of the appointments module (declared here, passed by app.ts): the reminders' claim
 * of the visits to call, and a visit by id (locked for the rest of the transaction when asked).
 */
export interface VoiceAppointments {
  claimReminderCalls(tx: Executor, userIds: string[], now: Date): Promise<AppointmentRow[]>;
  readAppointment(db: Executor, id: string, options?: { lock?: boolean }): Promise<AppointmentRow | undefined>;
}

/** What it needs of the texts module: whether a number replied STOP (then it gets no texts, and may get calls). */
export interface VoiceTexts {
  isStopped(db: Executor, phone: string): Promise<boolean>;
}

export type ReminderCallOptions = {
  /** Twilio's calls, or undefined: then (outside production) the calls' words go to the development outbox. */
  caller: CallPlacer | undefined;
  isProduction: boolean;
  publicUrl: string;
  /** The server's secret, which signs each call's answer address. */
  secret: string;
  /** The business's phone: said in the call, and dialled when the customer presses 2. */
  phone: string;
};

/** Whether texts reach the customer now: asked for, the number proved, and no STOP since (decision 031). */
async function getsTexts(
  db: Executor,
  texts: VoiceTexts,
  profile: { wantsTexts: boolean; phoneNumber: string; textsConfirmedNumber: string | null },
): Promise<boolean> {
  const number = toE164(profile.phoneNumber);
  if (!profile.wantsTexts || !number || profile.textsConfirmedNumber !== number) return false;
  return !(await texts.isStopped(db, number));
}

/**
 * Reminder calls for landlines (issue 39, decision 040): the customer's choice, the day-before pass that places one
 * call per visit between 10 a.m. and 7 p.m. New York time, and the answers to the keys pressed during a call.
 */
export class ReminderCallService {
  constructor(
    private readonly db: Database,
    private readonly appointments: VoiceAppointments,
    private readonly texts: VoiceTexts,
    private readonly options: ReminderCallOptions,
    private readonly log: FastifyBaseLogger,
    private readonly recordError: ErrorRecorder,
  ) {}

  /**
   * The customer says yes or no to a call the day before. Yes needs a phone number and no texts (a customer who
   * gets texts gets the text reminder) and holds for the profile's number of now only; no is always taken. Either way
   * the time is kept as the record of the choice.
   */
  async choose(viewer: SessionUser, wanted: boolean): Promise<ReminderCalls> {
    const saved = await this.db.transaction(async (tx) => {
      const profile = await profileOf(tx, viewer.id);
      if (!profile) throw new HttpError(409, 'NO_PROFILE', REMINDER_CALL_TEXTS.noProfile);
      if (wanted && !toE164(profile.phoneNumber)) throw new HttpError(409, 'NO_PHONE', REMINDER_CALL_TEXTS.noPhone);
      if (wanted && (await getsTexts(tx, this.texts, profile))) throw new HttpError(409, 'GETS_TEXTS', REMINDER_CALL_TEXTS.getsTexts);
      const row = await setReminderCallChoice(tx, viewer.id, wanted);
      await announceChange(tx, { kind: 'profile', userId: viewer.id });
      return row;
    });
    if (!saved) throw new HttpError(409, 'NO_PROFILE', REMINDER_CALL_TEXTS.noProfile);
    return reminderCallsOf(saved);
  }

  /** The address Twilio posts a key to during the call of one visit. */
  private actionUrl(visit: { id: string; startsAt: Date }, now: Date): string {
    const token = signCallToken(this.options.secret, { appointmentId: visit.id, startsAt: visit.startsAt }, now);
    return `${this.options.publicUrl}/api/voice/reminder/${token}`;
  }

  /**
   * Places the calls due (each minute, from the scheduler): only within CALLING_HOURS, one per visit (the claim marks
   * it in the same transaction), to the customers who asked and get no texts. A call Twilio refuses or that cannot
   * be placed is logged and recorded without the number, and not tried again.
   */
  async placeDueCalls(now = new Date()): Promise<number> {
    const hour = inBusinessZone(now).getHours();
    if (hour < CALLING_HOURS.from || hour >= CALLING_HOURS.until) return 0;
    if (!this.options.caller && this.options.isProduction) return 0;
    const customers = new Map<string, { number: string; locale: string }>();
    for (const customer of await reminderCallCustomers(this.db)) {
      const number = toE164(customer.phoneNumber);
      // Only the number the customer said yes for: a changed or corrected number is someone else's until they do.
      if (number && customer.reminderCallsNumber === number && !(await getsTexts(this.db, this.texts, customer)))
        customers.set(customer.userId, { number, locale: customer.locale });
    }
    if (customers.size === 0) return 0;
    const calls = await this.db.transaction(async (tx) => {
      const claimed = await this.appointments.claimReminderCalls(tx, [...customers.keys()], now);
      const made = [];
      for (const visit of claimed) {
        const customer = customers.get(visit.userId);
        if (!customer) continue;
        const call = reminderCall(translatorFor(customer.locale), visit, this.actionUrl(visit, now), this.options.phone);
        if (!this.options.caller) await keepCallInDevOutbox(tx, { userId: visit.userId, toNumber: customer.number, words: call.words });
        made.push({ appointmentId: visit.id, userId: visit.userId, to: customer.number, twiml: call.twiml });
      }
      return made;
    });
    if (!this.options.caller) {
      if (calls.length > 0)
        this.log.info({ calls: calls.length }, 'reminder calls kept in the development outbox, not placed (no Twilio settings)');
      return calls.length;
    }
    for (const call of calls) {
      try {
        await this.options.caller.place(call.to, call.twiml);
        this.log.info({ appointmentId: call.appointmentId }, 'reminder call placed');
      } catch (error) {
        const problem = error instanceof Error ? error.message : String(error);
        this.log.warn({ appointmentId: call.appointmentId, problem }, 'a reminder call could not be placed; it is not tried again');
        await this.recordError({
          errorMessage: `The reminder call could not be placed (not tried again): ${problem}`,
          appointmentIdentifier: call.appointmentId,
          userId: call.userId,
          componentName: 'ReminderCallService',
          source: 'server',
        });
      }
    }
    return calls.length;
  }

  /**
   * A key pressed during a call, as Twilio posts it (its signature already checked): 1 confirms the visit (in its
   * history, once: a second 1 with nothing in between adds nothing), 2 connects the customer with the business, 9
   * stops the calls; anything else hears the keys again. A visit done, cancelled or moved since the call is not
   * confirmed: the customer hears that it changed and is asked to call. Undefined for a token that is forged,
   * altered, another's or expired: the caller refuses it.
   */
  async answer(token: string, digits: string | undefined, now = new Date()): Promise<string | undefined> {
    const called = readCallToken(this.options.secret, token, now);
    if (!called) return undefined;
    const visit = await this.appointments.readAppointment(this.db, called.appointmentId);
    const account = visit ? await accountById(this.db, visit.userId) : undefined;
    const language = translatorFor(account?.locale);
    const phone = this.options.phone;
    if (!visit || !account || visit.completedAt) return keyAnswer(language, { kind: 'gone', phone });
    if (digits === '2') return keyAnswer(language, { kind: 'connect', dialNumber: toE164(phone) ?? phone });
    if (digits === '9') {
      await this.db.transaction(async (tx) => {
        await setReminderCallChoice(tx, visit.userId, false);
        await announceChange(tx, { kind: 'profile', userId: visit.userId });
      });
      this.log.info('a customer stopped reminder calls with the key 9');
      return keyAnswer(language, { kind: 'stopped', phone });
    }
    if (!sameSecond(visit.startsAt, called.startsAt)) return keyAnswer(language, { kind: 'changed', phone });
    if (digits === '1') {
      const outcome = await this.db.transaction(async (tx) => {
        // Locked, so that a move and this key, or two presses, are taken one after the other.
        const current = await this.appointments.readAppointment(tx, visit.id, { lock: true });
        if (!current || current.completedAt || !sameSecond(current.startsAt, called.startsAt)) return 'changed' as const;
        const [last] = await historyOf(tx, visit.id);
        if (last?.action === PHONE_CONFIRMED) return 'confirmed' as const;
        await recordHistory(tx, {
          appointmentId: visit.id,
          actorUserId: visit.userId,
          actorEmail: account.email,
          action: PHONE_CONFIRMED,
          changes: { confirmedByPhone: { before: null, after: formatAppointmentTime(now) } },
        });
        await announceChange(tx, { kind: 'appointment', userId: visit.userId, appointmentId: visit.id });
        return 'confirmed' as const;
      });
      return keyAnswer(language, { kind: outcome, phone });
    }
    return keyAnswer(language, { kind: 'again', phone, action: this.actionUrl(visit, now) }, visit);
  }
}

/** The history's action for a visit confirmed with the key 1. */
const PHONE_CONFIRMED = 'phone-confirmed';

/** Two instants in the same second (a token carries the visit's start in whole seconds). */
const sameSecond = (a: Date, b: Date) => Math.floor(a.getTime() / 1000) === Math.floor(b.getTime() / 1000);
