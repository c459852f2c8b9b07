import { useEffect, useState } from 'react';

export type ActionState<T> = { status: 'working' } | { status: 'done'; result: T } | { status: 'failed'; error: unknown };

/**
 * Codes in e-mailed links work once. React may run an effect twice (StrictMode, a remount), so each code is
 * sent once per page load and every caller shares that one answer.
 */
const sent = new Map<string, Promise<unknown>>();

/** Sends the code of an e-mailed link to the server once, as the screen opens, and follows the answer. */
export function useActionCode<T>(kind: string, code: string | null, send: (code: string) => Promise<T>): ActionState<T> {
  const [state, setState] = useState<ActionState<T>>(
    code ? { status: 'working' } : { status: 'failed', error: new Error('The link has no code') },
  );

  useEffect(() => {
    if (!code) return;
    const key = `${kind}:${code}`;
    let answer = sent.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = send(code);
      sent.set(key, answer);
    }
    let current = true;
    answer.then(
      (result) => current && setState({ status: 'done', result }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [kind, code, send]);

  return state;
}
