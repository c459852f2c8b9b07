import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_AFTER_MS, RESYNC_EVENT } from '../../shared/events.ts';
import { connectLiveUpdates, EVENTS_PATH, type LiveSignal, liveState, subscribeLiveUpdates } from './live-updates.ts';
import { clearSession, setSession, whileEndingSession } from './session.ts';

/** Just enough of the browser's EventSource to drive the client by hand. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  fire(type: string, data = '{}') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data } as MessageEvent);
  }
  static latest(): FakeEventSource {
    const latest = FakeEventSource.instances.at(-1);
    if (!latest) throw new Error('no EventSource was opened');
    return latest;
  }
}

describe('the live-update connection', () => {
  let release: (() => void) | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    // The live updates are for a signed-in customer.
    setSession({ user: { id: 'u1', email: 'ana@example.com', emailVerified: true, isAdmin: false }, profile: null });
  });
  afterEach(() => {
    release?.();
    release = undefined;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is Unknown until the server speaks, Online while it does, Offline after 10 s of silence, then reconnects', () => {
    const signals: LiveSignal[] = [];
    const unsubscribe = subscribeLiveUpdates((signal) => signals.push(signal));
    release = connectLiveUpdates();
    const first = FakeEventSource.latest();
    expect(first.url).toBe(EVENTS_PATH);
    expect(liveState()).toBe('Unknown');

    first.fire('open');
    first.fire('ready');
    expect(liveState()).toBe('Online');
    expect(signals).toEqual([]);

    vi.advanceTimersByTime(OFFLINE_AFTER_MS - 100);
    first.fire('heartbeat');
    vi.advanceTimersByTime(OFFLINE_AFTER_MS - 100);
    expect(liveState()).toBe('Online');
    vi.advanceTimersByTime(100);
    expect(liveState()).toBe('Offline');
    expect(first.closed).toBe(true);

    vi.advanceTimersByTime(1000);
    const second = FakeEventSource.latest();
    expect(second).not.toBe(first);
    second.fire('open');
    second.fire('ready');
    expect(liveState()).toBe('Online');
    expect(signals).toEqual([{ type: 'reconnected' }]);
    unsubscribe();
  });

  it('backs off 1 s, 1.5 s, 2.25 s between failed attempts and starts again at 1 s after a successful open', () => {
    release = connectLiveUpdates();
    const waitBeforeNextAttempt = () => {
      const count = FakeEventSource.instances.length;
      FakeEventSource.latest().fire('error');
      let waited = 0;
      while (FakeEventSource.instances.length === count) {
        vi.advanceTimersByTime(50);
        waited += 50;
      }
      return waited;
    };
    expect([waitBeforeNextAttempt(), waitBeforeNextAttempt(), waitBeforeNextAttempt()]).toEqual([1000, 1500, 2250]);
    FakeEventSource.latest().fire('open');
    expect(waitBeforeNextAttempt()).toBe(1000);
  });

  it('does not reconnect while a flow that ends the session runs (the server would refuse), and does once it has failed', async () => {
    release = connectLiveUpdates();
    FakeEventSource.latest().fire('open');
    let failFlow: (error: Error) => void = () => {};
    // An e-mail change: the server ends the session and closes the stream; the screen still shows its dialog.
    const flow = whileEndingSession(() => new Promise<void>((_resolve, reject) => (failFlow = reject)));
    FakeEventSource.latest().fire('error');
    const opened = FakeEventSource.instances.length;
    vi.advanceTimersByTime(30_000);
    expect(FakeEventSource.instances).toHaveLength(opened);
    // The server refused the change after all: the session goes on, and so does the connection.
    failFlow(new Error('refused'));
    await expect(flow).rejects.toThrow('refused');
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances.length).toBeGreaterThan(opened);
  });

  it('closes the stream as soon as a flow that ends the session begins, so that no connection on its way is refused', async () => {
    release = connectLiveUpdates();
    const connecting = FakeEventSource.latest();
    // Reset Password from /account, clicked while the stream was still connecting.
    let finish: () => void = () => {};
    const flow = whileEndingSession(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(connecting.closed).toBe(true);
    vi.advanceTimersByTime(30_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    finish();
    await flow;
  });

  it('does not open a new connection once the session has ended, even while a screen still holds it', async () => {
    release = connectLiveUpdates();
    FakeEventSource.latest().fire('open');
    // Reset Password from /account: the flow ends the session, then the screen leaves.
    await whileEndingSession(async () => {
      clearSession();
    });
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('passes each change on, shares one connection, and closes it with the last user', () => {
    const signals: LiveSignal[] = [];
    const unsubscribe = subscribeLiveUpdates((signal) => signals.push(signal));
    const releaseFirst = connectLiveUpdates();
    const releaseSecond = connectLiveUpdates();
    expect(FakeEventSource.instances).toHaveLength(1);
    const stream = FakeEventSource.latest();
    stream.fire('ready');
    stream.fire('change', JSON.stringify({ kind: 'appointment', userId: 'u1', appointmentId: 'a1' }));
    expect(signals).toEqual([{ type: 'change', event: { kind: 'appointment', userId: 'u1', appointmentId: 'a1' } }]);

    releaseFirst();
    releaseFirst();
    expect(stream.closed).toBe(false);
    releaseSecond();
    expect(stream.closed).toBe(true);
    expect(liveState()).toBe('Unknown');
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    unsubscribe();
  });

  it("refetches everything when the server says it missed changes (its database connection came back): 'resync'", () => {
    const signals: LiveSignal[] = [];
    const unsubscribe = subscribeLiveUpdates((signal) => signals.push(signal));
    release = connectLiveUpdates();
    const stream = FakeEventSource.latest();
    stream.fire('ready');
    expect(signals).toEqual([]);
    stream.fire(RESYNC_EVENT);
    expect(signals).toEqual([{ type: 'reconnected' }]);
    expect(FakeEventSource.instances, 'the same stream goes on').toHaveLength(1);
    unsubscribe();
  });
});
