// The backups module's face: the backup service and its routes, the list of backup files, and the pg_dump and
// pg_restore helpers the command-line tools use.
export { listBackups } from './backup-files.ts';
export { backupRoutes } from './backup-routes.ts';
export type { Dump } from './backup-service.ts';
export { BackupService, runCommand as runBackupCommand } from './backup-service.ts';
export { backUpPostgres, pgDumpFound, pgRestoreCommand } from './pg-dump.ts';
