import { useCallback, useEffect, useRef, useState } from 'react';
import { type MutationFailureMeta, noteMutationFailure } from './mutation-failure.ts';

export type FormActionStatus = 'idle' | 'pending' | 'success' | 'error';

/**
 * A write of the signed-out forms (sign-up, login, forgot password), without React Query (decision 019): their
 * first load stays within the public pages' budget. Like a mutation hook it tells its status, and a failure is
 * recorded once, as its `meta` says, by the same function as the mutation cache's (mutation-failure.ts); the screen
 * tells the user. `run` resolves with the server's answer or rejects with its error.
 */
export function useFormAction<Variables, Result>(
  action: (variables: Variables) => Promise<Result>,
  options: { meta: MutationFailureMeta; onSuccess?: (result: Result) => void },
) {
  const [status, setStatus] = useState<FormActionStatus>('idle');
  const latest = useRef({ action, options });
  latest.current = { action, options };
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (variables: Variables): Promise<Result> => {
    const { action: write, options: current } = latest.current;
    // A screen that has gone (the browser moved on) is not updated.
    const settle = (next: FormActionStatus) => {
      if (mounted.current) setStatus(next);
    };
    settle('pending');
    let result: Result;
    try {
      result = await write(variables);
    } catch (error) {
      noteMutationFailure(error, variables, current.meta);
      settle('error');
      throw error;
    }
    current.onSuccess?.(result);
    settle('success');
    return result;
  }, []);

  return { run, status, isPending: status === 'pending', isSuccess: status === 'success', isError: status === 'error' };
}
