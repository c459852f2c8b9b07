import { MutationCache, QueryClient } from '@tanstack/react-query';
import { type FailureNotices, type MutationFailureMeta, noteMutationFailure } from './mutation-failure.ts';

export type { FailureNotices, MutationFailureMeta } from './mutation-failure.ts';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationFailureMeta;
  }
}

/** Changes reach the screens through live updates, so data stays fresh a while without asking again. */
const STALE_MS = 30_000;

/**
 * The query cache of a part of the app (the signed-in screens, or the signed-out forms), dropped with it. Every
 * failed write is reported in one place, its mutation cache; each write's hook names itself in its `meta`.
 */
export function createQueryClient(notices: FailureNotices = {}): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, variables, _onMutateResult, mutation) => noteMutationFailure(error, variables, mutation.meta, notices),
    }),
    defaultOptions: { queries: { staleTime: STALE_MS, retry: 1 } },
  });
}
