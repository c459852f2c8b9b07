import { useMutation } from '@tanstack/react-query';
import type { TextCodeInput } from '../../../../shared/text-messages.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { currentSession, setProfile } from '../../../lib/session.ts';

/** Types back the code texted to the customer's number (decision 031): texts start once it is right. */
export function confirmTextsCode(body: TextCodeInput): Promise<{ ok: true }> {
  return apiFetch('/api/account/texts/confirm', { method: 'POST', body });
}

export function useConfirmTextsCode() {
  return useMutation({
    mutationFn: confirmTextsCode,
    meta: { componentName: 'TextsConfirmation' },
    onSuccess: () => {
      const { profile } = currentSession().me;
      if (profile) setProfile({ ...profile, textsConfirmed: true, textsCode: undefined });
    },
  });
}

/** Asks for a new code at the profile's number. */
export function sendTextsCode(): Promise<{ ok: true }> {
  return apiFetch('/api/account/texts/code', { method: 'POST' });
}

export function useSendTextsCode() {
  return useMutation({
    mutationFn: sendTextsCode,
    meta: { componentName: 'TextsConfirmation' },
    onSuccess: () => {
      const { profile } = currentSession().me;
      if (profile) setProfile({ ...profile, textsCode: 'sent' });
    },
  });
}
