import type { ErrorRecorder } from '../shared/error-log.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    recordError: ErrorRecorder;
  }
  interface FastifyRequest {
    /** The signed-in user's id, for the error log; undefined for visitors. */
    viewerId: string | undefined;
  }
}
