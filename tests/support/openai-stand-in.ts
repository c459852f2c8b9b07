import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatBehaviour =
  | { kind: 'answer'; content: string }
  | { kind: 'status'; status: 429 | 500 | 401 }
  | { kind: 'malformed-json' }
  | { kind: 'no-choices' }
  | { kind: 'slow'; delayMs: number; content: string };

export type ChatCompletionRequest = {
  model: string;
  messages: { role: string; content: string }[];
  [key: string]: unknown;
};

const ERROR_BODIES: Record<number, { message: string; type: string; code: string | null }> = {
  401: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
  429: { message: 'Rate limit reached for requests. Please try again in 20s.', type: 'requests', code: 'rate_limit_exceeded' },
  500: { message: 'The server had an error while processing your request. Sorry about that!', type: 'server_error', code: null },
};

/**
 * A stand-in for an OpenAI-compatible Chat Completions server on 127.0.0.1 (POST /v1/chat/completions), answering
 * in the documented shape or failing as real servers do: 429 with retry-after, 500, a reply that is not JSON, a
 * reply with no choices, an answer that arrives too late. Behaviours are used in order, then it answers normally.
 */
export async function startOpenAIStandIn(apiKey = 'sk-test-key') {
  const requests: { headers: IncomingHttpHeaders; body: ChatCompletionRequest }[] = [];
  /** Slow answers whose caller hung up before they were sent. */
  const abandoned: ChatCompletionRequest[] = [];
  const queue: ChatBehaviour[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const completion = (model: string, content: string) => ({
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  });

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      return sendJson(res, 404, {
        error: { message: `Unknown request URL: ${req.method} ${req.url}`, type: 'invalid_request_error', code: 'unknown_url' },
      });
    }
    if (req.headers.authorization !== `Bearer ${apiKey}`) return sendJson(res, 401, { error: ERROR_BODIES[401] });
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatCompletionRequest;
    requests.push({ headers: req.headers, body });

    const behaviour = queue.shift() ?? { kind: 'answer', content: 'Happy to help!' };
    switch (behaviour.kind) {
      case 'answer':
        return sendJson(res, 200, completion(body.model, behaviour.content));
      case 'status':
        return sendJson(
          res,
          behaviour.status,
          { error: ERROR_BODIES[behaviour.status] },
          behaviour.status === 429 ? { 'retry-after': '0' } : {},
        );
      case 'malformed-json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"id":"chatcmpl-1","choices":[{"message":');
      case 'no-choices':
        return sendJson(res, 200, { id: 'chatcmpl-2', object: 'chat.completion', created: 0, model: body.model, choices: [] });
      case 'slow': {
        const timer = setTimeout(() => sendJson(res, 200, completion(body.model, behaviour.content)), behaviour.delayMs);
        res.on('close', () => {
          if (!res.writableFinished) abandoned.push(body);
          clearTimeout(timer);
        });
        return;
      }
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    abandoned,
    /** The next requests behave like this, in order. */
    enqueue(...behaviours: ChatBehaviour[]) {
      queue.push(...behaviours);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
