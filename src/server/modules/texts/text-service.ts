import type { FastifyBaseLogger } from 'fastify';
import { toE164 } from '../../../shared/text-messages.ts';
import type { Database, Executor } from '../../db/client.ts';
import { type Translator, translatorFor } from '../../i18n.ts';
import { accountById, profileOf } from '../accounts/account-directory.ts';
import type { ErrorRecorder } from '../error-log/error-log-service.ts';
import { DeliveryLoop } from '../mail/delivery-loop.ts';
import type { TextKind } from './text-content.ts';
import { helpText } from './text-content.ts';
import {
  claimDueTexts,
  deleteDeliveredTextsOlderThan,
  deleteTextsOf,
  insertOutboxText,
  isOptedOut,
  listTextsOf,
  markTextEnded,
  markTextRetry,
  markTextSent,
  optIn,
  optOut,
} from './text-queries.ts';
import { TextSendError, type TextSender } from './twilio-sender.ts';

export type TextOptions = {
  /** Twilio, or undefined: then texts are kept in the development outbox (outside production) or not sent at all. */
  sender: TextSender | undefined;
  isProduction: boolean;
  support: { phone: string; email: string };
  retryDelaysMs?: number[] | undefined;
  pollIntervalMs?: number | undefined;
};

const DEFAULT_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000];
const LEASE_SECONDS = 120;

/** The words a US carrier (and Twilio) treat as "stop" and "start again", and ours in Spanish. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE', 'PARAR', 'ALTO', 'BAJA']);
const START_WORDS = new Set(['START', 'YES', 'UNSTOP', 'SUBSCRIBE', 'ALTA']);

/** What Twilio told us a phone texted: the number it came from and the words. */
export type InboundText = { from: string; body: string };

/**
 * Text messages (decision 022): stored in the transaction of the change they report, to customers who asked for
 * them and whose number has not replied STOP, then delivered through Twilio with retries. A send that keeps
 * failing is logged; nothing a customer does ever waits on, or fails because of, a text.
 */
export class TextService {
  private readonly retryDelaysMs: number[];
  private readonly loop: DeliveryLoop;

  constructor(
    private readonly db: Database,
    private readonly options: TextOptions,
    private readonly log: FastifyBaseLogger,
    private readonly recordError: ErrorRecorder,
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.loop = new DeliveryLoop(
      () => this.deliverDue(),
      (error) => this.log.error({ err: error }, 'text delivery pass failed'),
      options.pollIntervalMs ?? 5000,
    );
  }

  /** Whether texts go anywhere: through Twilio, or outside production into the development outbox. */
  get available(): boolean {
    return Boolean(this.options.sender) || !this.options.isProduction;
  }

  get usesDevOutbox(): boolean {
    return !this.options.sender && !this.options.isProduction;
  }

  /**
   * Texts the customer `body` in their language, inside the caller's transaction, when they asked for texts and
   * their number has not replied STOP; false when nothing was stored. Call deliverSoon() after commit.
   */
  async toCustomer(
    tx: Executor,
    userId: string,
    kind: TextKind,
    body: (language: Translator) => string,
    /** The customer's profile and language when the caller has just read them (saves reading them again). */
    known?: { profile: { wantsTexts: boolean; phoneNumber: string } | undefined; locale: string | undefined },
  ): Promise<boolean> {
    if (!this.available) return false;
    const profile = known ? known.profile : await profileOf(tx, userId);
    const number = profile?.wantsTexts ? toE164(profile.phoneNumber) : undefined;
    if (!number || (await isOptedOut(tx, number))) return false;
    const language = translatorFor(known ? known.locale : (await accountById(tx, userId))?.locale);
    await this.store(tx, userId, number, kind, body(language));
    return true;
  }

  /** Whether the number (as the forms take it) replied STOP and has not replied START since. */
  async isStopped(db: Executor, phone: string): Promise<boolean> {
    const number = toE164(phone);
    return number ? isOptedOut(db, number) : false;
  }

  /**
   * The customer deleted their account: every text to their number, and every text sent to them at a number they
   * had before, goes from the outbox (decision 024).
   */
  async forgetPerson(db: Executor, userId: string, phone: string | undefined): Promise<void> {
    await deleteTextsOf(db, userId, phone ? toE164(phone) : undefined);
  }

  /** The copies of the texts sent to a deleted account after its deletion, once they have gone. */
  async forgetDeliveredTo(db: Executor, userId: string): Promise<void> {
    await deleteTextsOf(db, userId, undefined, true);
  }

  /** The texts kept that went to a customer or to their number, for their own data. */
  async sentTo(db: Executor, userId: string, phone: string | undefined) {
    return (await listTextsOf(db, userId, phone ? toE164(phone) : undefined)).map((text) => ({
      to: text.toNumber,
      text: text.body,
      status: text.status,
      sentAt: (text.sentAt ?? text.createdAt).toISOString(),
    }));
  }

  /** Deletes the copies of texts sent (or given up, or skipped) more than `days` days ago; returns how many. */
  async purgeDelivered(days: number): Promise<number> {
    return deleteDeliveredTextsOlderThan(this.db, days);
  }

  private async store(tx: Executor, userId: string, toNumber: string, kind: TextKind, body: string): Promise<void> {
    await insertOutboxText(tx, {
      toNumber,
      aboutUserId: userId,
      kind,
      body,
      ...(this.options.sender ? {} : { status: 'sent' as const, sentAt: new Date() }),
    });
    if (!this.options.sender) this.log.info({ kind }, 'text kept in the development outbox, not sent (no Twilio settings)');
  }

  /**
   * A text that reached Twilio's webhook: STOP and its synonyms stop every text to that number, START lets them
   * go again, HELP (or anything else) is answered with who we are. Returns the reply to send back, if any.
   */
  async receive({ from, body }: InboundText): Promise<string | undefined> {
    const number = toE164(from) ?? from;
    const word = body
      .trim()
      .toUpperCase()
      .replace(/[^A-Z]/g, '');
    if (STOP_WORDS.has(word)) {
      await optOut(this.db, number);
      this.log.info('a number replied STOP: no more texts to it');
      // Twilio confirms the STOP itself (carriers require that exact reply); a second one from us would be noise.
      return undefined;
    }
    if (START_WORDS.has(word)) {
      await optIn(this.db, number);
      this.log.info('a number replied START: texts to it may go again');
      return undefined;
    }
    // HELP, or anything else (nobody reads replies at this number): who we are and how to reach a person.
    return helpText(translatorFor(word === 'AYUDA' ? 'es' : 'en'), this.options.support.phone, this.options.support.email);
  }

  start(): void {
    if (this.options.sender) this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
  }

  deliverSoon(): void {
    if (this.options.sender) this.loop.soon();
  }

  /** Resolves once no delivery pass is running (a pass started meanwhile included). */
  async whenIdle(): Promise<void> {
    await this.loop.idle();
  }

  /** Delivers every due text; resolves when the pass is over (tests wait on it). */
  async deliverDue(): Promise<void> {
    const sender = this.options.sender;
    if (!sender) return;
    // One walk through the outbox: a text that fails waits for a later pass, even when its retry is due sooner.
    let afterSeq = 0;
    for (;;) {
      const batch = await claimDueTexts(this.db, 10, LEASE_SECONDS, afterSeq);
      if (batch.length === 0) return;
      afterSeq = Math.max(afterSeq, ...batch.map((text) => text.seq));
      for (const text of batch) {
        // Checked again at the last moment: a STOP may have come in since the text was stored.
        if (await isOptedOut(this.db, text.toNumber)) {
          await markTextEnded(this.db, text.id, 'skipped', 'the number replied STOP');
          continue;
        }
        try {
          const { id } = await sender.send(text.toNumber, text.body);
          await markTextSent(this.db, text.id, id);
        } catch (error) {
          await this.failed(text, error);
        }
      }
    }
  }

  private async failed(text: { id: string; kind: string; attempts: number; toNumber: string }, error: unknown): Promise<void> {
    const problem = error instanceof TextSendError ? error : new TextSendError(String(error), true);
    // Twilio's 21610: the number replied STOP to Twilio directly; honour it here too.
    if (problem.code === 21610) {
      await optOut(this.db, text.toNumber);
      await markTextEnded(this.db, text.id, 'skipped', problem.message);
      return;
    }
    const delay = problem.retryable ? this.retryDelaysMs[text.attempts - 1] : undefined;
    if (delay !== undefined) {
      this.log.warn({ kind: text.kind, attempt: text.attempts, problem: problem.message }, 'text delivery failed; will retry');
      await markTextRetry(this.db, text.id, problem.message, new Date(Date.now() + delay));
      return;
    }
    await markTextEnded(this.db, text.id, 'failed', problem.message);
    // The outbox entry names the number; the error log keeps neither the number nor the words.
    await this.recordError({
      errorMessage: `Text "${text.kind}" (outbox entry ${text.id}) could not be delivered after ${text.attempts} attempt${text.attempts === 1 ? '' : 's'}: ${problem.message}`,
      componentName: 'TextService',
      source: 'server',
    });
  }
}
