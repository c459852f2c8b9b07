import { useQuery } from '@tanstack/react-query';
import type { BackupStatus } from '../../../../shared/backups.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** The backups: the last good one, a failure since, the files kept. Read again every 5 minutes while shown. */
export function getBackups(signal?: AbortSignal): Promise<BackupStatus> {
  return apiFetch('/api/admin/backups', { signal });
}

export function useBackups() {
  return useQuery({ queryKey: adminKeys.backups(), queryFn: ({ signal }) => getBackups(signal), refetchInterval: 5 * 60_000 });
}
