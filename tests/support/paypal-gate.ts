import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type GateHold = 'capture' | 'refund';

const HELD_PATHS: Record<GateHold, RegExp> = {
  capture: /^\/v2\/checkout\/orders\/[^/]+\/capture$/,
  refund: /^\/v2\/payments\/captures\/[^/]+\/refund$/,
};

/**
 * A pass-through in front of the PayPal stand-in (or any HTTP API) that can hold one call: armed with `hold`, the
 * next capture or refund is passed on to PayPal, which acts on it, but its answer is kept back, so the server that
 * asked is caught between PayPal's action and its own record of it. What a crash test needs to kill a server at
 * exactly that moment, deterministically.
 */
export async function startPayPalGate(target: string) {
  let armed: { kind: GateHold; caught: (path: string) => void } | undefined;
  const heldAnswers = new Set<ServerResponse>();
  /** Every call the gate held, in order: what PayPal did and nobody heard of. */
  const held: Array<{ kind: GateHold; path: string; requestId: string }> = [];

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '';
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type', 'accept', 'paypal-request-id']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    let status: number;
    let contentType: string;
    let body: string;
    try {
      const answer = await fetch(`${target}${path}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks),
      });
      status = answer.status;
      contentType = answer.headers.get('content-type') ?? 'application/json';
      body = await answer.text();
    } catch {
      res.destroy();
      return;
    }
    const catching = armed;
    if (req.method === 'POST' && catching && HELD_PATHS[catching.kind].test(path)) {
      // PayPal has acted; the caller never hears of it (until its process dies and the socket closes).
      armed = undefined;
      heldAnswers.add(res);
      res.on('close', () => heldAnswers.delete(res));
      held.push({ kind: catching.kind, path, requestId: headers['paypal-request-id'] ?? '' });
      catching.caught(path);
      return;
    }
    res.writeHead(status, { 'content-type': contentType });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    held,
    /**
     * Holds the answer to the next capture or refund; resolves with its path once PayPal has acted on it and the
     * server that asked is waiting for the answer.
     */
    hold(kind: GateHold): Promise<string> {
      return new Promise<string>((resolve) => {
        armed = { kind, caught: resolve };
      });
    },
    /** Stops holding: an armed hold that caught nothing is dropped, and every held answer is cut off. */
    release() {
      armed = undefined;
      for (const res of heldAnswers) res.destroy();
      heldAnswers.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        armed = undefined;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PayPalGate = Awaited<ReturnType<typeof startPayPalGate>>;
