import { z } from 'zod';

/** GET /api/admin/backups: the last good backup, a failure since (if any), and the files kept (decision 023). */
export const BackupStatusSchema = z.object({
  /** False on a PostgreSQL server: its backups are pg_dump's or the provider's. */
  enabled: z.boolean(),
  keep: z.number().int(),
  lastGood: z.object({ at: z.string(), fileName: z.string(), bytes: z.number().int(), copied: z.boolean().nullable() }).nullable(),
  lastFailure: z.object({ at: z.string(), error: z.string() }).nullable(),
  files: z.array(z.object({ fileName: z.string(), bytes: z.number().int() })),
});
export type BackupStatus = z.infer<typeof BackupStatusSchema>;
