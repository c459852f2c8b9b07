import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerTaxExemption } from '../../../../shared/tax-exemptions.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/**
 * The keys of the customers' sales-tax exemptions, read by appointment, under the back office's. They belong in
 * lib/query-keys.ts's `adminKeys` (taxExemptions, taxExemption) with the others; kept here until that file takes them.
 */
export const taxExemptionKeys = {
  all: () => [...adminKeys.all, 'tax-exemption'] as const,
  ofAppointment: (appointmentId: string) => [...taxExemptionKeys.all(), appointmentId] as const,
};

/** The exemption of an appointment's customer (null when none is recorded), with the customer's user id. */
export function getTaxExemption(appointmentId: string, signal?: AbortSignal): Promise<CustomerTaxExemption> {
  return apiFetch(`/api/admin/appointments/${encodeURIComponent(appointmentId)}/tax-exemption`, { signal });
}

export function taxExemptionQuery(appointmentId: string) {
  return queryOptions({
    queryKey: taxExemptionKeys.ofAppointment(appointmentId),
    queryFn: ({ signal }) => getTaxExemption(appointmentId, signal),
  });
}

export function useTaxExemption(appointmentId: string) {
  return useQuery(taxExemptionQuery(appointmentId));
}
