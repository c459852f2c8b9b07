import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EstimateApprovalSetting } from '../../../../shared/estimates.ts';
import type { TrustedContactOutput } from '../../../../shared/text-messages.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/query-keys.ts';

/** Whether the customer's trusted contact may approve or decline estimates for them (issue 38). */
export function allowEstimateApproval(setting: EstimateApprovalSetting): Promise<void> {
  return apiFetch('/api/account/trusted-contact/estimates', { method: 'PUT', body: setting });
}

/** The setting as a mutation; the section says itself what went wrong. The contact's answer is read again. */
export function useAllowEstimateApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: allowEstimateApproval,
    meta: { componentName: 'TrustedContact' },
    onSuccess: (_nothing, { allowed }) => {
      queryClient.setQueryData<TrustedContactOutput>(accountKeys.trustedContact(), (output) =>
        output?.contact ? { contact: { ...output.contact, mayApproveEstimates: allowed } } : output,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.trustedContact() });
    },
  });
}
