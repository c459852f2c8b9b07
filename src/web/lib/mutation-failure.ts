import { type FailureRecord, noteFailure } from './api-failure.ts';
import { failureText as explain } from './error-text.ts';

/**
 * What a write says about its failures, in its `meta`: where the error log files them, and how the user is told.
 * The mutation cache reads it for every failed write, and the signed-out forms' `useFormAction` (form-action.ts) for
 * theirs, so that no screen records a failure itself.
 */
export type MutationFailureMeta = Omit<FailureRecord, 'appointmentIdentifier'> & {
  /** The appointment (or entry) a failure concerns, from the write's variables, for the error log. */
  identify?: (variables: unknown) => string | undefined;
  /**
   * How the user is told: `screen` (the default) leaves it to the screen, which shows the failure its own way (a
   * banner, a dialog, a message in a form); `toast` shows the error toast as well, with `failureText`.
   */
  notice?: 'screen' | 'toast';
  /** The toast's text, in the active language; the server's explanation, or the generic text, when left out. */
  failureText?: (error: unknown) => string;
};

/** Where the mutation cache shows a toast, with a text in the active language (the signed-in screens have one; the signed-out ones do not). */
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
  if (notice === 'toast') notices.toast?.(failureText?.(error) ?? explain(error));
}
