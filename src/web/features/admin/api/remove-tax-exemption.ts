import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerTaxExemption } from '../../../../shared/tax-exemptions.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { taxExemptionKeys } from './get-tax-exemption.ts';

/** Removes a customer's exemption: their next bills are taxed (the bills already made keep theirs). */
export function removeTaxExemption(userId: string): Promise<CustomerTaxExemption> {
  return apiFetch(`/api/admin/customers/${encodeURIComponent(userId)}/tax-exemption`, { method: 'DELETE' });
}

export function useRemoveTaxExemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTaxExemption,
    meta: { componentName: 'TaxExemption' },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: taxExemptionKeys.all() });
    },
  });
}
