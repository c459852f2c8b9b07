import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxExemption } from '../../../../shared/sales-tax.ts';
import type { CustomerTaxExemption } from '../../../../shared/tax-exemptions.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { taxExemptionKeys } from './get-tax-exemption.ts';

export type TaxExemptionRecord = { userId: string; exemption: TaxExemption };

/** Records (or replaces) a customer's exemption: their bills from now on carry no tax. */
export function recordTaxExemption({ userId, exemption }: TaxExemptionRecord): Promise<CustomerTaxExemption> {
  return apiFetch(`/api/admin/customers/${encodeURIComponent(userId)}/tax-exemption`, { method: 'PUT', body: exemption });
}

/** The owner's record of an exemption; every customer's exemption is read again (one customer has many visits). */
export function useRecordTaxExemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordTaxExemption,
    meta: { componentName: 'TaxExemption' },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: taxExemptionKeys.all() });
    },
  });
}
