import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type CaptureBehaviour =
  | 'complete'
  | 'declined'
  | 'server-error'
  | 'timeout'
  | 'already-captured'
  | 'wrong-amount'
  | 'malformed'
  /** Captures, then answers only after `slowMs` (the test can act meanwhile). */
  | 'slow'
  /** Captures, then answers 503 as if the answer were lost on the way. */
  | 'captured-then-lost'
  /** Takes the money but holds the capture PENDING (PayPal's review, an eCheck) until `finishPending`. */
  | 'pending';

export type RefundBehaviour = 'complete' | 'pending' | 'server-error';

type Refund = { id: string; status: string; captureId: string; amount: { currency_code: string; value: string } };

type Order = {
  id: string;
  status: 'CREATED' | 'COMPLETED';
  request: {
    intent: string;
    purchase_units: Array<{ custom_id: string; description: string; amount: { currency_code: string; value: string } }>;
  };
  capture?: { id: string; status: string; amount: { currency_code: string; value: string }; custom_id: string };
};

/**
 * A stand-in for PayPal's REST API on 127.0.0.1, following the shapes of OAuth 2 client credentials and
 * Orders v2 (create, capture, get), with the errors a real integration meets.
 */
export async function startPayPalStandIn(credentials = { clientId: 'test-client', clientSecret: 'test-secret' }) {
  const orders = new Map<string, Order>();
  const requests: Array<{ method: string; path: string; body: unknown; headers: IncomingMessage['headers'] }> = [];
  const tokens = new Set<string>();
  let nextCapture: CaptureBehaviour[] = [];
  let nextRefund: RefundBehaviour[] = [];
  let slowMs = 300;
  /** Every capture that took money, and every refund that gave it back: what a test counts. */
  const captures: Array<{ orderId: string; captureId: string; value: string }> = [];
  const refunds = new Map<string, Refund>();
  /** PayPal-Request-Id → the answer first given, replayed for the same id (PayPal's idempotency). */
  const answered = new Map<string, { status: number; body: unknown }>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const unprocessable = (res: ServerResponse, issue: string, description: string) =>
    send(res, 422, {
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
      debug_id: randomUUID().slice(0, 13),
      details: [{ issue, description }],
    });
  const orderView = (order: Order) => ({
    id: order.id,
    status: order.status,
    payer: { name: { given_name: 'Mary', surname: 'Smith' }, email_address: 'mary.buyer@example.com', payer_id: 'PAYER123' },
    purchase_units: [
      {
        reference_id: order.request.purchase_units[0]?.custom_id,
        custom_id: order.request.purchase_units[0]?.custom_id,
        payments: order.capture ? { captures: [order.capture] } : undefined,
      },
    ],
  });

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = req.url ?? '';
    let body: unknown = raw;
    if (req.headers['content-type']?.includes('json') && raw) body = JSON.parse(raw);
    requests.push({ method: req.method ?? '', path, body, headers: req.headers });

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || raw !== 'grant_type=client_credentials') {
        return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const token = `A21AA${randomUUID().replaceAll('-', '')}`;
      tokens.add(token);
      return send(res, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-1',
        expires_in: 32400,
        nonce: 'n',
      });
    }
    if (!tokens.has(String(req.headers.authorization).replace(/^Bearer /, ''))) {
      return send(res, 401, {
        name: 'AUTHENTICATION_FAILURE',
        message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      });
    }

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const request = body as Order['request'];
      const unit = request.purchase_units?.[0];
      if (request.intent !== 'CAPTURE' || !unit || !/^\d+\.\d{2}$/.test(unit.amount?.value ?? '')) {
        return send(res, 400, {
          name: 'INVALID_REQUEST',
          message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
          details: [{ issue: 'INVALID_PARAMETER_VALUE' }],
        });
      }
      const order: Order = { id: randomUUID().replaceAll('-', '').slice(0, 17).toUpperCase(), status: 'CREATED', request };
      orders.set(order.id, order);
      return send(res, 201, {
        id: order.id,
        status: 'CREATED',
        links: [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' }],
      });
    }

    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) {
      const order = orders.get(decodeURIComponent(capture[1] ?? ''));
      if (!order) return send(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      const behaviour = nextCapture.shift() ?? 'complete';
      if (behaviour === 'timeout') return; // never answers
      if (behaviour === 'server-error')
        return send(res, 503, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.' });
      if (behaviour === 'malformed') return send(res, 201, '<html>not json</html>');
      if (behaviour === 'declined')
        return unprocessable(
          res,
          'INSTRUMENT_DECLINED',
          "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
        );
      const unit = order.request.purchase_units[0];
      if (order.capture || behaviour === 'already-captured') {
        if (order.capture && req.headers['paypal-request-id'] && answered.has(String(req.headers['paypal-request-id']))) {
          const first = answered.get(String(req.headers['paypal-request-id']));
          return send(res, first?.status ?? 201, first?.body);
        }
        if (!order.capture) {
          order.status = 'COMPLETED';
          order.capture = {
            id: `CAP${randomUUID().slice(0, 12)}`,
            status: 'COMPLETED',
            amount: unit?.amount ?? { currency_code: 'USD', value: '0.00' },
            custom_id: unit?.custom_id ?? '',
          };
          captures.push({ orderId: order.id, captureId: order.capture.id, value: order.capture.amount.value });
        }
        return unprocessable(
          res,
          'ORDER_ALREADY_CAPTURED',
          "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.",
        );
      }
      order.status = 'COMPLETED';
      const value = behaviour === 'wrong-amount' ? '1.00' : (unit?.amount.value ?? '0.00');
      order.capture = {
        id: `CAP${randomUUID().replaceAll('-', '').slice(0, 14).toUpperCase()}`,
        status: behaviour === 'pending' ? 'PENDING' : 'COMPLETED',
        amount: { currency_code: 'USD', value },
        custom_id: unit?.custom_id ?? '',
      };
      captures.push({ orderId: order.id, captureId: order.capture.id, value });
      const view = orderView(order);
      if (req.headers['paypal-request-id']) answered.set(String(req.headers['paypal-request-id']), { status: 201, body: view });
      if (behaviour === 'captured-then-lost')
        return send(res, 503, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.' });
      if (behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, slowMs));
      return send(res, 201, view);
    }

    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (req.method === 'POST' && refund) {
      const captureId = decodeURIComponent(refund[1] ?? '');
      const requestId = String(req.headers['paypal-request-id'] ?? '');
      const first = requestId ? answered.get(requestId) : undefined;
      if (first) return send(res, first.status, first.body);
      const captured = [...orders.values()].find((order) => order.capture?.id === captureId)?.capture;
      if (!captured) return send(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      const behaviour = nextRefund.shift() ?? 'complete';
      if (behaviour === 'server-error')
        return send(res, 503, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error has occurred.' });
      if (captured.status === 'REFUNDED')
        return unprocessable(res, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
      captured.status = 'REFUNDED';
      const made: Refund = {
        id: `REF${randomUUID().replaceAll('-', '').slice(0, 14).toUpperCase()}`,
        status: behaviour === 'pending' ? 'PENDING' : 'COMPLETED',
        captureId,
        amount: captured.amount,
      };
      refunds.set(made.id, made);
      const body = { id: made.id, status: made.status, links: [] };
      if (requestId) answered.set(requestId, { status: 201, body });
      return send(res, 201, body);
    }

    const refundLookup = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && refundLookup) {
      const made = refunds.get(decodeURIComponent(refundLookup[1] ?? ''));
      if (!made) return send(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      return send(res, 200, made);
    }

    const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const order = orders.get(decodeURIComponent(get[1] ?? ''));
      if (!order) return send(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      return send(res, 200, orderView(order));
    }
    return send(res, 404, { name: 'NOT_FOUND' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    credentials,
    orders,
    requests,
    captures,
    refunds,
    /** What the next captures do, in order; afterwards captures complete. */
    behave(...behaviours: CaptureBehaviour[]) {
      nextCapture = behaviours;
    },
    /** What the next refunds do, in order; afterwards refunds complete. */
    behaveOnRefund(...behaviours: RefundBehaviour[]) {
      nextRefund = behaviours;
    },
    /** PayPal ends its review of a 'pending' capture: the money is taken for good, or it never was. */
    finishPending(orderId: string, status: 'COMPLETED' | 'DECLINED') {
      const capture = orders.get(orderId)?.capture;
      if (capture?.status !== 'PENDING') throw new Error(`order ${orderId} has no pending capture`);
      capture.status = status;
      if (status === 'DECLINED')
        captures.splice(
          captures.findIndex((entry) => entry.captureId === capture.id),
          1,
        );
    },
    /** PayPal ends a 'pending' refund: the money went back, or it never did. */
    finishRefund(refundId: string, status: 'COMPLETED' | 'FAILED') {
      const made = refunds.get(refundId);
      if (made?.status !== 'PENDING') throw new Error(`refund ${refundId} is not pending`);
      made.status = status;
      if (status === 'FAILED') {
        const captured = [...orders.values()].find((order) => order.capture?.id === made.captureId)?.capture;
        if (captured) captured.status = 'COMPLETED';
      }
    },
    /** How long a 'slow' capture waits before it answers. */
    setSlowMs(ms: number) {
      slowMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The configuration that points the server at a stand-in, playing PayPal's live environment (its payments are money);
 * a test of PayPal's sandbox, whose payments are TEST, adds PAYPAL_ENV=sandbox.
 */
export function payPalEnv(standIn: { url: string; credentials: { clientId: string; clientSecret: string } }): Record<string, string> {
  return {
    PAYPAL_CLIENT_ID: standIn.credentials.clientId,
    PAYPAL_CLIENT_SECRET: standIn.credentials.clientSecret,
    PAYPAL_ENV: 'live',
    PAYPAL_API_URL: standIn.url,
  };
}
