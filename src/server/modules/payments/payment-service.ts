import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../../shared/account.ts';
import type { Invoice } from '../../../shared/invoices.ts';
import type { CaptureOutcome, Checkout, RefundOutcome } from '../../../shared/payments.ts';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { AppointmentRow, PaymentRow } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById } from '../accounts/account-directory.ts';
import type { ErrorRecorder } from '../error-log/error-log-service.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { TextService } from '../texts/text-service.ts';
import { captureAdminOrder, captureCustomerOrder, settle } from './capture.ts';
import { release } from './capture-release.ts';
import { recordGiveBack } from './give-back.ts';
import { invoice, invoicePdf } from './invoices.ts';
import { beforeJobChange, type JobPaymentGuard } from './job-guard.ts';
import { recordManualPayment } from './mark-paid.ts';
import { checkout, createAdminOrder, createCustomerOrder } from './orders.ts';
import { afterJobChange, sendDuePayReminders } from './pay-links.ts';
import { type Actor, CLAIM_TIMEOUT_MS, type PaymentContext, reportOnce, SYSTEM } from './payment-context.ts';
import { type CaptureResult, type PaymentProvider, PaymentProviderError, type RefundResult } from './payment-provider.ts';
import {
  claimStaleCaptures,
  forgetPayers,
  listClaimsOfOtherProviders,
  listInvoicesOfJobs,
  listPaymentsCapturedBetween,
  listPaymentsOfJobs,
  updateOrder,
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
    readonly mail: MailService,
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
    return captureCustomerOrder(this.context, viewer, orderId);
  }

  async captureAdminOrder(admin: SessionUser, orderId: string): Promise<CaptureOutcome> {
    return captureAdminOrder(this.context, admin, orderId);
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
      await settle(this.context, actor, claimed, standing).catch(async (error: unknown) => {
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
