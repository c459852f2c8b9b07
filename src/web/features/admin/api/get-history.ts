import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../../../shared/admin.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** Who changed an appointment, when, and each field before and after; newest first. */
export function getHistory(appointmentId: string, signal?: AbortSignal): Promise<AuditEntry[]> {
  return apiFetch(`/api/admin/appointments/${encodeURIComponent(appointmentId)}/history`, { signal });
}

export function historyQuery(appointmentId: string) {
  return queryOptions({ queryKey: adminKeys.history(appointmentId), queryFn: ({ signal }) => getHistory(appointmentId, signal) });
}

export function useHistory(appointmentId: string) {
  return useQuery(historyQuery(appointmentId));
}
