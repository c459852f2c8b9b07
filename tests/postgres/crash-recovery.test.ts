import { describe, expect, it } from 'vitest';
import { runCrashScenario } from '../support/crash-scenario.ts';
import { createTestDatabase, requirePostgres } from '../support/database.ts';

requirePostgres();

describe('crashes on PostgreSQL', () => {
  it('keeps every acknowledged booking, payment and refund exactly once, and nothing half-done, across repeated SIGKILLs', async () => {
    const database = await createTestDatabase();
    try {
      // Test-mode payments: a refund is held inside the server on the job's row lock when the kill lands.
      const summary = await runCrashScenario({ databaseUrl: database.url, payments: 'test-mode' });
      if (process.env.CRASH_REPORT) process.stdout.write(`${JSON.stringify(summary)}\n`);
      expect(summary.kills).toBe(6);
      // At least one refund request was in flight when its server was killed, and was completed by issuing it again.
      expect(summary.interruptedRefunds).toBeGreaterThan(0);
      expect(summary.reissuedRefunds).toBeGreaterThan(0);
    } finally {
      await database.destroy();
    }
  }, 150_000);
});
