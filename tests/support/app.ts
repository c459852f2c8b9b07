import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../../src/server/app.ts';
import { testConfig } from './config.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export type TestApp = { app: FastifyInstance; database: TestDatabase; close(): Promise<void> };

/**
 * The real application on a fresh database, driven with inject(). It waits out sign-in delays on the real clock
 * unless given a `clock` (tests/support/test-clock.ts).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { ready?: boolean } & Pick<AppDependencies, 'chatTimeoutMs' | 'clock' | 'logger' | 'paypalTimeoutMs'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(env),
    db: database.db,
    listen: database.listen,
    logger: options.logger ?? false,
    chatTimeoutMs: options.chatTimeoutMs,
    paypalTimeoutMs: options.paypalTimeoutMs,
    clock: options.clock,
  });
  if (options.ready !== false) await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}
