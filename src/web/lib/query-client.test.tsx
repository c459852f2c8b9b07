// @vitest-environment jsdom
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReports, stubFetch } from '../../../tests/support/error-reports.ts';
import { ApiRequestError } from './api-client.ts';
import { createQueryClient, type MutationFailureMeta } from './query-client.ts';

/** Runs one write that fails with `error`, in a query client made by the app's factory; answers the toasts shown. */
async function failWrite(error: unknown, meta?: MutationFailureMeta, variables = 'a1'): Promise<string[]> {
  const toasts: string[] = [];
  const client = createQueryClient({ toast: (text) => toasts.push(text) });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useMutation({ mutationFn: async (_id: string) => Promise.reject(error), meta }), { wrapper });
  await act(async () => {
    await result.current.mutateAsync(variables).catch(() => undefined);
  });
  return toasts;
}

const reports = errorReports;
const sessionChecks = () => vi.mocked(fetch).mock.calls.filter(([url]) => url === '/api/account/me').length;

describe('a failed write, in the mutation cache', () => {
  beforeEach(() => {
    stubFetch();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is recorded once under its screen when nobody has recorded it: our code, or a 5xx from in front of the server', async () => {
    await failWrite(new TypeError('x is undefined'), { componentName: 'Booking' });
    await failWrite(new ApiRequestError(502, 'UNKNOWN', 'Something went wrong'), { componentName: 'Booking' });
    expect(reports()).toEqual([
      { errorMessage: 'TypeError: x is undefined', componentName: 'Booking' },
      { errorMessage: 'ApiRequestError: Something went wrong', componentName: 'Booking' },
    ]);
  });

  it('is not recorded again when the server recorded it, nor when it refused or the write was given up', async () => {
    await failWrite(new ApiRequestError(500, 'INTERNAL', 'Something went wrong'), { componentName: 'Booking' });
    await failWrite(new ApiRequestError(409, 'SLOT_TAKEN', 'That time was just taken.'), { componentName: 'Booking' });
    await failWrite(new DOMException('The user aborted a request.', 'AbortError'), { componentName: 'Chat' });
    expect(reports()).toEqual([]);
  });

  it("is recorded with its appointment, refusals included, for the back office's writes", async () => {
    const meta: MutationFailureMeta = { componentName: 'AdminDashboard', record: 'every', identify: (id) => String(id) };
    await failWrite(new ApiRequestError(409, 'NOT_ALLOWED', 'Already paid.'), meta, 'a7');
    await failWrite(new ApiRequestError(500, 'INTERNAL', 'Something went wrong'), meta, 'a8');
    expect(reports()).toEqual([
      { errorMessage: 'ApiRequestError: Already paid.', componentName: 'AdminDashboard', appointmentIdentifier: 'a7' },
    ]);
  });

  it('re-reads the session when the server says it has changed, so that the guard can take over', async () => {
    await failWrite(new ApiRequestError(401, 'UNAUTHENTICATED', 'Please log in first.'), { componentName: 'Booking' });
    expect(sessionChecks()).toBe(1);
    await failWrite(new ApiRequestError(409, 'PROFILE_REQUIRED', 'Please complete the service form first.'), { componentName: 'Booking' });
    expect(sessionChecks()).toBe(2);
    expect(reports()).toEqual([]);
  });

  it('shows the error toast when its meta asks for it, with its text, and otherwise leaves the telling to the screen', async () => {
    const refusal = new ApiRequestError(409, 'SLOT_TAKEN', 'That time was just taken.');
    expect(await failWrite(refusal, { componentName: 'Booking' })).toEqual([]);
    expect(await failWrite(refusal, { componentName: 'Booking', notice: 'toast' })).toEqual(['That time was just taken.']);
    expect(await failWrite(refusal, { componentName: 'Booking', notice: 'toast', failureText: () => 'Not set.' })).toEqual(['Not set.']);
  });
});
