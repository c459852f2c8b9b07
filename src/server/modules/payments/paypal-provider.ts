import { randomUUID } from 'node:crypto';
import {
  type CaptureResult,
  centsToValue,
  type OrderRequest,
  type PaymentProvider,
  PaymentProviderError,
  type RefundRequest,
  type RefundResult,
  type StoredOrder,
} from './payment-provider.ts';

/** `env`: PayPal's live environment takes money; its sandbox (the default) takes none, and its payments are TEST. */
export type PayPalOptions = { clientId: string; clientSecret: string; apiUrl: string; env?: 'sandbox' | 'live'; timeoutMs?: number };

type PayPalErrorBody = { name?: string; message?: string; details?: Array<{ issue?: string; description?: string }>; debug_id?: string };

type PayPalOrder = {
  id: string;
  status: string;
  payer?: { name?: { given_name?: string; surname?: string }; email_address?: string };
  purchase_units?: Array<{
    custom_id?: string;
    payments?: { captures?: Array<{ id: string; status: string; amount: { currency_code: string; value: string }; custom_id?: string }> };
  }>;
};

/** PayPal's Orders v2 REST API, called from the server with an OAuth token of the business's app. */
export class PayPalProvider implements PaymentProvider {
  readonly kind = 'paypal' as const;
  readonly isTest: boolean;
  private token: { value: string; expiresAt: number } | undefined;

  constructor(private readonly options: PayPalOptions) {
    this.isTest = options.env !== 'live';
  }

  private async fetchJson(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${this.options.apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000) });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new PaymentProviderError(
        timedOut ? 'PayPal did not answer in time.' : `PayPal could not be reached: ${(error as Error).message}`,
        'unavailable',
      );
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      throw new PaymentProviderError(`PayPal answered ${response.status} with something that is not JSON.`, 'unavailable');
    }
    return { status: response.status, body };
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const credentials = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const { status, body } = await this.fetchJson('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${credentials}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    const token = body as { access_token?: string; expires_in?: number } | undefined;
    if (status !== 200 || !token?.access_token) {
      throw new PaymentProviderError(`PayPal refused our credentials (${status}).`, status >= 500 ? 'unavailable' : 'invalid');
    }
    this.token = { value: token.access_token, expiresAt: Date.now() + (token.expires_in ?? 300) * 1000 };
    return token.access_token;
  }

  /**
   * One REST call. A POST carries a PayPal-Request-Id: the caller's for a capture or a refund (the same one on a
   * retry, so PayPal answers with the first outcome instead of acting twice), a fresh one otherwise.
   */
  private async call<T = PayPalOrder>(path: string, method: 'GET' | 'POST', payload?: object, requestId?: string): Promise<T> {
    const token = await this.accessToken();
    const { status, body } = await this.fetchJson(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(method === 'POST' ? { 'content-type': 'application/json', 'paypal-request-id': requestId ?? randomUUID() } : {}),
      },
      body: method === 'POST' ? JSON.stringify(payload ?? {}) : undefined,
    });
    if (status >= 200 && status < 300) return body as T;
    if (status === 401) this.token = undefined;
    const error = (body ?? {}) as PayPalErrorBody;
    const issue = error.details?.[0]?.issue ?? error.name ?? 'UNKNOWN';
    const message = `PayPal ${status} ${issue}: ${error.details?.[0]?.description ?? error.message ?? 'no description'}${error.debug_id ? ` (debug id ${error.debug_id})` : ''}`;
    if (issue === 'INSTRUMENT_DECLINED') throw new PaymentProviderError(message, 'declined');
    if (issue === 'ORDER_ALREADY_CAPTURED') throw new PaymentProviderError(message, 'already-captured');
    if (issue === 'CAPTURE_FULLY_REFUNDED' || issue === 'CAPTURED_AMOUNT_FULLY_REFUNDED') {
      throw new PaymentProviderError(message, 'already-refunded');
    }
    // The order or capture named in the path does not exist (an order that expired uncaptured, or another account's).
    if (status === 404 && error.name === 'RESOURCE_NOT_FOUND') throw new PaymentProviderError(message, 'not-found');
    throw new PaymentProviderError(message, status >= 500 ? 'unavailable' : 'invalid');
  }

  async createOrder(request: OrderRequest) {
    const order = await this.call('/v2/checkout/orders', 'POST', {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: request.appointmentId,
          custom_id: request.appointmentId,
          description: request.description.slice(0, 127),
          amount: { currency_code: 'USD', value: centsToValue(request.amountCents) },
        },
      ],
    });
    if (!order.id) throw new PaymentProviderError('PayPal created no order id.', 'unavailable');
    return { orderId: order.id };
  }

  async captureOrder(order: StoredOrder, requestId: string): Promise<CaptureResult> {
    const path = `/v2/checkout/orders/${encodeURIComponent(order.orderId)}/capture`;
    return this.result(await this.call(path, 'POST', {}, requestId));
  }

  /** Payments v2: a refund of the whole capture (an empty body), PayPal-Request-Id keeping it to one. */
  async refundCapture(request: RefundRequest): Promise<RefundResult> {
    const path = `/v2/payments/captures/${encodeURIComponent(request.captureId)}/refund`;
    const refund = await this.call<{ id?: string; status?: string }>(path, 'POST', {}, request.requestId);
    if (!refund.id) throw new PaymentProviderError('PayPal answered the refund without a refund id.', 'unavailable');
    if (refund.status !== 'COMPLETED' && refund.status !== 'PENDING') {
      throw new PaymentProviderError(`PayPal's refund ${refund.id} is ${refund.status ?? 'without a status'}.`, 'invalid');
    }
    return { refundId: refund.id, status: refund.status };
  }

  /** Payments v2: a refund by its id, as it stands now. */
  async getRefund(refundId: string): Promise<RefundResult> {
    const refund = await this.call<{ id?: string; status?: string }>(`/v2/payments/refunds/${encodeURIComponent(refundId)}`, 'GET');
    if (!refund.id || !refund.status)
      throw new PaymentProviderError(`PayPal answered refund ${refundId} without its status.`, 'unavailable');
    return { refundId: refund.id, status: refund.status };
  }

  async getOrder(order: StoredOrder): Promise<CaptureResult> {
    return this.result(await this.call(`/v2/checkout/orders/${encodeURIComponent(order.orderId)}`, 'GET'));
  }

  private result(order: PayPalOrder): CaptureResult {
    const unit = order.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    const name = [order.payer?.name?.given_name, order.payer?.name?.surname].filter(Boolean).join(' ');
    return {
      orderId: order.id,
      status: order.status,
      captureStatus: capture?.status ?? '',
      captureId: capture?.id ?? '',
      amountValue: capture?.amount.value ?? '',
      currency: capture?.amount.currency_code ?? '',
      customId: capture?.custom_id ?? unit?.custom_id ?? '',
      payerName: order.payer?.name?.given_name ?? name,
      payerEmail: order.payer?.email_address ?? '',
    };
  }
}
