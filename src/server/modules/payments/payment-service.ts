import type { FastifyBaseLogger } from 'fastify';
import type { SessionUser } from '../../../shared/account.ts';
import type { ErrorRecorder } from '../../../shared/error-log.ts';
import type { Invoice } from '../../../shared/invoices.ts';
import type { PastVisit, PayLinkResent } from '../../../shared/past-visits.ts';
import type { PayLinkSummary } from '../../../shared/pay-link.ts';
import type { CaptureOutcome, Checkout, RefundOutcome } from '../../../shared/payments.ts';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { AppointmentRow, PaymentRow } from '../../db/schema.ts';
import type { AppointmentLifecycle, AppointmentListener, Payment } from '../appointments/index.ts';
import type { EventHub } from '../events/index.ts';
import type { MailService } from '../mail/index.ts';
import type { TextService } from '../texts/index.ts';
import { paymentsAppointmentListener } from './appointment-guard.ts';
import { captureAdminOrder, captureCustomerOrder } from './capture.ts';
import { invoice, invoicePdf } from './invoices.ts';
import { recordManualPayment } from './mark-paid.ts';
import { checkout, createAdminOrder, createCustomerOrder } from './orders.ts';
import { pastVisits } from './past-visits.ts';
import { payLinkSummary } from './pay-link-landing.ts';
import { resendPayLink } from './pay-link-resend.ts';
import { sendDuePayReminders } from './pay-links.ts';
import type { PaymentContext } from './payment-context.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { listPaymentsCapturedBetween } from './payment-queries.ts';
import { reconcileStaleCaptures } from './reconciliation.ts';
import { reconcileStaleRefunds, refund } from './refunds.ts';

/**
 * Every payment, order and refund. The order lifecycle: created → capturing → captured | voided (and captured →
 * refunded). An order is bound to its job and to the amount of the moment it was created; capture locks the job,
 * re-checks it, and claims the order before the provider is asked, so the provider is asked to capture at most one
 * order per job whatever arrives at once; a capture the provider reports anyway for a job that cannot take it is
 * refunded through the provider. What the provider holds PENDING (a capture under review, a refund) is neither
 * recorded nor released: the reconciler looks it up until the provider completes or fails it (decision 010).
 *
 * The module's one entry point: each method hands its work, with the context, to the file that holds that part of
 * a payment's life: orders.ts, capture.ts (with capture-release.ts and give-back.ts), mark-paid.ts, refunds.ts,
 * reconciliation.ts, appointment-guard.ts and pay-links.ts (the job's side), invoices.ts, payment-records.ts.
 */
export class PaymentService {
  /** What the functions of each part of a payment's life work with; its `provider` is always this one's. */
  private readonly context: PaymentContext;

  constructor(
    db: Database,
    config: Config,
    readonly provider: PaymentProvider,
    mail: MailService,
    events: EventHub,
    recordError: ErrorRecorder,
    log: FastifyBaseLogger,
    texts: TextService,
    lifecycle: AppointmentLifecycle,
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
      lifecycle,
      reported: new Set<string>(),
    };
    this.appointmentListener = paymentsAppointmentListener(this.context);
  }

  // --- The job's side ---------------------------------------------------------------------------------------

  /**
   * What payments does when a job changes (registered with the job's life cycle): refuses a change while a capture
   * is under way and voids stale orders; sends the pay link, the invoice and the receipt; ends the reminders.
   */
  readonly appointmentListener: AppointmentListener;

  async sendDuePayReminders(): Promise<number> {
    return sendDuePayReminders(this.context);
  }

  /** The owner's "Resend pay link" (pay-link-resend.ts). */
  async resendPayLink(admin: SessionUser, appointmentId: string): Promise<PayLinkResent> {
    return resendPayLink(this.context, admin, appointmentId);
  }

  /** What the pay link's landing tells whoever holds the link: the amount and the day (pay-link-landing.ts). */
  async payLinkSummary(appointmentId: string): Promise<PayLinkSummary> {
    return payLinkSummary(this.context, appointmentId);
  }

  /** The customer's own paid visits with their invoices, for "Past visits" (past-visits.ts). */
  async pastVisits(viewer: SessionUser): Promise<PastVisit[]> {
    return pastVisits(this.context, viewer);
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
    return listPaymentsCapturedBetween(this.context.db, from, to);
  }

  // --- Reconciliation -------------------------------------------------------------------------------------

  async reconcileStaleCaptures(): Promise<number> {
    return reconcileStaleCaptures(this.context);
  }

  // --- Payments taken by hand -------------------------------------------------------------------------------

  async recordManualPayment(
    tx: Executor,
    admin: SessionUser,
    appointment: AppointmentRow,
    input: { method: string; amountCents: number; payerName: string; payerEmail: string },
  ): Promise<Payment> {
    return recordManualPayment(tx, admin, appointment, input);
  }

  // --- Refunds ----------------------------------------------------------------------------------------------

  async refund(admin: SessionUser, paymentId: string): Promise<RefundOutcome> {
    return refund(this.context, admin, paymentId);
  }

  async reconcileStaleRefunds(): Promise<number> {
    return reconcileStaleRefunds(this.context);
  }
}
