import type { SessionUser } from '../../../shared/account.ts';
import { APPOINTMENT_TEXTS, type CaptureOutcome, type Checkout, canPayAppointment, PAYMENT_TEXTS } from '../../../shared/appointments.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AppointmentRow, PaymentOrderRow } from '../../db/schema.ts';
import { HttpError } from '../../plugins/errors.ts';
import { findProfileOf, updateAppointment } from '../appointments/appointment-queries.ts';
import type { ErrorRecorder } from '../error-log/error-log-service.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { MailService } from '../mail/mail-service.ts';
import { renderEmail } from '../mail/mail-templates.ts';
import { receiptContent } from './payment-emails.ts';
import { type CaptureResult, type PaymentProvider, PaymentProviderError, valueToCents } from './payment-provider.ts';
import {
  findActiveAppointment,
  findPaymentOfAppointment,
  findPaymentOrder,
  findUserById,
  insertPaymentOnce,
  insertPaymentOrder,
} from './payment-queries.ts';

type Payer = { viewer: SessionUser; role: 'customer' | 'admin' };

/**
 * Payment moved to the server: the order is created for the amount the server holds, the capture is verified
 * (status, amount, currency, appointment) before anything is recorded, and recording is idempotent.
 */
export class PaymentService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    readonly provider: PaymentProvider,
    private readonly mail: MailService,
    private readonly events: EventHub,
    private readonly recordError: ErrorRecorder,
  ) {}

  /** The customer's own appointment, ready to pay: completed, unpaid, with an amount. */
  private async payableForCustomer(viewer: SessionUser, appointmentId: string): Promise<AppointmentRow> {
    const appointment = await findActiveAppointment(this.db, appointmentId);
    if (!appointment || appointment.userId !== viewer.id) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
    if (appointment.paidAt) throw new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid);
    if (!canPayAppointment({ isCompleted: appointment.completedAt !== null, isPaid: false })) {
      throw new HttpError(409, 'NOT_COMPLETED', APPOINTMENT_TEXTS.payNotAllowedBody);
    }
    if (appointment.amountCents <= 0) throw new HttpError(409, 'AMOUNT_NOT_SET', PAYMENT_TEXTS.amountNotSet);
    return appointment;
  }

  async checkout(viewer: SessionUser, appointmentId: string): Promise<Checkout> {
    const appointment = await this.payableForCustomer(viewer, appointmentId);
    return {
      appointmentId,
      amountCents: appointment.amountCents,
      startsAt: appointment.startsAt.toISOString(),
      provider: this.provider.kind,
    };
  }

  async createCustomerOrder(viewer: SessionUser, appointmentId: string): Promise<{ orderId: string }> {
    const appointment = await this.payableForCustomer(viewer, appointmentId);
    return this.createOrder({ viewer, role: 'customer' }, appointment, appointment.amountCents, viewer.email);
  }

  async createAdminOrder(admin: SessionUser, appointmentId: string, amountDollars: number): Promise<{ orderId: string }> {
    const appointment = await findActiveAppointment(this.db, appointmentId);
    if (!appointment) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
    if (appointment.paidAt) throw new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid);
    const owner = await findUserById(this.db, appointment.userId);
    return this.createOrder({ viewer: admin, role: 'admin' }, appointment, amountDollars * 100, owner?.email ?? '');
  }

  private async createOrder(payer: Payer, appointment: AppointmentRow, amountCents: number, customerEmail: string) {
    try {
      const { orderId } = await this.provider.createOrder({
        appointmentId: appointment.id,
        description: `${customerEmail}#${appointment.id}`,
        amountCents,
      });
      await insertPaymentOrder(this.db, {
        orderId,
        provider: this.provider.kind,
        appointmentId: appointment.id,
        amountCents,
        createdByUserId: payer.viewer.id,
        createdByRole: payer.role,
      });
      return { orderId };
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      await this.recordError({
        userId: payer.viewer.id,
        errorMessage: `Creating the payment order failed: ${error.message}`,
        appointmentIdentifier: appointment.id,
        componentName: payer.role === 'admin' ? 'AdminPayment' : 'MakePayment',
        source: 'server',
      });
      throw new HttpError(502, 'PAYMENT_FAILED', PAYMENT_TEXTS.paymentProcessError);
    }
  }

  async captureCustomerOrder(viewer: SessionUser, orderId: string): Promise<CaptureOutcome> {
    const order = await findPaymentOrder(this.db, orderId);
    if (order?.createdByRole !== 'customer' || order.createdByUserId !== viewer.id) {
      throw new HttpError(404, 'NOT_FOUND', 'That payment was not found.');
    }
    return this.capture({ viewer, role: 'customer' }, order);
  }

  async captureAdminOrder(admin: SessionUser, orderId: string): Promise<CaptureOutcome> {
    const order = await findPaymentOrder(this.db, orderId);
    if (order?.createdByRole !== 'admin') throw new HttpError(404, 'NOT_FOUND', 'That payment was not found.');
    return this.capture({ viewer: admin, role: 'admin' }, order);
  }

  private async failCapture(payer: Payer, order: PaymentOrderRow, message: string, declined: boolean): Promise<never> {
    await this.recordError({
      userId: payer.viewer.id,
      errorMessage: `Capturing payment order ${order.orderId} failed: ${message}`,
      appointmentIdentifier: order.appointmentId,
      componentName: payer.role === 'admin' ? 'AdminPayment' : 'MakePayment',
      source: 'server',
    });
    if (declined) throw new HttpError(402, 'PAYMENT_DECLINED', PAYMENT_TEXTS.declined);
    throw new HttpError(502, 'APPROVAL_FAILED', payer.role === 'admin' ? PAYMENT_TEXTS.adminApprovalError : PAYMENT_TEXTS.approvalError);
  }

  private async capture(payer: Payer, order: PaymentOrderRow): Promise<CaptureOutcome> {
    const existing = await findPaymentOfAppointment(this.db, order.appointmentId);
    if (existing) {
      // A replayed approval of the same order answers as the first did and records nothing new.
      if (existing.orderId === order.orderId) {
        return {
          appointmentId: order.appointmentId,
          payerName: existing.payerName,
          amountCents: existing.amountCents,
          captureId: existing.captureId ?? '',
        };
      }
      throw new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid);
    }

    let result: CaptureResult;
    try {
      result = await this.provider.captureOrder(order);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      if (error.kind !== 'already-captured') return this.failCapture(payer, order, error.message, error.kind === 'declined');
      try {
        result = await this.provider.getOrder(order);
      } catch (lookup) {
        return this.failCapture(payer, order, lookup instanceof Error ? lookup.message : String(lookup), false);
      }
    }

    const problems = [
      result.status !== 'COMPLETED' && `order status ${result.status}`,
      result.captureStatus !== 'COMPLETED' && `capture status ${result.captureStatus || 'missing'}`,
      valueToCents(result.amountValue) !== order.amountCents &&
        `amount ${result.amountValue} instead of ${(order.amountCents / 100).toFixed(2)}`,
      result.currency !== order.currency && `currency ${result.currency}`,
      result.customId !== order.appointmentId && `appointment ${result.customId || 'missing'}`,
    ].filter(Boolean);
    if (problems.length > 0)
      return this.failCapture(payer, order, `the capture did not verify: ${problems.join(', ')}`, result.captureStatus === 'DECLINED');

    const recorded = await this.db.transaction(async (tx) => {
      const appointment = await findActiveAppointment(tx, order.appointmentId, true);
      if (!appointment) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
      const owner = await findUserById(tx, appointment.userId);
      const payment = await insertPaymentOnce(tx, {
        appointmentId: order.appointmentId,
        provider: this.provider.kind,
        orderId: order.orderId,
        captureId: result.captureId,
        amountCents: order.amountCents,
        currency: order.currency,
        payerName: result.payerName,
        payerEmail: result.payerEmail,
        takenByUserId: payer.viewer.id,
        takenByRole: payer.role,
      });
      if (!payment) return undefined;
      const now = new Date();
      await updateAppointment(tx, order.appointmentId, {
        paidAt: now,
        amountCents: order.amountCents,
        ...(appointment.completedAt ? {} : { completedAt: now }),
      });
      if (owner) {
        const content = receiptContent({
          startsAt: appointment.startsAt,
          amountCents: order.amountCents,
          reference: result.captureId,
          homeUrl: `${this.config.publicUrl}/home`,
        });
        await this.mail.enqueue({ to: owner.email, ...renderEmail(content, this.config.support) }, tx);
      }
      await this.events.announce(tx, { kind: 'appointment', userId: appointment.userId, appointmentId: appointment.id });
      return payment;
    });
    this.mail.deliverSoon();
    const payment = recorded ?? (await findPaymentOfAppointment(this.db, order.appointmentId));
    if (!payment || payment.orderId !== order.orderId) throw new HttpError(409, 'ALREADY_PAID', PAYMENT_TEXTS.alreadyPaid);
    const owner = await findActiveAppointment(this.db, order.appointmentId);
    const profile = owner ? await findProfileOf(this.db, owner.userId) : undefined;
    const payerName = payment.payerName || profile?.firstName || 'customer';
    return { appointmentId: order.appointmentId, payerName, amountCents: payment.amountCents, captureId: payment.captureId ?? '' };
  }
}
