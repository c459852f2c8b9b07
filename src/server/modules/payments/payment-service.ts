import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../../shared/account.ts';
import { APPOINTMENT_TEXTS } from '../../../shared/appointments.ts';
import type { Invoice } from '../../../shared/invoices.ts';
import { type CaptureOutcome, type Checkout, PAYMENT_TEXTS, type RefundOutcome } from '../../../shared/payments.ts';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { AppointmentRow, PaymentOrderRow, PaymentRow } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById, profileOf } from '../accounts/account-directory.ts';
import { findJob } from '../appointments/appointment-service.ts';
import type { ErrorRecorder } from '../error-log/error-log-service.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { TextService } from '../texts/text-service.ts';
import { holdPending, release, releaseClaim } from './capture-release.ts';
import { giveBack, recordGiveBack } from './give-back.ts';
import { invoice, invoicePdf } from './invoices.ts';
import { beforeJobChange, type JobPaymentGuard } from './job-guard.ts';
import { markPaid, recordManualPayment } from './mark-paid.ts';
import { checkout, createAdminOrder, createCustomerOrder } from './orders.ts';
import { afterJobChange, sendDuePayReminders } from './pay-links.ts';
import {
  type Actor,
  CLAIM_TIMEOUT_MS,
  componentOf,
  dollars,
  inFlightRefusal,
  type PaymentContext,
  type Refusal,
  reportOnce,
  SYSTEM,
} from './payment-context.ts';
import {
  type CaptureResult,
  isTestPayment,
  type PaymentProvider,
  PaymentProviderError,
  type RefundResult,
  valueToCents,
} from './payment-provider.ts';
import {
  claimStaleCaptures,
  findOrderInFlight,
  findPaymentInForce,
  findPaymentOfOrder,
  findPaymentOrder,
  forgetPayers,
  insertPaymentOnce,
  listClaimsOfOtherProviders,
  listInvoicesOfJobs,
  listPaymentsCapturedBetween,
  listPaymentsOfJobs,
  updateOrder,
  voidOpenOrders,
} from './payment-queries.ts';
import { reconcileStaleRefunds, refund } from './refunds.ts';

export { invoiceFileName } from './invoices.ts';
export type { JobPaymentGuard } from './job-guard.ts';
export { PAY_REMINDER_DAYS } from './pay-links.ts';
export { CLAIM_TIMEOUT_MS } from './payment-context.ts';

/**
 * Every payment, order and refund. The order lifecycle: created → capturing → captured | voided (and captured →
 * refunded). An order is bound to its job and to the amount of the moment it was created; capture locks the job,
 * re-checks it, and claims the order before the provider is asked, so the provider is asked to capture at most one
 * order per job whatever arrives at once; a capture the provider reports anyway for a job that cannot take it is
 * refunded through the provider. What the provider holds PENDING (a capture under review, a refund) is neither
 * recorded nor released: the reconciler looks it up until the provider completes or fails it (decision 010).
 */
export class PaymentService implements JobPaymentGuard {
  /** What the functions of each part of a payment's life work with; its `provider` is always this one's. */
  private readonly context: PaymentContext;

  constructor(
    private readonly db: Database,
    readonly config: Config,
    readonly provider: PaymentProvider,
    private readonly mail: MailService,
    readonly events: EventHub,
    private readonly recordError: ErrorRecorder,
    private readonly log: FastifyBaseLogger,
    texts: TextService,
  ) {
    const service = this;
    this.context = {
      db,
      config,
      get provider() {
        return service.provider;
      },
      mail,
      events,
      recordError,
      log,
      texts,
      reported: new Set<string>(),
    };
  }

  // --- The job's side ---------------------------------------------------------------------------------------

  async beforeJobChange(tx: Executor, appointmentId: string, reason: string): Promise<void> {
    return beforeJobChange(tx, appointmentId, reason);
  }

  async afterJobChange(tx: Executor, before: AppointmentRow, after: AppointmentRow): Promise<boolean> {
    return afterJobChange(this.context, tx, before, after);
  }

  async sendDuePayReminders(): Promise<number> {
    return sendDuePayReminders(this.context);
  }

  // --- Invoices -------------------------------------------------------------------------------------------

  async invoice(viewer: SessionUser, appointmentId: string): Promise<Invoice> {
    return invoice(this.context, viewer, appointmentId);
  }

  async invoicePdf(viewer: SessionUser, appointmentId: string, locale?: string): Promise<{ pdf: Buffer; filename: string }> {
    return invoicePdf(this.context, viewer, appointmentId, locale);
  }

  /** Why an order of this job cannot be captured now, or undefined when it can. */
  private unpayable(appointment: AppointmentRow | undefined, order: PaymentOrderRow, hasPayment: boolean): HttpError | undefined {
    if (!appointment || appointment.cancelledAt || appointment.deletedAt)
      return new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
    if (appointment.paidAt || hasPayment) return new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid);
    // The customer pays the job as the owner priced it; the admin's order carries the amount the admin typed,
    // and any change to the job since voided it.
    if (order.createdByRole === 'customer' && (!appointment.completedAt || appointment.amountCents !== order.amountCents)) {
      return new HttpError(409, 'ORDER_STALE', PAYMENT_TEXTS.orderStale);
    }
    return undefined;
  }

  /**
   * Why a voided or refunded order cannot be captured, in the words that fit what happened since: the job is gone or
   * was paid (by hand, by another order), it changed (its amount, un-completed), or the order was replaced (another
   * tab, the owner's order, a capture given back) while the job stayed as it was.
   */
  private closedOrderRefusal(appointment: AppointmentRow | undefined, order: PaymentOrderRow, hasPayment: boolean): HttpError {
    if (!appointment || appointment.cancelledAt || appointment.deletedAt)
      return new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
    if (appointment.paidAt || hasPayment) return new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid);
    if (order.createdByRole === 'customer' && (!appointment.completedAt || appointment.amountCents !== order.amountCents)) {
      return new HttpError(409, 'ORDER_STALE', PAYMENT_TEXTS.orderStale);
    }
    return new HttpError(409, 'ORDER_STALE', PAYMENT_TEXTS.orderReplaced);
  }

  // --- Checkout and orders ----------------------------------------------------------------------------------

  async checkout(viewer: SessionUser, appointmentId: string): Promise<Checkout> {
    return checkout(this.context, viewer, appointmentId);
  }

  async createCustomerOrder(viewer: SessionUser, appointmentId: string): Promise<{ orderId: string }> {
    return createCustomerOrder(this.context, viewer, appointmentId);
  }

  async createAdminOrder(admin: SessionUser, appointmentId: string, amountDollars: number): Promise<{ orderId: string }> {
    return createAdminOrder(this.context, admin, appointmentId, amountDollars);
  }

  // --- Capture ----------------------------------------------------------------------------------------------

  async captureCustomerOrder(viewer: SessionUser, orderId: string): Promise<CaptureOutcome> {
    const order = await findPaymentOrder(this.db, orderId);
    if (order?.createdByRole !== 'customer' || order.createdByUserId !== viewer.id) {
      throw new HttpError(404, 'NOT_FOUND', PAYMENT_TEXTS.paymentNotFound);
    }
    return this.capture({ userId: viewer.id, email: viewer.email, role: 'customer' }, order);
  }

  async captureAdminOrder(admin: SessionUser, orderId: string): Promise<CaptureOutcome> {
    const order = await findPaymentOrder(this.db, orderId);
    if (order?.createdByRole !== 'admin') throw new HttpError(404, 'NOT_FOUND', PAYMENT_TEXTS.paymentNotFound);
    return this.capture({ userId: admin.id, email: admin.email, role: 'admin' }, order);
  }

  /**
   * Claims the order for one capture: under the job's row lock, a replay of a recorded capture is answered from the
   * record, a voided or stale order is refused (and voided), and only when no other order of the job is being
   * captured does this one move to `capturing`. The claim is committed before the provider is asked.
   */
  private async claim(orderId: string): Promise<{ claimedAt: Date } | { replay: PaymentRow } | Refusal> {
    return this.db.transaction(async (tx) => {
      const head = await findPaymentOrder(tx, orderId);
      if (!head) return { refused: new HttpError(404, 'NOT_FOUND', PAYMENT_TEXTS.paymentNotFound) };
      const appointment = await findJob(tx, head.appointmentId, { lock: true, includeInactive: true });
      const order = (await findPaymentOrder(tx, orderId, true)) ?? head;
      const now = new Date();
      if (order.provider !== this.provider.kind && (order.state === 'created' || order.state === 'capturing')) {
        // Made with the provider the server used before a switch (PayPal and test mode): only that one can take it.
        if (order.state === 'capturing') return { refused: inFlightRefusal(order, 'pay') };
        await updateOrder(tx, orderId, {
          state: 'voided',
          closedReason: `made with ${order.provider}; payments now go through ${this.provider.kind}`,
        });
        return { refused: new HttpError(409, 'ORDER_STALE', PAYMENT_TEXTS.orderReplaced) };
      }
      switch (order.state) {
        case 'captured': {
          const payment = await findPaymentOfOrder(tx, orderId);
          if (payment) return { replay: payment };
          return { refused: new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid) };
        }
        case 'voided':
        case 'refunded':
          return { refused: this.closedOrderRefusal(appointment, order, Boolean(await findPaymentInForce(tx, order.appointmentId))) };
        case 'capturing':
          // A capture the provider holds PENDING is settled by the reconciler's look-ups only: a second capture
          // request's refusal would say nothing of the first capture, and releasing the order on it let a new order pay.
          if (order.pendingSince || (order.claimedAt && now.getTime() - order.claimedAt.getTime() < CLAIM_TIMEOUT_MS)) {
            return { refused: inFlightRefusal(order, 'pay') };
          }
          // A claim nobody finished (a process that died mid-capture): this request takes it over; the provider
          // answers "already captured" if the first attempt went through.
          await updateOrder(tx, orderId, { state: 'capturing', claimedAt: now });
          return { claimedAt: now };
        case 'created': {
          const problem = this.unpayable(appointment, order, Boolean(await findPaymentInForce(tx, order.appointmentId)));
          if (problem) {
            await updateOrder(tx, orderId, { state: 'voided', closedReason: `refused at capture: ${problem.code}` });
            return { refused: problem };
          }
          const inFlight = await findOrderInFlight(tx, order.appointmentId);
          if (inFlight) return { refused: inFlightRefusal(inFlight, 'pay') };
          await updateOrder(tx, orderId, { state: 'capturing', claimedAt: now });
          return { claimedAt: now };
        }
      }
    });
  }

  private async capture(actor: Actor, order: PaymentOrderRow): Promise<CaptureOutcome> {
    const claim = await this.claim(order.orderId);
    if ('refused' in claim) throw claim.refused;
    if ('replay' in claim) return this.outcomeOf(claim.replay);

    let result: CaptureResult;
    try {
      result = await this.askToCapture(order, claim.claimedAt);
    } catch (error) {
      if (!(error instanceof CaptureFailed)) throw error;
      if (error.release) await releaseClaim(this.context, order.orderId);
      await this.recordError({
        userId: actor.userId,
        errorMessage: `Capturing payment order ${order.orderId} failed: ${error.message}`,
        appointmentIdentifier: order.appointmentId,
        componentName: componentOf(actor),
        source: 'server',
      });
      if (error.declined) throw new HttpError(402, 'PAYMENT_DECLINED', PAYMENT_TEXTS.declined);
      throw new HttpError(502, 'APPROVAL_FAILED', actor.role === 'admin' ? PAYMENT_TEXTS.adminApprovalError : PAYMENT_TEXTS.approvalError);
    }
    return this.settle(actor, order, result);
  }

  /**
   * Asks the provider to capture, and makes sure of the outcome: "already captured" and an unknown outcome (no
   * answer, a 5xx, an unreadable answer) are looked up with the order itself. Throws CaptureFailed when no money
   * was taken; `release` says the order may be tried again at once.
   */
  private async askToCapture(order: PaymentOrderRow, claimedAt: Date): Promise<CaptureResult> {
    try {
      return await this.provider.captureOrder(order, `capture-${order.orderId}-${claimedAt.getTime()}`);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      if (error.kind === 'declined' || error.kind === 'invalid' || error.kind === 'not-found') {
        throw new CaptureFailed(error.message, true, error.kind === 'declined');
      }
      let standing: CaptureResult;
      try {
        standing = await this.provider.getOrder(order);
      } catch (lookup) {
        // Neither the capture nor the look-up answered: the claim stays until it times out, then the reconciler
        // (or a retry after it) finds out from the provider what happened.
        throw new CaptureFailed(`${error.message}; looking the order up failed too: ${(lookup as Error).message}`, false, false);
      }
      if (standing.captureId) return standing;
      throw new CaptureFailed(
        `${error.message} (the provider shows the order ${standing.status || 'without a status'}, not captured)`,
        true,
        false,
      );
    }
  }

  /** Verifies what the provider captured and records it, or gives back a capture that must not stand. */
  private async settle(actor: Actor, order: PaymentOrderRow, result: CaptureResult): Promise<CaptureOutcome> {
    // The money is taken but not yet final: the order stays claimed until the provider completes or declines it.
    if (result.captureId && result.captureStatus === 'PENDING') return holdPending(this.context, order, result);
    const problems = [
      result.status !== 'COMPLETED' && `order status ${result.status}`,
      result.captureStatus !== 'COMPLETED' && `capture status ${result.captureStatus || 'missing'}`,
      valueToCents(result.amountValue) !== order.amountCents && `amount ${result.amountValue} instead of ${dollars(order.amountCents)}`,
      result.currency !== order.currency && `currency ${result.currency}`,
      result.customId !== order.appointmentId && `appointment ${result.customId || 'missing'}`,
    ].filter((problem): problem is string => typeof problem === 'string');

    if (problems.length > 0) {
      const why = `the capture did not verify: ${problems.join(', ')}`;
      // A give-back that failed was written to the error log once; the reconciler's later attempts are not.
      if (!order.giveBackFailedAt)
        await this.recordError({
          userId: actor.userId,
          errorMessage: `Capturing payment order ${order.orderId} failed: ${why}`,
          appointmentIdentifier: order.appointmentId,
          componentName: componentOf(actor),
          source: 'server',
        });
      const refundedByHand = order.giveBackFailedAt && /^(PARTIALLY_)?REFUNDED$/.test(result.captureStatus);
      if ((result.captureStatus === 'COMPLETED' || refundedByHand) && result.captureId) {
        // Money was taken, but not as ordered: it goes back, and the customer starts again. A capture the owner
        // refunded in the provider's dashboard after the automatic refund failed is recorded as given back here
        // (the provider answers the refund "already refunded").
        await giveBack(this.context, order, result, why);
      } else {
        await release(this.context, order, result, why);
      }
      if (result.captureStatus === 'DECLINED') throw new HttpError(402, 'PAYMENT_DECLINED', PAYMENT_TEXTS.declined);
      throw new HttpError(502, 'APPROVAL_FAILED', actor.role === 'admin' ? PAYMENT_TEXTS.adminApprovalError : PAYMENT_TEXTS.approvalError);
    }

    const recorded = await this.db.transaction(async (tx): Promise<{ payment: PaymentRow } | { unwanted: HttpError }> => {
      const appointment = await findJob(tx, order.appointmentId, { lock: true, includeInactive: true });
      const current = await findPaymentOrder(tx, order.orderId, true);
      if (current?.state === 'captured') {
        const payment = await findPaymentOfOrder(tx, order.orderId);
        if (payment) return { payment };
      }
      const problem = !current
        ? new HttpError(404, 'NOT_FOUND', PAYMENT_TEXTS.paymentNotFound)
        : current.state !== 'capturing'
          ? new HttpError(409, 'ORDER_STALE', PAYMENT_TEXTS.orderStale)
          : this.unpayable(appointment, current, Boolean(await findPaymentInForce(tx, order.appointmentId)));
      if (problem || !appointment || !current)
        return { unwanted: problem ?? new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid) };
      const payment = await insertPaymentOnce(tx, {
        appointmentId: order.appointmentId,
        provider: this.provider.kind,
        // PayPal's sandbox and the test mode take no money: the payment is TEST wherever it is shown or counted.
        isTest: this.provider.isTest,
        orderId: order.orderId,
        captureId: result.captureId,
        amountCents: order.amountCents,
        currency: order.currency,
        payerName: result.payerName,
        payerEmail: result.payerEmail,
        takenByUserId: order.createdByUserId,
        takenByRole: order.createdByRole,
      });
      if (!payment) return { unwanted: new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid) };
      await updateOrder(tx, order.orderId, { state: 'captured' });
      // Any other order of the job left open (one refused while this capture ran) is stale now.
      await voidOpenOrders(tx, order.appointmentId, `the job was paid by order ${order.orderId}`);
      await markPaid(this.context, tx, actor, appointment, payment, `true (${this.providerLabel(payment)} ${result.captureId})`);
      return { payment };
    });
    if ('unwanted' in recorded) {
      await giveBack(this.context, order, result, this.describeRefusal(recorded.unwanted));
      throw recorded.unwanted;
    }
    this.mail.deliverSoon();
    return this.outcomeOf(recorded.payment);
  }

  private describeRefusal(error: HttpError): string {
    if (error.code === 'ALREADY_PAID') return 'the job was already paid';
    if (error.code === 'NOT_FOUND') return 'the job was cancelled or deleted';
    return 'the job changed after the order was made';
  }

  private providerLabel(payment: Pick<PaymentRow, 'provider' | 'isTest'>): string {
    if (isTestPayment(payment)) return payment.provider === 'paypal' ? "TEST, PayPal's sandbox" : 'TEST';
    return payment.provider === 'paypal' ? 'PayPal' : 'by hand';
  }

  private async outcomeOf(payment: PaymentRow): Promise<CaptureOutcome> {
    let payerName = payment.payerName;
    if (!payerName) {
      const appointment = await findJob(this.db, payment.appointmentId, { includeInactive: true });
      const profile = appointment ? await profileOf(this.db, appointment.userId) : undefined;
      payerName = profile?.firstName || 'customer';
    }
    return {
      appointmentId: payment.appointmentId,
      payerName,
      amountCents: payment.amountCents,
      captureId: payment.captureId ?? '',
      isTest: isTestPayment(payment),
    };
  }

  /** Every payment captured in the period (either end open), by capture time: the paid list's rows. */
  async capturedBetween(from: Date | undefined, to: Date | undefined): Promise<PaymentRow[]> {
    return listPaymentsCapturedBetween(this.db, from, to);
  }

  /**
   * Finishes captures that were claimed and never finished (a process killed while the provider answered, a
   * provider that never did): each is looked up with the provider and recorded, given back, or released.
   */
  async reconcileStaleCaptures(): Promise<number> {
    await this.reportClaimsOfOtherProviders();
    const stale = await claimStaleCaptures(this.db, CLAIM_TIMEOUT_MS, 20, this.provider.kind);
    for (const order of stale) {
      const actor: Actor = { userId: order.createdByUserId, email: '', role: order.createdByRole };
      const user = await accountById(this.db, order.createdByUserId);
      actor.email = user?.email ?? '';
      let standing: CaptureResult;
      try {
        standing = await this.provider.getOrder(order);
      } catch (error) {
        if (error instanceof PaymentProviderError && error.kind === 'not-found' && !order.pendingSince) {
          // The provider does not know the order (it expired uncaptured): no money was taken, and the job is free.
          await updateOrder(this.db, order.orderId, { state: 'voided', claimedAt: null, closedReason: 'the provider no longer knows it' });
          await this.recordError({
            userId: SYSTEM.userId,
            errorMessage: `Payment order ${order.orderId} was left mid-capture and the provider no longer knows it (${error.message}); it was voided, and the job can be paid with a new order.`,
            appointmentIdentifier: order.appointmentId,
            componentName: 'Payments',
            source: 'server',
          });
          continue;
        }
        // One order that cannot be looked up (or any other failure) never holds up the rest of the batch. The error
        // log hears of it once per process; the order stays claimed, so the job waits for the provider's answer.
        this.log.warn({ orderId: order.orderId, err: error }, 'a stale capture could not be looked up; it is tried again later');
        await reportOnce(this.context, `lookup ${order.orderId}`, {
          errorMessage: `Payment order ${order.orderId} was left mid-capture and could not be looked up: ${(error as Error).message}. It is tried again every few minutes; the job cannot be changed until then.`,
          appointmentIdentifier: order.appointmentId,
        });
        continue;
      }
      if (!standing.captureId) {
        await release(this.context, order, standing, `the provider shows the order ${standing.status || 'without a status'}, not captured`);
        continue;
      }
      let claimed = order;
      const pendingRefund = order.giveBackRefundId?.startsWith('failed:') ? undefined : order.giveBackRefundId;
      if (pendingRefund) {
        // A give-back the provider held PENDING: recorded once made; asked again (a new request) once failed.
        let refund: RefundResult;
        try {
          refund = await this.provider.getRefund(pendingRefund);
        } catch (error) {
          await reportOnce(this.context, `give-back ${order.orderId}`, {
            errorMessage: `The pending refund ${pendingRefund} of payment order ${order.orderId} could not be looked up: ${(error as Error).message}. It is tried again every few minutes.`,
            appointmentIdentifier: order.appointmentId,
          });
          continue;
        }
        if (refund.status === 'PENDING') continue;
        if (refund.status === 'COMPLETED') {
          await recordGiveBack(this.context, order, standing, 'the refund the provider held pending was made', {
            kind: 'refunded',
            refundId: pendingRefund,
          });
          continue;
        }
        claimed = { ...order, giveBackRefundId: `failed:${pendingRefund}` };
        await updateOrder(this.db, order.orderId, { giveBackRefundId: claimed.giveBackRefundId });
      }
      await this.settle(actor, claimed, standing).catch(async (error: unknown) => {
        if (error instanceof HttpError) return;
        this.log.error({ orderId: order.orderId, err: error }, 'a stale capture could not be settled');
        await reportOnce(this.context, `settle ${order.orderId}`, {
          errorMessage: `Payment order ${order.orderId} was captured (${standing.captureId}) but could not be recorded: ${(error as Error).message}. It is tried again every few minutes.`,
          appointmentIdentifier: order.appointmentId,
        });
      });
    }
    return stale.length;
  }

  /**
   * Captures and refunds left claimed under the other provider (the server was switched between PayPal and test
   * mode while they were under way) are never finished by this one: test mode would call a PayPal payment refunded,
   * or a PayPal order paid, with no money moved. The error log names each once; the owner switches back to finish.
   */
  private async reportClaimsOfOtherProviders(): Promise<void> {
    const { orders, refunds } = await listClaimsOfOtherProviders(this.db, this.provider.kind);
    const now = this.provider.kind === 'paypal' ? 'PayPal' : 'test mode';
    for (const order of orders) {
      await reportOnce(this.context, `provider ${order.orderId}`, {
        errorMessage: `Payment order ${order.orderId} was left mid-capture with ${order.provider}, and the server now takes payments in ${now}: only ${order.provider} can finish it, so the job cannot be changed until the server runs with it again.`,
        appointmentIdentifier: order.appointmentId,
      });
    }
    for (const payment of refunds) {
      await reportOnce(this.context, `provider ${payment.id}`, {
        errorMessage: `The refund of payment ${payment.id} was left unfinished with ${payment.provider}, and the server now takes payments in ${now}: it is finished when the server runs with ${payment.provider} again.`,
        appointmentIdentifier: payment.appointmentId,
      });
    }
  }

  // --- Payments taken by hand -------------------------------------------------------------------------------

  async recordManualPayment(
    tx: Executor,
    admin: SessionUser,
    appointment: AppointmentRow,
    input: { method: string; amountCents: number; payerName: string; payerEmail: string },
  ): Promise<void> {
    return recordManualPayment(this.context, tx, admin, appointment, input);
  }

  // --- Refunds ----------------------------------------------------------------------------------------------

  async refund(admin: SessionUser, paymentId: string): Promise<RefundOutcome> {
    return refund(this.context, admin, paymentId);
  }

  async reconcileStaleRefunds(): Promise<number> {
    return reconcileStaleRefunds(this.context);
  }
}

/** A capture that took no money: `release` when the order may be tried again at once, `declined` for the payer's card. */
class CaptureFailed extends Error {
  constructor(
    message: string,
    readonly release: boolean,
    readonly declined: boolean,
  ) {
    super(message);
  }
}

/** A customer's payments and invoices, as their data export lists them (decision 024). */
export async function paymentRecordsOf(db: Executor, appointmentIds: string[]) {
  const [paid, issued] = await Promise.all([listPaymentsOfJobs(db, appointmentIds), listInvoicesOfJobs(db, appointmentIds)]);
  return {
    payments: paid.map((payment) => ({
      appointmentId: payment.appointmentId,
      amountCents: payment.amountCents,
      currency: payment.currency,
      provider: payment.provider,
      method: payment.method,
      reference: payment.captureId ?? payment.id,
      payerName: payment.payerName,
      payerEmail: payment.payerEmail,
      paidAt: payment.capturedAt.toISOString(),
      refundedAt: payment.refundedAt?.toISOString() ?? null,
    })),
    invoices: issued.map((invoice) => ({ appointmentId: invoice.appointmentId, number: invoice.number })),
  };
}

/**
 * The customer deleted their account: their payments keep the amounts, not their name or e-mail, and their unpaid
 * jobs' pay links are reminded no more.
 */
export async function forgetPayersOf(tx: Executor, appointmentIds: string[]): Promise<void> {
  await forgetPayers(tx, appointmentIds);
}
