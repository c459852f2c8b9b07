import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TrustedContactInput, TrustedContactOutput } from '../../../../shared/text-messages.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/query-keys.ts';

/** The customer's trusted contact, or null. */
export function getTrustedContact(signal?: AbortSignal): Promise<TrustedContactOutput> {
  return apiFetch('/api/account/trusted-contact', { signal });
}

export function useTrustedContact() {
  return useQuery({ queryKey: accountKeys.trustedContact(), queryFn: ({ signal }) => getTrustedContact(signal) });
}

export function saveTrustedContact(body: TrustedContactInput): Promise<TrustedContactOutput> {
  return apiFetch('/api/account/trusted-contact', { method: 'PUT', body });
}

export function useSaveTrustedContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTrustedContact,
    meta: { componentName: 'TrustedContact' },
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.trustedContact(), saved),
  });
}

export function removeTrustedContact(): Promise<void> {
  return apiFetch('/api/account/trusted-contact', { method: 'DELETE' });
}

export function useRemoveTrustedContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTrustedContact,
    meta: { componentName: 'TrustedContact' },
    onSuccess: () => queryClient.setQueryData<TrustedContactOutput>(accountKeys.trustedContact(), { contact: null }),
  });
}
