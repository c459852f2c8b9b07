import { describe, expect, it } from 'vitest';
import { runCrashScenario } from '../support/crash-scenario.ts';
import { createTestDatabase, requirePostgres } from '../support/database.ts';

requirePostgres();

describe('crashes on PostgreSQL', () => {
  it('keeps every acknowledged booking and payment exactly once, and nothing half-done, across repeated SIGKILLs', async () => {
    const database = await createTestDatabase();
    try {
      const summary = await runCrashScenario({ databaseUrl: database.url });
      if (process.env.CRASH_REPORT) process.stdout.write(`${JSON.stringify(summary)}\n`);
      expect(summary.kills).toBe(5);
    } finally {
      await database.destroy();
    }
  }, 90_000);
});
