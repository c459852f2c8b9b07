import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfigChange, ConfigCollection } from '../../../../shared/admin.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** The change-log entries of one collection (database, hardware or software). */
export function getConfigChanges(collection: ConfigCollection, signal?: AbortSignal): Promise<ConfigChange[]> {
  return apiFetch(`/api/admin/config-changes?collection=${encodeURIComponent(collection)}`, { signal });
}

export function configChangesQuery(collection: ConfigCollection) {
  return queryOptions({ queryKey: adminKeys.configChanges(collection), queryFn: ({ signal }) => getConfigChanges(collection, signal) });
}

export function useConfigChanges(collection: ConfigCollection | undefined) {
  return useQuery({ ...configChangesQuery(collection ?? 'database'), enabled: collection !== undefined });
}
