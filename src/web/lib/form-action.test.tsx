// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReports, stubFetch } from '../../../tests/support/error-reports.ts';
import { ApiRequestError } from './api-client.ts';
import { useFormAction } from './form-action.ts';

const reports = errorReports;

describe('a signed-out form write (useFormAction, decision 019)', () => {
  beforeEach(() => {
    stubFetch();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is pending while it runs, then succeeds with the answer, after onSuccess has seen it', async () => {
    let finish: (answer: string) => void = () => undefined;
    const onSuccess = vi.fn();
    const { result } = renderHook(() =>
      useFormAction((_name: string) => new Promise<string>((resolve) => (finish = resolve)), {
        meta: { componentName: 'SignUp' },
        onSuccess,
      }),
    );
    expect(result.current.status).toBe('idle');
    let answer: Promise<string> = Promise.resolve('');
    act(() => {
      answer = result.current.run('ana');
    });
    expect(result.current.isPending).toBe(true);
    await act(async () => finish('done'));
    await expect(answer).resolves.toBe('done');
    expect(onSuccess).toHaveBeenCalledWith('done');
    expect(result.current.isSuccess).toBe(true);
    expect(reports()).toEqual([]);
  });

  it('records a failure once under its screen, as the mutation cache would, and rejects with it', async () => {
    const { result } = renderHook(() =>
      useFormAction(async () => Promise.reject(new TypeError('x is undefined')), { meta: { componentName: 'UserLogin' } }),
    );
    await act(async () => {
      await expect(result.current.run(undefined)).rejects.toThrow('x is undefined');
    });
    expect(result.current.isError).toBe(true);
    expect(reports()).toEqual([{ errorMessage: 'TypeError: x is undefined', componentName: 'UserLogin' }]);
  });

  it("records no refusal: the screen tells the customer the server's reason", async () => {
    const refusal = new ApiRequestError(401, 'INVALID_CREDENTIALS', 'Wrong e-mail or password.');
    const { result } = renderHook(() => useFormAction(async () => Promise.reject(refusal), { meta: { componentName: 'UserLogin' } }));
    await act(async () => {
      await expect(result.current.run(undefined)).rejects.toBe(refusal);
    });
    expect(reports()).toEqual([]);
  });
});
