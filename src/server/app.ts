import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { errorLogRoutes } from './modules/error-log/error-log-routes.ts';
import { createErrorRecorder } from './modules/error-log/error-log-service.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { maintenancePlugin } from './plugins/maintenance.ts';
import { securityPlugin } from './plugins/security.ts';
import { spaPlugin } from './plugins/spa.ts';

// src/server/app.ts and dist/server/app.js sit at the same depth, so this names dist/web from both.
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../dist/web/', import.meta.url));

/** Largest JSON body any route accepts unless it declares its own, smaller, limit. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export type AppDependencies = {
  config: Config;
  db: Database;
  webRoot?: string;
  /** Pino logger options, or false for silence in tests. */
  logger?: boolean | object;
};

/** Builds the whole application without listening, so tests can drive it with inject(). */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    trustProxy: deps.config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    disableRequestLogging: deps.config.isProduction,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  app.decorate('db', deps.db);
  app.decorate('recordError', createErrorRecorder(deps.db, app.log));
  app.decorateRequest('viewerId', undefined);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(cookie);
  await app.register(maintenancePlugin);

  await app.register(healthRoutes);
  await app.register(errorLogRoutes);

  await app.register(spaPlugin, { webRoot: deps.webRoot ?? DEFAULT_WEB_ROOT });
  return app;
}
