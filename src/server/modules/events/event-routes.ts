import type { FastifyPluginAsync } from 'fastify';
import { type ChangeEvent, HEARTBEAT_MS, RECONNECT_INITIAL_MS, RESYNC_EVENT } from '../../../shared/events.ts';
import { requireVerifiedUser } from '../../plugins/session.ts';
import type { EventHub } from './event-hub.ts';

/**
 * An event's SSE frame as one HTTP/1.1 chunk (its size in hex, the frame, CRLF), encoded once however many streams
 * it goes to: the hub sends one object to all of them.
 */
const chunks = new WeakMap<ChangeEvent, Buffer>();
function chunkOf(event: ChangeEvent): Buffer {
  let chunk = chunks.get(event);
  if (chunk === undefined) {
    const frame = Buffer.from(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
    chunk = Buffer.concat([Buffer.from(`${frame.length.toString(16)}\r\n`), frame, Buffer.from('\r\n')]);
    chunks.set(event, chunk);
  }
  return chunk;
}

/** GET /api/events: the signed-in user's Server-Sent Events stream of changes they may see, while the session lasts. */
export const eventRoutes: FastifyPluginAsync<{ hub: EventHub }> = async (app, { hub }) => {
  const open = new Set<() => void>();
  // Streams never end by themselves: end them before the server closes, or closing would wait for them.
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  hub.watchSessions((sessionIds) => app.accounts.currentSessions(sessionIds));

  app.get('/api/events', { config: { access: 'verified', rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request, reply) => {
    const viewer = requireVerifiedUser(request);
    const sessionId = request.sessionId;
    if (!sessionId) throw new Error('a signed-in request without a session id');
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${RECONNECT_INITIAL_MS}\nevent: ready\ndata: {}\n\n`);
    const heartbeat = setInterval(() => raw.write(`event: heartbeat\ndata: {}\n\n`), HEARTBEAT_MS);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      if (!raw.writableEnded) raw.end();
    };
    const unsubscribe = hub.subscribe({
      viewer,
      sessionId,
      // Straight to the connection, as one buffer that is already a chunk of the response: a write through the
      // response object would frame it in three pieces and hold it until the tick ends, and with a thousand streams
      // open those writes are most of the time a change takes to reach the screens (docs/performance.md).
      send: (event) => {
        const chunk = chunkOf(event);
        if (raw.chunkedEncoding && raw.socket && !raw.writableEnded) raw.socket.write(chunk);
        else if (!raw.writableEnded) raw.write(chunk.subarray(chunk.indexOf('\r\n') + 2, chunk.length - 2));
      },
      resync: () => {
        if (!raw.writableEnded) raw.write(`event: ${RESYNC_EVENT}\ndata: {}\n\n`);
      },
      end,
    });
    open.add(end);
    request.raw.on('close', end);
  });
};
