import { describe, expect, it } from 'vitest';
import { runCrashScenario } from '../support/crash-scenario.ts';

describe('crashes on the embedded database', () => {
  it('keeps every acknowledged booking, payment and refund exactly once, and nothing half-done, across repeated SIGKILLs', async () => {
    // Against the PayPal stand-in, whose answers a gate can hold: a kill lands inside a refund and inside a capture.
    const summary = await runCrashScenario({ payments: 'paypal' });
    if (process.env.CRASH_REPORT) process.stdout.write(`${JSON.stringify(summary)}\n`);
    expect(summary.kills).toBe(6);
    // At least one refund request was in flight when its server was killed, and was completed by issuing it again.
    expect(summary.interruptedRefunds).toBeGreaterThan(0);
    expect(summary.reissuedRefunds).toBeGreaterThan(0);
    // The capture held at PayPal left its order claimed; it was finished after the restart, with one capture at PayPal.
    expect(summary.staleCaptures).toBeGreaterThan(0);
    expect(summary.provider?.refunds).toBe(summary.refundedStored);
  }, 180_000);
});
