import { randomUUID } from 'node:crypto';

/** What a capture said, reduced to what we verify and record. */
export type CaptureResult = {
  orderId: string;
  /** The order's status, and the capture's: both must be COMPLETED for a payment to count. */
  status: string;
  captureStatus: string;
  captureId: string;
  amountValue: string;
  currency: string;
  customId: string;
  payerName: string;
  payerEmail: string;
};

export type OrderRequest = { appointmentId: string; description: string; amountCents: number };

/**
 * A failure the provider reported: `declined` when the payer's instrument was refused, `not-found` when the provider
 * does not know the order or capture (an order that expired uncaptured).
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'declined' | 'already-captured' | 'already-refunded' | 'unavailable' | 'invalid' | 'not-found',
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** The order as we stored it when it was created. */
export type StoredOrder = { orderId: string; appointmentId: string; amountCents: number };

/** A whole-amount refund of one capture; `requestId` makes a repeated request return the first one's refund. */
export type RefundRequest = { captureId: string; amountCents: number; requestId: string };
export type RefundResult = { refundId: string; status: string };

export interface PaymentProvider {
  readonly kind: 'paypal' | 'sandbox';
  /** Whether what it captures is no money: the test mode, or PayPal's sandbox. Each such payment is stored as TEST. */
  readonly isTest: boolean;
  createOrder(request: OrderRequest): Promise<{ orderId: string }>;
  /**
   * Captures the order. The provider captures an order at most once (a second capture is refused as "already
   * captured"); `requestId` names one attempt, so that a request repeated on the wire is answered, not redone.
   */
  captureOrder(order: StoredOrder, requestId: string): Promise<CaptureResult>;
  /** The order as it stands: after an "already captured" answer, or when a capture's outcome is unknown. */
  getOrder(order: StoredOrder): Promise<CaptureResult>;
  refundCapture(request: RefundRequest): Promise<RefundResult>;
  /** A refund as it stands: one the provider answered PENDING is looked up until it is COMPLETED, FAILED or CANCELLED. */
  getRefund(refundId: string): Promise<RefundResult>;
}

export function centsToValue(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function valueToCents(value: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return Number.NaN;
  return Math.round(Number(value) * 100);
}

/**
 * Test mode, when PayPal is not configured: the same create, approve, capture and verify steps on the server,
 * every capture completing. It keeps nothing itself: the order it is given is the one we stored.
 */
export class SandboxProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;
  readonly isTest = true;

  async createOrder(_request: OrderRequest) {
    return { orderId: `SANDBOX-${randomUUID()}` };
  }

  async captureOrder(order: StoredOrder, _requestId?: string): Promise<CaptureResult> {
    return {
      orderId: order.orderId,
      status: 'COMPLETED',
      captureStatus: 'COMPLETED',
      captureId: `SANDBOX-CAPTURE-${order.orderId.slice('SANDBOX-'.length)}`,
      amountValue: centsToValue(order.amountCents),
      currency: 'USD',
      customId: order.appointmentId,
      payerName: '',
      payerEmail: '',
    };
  }

  async getOrder(order: StoredOrder): Promise<CaptureResult> {
    return this.captureOrder(order);
  }

  async refundCapture(request: RefundRequest): Promise<RefundResult> {
    return { refundId: `SANDBOX-REFUND-${request.captureId.slice('SANDBOX-CAPTURE-'.length)}`, status: 'COMPLETED' };
  }

  async getRefund(refundId: string): Promise<RefundResult> {
    return { refundId, status: 'COMPLETED' };
  }
}

// Whether a payment is TEST, no money: a rule the back office's lists apply too, so it lives in src/shared.
export { isTestPayment } from '../../../shared/payments.ts';
