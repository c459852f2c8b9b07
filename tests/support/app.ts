import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type AppDependencies, buildApp } from '../../src/server/app.ts';
import { testConfig } from './config.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { CHEAP_PASSWORD_HASHING } from './password-hashing.ts';

export type TestApp = { app: FastifyInstance; database: TestDatabase; close(): Promise<void> };

/**
 * The real application on a fresh database, driven with inject(). It serves the integration tests' stand-in for the
 * built browser app (tests/support/web-fixture.ts) in the integration project, the real build (dist/web) elsewhere,
 * or `webRoot`; and waits out sign-in delays on the real clock unless given a `clock` (tests/support/test-clock.ts).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { ready?: boolean; passwordHashing?: 'cheap' | 'production' } & Pick<
    AppDependencies,
    'chatTimeoutMs' | 'clock' | 'logger' | 'onRoute' | 'paypalTimeoutMs' | 'texts' | 'webRoot'
  > = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(env),
    db: database.db,
    listen: database.listen,
    logger: options.logger ?? false,
    chatTimeoutMs: options.chatTimeoutMs,
    paypalTimeoutMs: options.paypalTimeoutMs,
    texts: options.texts,
    clock: options.clock,
    onRoute: options.onRoute,
    webRoot: options.webRoot ?? (inject('testWebRoot') || undefined),
    // A cheaper scrypt unless the test is about the hashing itself (tests/support/password-hashing.ts).
    passwordHashing: options.passwordHashing === 'production' ? undefined : CHEAP_PASSWORD_HASHING,
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
