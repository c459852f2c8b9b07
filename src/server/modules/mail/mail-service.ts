import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ErrorRecorder } from '../../../shared/error-log.ts';
import type { Database, Executor } from '../../db/client.ts';
import { scrubPersonalData } from '../../plugins/personal-data.ts';
import { DeliveryLoop } from './delivery-loop.ts';
import {
  claimDueEmails,
  deleteDeliveredEmailsOf,
  deleteDeliveredEmailsOlderThan,
  insertOutboxEmails,
  KEY_REMOVED,
  listEmailsOf,
  markEmailFailed,
  markEmailRetry,
  markEmailSent,
  type NewOutboxEmail,
} from './mail-queries.ts';
import type { RenderedEmail } from './mail-templates.ts';

export type MailOptions = {
  smtpUrl: string | undefined;
  from: string;
  /** Delays before each retry of a failed send; after the last one the e-mail is marked failed. */
  retryDelaysMs?: number[];
  pollIntervalMs?: number;
  /**
   * Whether, without SMTP, the stored e-mails are the delivery (the development mailbox shows them). In production
   * without SMTP (MAIL_DISABLED) nobody reads them, so an e-mail's one-time key is not stored at all.
   */
  devMailbox?: boolean;
};

export type OutgoingEmail = RenderedEmail & {
  to: string;
  attachments?: NewOutboxEmail['attachments'];
  /** The customer it is about (to them, their trusted contact, or the admins): its copy goes with their account. */
  about?: string;
  /** It carries a one-time key (a verification, reset or recovery link): kept without it once delivered. */
  carriesKey?: boolean;
};

/**
 * A value for a header line (the subject, an attachment's name): every run of control characters (CR and LF among
 * them, C0, DEL, C1) and of the Unicode line separators becomes one space, so that nothing a customer typed into it
 * (an organisation's name, a contact's) can end the header or start one of its own.
 */
export function headerText(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();
}

/** An address for a header: no control character belongs in one, so any is dropped. */
function headerAddress(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029\s]+/gu, '');
}

/** What is sent as headers, made safe: used when an e-mail is stored and again when it is delivered. */
function safeHeaders<T extends { subject: string; attachments?: { filename: string }[] }>(email: T): T {
  return {
    ...email,
    subject: headerText(email.subject),
    ...(email.attachments ? { attachments: email.attachments.map((file) => ({ ...file, filename: headerText(file.filename) })) } : {}),
  };
}

const DEFAULT_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000];
const LEASE_SECONDS = 120;

/**
 * E-mail goes through the outbox table: stored in the same transaction as the change it reports, then
 * delivered by SMTP (when SMTP_URL is set) with retries and backoff. Without SMTP the stored e-mail is the
 * delivery: it is what the dev mailbox shows. A send that keeps failing lands in the error log.
 */
export class MailService {
  private readonly transport: Transporter | undefined;
  private readonly retryDelaysMs: number[];
  private readonly loop: DeliveryLoop;

  constructor(
    private readonly db: Database,
    private readonly options: MailOptions,
    private readonly log: FastifyBaseLogger,
    private readonly recordError: ErrorRecorder,
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.loop = new DeliveryLoop(
      () => this.deliverDue(),
      (error) => this.log.error({ err: error }, 'e-mail delivery pass failed'),
      options.pollIntervalMs ?? 5000,
    );
  }

  get usesDevMailbox(): boolean {
    return !this.transport;
  }

  /** Stores the e-mail (inside the caller's transaction when given one); call deliverSoon() after commit. */
  async enqueue(email: OutgoingEmail, db: Executor = this.db): Promise<void> {
    await this.enqueueAll([email], db);
  }

  /** Stores e-mails in one statement, to be sent in this order (inside the caller's transaction when given one). */
  async enqueueAll(emails: OutgoingEmail[], db: Executor = this.db): Promise<void> {
    const keptUnread = !this.transport && !this.options.devMailbox;
    await insertOutboxEmails(
      db,
      emails.map(safeHeaders).map((email) => ({
        toAddress: headerAddress(email.to).toLowerCase(),
        subject: email.subject,
        text: email.text,
        html: email.html,
        links: email.links,
        attachments: email.attachments ?? [],
        aboutUserId: email.about ?? null,
        carriesKey: email.carriesKey ?? false,
        ...(this.transport ? {} : { status: 'sent' as const, sentAt: new Date() }),
        ...(keptUnread && email.carriesKey ? KEY_REMOVED : {}),
      })),
    );
    // Never the address, the links or the body: a link in an account e-mail is a one-time key to the account.
    if (!this.transport)
      for (const email of emails) this.log.info({ subject: email.subject }, 'e-mail kept in the outbox, not sent (no SMTP_URL)');
  }

  /** Stores and starts delivering at once. */
  async send(email: OutgoingEmail): Promise<void> {
    await this.enqueue(email);
    this.deliverSoon();
  }

  /**
   * The customer deleted their account: the delivered copies of what was sent for their account (to them, to their
   * trusted contact, the admins' notices of their visits) go, matched by `about_user_id` only (decisions 024, 031).
   */
  async forgetPerson(db: Executor, userId: string): Promise<void> {
    await deleteDeliveredEmailsOf(db, userId);
  }

  /**
   * The e-mails kept that went to a customer or were about them (to whom, what, when), for their own data; not the
   * business's own notices, sent to the `internal` addresses.
   */
  async sentTo(db: Executor, userId: string, internal: string[]) {
    return (await listEmailsOf(db, userId, internal)).map((email) => ({
      to: email.toAddress,
      subject: email.subject,
      status: email.status,
      sentAt: (email.sentAt ?? email.createdAt).toISOString(),
    }));
  }

  /** Deletes the copies of e-mails delivered (or given up) more than `days` days ago; returns how many. */
  async purgeDelivered(days: number): Promise<number> {
    return deleteDeliveredEmailsOlderThan(this.db, days);
  }

  start(): void {
    if (this.transport) this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    this.transport?.close();
  }

  deliverSoon(): void {
    if (this.transport) this.loop.soon();
  }

  /** Delivers every due e-mail; resolves when the pass is over (tests wait on it). */
  async deliverDue(): Promise<void> {
    const transport = this.transport;
    if (!transport) return;
    // One walk through the outbox: an e-mail that fails waits for a later pass, even when its retry is due sooner.
    let afterSeq = 0;
    for (;;) {
      const batch = await claimDueEmails(this.db, 10, LEASE_SECONDS, afterSeq);
      if (batch.length === 0) return;
      afterSeq = Math.max(afterSeq, ...batch.map((email) => email.seq));
      for (const email of batch) {
        try {
          const headers = safeHeaders({ subject: email.subject, attachments: email.attachments });
          await transport.sendMail({
            from: this.options.from,
            to: headerAddress(email.toAddress),
            subject: headers.subject,
            text: email.text,
            html: email.html,
            attachments: headers.attachments?.map((attachment) => ({ ...attachment })),
          });
          await markEmailSent(this.db, email.id, email.carriesKey);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const delay = this.retryDelaysMs[email.attempts - 1];
          if (delay === undefined) {
            await markEmailFailed(this.db, email.id, message, email.carriesKey);
            await this.recordError({
              // The outbox entry names the recipient; the error log keeps no address.
              errorMessage: `E-mail "${email.subject}" (outbox entry ${email.id}) could not be delivered after ${email.attempts} attempts: ${message}`,
              componentName: 'MailService',
              source: 'server',
            });
          } else {
            // Named by its outbox entry, as the error log names it: the log keeps no address (decision 012).
            this.log.warn(
              { outboxEntry: email.id, attempt: email.attempts, error: scrubPersonalData(message) },
              'e-mail delivery failed; will retry',
            );
            await markEmailRetry(this.db, email.id, message, new Date(Date.now() + delay));
          }
        }
      }
    }
  }
}
