import { describe, expect, it } from 'vitest';
import { runCrashScenario } from '../support/crash-scenario.ts';

describe('crashes on the embedded database', () => {
  it('keeps every acknowledged booking and payment exactly once, and nothing half-done, across repeated SIGKILLs', async () => {
    const summary = await runCrashScenario();
    if (process.env.CRASH_REPORT) process.stdout.write(`${JSON.stringify(summary)}\n`);
    expect(summary.kills).toBe(5);
  }, 90_000);
});
