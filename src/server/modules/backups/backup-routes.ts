import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { BackupStatusSchema } from '../../../shared/backups.ts';
import { requireAdmin } from '../../plugins/session.ts';
import type { BackupService } from './backup-service.ts';

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema };

/** The back office's view of the backups: the last good one, a failure since, the files kept. */
export const backupRoutes: FastifyPluginAsyncZod<{ backups: BackupService }> = async (app, { backups }) => {
  app.get('/api/admin/backups', { schema: { response: { 200: BackupStatusSchema, ...errors } } }, async (request) => {
    requireAdmin(request);
    return backups.status();
  });
};
