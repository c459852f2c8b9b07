import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CodeWordAnswer, CodeWordChange } from '../../../../shared/code-words.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { appointmentKeys } from '../../../lib/query-keys.ts';

/** The customer's code word (null before their first booking) and the words they may pick from (issue 39). */
export function getCodeWord(signal?: AbortSignal): Promise<CodeWordAnswer> {
  return apiFetch('/api/account/code-word', { signal });
}

export function useCodeWord() {
  return useQuery({ queryKey: appointmentKeys.codeWord(), queryFn: ({ signal }) => getCodeWord(signal) });
}

/** Another word of the lists, or `{ fresh: true }` for a new one at random; the server refuses any other word. */
export function changeCodeWord(body: CodeWordChange): Promise<CodeWordAnswer> {
  return apiFetch('/api/account/code-word', { method: 'PUT', body });
}

export function useChangeCodeWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCodeWord,
    meta: { componentName: 'CodeWord' },
    onSuccess: (saved) => queryClient.setQueryData(appointmentKeys.codeWord(), saved),
  });
}
