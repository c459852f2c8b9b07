import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { realClock } from './clock.ts';

describe('the real clock', () => {
  it('waits as long as it is asked', async () => {
    const started = performance.now();
    await realClock.sleep(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
  });

  it('ends a wait when its signal aborts, and refuses one whose signal already has', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const waiting = realClock.sleep(60_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(performance.now() - started).toBeLessThan(5_000);
    await expect(realClock.sleep(60_000, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
