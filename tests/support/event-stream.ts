import { type ChangeEvent, RESYNC_EVENT } from '../../src/shared/events.ts';

export type StreamReader = {
  events: ChangeEvent[];
  /** How many times the server told this stream to refetch everything (RESYNC_EVENT). */
  readonly resyncs: number;
  ready: Promise<void>;
  waitFor(predicate: (event: ChangeEvent) => boolean, timeoutMs?: number): Promise<ChangeEvent>;
  /** Resolves with the milliseconds from this call until the server ended the stream; rejects after `timeoutMs`. */
  waitForServerClose(timeoutMs?: number): Promise<number>;
  /** Whether the server has ended the stream (not close()). */
  readonly endedByServer: boolean;
  close(): void;
};

/** Reads a Server-Sent Events stream from /api/events the way a browser's EventSource would. */
export function openEventStream(baseUrl: string, cookie: string): StreamReader {
  const controller = new AbortController();
  const events: ChangeEvent[] = [];
  const listeners = new Set<() => void>();
  let endedByServer = false;
  let resyncs = 0;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  let markEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  void (async () => {
    try {
      const response = await fetch(`${baseUrl}/api/events`, {
        headers: { cookie, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!response.body) return;
      const decoder = new TextDecoder();
      let buffer = '';
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (name === 'ready') markReady();
          if (name === RESYNC_EVENT) resyncs++;
          if (name === 'change' && data) {
            events.push(JSON.parse(data) as ChangeEvent);
            for (const listener of listeners) listener();
          }
          boundary = buffer.indexOf('\n\n');
        }
      }
      endedByServer = true;
      markEnded();
    } catch {
      // Aborted by close().
    }
  })();
  return {
    events,
    ready,
    waitFor(predicate, timeoutMs = 1000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (found) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    waitForServerClose(timeoutMs = 5000) {
      const started = Date.now();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the server did not end the stream within ${timeoutMs} ms`)), timeoutMs);
        void ended.then(() => {
          clearTimeout(timer);
          resolve(Date.now() - started);
        });
      });
    },
    get resyncs() {
      return resyncs;
    },
    get endedByServer() {
      return endedByServer;
    },
    close: () => controller.abort(),
  };
}
