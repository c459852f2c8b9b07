import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionUser } from '../../../shared/account.ts';
import type { EstimateSummary } from '../../../shared/admin.ts';
import { APPOINTMENT_TEXTS } from '../../../shared/appointments.ts';
import { english } from '../../../shared/english.ts';
import {
  type CustomerEstimateDecision,
  ESTIMATE_TEXTS,
  type Estimate,
  type EstimateDecision,
  type EstimateInput,
} from '../../../shared/estimates.ts';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { AppointmentRow, EstimateRow } from '../../db/schema.ts';
import { translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById, adminEmails, estimateApprover, profileOf, stopCopiesUrl } from '../accounts/index.ts';
import { announceChange } from '../events/index.ts';
import { recordHistory } from '../history/index.ts';
import { type MailService, renderEmail } from '../mail/index.ts';
import type { TextService } from '../texts/index.ts';
import { dollars, estimateLines } from './appointment-bill.ts';
import type { AppointmentActor, AppointmentLifecycle } from './appointment-lifecycle.ts';
import { contactEstimateContent, estimateAnsweredContent, estimateContent, estimateText } from './estimate-emails.ts';
import {
  decideEstimate,
  findApprovedEstimate,
  findCurrentEstimate,
  findCurrentEstimates,
  findEstimate,
  findLatestEstimate,
  forgetEstimateAnswers,
  insertEstimate,
  listEstimatesOf,
  replaceEstimates,
} from './estimate-queries.ts';

/**
 * Estimates the customer approves (issue 38, src/shared/estimates.ts): the owner sends the expected time and parts,
 * priced and taxed by the job's life cycle as its bill would be; the customer, or their trusted contact when the
 * customer allowed it and the contact agreed to hear from us (decision 031), approves by typing their name or
 * declines with a reason. Each change runs under the job's row lock, once, with its history entry and live update.
 */

/** A job an estimate can no longer be sent for, nor answered: completed, paid, cancelled or deleted. */
const isClosed = (appointment: AppointmentRow) =>
  appointment.completedAt !== null || appointment.paidAt !== null || appointment.cancelledAt !== null || appointment.deletedAt !== null;

/** The contact's link carries `<estimate id>.<secret>`; only the secret's hash, bound to the contact's address, is kept. */
const tokenHash = (secret: string, email: string) => createHash('sha256').update(`${secret}\n${email.toLowerCase()}`).digest('hex');

function sameHash(stored: string | null, computed: string): boolean {
  if (!stored || stored.length !== computed.length) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(computed));
}

function estimateOf(row: EstimateRow, appointment: AppointmentRow): Estimate {
  const lines = estimateLines(row);
  return {
    id: row.id,
    appointmentId: row.appointmentId,
    state: row.state,
    sentAt: row.sentAt.toISOString(),
    kind: row.kind,
    minutes: row.minutes,
    lines,
    subtotalCents: row.subtotalCents,
    taxCents: row.tax.taxCents,
    totalCents: row.totalCents,
    visit: { startsAt: appointment.startsAt.toISOString(), isRemote: appointment.isRemote },
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedByName: row.decidedByName,
    decidedBy: row.decidedBy,
    declineReason: row.declineReason,
  };
}

/** The estimate in one line of English, for the history: "$158.63 (60 min of troubleshooting, 2 lines)". */
const inHistory = (row: Pick<EstimateRow, 'state' | 'totalCents' | 'minutes' | 'kind'>) =>
  `${row.state}: $${dollars(row.totalCents)} (${row.minutes} min of ${row.kind})`;

/** The estimate in force of each job, as the owner's lists show it. */
export async function estimateSummaries(db: Executor, appointmentIds: string[]): Promise<Map<string, NonNullable<EstimateSummary>>> {
  const rows = await findCurrentEstimates(db, appointmentIds);
  return new Map([...rows].map(([id, row]) => [id, { state: row.state, totalCents: row.totalCents }]));
}

/** The total of the estimate the customer approved, for the pay page; null when none was. */
export async function approvedEstimateTotal(db: Executor, appointmentId: string): Promise<number | null> {
  return (await findApprovedEstimate(db, appointmentId))?.totalCents ?? null;
}

/** The estimates of the customer's jobs as their data download gives them (no contact link). */
export async function estimatesForDownload(db: Executor, appointmentIds: string[]) {
  return (await listEstimatesOf(db, appointmentIds)).map((row) => ({
    appointmentId: row.appointmentId,
    state: row.state,
    kind: row.kind,
    minutes: row.minutes,
    lines: row.lines,
    subtotalCents: row.subtotalCents,
    taxCents: row.tax.taxCents,
    totalCents: row.totalCents,
    sentAt: row.sentAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
    decidedByName: row.decidedByName,
    declineReason: row.declineReason,
  }));
}

/** The estimates of a deleted account's jobs keep their figures and lose the words and names (decision 024). */
export function forgetEstimatesOf(tx: Executor, appointmentIds: string[]): Promise<void> {
  return forgetEstimateAnswers(tx, appointmentIds);
}

export class EstimateService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly mail: MailService,
    private readonly lifecycle: AppointmentLifecycle,
    private readonly texts: TextService,
  ) {}

  private estimateUrl(appointmentId: string) {
    return `${this.config.publicUrl}/estimate/${appointmentId}`;
  }

  /** The owner sends an estimate: it replaces the job's earlier ones, and the customer (and the contact they allowed) hear of it. */
  async send(admin: SessionUser, appointmentId: string, input: EstimateInput): Promise<Estimate> {
    const estimate = await this.db.transaction(async (tx) => {
      const appointment = await this.lifecycle.find(tx, appointmentId, { lock: true, includeInactive: true });
      if (!appointment) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
      if (isClosed(appointment)) throw new HttpError(409, 'NOT_ALLOWED', ESTIMATE_TEXTS.notAllowed);
      const price = await this.lifecycle.priceEstimate(tx, appointment, input);
      const before = await findCurrentEstimate(tx, appointmentId);
      await replaceEstimates(tx, appointmentId);
      const approver = await estimateApprover(tx, appointment.userId);
      const secret = approver ? randomBytes(32).toString('base64url') : undefined;
      const row = await insertEstimate(tx, {
        appointmentId,
        ...price,
        sentBy: admin.id,
        contactTokenHash: approver && secret ? tokenHash(secret, approver.email) : null,
      });
      await recordHistory(tx, {
        appointmentId,
        actorUserId: admin.id,
        actorEmail: admin.email,
        action: 'update',
        changes: { estimate: { before: before ? inHistory(before) : null, after: inHistory(row) } },
      });
      await announceChange(tx, { kind: 'appointment', userId: appointment.userId, appointmentId });
      await this.tellCustomer(tx, appointment, row);
      if (approver && secret) {
        const language = translatorFor(approver.locale);
        const profile = await profileOf(tx, appointment.userId);
        const customer = profile ? `${profile.firstName} ${profile.lastName}` : language.t(english('a customer'));
        const url = `${this.config.publicUrl}/estimate-approval?token=${encodeURIComponent(`${row.id}.${secret}`)}`;
        const content = contactEstimateContent(
          language,
          { startsAt: appointment.startsAt, totalCents: row.totalCents, lines: estimateLines(row), customer },
          url,
          { url: stopCopiesUrl(this.config, appointment.userId, approver.email, language) },
        );
        await this.mail.enqueue(
          { to: approver.email, ...renderEmail(content, this.config.support, language), about: appointment.userId },
          tx,
        );
      }
      return estimateOf(row, appointment);
    });
    this.mail.deliverSoon();
    this.texts.deliverSoon();
    return estimate;
  }

  /** The customer's e-mail, in their language, and their text when their number is confirmed. */
  private async tellCustomer(tx: Executor, appointment: AppointmentRow, row: EstimateRow): Promise<void> {
    const customer = await accountById(tx, appointment.userId);
    if (!customer) return;
    const language = translatorFor(customer.locale);
    const url = this.estimateUrl(appointment.id);
    const content = estimateContent(
      language,
      { startsAt: appointment.startsAt, totalCents: row.totalCents, lines: estimateLines(row) },
      url,
    );
    await this.mail.enqueue({ to: customer.email, ...renderEmail(content, this.config.support, language), about: customer.id }, tx);
    await this.texts.toCustomer(tx, appointment.userId, 'estimate', (texted) => estimateText(texted, row.totalCents, texted.link(url)));
  }

  /** The job's latest estimate, for the owner. */
  /** The job's latest estimate for the owner, or null when none was sent (an unknown job is 404). */
  async forAdmin(appointmentId: string): Promise<Estimate | null> {
    const appointment = await this.lifecycle.find(this.db, appointmentId, { includeInactive: true });
    if (!appointment) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
    const row = await findLatestEstimate(this.db, appointmentId);
    return row ? estimateOf(row, appointment) : null;
  }

  /** The customer's own job's estimate in force; another customer's job is as unknown as a wrong id. */
  async forCustomer(viewer: SessionUser, appointmentId: string): Promise<Estimate> {
    const appointment = await this.lifecycle.find(this.db, appointmentId);
    if (!appointment || appointment.userId !== viewer.id) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
    const row = await findCurrentEstimate(this.db, appointmentId);
    if (!row) throw new HttpError(404, 'NOT_FOUND', ESTIMATE_TEXTS.notFound);
    return estimateOf(row, appointment);
  }

  /** The customer's answer to their job's estimate, once. */
  async decide(viewer: SessionUser, appointmentId: string, decision: CustomerEstimateDecision): Promise<Estimate> {
    const estimate = await this.db.transaction(async (tx) => {
      const appointment = await this.lifecycle.findOwn(tx, viewer.id, appointmentId);
      if (!appointment) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
      const row = await findCurrentEstimate(tx, appointmentId);
      if (!row) throw new HttpError(404, 'NOT_FOUND', ESTIMATE_TEXTS.notFound);
      // The page showed another estimate (a newer one replaced it meanwhile): nothing is answered unseen.
      if (row.id !== decision.estimateId) throw new HttpError(409, 'ESTIMATE_CLOSED', ESTIMATE_TEXTS.noLongerOpen);
      const profile = await profileOf(tx, viewer.id);
      const customer = profile ? `${profile.firstName} ${profile.lastName}` : viewer.email;
      const decided = await this.record(tx, appointment, row, decision, {
        by: 'customer',
        name: customer,
        actor: { userId: viewer.id, email: viewer.email },
        who: `${customer} (${viewer.email})`,
        customer,
      });
      return estimateOf(decided, appointment);
    });
    this.mail.deliverSoon();
    return estimate;
  }

  /**
   * The estimate a contact's link opens, with the customer's name, while it waits for an answer and the contact may
   * still give it (allowed, agreed, not stopped, the same address); undefined for any other link.
   */
  async forContact(token: string, db: Executor = this.db): Promise<{ estimate: Estimate; customer: string; row: EstimateRow } | undefined> {
    const [id, secret] = token.split('.', 2);
    if (!id || !secret || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
    const row = await findEstimate(db, id);
    if (row?.state !== 'sent' || !row.contactTokenHash) return undefined;
    const appointment = await this.lifecycle.find(db, row.appointmentId);
    if (!appointment || isClosed(appointment)) return undefined;
    const approver = await estimateApprover(db, appointment.userId);
    if (!approver || !sameHash(row.contactTokenHash, tokenHash(secret, approver.email))) return undefined;
    const profile = await profileOf(db, appointment.userId);
    return {
      estimate: estimateOf(row, appointment),
      customer: profile ? `${profile.firstName} ${profile.lastName}` : '',
      row,
    };
  }

  /** The contact's answer from their link, once; undefined when the link no longer works. */
  async decideAsContact(token: string, decision: EstimateDecision): Promise<Estimate | undefined> {
    const id = token.split('.', 1)[0] ?? '';
    const found = await this.forContact(token);
    if (!found) return undefined;
    const estimate = await this.db.transaction(async (tx) => {
      // The job's lock, then everything checked again under it.
      const appointment = await this.lifecycle.find(tx, found.row.appointmentId, { lock: true });
      const current = appointment ? await this.forContact(token, tx) : undefined;
      if (!appointment || !current || current.row.id !== id) return undefined;
      const approver = await estimateApprover(tx, appointment.userId);
      if (!approver) return undefined;
      const decided = await this.record(tx, appointment, current.row, decision, {
        by: 'contact',
        name: approver.name,
        actor: { userId: appointment.userId, email: `${approver.email} (trusted contact)` },
        who: `${approver.name} (${approver.email}), trusted contact of ${current.customer}`,
        customer: current.customer,
      });
      return estimateOf(decided, appointment);
    });
    if (estimate) this.mail.deliverSoon();
    return estimate;
  }

  /** Writes an answer to an estimate still waiting for one, its history entry, the live update and the owners' notice. */
  private async record(
    tx: Executor,
    appointment: AppointmentRow,
    row: EstimateRow,
    decision: EstimateDecision,
    who: { by: 'customer' | 'contact'; name: string; actor: AppointmentActor; who: string; customer: string },
  ): Promise<EstimateRow> {
    if (row.state !== 'sent' || isClosed(appointment)) throw new HttpError(409, 'ESTIMATE_CLOSED', ESTIMATE_TEXTS.noLongerOpen);
    const approved = decision.decision === 'approve';
    const decided = await decideEstimate(tx, row.id, {
      state: approved ? 'approved' : 'declined',
      decidedBy: who.by,
      decidedByName: approved ? decision.name : who.name,
      declineReason: approved ? null : decision.reason,
    });
    if (!decided) throw new HttpError(409, 'ESTIMATE_CLOSED', ESTIMATE_TEXTS.noLongerOpen);
    await recordHistory(tx, {
      appointmentId: appointment.id,
      actorUserId: who.actor.userId,
      actorEmail: who.actor.email,
      action: 'update',
      changes: {
        estimate: {
          before: inHistory(row),
          // Who answered, not their words: the typed name and the reason stay with the estimate, which a deleted
          // account's jobs keep without them (decision 036).
          after: `${inHistory(decided)} by the ${who.by === 'contact' ? 'trusted contact' : 'customer'}`,
        },
      },
    });
    await announceChange(tx, { kind: 'appointment', userId: appointment.userId, appointmentId: appointment.id });
    const notice = renderEmail(
      estimateAnsweredContent(
        { approved, by: who.who, name: decided.decidedByName, reason: decided.declineReason },
        { startsAt: appointment.startsAt, totalCents: decided.totalCents, lines: estimateLines(decided), customer: who.customer },
        `${this.config.publicUrl}/admin`,
      ),
      this.config.support,
    );
    await this.mail.enqueueAll(
      (await adminEmails(tx)).map((to) => ({ to, ...notice, about: appointment.userId })),
      tx,
    );
    return decided;
  }
}
