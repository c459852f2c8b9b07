import { MutationCache, QueryClient } from '@tanstack/react-query';
import { GENERIC_SERVER_ERROR_MESSAGE } from '../../shared/messages.ts';
import { type FailureRecord, noteFailure, serverMessage } from './api-failure.ts';

/**
 * What a write says about its failures, in its `meta`: where the error log files them, and how the user is told.
 * The mutation cache reads it for every failed write, so that no screen records a failure itself.
 */
export type MutationFailureMeta = Omit<FailureRecord, 'appointmentIdentifier'> & {
  /** The appointment (or entry) a failure concerns, from the write's variables, for the error log. */
  identify?: (variables: unknown) => string | undefined;
  /**
   * How the user is told: `screen` (the default) leaves it to the screen, which shows the failure its own way (a
   * banner, a dialog, a message in a form); `toast` shows the error toast as well, with `failureText`.
   */
  notice?: 'screen' | 'toast';
  /** The toast's text; the server's explanation, or the generic text, when left out. */
  failureText?: (error: unknown) => string;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationFailureMeta;
  }
}

/** Changes reach the screens through live updates, so data stays fresh a while without asking again. */
const STALE_MS = 30_000;

/** Where the mutation cache shows a toast (the signed-in screens have one; the signed-out ones do not). */
export type FailureNotices = { toast?: (text: string) => void };

/** Records a failed write once, as its meta says, and shows the toast when it asks for one. */
export function noteMutationFailure(
  error: unknown,
  variables: unknown,
  meta: MutationFailureMeta | undefined,
  notices: FailureNotices = {},
) {
  const { identify, notice = 'screen', failureText, ...record } = meta ?? { componentName: 'Mutation' };
  noteFailure(error, { ...record, appointmentIdentifier: identify?.(variables) });
  if (notice === 'toast') notices.toast?.(failureText?.(error) ?? serverMessage(error) ?? GENERIC_SERVER_ERROR_MESSAGE);
}

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
