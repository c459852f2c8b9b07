import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { TEXT_CODE_DIGITS, TEXT_CODE_MINUTES } from '../../../shared/business.ts';
import { nextTextingHour } from '../../../shared/business-time.ts';
import type { ErrorRecorder } from '../../../shared/error-log.ts';
import { TEXT_CODE_MESSAGES, TEXTS_OPT_IN_LABEL, TEXTS_OPT_IN_TERMS, toE164 } from '../../../shared/text-messages.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { ProfileRow } from '../../db/schema.ts';
import { type Translator, translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { consumeRateLimit, type Limit } from '../../plugins/rate-limit-store.ts';
import { DeliveryLoop } from '../mail/index.ts';
import type { TextKind } from './text-content.ts';
import { codeText, helpText, welcomeText } from './text-content.ts';
import {
  claimDueTexts,
  countTextConfirmationAttempt,
  deleteConsentsOf,
  deleteDeliveredTextsOf,
  deleteDeliveredTextsOlderThan,
  deleteTextConfirmation,
  forgetTextBody,
  insertOutboxText,
  insertTextConsent,
  isOptedOut,
  listTextConsentsOf,
  listTextsOf,
  lockTextConfirmation,
  markTextEnded,
  markTextRetry,
  markTextSent,
  optIn,
  optOut,
  postponeText,
  saveTextConfirmation,
} from './text-queries.ts';
import { TextSendError, type TextSender } from './twilio-sender.ts';

/**
 * What texts needs of the accounts module (declared here, by the module that uses it; app.ts passes the accounts
 * module's functions): a customer's account and profile, and the number each account proved with a code.
 */
export interface TextAccounts {
  accountById(db: Executor, id: string): Promise<{ email: string; locale: string } | undefined>;
  profileOf(db: Executor, userId: string): Promise<ProfileRow | undefined>;
  numberTakenByAnother(db: Executor, phoneNumber: string, userId: string): Promise<boolean>;
  confirmTextsNumber(tx: Executor, userId: string, phoneNumber: string): Promise<void>;
}

export type TextOptions = {
  /** The accounts' side of texts. */
  accounts: TextAccounts;
  /** Twilio, or undefined: then texts are kept in the development outbox (outside production) or not sent at all. */
  sender: TextSender | undefined;
  isProduction: boolean;
  support: { phone: string; email: string };
  retryDelaysMs?: number[] | undefined;
  pollIntervalMs?: number | undefined;
  /** The clock of the quiet hours and the codes' expiry (tests fix it). */
  now?: (() => Date) | undefined;
};

const DEFAULT_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000];
const LEASE_SECONDS = 120;

/**
 * The replies that end texts (decision 031): a message that is one of the words US carriers and the FCC name (STOP,
 * STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPT OUT) or ours in Spanish, and any message that asks in plain
 * words ("stop texting me", "please unsubscribe me", "no more texts", "dejen de escribirme").
 */
const STOP_MESSAGES = new Set([
  'stop',
  'stopall',
  'stop all',
  'unsubscribe',
  'cancel',
  'end',
  'quit',
  'revoke',
  'opt out',
  'optout',
  'parar',
  'alto',
  'baja',
  'cancelar',
  'no texts',
  'no more',
  'basta',
  'no mas',
]);
const STOP_REQUEST = new RegExp(
  [
    '\\b(stop|stopall|unsubscribe|opt ?out|opt me out|revoke)\\b',
    '\\b(no more|don ?t|do not|quit|end) (text|texts|texting|message|messages|sms)\\b',
    '\\b(remove|take) me (off|from)\\b',
    '\\bwrong number\\b',
    '\\bleave me alone\\b',
    '\\b(parar|pare|paren|basta)\\b',
    '\\bde baja\\b',
    '\\bdej(a|e|en) de (escribir|enviar|mandar)',
    '\\bno (me )?(escriban|envien|manden)( mas)?\\b',
    '\\bya no (me )?(escriban|envien|manden)\\b',
    '\\b(no|ya no) quiero (mas )?(mensajes|textos)\\b',
    '\\bno mas (mensajes|textos)\\b',
  ].join('|'),
);
const START_MESSAGES = new Set(['start', 'yes', 'unstop', 'subscribe', 'alta']);

/** A reply as the rules above read it: lower case, without accents, apostrophes or punctuation, single spaces. */
export function normaliseReply(body: string): string {
  return body
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Whether a reply ends texts to its number. */
export function isOptOutReply(body: string): boolean {
  const reply = normaliseReply(body);
  return STOP_MESSAGES.has(reply) || STOP_REQUEST.test(reply);
}

/** Texts that are not about a visit already booked: they go only in TEXTING_HOURS, New York time. */
const QUIET_HOURS_KINDS: ReadonlySet<TextKind> = new Set(['pay-link', 'estimate', 'waitlist-offer']);

/** Codes that prove a number: per account and per number, per hour and per day; each code is tried 5 times, for 15 minutes. */
export const CODE_LIMITS = {
  perAccountHour: { max: 3, windowSeconds: 60 * 60 },
  perAccountDay: { max: 5, windowSeconds: 24 * 60 * 60 },
  perNumberHour: { max: 3, windowSeconds: 60 * 60 },
  perNumberDay: { max: 5, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, Limit>;
const CODE_TRIES = 5;

/** Why no code went: too many lately, the number takes texts for another account, or it replied STOP. */
export type CodeOutcome = 'sent' | 'limited' | 'taken' | 'stopped';

/** A code text's words without the code (TEXT_CODE_DIGITS digits, each shown as a dot). */
const CODE_IN_TEXT = new RegExp(`\\d{${TEXT_CODE_DIGITS}}`, 'g');
const maskCode = (body: string) => body.replace(CODE_IN_TEXT, '·'.repeat(TEXT_CODE_DIGITS));

const hashCode = (userId: string, phoneNumber: string, code: string) =>
  createHash('sha256').update(`text-code\n${userId}\n${phoneNumber}\n${code}`).digest('base64url');

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
    known?: {
      profile: { wantsTexts: boolean; phoneNumber: string; textsConfirmedNumber: string | null } | undefined;
      locale: string | undefined;
    },
  ): Promise<boolean> {
    if (!this.available) return false;
    const profile = known ? known.profile : await this.options.accounts.profileOf(tx, userId);
    // Only to the number the customer proved with its code, while it is still theirs (decision 031).
    const number = profile?.wantsTexts ? toE164(profile.phoneNumber) : undefined;
    if (!number || number !== profile?.textsConfirmedNumber || (await isOptedOut(tx, number))) return false;
    const language = translatorFor(known ? known.locale : (await this.options.accounts.accountById(tx, userId))?.locale);
    await this.store(tx, userId, number, kind, body(language));
    return true;
  }

  /** Whether the number (as the forms take it) replied STOP and has not replied START since. */
  async isStopped(db: Executor, phone: string): Promise<boolean> {
    const number = toE164(phone);
    return number ? isOptedOut(db, number) : false;
  }

  /**
   * The customer deleted their account (decision 024): the copies of the texts sent for them go, and so do their
   * consents and any pending code; a text still waiting to go is delivered first, and its copy goes in the hourly
   * pass after (decision 031). Never by number.
   */
  async forgetPerson(db: Executor, userId: string): Promise<void> {
    await deleteDeliveredTextsOf(db, userId);
    await deleteConsentsOf(db, userId);
  }

  /** The copies of the texts sent to a deleted account after its deletion, once they have gone. */
  async forgetDeliveredTo(db: Executor, userId: string): Promise<void> {
    await deleteDeliveredTextsOf(db, userId);
  }

  /** The texts kept that were sent for the customer, and the proof of each consent they gave, for their own data. */
  async sentTo(db: Executor, userId: string) {
    const [texts, consents] = await Promise.all([listTextsOf(db, userId), listTextConsentsOf(db, userId)]);
    return {
      texts: texts.map((text) => ({
        to: text.toNumber,
        // A code is never shown back: reading it here would confirm a number the account does not hold.
        text: text.kind === 'code' ? maskCode(text.body) : text.body,
        status: text.status,
        sentAt: (text.sentAt ?? text.createdAt).toISOString(),
      })),
      consents: consents.map((consent) => ({
        phoneNumber: consent.phoneNumber,
        wording: consent.wording,
        locale: consent.locale,
        confirmedAt: consent.confirmedAt.toISOString(),
      })),
    };
  }

  /**
   * Texts a six-digit code to the number on the customer's profile, the only text before they prove it is theirs
   * (decision 031): not to a number that replied STOP or that another account has confirmed, and no more than
   * CODE_LIMITS allow. Undefined when there is nothing to confirm (texts off, no number, or already confirmed).
   */
  async sendCode(userId: string): Promise<CodeOutcome | undefined> {
    if (!this.available) return undefined;
    const [profile, account] = await Promise.all([
      this.options.accounts.profileOf(this.db, userId),
      this.options.accounts.accountById(this.db, userId),
    ]);
    const number = profile?.wantsTexts ? toE164(profile.phoneNumber) : undefined;
    if (!profile || !account || !number || profile.textsConfirmedNumber === number) return undefined;
    if (await isOptedOut(this.db, number)) return 'stopped';
    if (await this.options.accounts.numberTakenByAnother(this.db, number, userId)) return 'taken';
    try {
      await consumeRateLimit(this.db, `text-code:account-hour:${userId}`, CODE_LIMITS.perAccountHour);
      await consumeRateLimit(this.db, `text-code:account-day:${userId}`, CODE_LIMITS.perAccountDay);
      await consumeRateLimit(this.db, `text-code:number-hour:${number}`, CODE_LIMITS.perNumberHour);
      await consumeRateLimit(this.db, `text-code:number-day:${number}`, CODE_LIMITS.perNumberDay);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return 'limited';
      throw error;
    }
    const code = String(randomInt(0, 10 ** TEXT_CODE_DIGITS)).padStart(TEXT_CODE_DIGITS, '0');
    const language = translatorFor(account.locale);
    await this.db.transaction(async (tx) => {
      await saveTextConfirmation(tx, {
        userId,
        phoneNumber: number,
        codeHash: hashCode(userId, number, code),
        expiresAt: new Date(this.now().getTime() + TEXT_CODE_MINUTES * 60_000),
      });
      await this.store(tx, userId, number, 'code', codeText(language, code));
    });
    this.deliverSoon();
    return 'sent';
  }

  /**
   * The customer typed the code: the number is theirs, texts may go to it, and the consent is kept with the words
   * they agreed to (in their language); the welcome text says what comes and how to stop. A wrong or old code is
   * refused; after CODE_TRIES wrong ones a new code must be asked for.
   */
  async confirmCode(userId: string, code: string): Promise<void> {
    const outcome = await this.db.transaction(async (tx) => {
      const pending = await lockTextConfirmation(tx, userId);
      if (!pending || pending.expiresAt.getTime() <= this.now().getTime() || pending.attempts >= CODE_TRIES) return 'expired' as const;
      const [profile, account] = await Promise.all([
        this.options.accounts.profileOf(tx, userId),
        this.options.accounts.accountById(tx, userId),
      ]);
      if (!profile?.wantsTexts || toE164(profile.phoneNumber) !== pending.phoneNumber || !account) return 'expired' as const;
      // Another account may have proved the number since this code went: one number, one account's texts.
      if (await this.options.accounts.numberTakenByAnother(tx, pending.phoneNumber, userId)) return 'taken' as const;
      const expected = Buffer.from(hashCode(userId, pending.phoneNumber, code.trim()));
      const given = Buffer.from(pending.codeHash);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        await countTextConfirmationAttempt(tx, userId);
        return 'wrong' as const;
      }
      const language = translatorFor(account.locale);
      await this.options.accounts.confirmTextsNumber(tx, userId, pending.phoneNumber);
      await insertTextConsent(tx, {
        userId,
        phoneNumber: pending.phoneNumber,
        wording: [TEXTS_OPT_IN_LABEL, ...TEXTS_OPT_IN_TERMS].map((sentence) => language.t(sentence)).join(' '),
        locale: language.locale,
      });
      await deleteTextConfirmation(tx, userId);
      if (!(await isOptedOut(tx, pending.phoneNumber))) {
        await this.store(tx, userId, pending.phoneNumber, 'welcome', welcomeText(language, this.options.support.phone));
      }
      return 'confirmed' as const;
    });
    if (outcome === 'expired') throw new HttpError(400, 'CODE_EXPIRED', TEXT_CODE_MESSAGES.expired);
    if (outcome === 'wrong') throw new HttpError(400, 'WRONG_CODE', TEXT_CODE_MESSAGES.wrong);
    if (outcome === 'taken') throw new HttpError(409, 'NUMBER_TAKEN', TEXT_CODE_MESSAGES.taken);
    this.deliverSoon();
  }

  /** Deletes the copies of texts sent (or given up, or skipped) more than `days` days ago; returns how many. */
  async purgeDelivered(days: number): Promise<number> {
    return deleteDeliveredTextsOlderThan(this.db, days);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private async store(tx: Executor, userId: string, toNumber: string, kind: TextKind, body: string): Promise<void> {
    const quietUntil = QUIET_HOURS_KINDS.has(kind) ? nextTextingHour(this.now()) : undefined;
    await insertOutboxText(tx, {
      toNumber,
      aboutUserId: userId,
      kind,
      body,
      ...(quietUntil && this.options.sender ? { nextAttemptAt: quietUntil } : {}),
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
    const reply = normaliseReply(body);
    if (isOptOutReply(body)) {
      await optOut(this.db, number);
      this.log.info('a number replied STOP: no more texts to it');
      // Twilio confirms the STOP itself (carriers require that exact reply); a second one from us would be noise.
      return undefined;
    }
    if (START_MESSAGES.has(reply)) {
      await optIn(this.db, number);
      this.log.info('a number replied START: texts to it may go again');
      return undefined;
    }
    // HELP, or anything else (nobody reads replies at this number): who we are and how to reach a person.
    return helpText(translatorFor(reply === 'ayuda' ? 'es' : 'en'), this.options.support.phone, this.options.support.email);
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
          await this.ended(text, 'skipped', 'the number replied STOP');
          continue;
        }
        // A retry may come due after 9 p.m.: it waits for the morning like the first try.
        const quietUntil = QUIET_HOURS_KINDS.has(text.kind as TextKind) ? nextTextingHour(this.now()) : undefined;
        if (quietUntil) {
          await postponeText(this.db, text.id, quietUntil);
          continue;
        }
        try {
          const { id } = await sender.send(text.toNumber, text.body);
          await markTextSent(this.db, text.id, id);
          if (text.kind === 'code') await forgetTextBody(this.db, text.id, maskCode(text.body));
        } catch (error) {
          await this.failed(text, error);
        }
      }
    }
  }

  /** A text given up or skipped; a code's digits go from its copy, as once sent. */
  private async ended(text: { id: string; kind: string; body: string }, status: 'failed' | 'skipped', error: string): Promise<void> {
    await markTextEnded(this.db, text.id, status, error);
    if (text.kind === 'code') await forgetTextBody(this.db, text.id, maskCode(text.body));
  }

  private async failed(
    text: { id: string; kind: string; attempts: number; toNumber: string; body: string },
    error: unknown,
  ): Promise<void> {
    const problem = error instanceof TextSendError ? error : new TextSendError(String(error), true);
    // Twilio's 21610: the number replied STOP to Twilio directly; honour it here too.
    if (problem.code === 21610) {
      await optOut(this.db, text.toNumber);
      await this.ended(text, 'skipped', problem.message);
      return;
    }
    const delay = problem.retryable ? this.retryDelaysMs[text.attempts - 1] : undefined;
    if (delay !== undefined) {
      this.log.warn({ kind: text.kind, attempt: text.attempts, problem: problem.message }, 'text delivery failed; will retry');
      await markTextRetry(this.db, text.id, problem.message, new Date(this.now().getTime() + delay));
      return;
    }
    await this.ended(text, 'failed', problem.message);
    // The outbox entry names the number; the error log keeps neither the number nor the words.
    await this.recordError({
      errorMessage: `Text "${text.kind}" (outbox entry ${text.id}) could not be delivered after ${text.attempts} attempt${text.attempts === 1 ? '' : 's'}: ${problem.message}`,
      componentName: 'TextService',
      source: 'server',
    });
  }
}
