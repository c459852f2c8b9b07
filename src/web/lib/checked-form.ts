import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { Checked } from '../../shared/account-forms.ts';

/** What a field is given to bind it to its form: react-hook-form's `register()` answer has the same shape. */
export type FieldRegistration = {
  name: string;
  ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
  onChange: (event: { target: unknown }) => unknown;
  onBlur: (event: { target: unknown }) => unknown;
};

type Values = Record<string, string | boolean>;
export type Problems<T> = Partial<Record<keyof T & string, string>>;

const problemsOf = <T>(result: Checked<T>): Problems<T> => (result.ok ? {} : result.problems);

/**
 * The signed-out forms' form state, in place of react-hook-form (decision 019), and acting as it does with a
 * schema resolver: inputs keep their own values; a submit checks them all with `check` (a zod-free check of
 * src/shared/account-forms.ts), focuses the first field with a problem and shows each field's first problem; after a
 * submit every change checks again, so a problem goes as soon as it is fixed. `isSubmitting` covers the whole of
 * `onValid`, the dialog after the write included, and a second submit meanwhile is ignored.
 */
export function useCheckedForm<T extends Values>(defaults: T, check: (values: T) => Checked<T>) {
  const fields = useRef(new Map<keyof T & string, HTMLInputElement | HTMLTextAreaElement>());
  const initial = useRef(defaults);
  const checker = useRef(check);
  checker.current = check;
  const submitted = useRef(false);
  const submitting = useRef(false);
  const mounted = useRef(true);
  const [problems, setProblems] = useState<Problems<T>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const read = useCallback((): T => {
    const values: Values = { ...initial.current };
    for (const [name, element] of fields.current) {
      values[name] = typeof initial.current[name] === 'boolean' ? (element as HTMLInputElement).checked : element.value;
    }
    return values as T;
  }, []);

  const write = useCallback((values: T) => {
    for (const [name, element] of fields.current) {
      const value = values[name];
      if (typeof value === 'boolean') (element as HTMLInputElement).checked = value;
      else element.value = value ?? '';
    }
  }, []);

  // One registration per field for the form's life: a new ref callback each render would detach and attach the
  // input every time. An input takes the form's first value once, when it first appears.
  const registrations = useRef(new Map<keyof T & string, FieldRegistration>());
  const seen = useRef(new WeakSet<Element>());
  const register = useCallback(
    (name: keyof T & string): FieldRegistration => {
      const known = registrations.current.get(name);
      if (known) return known;
      const registration: FieldRegistration = {
        name,
        ref: (element) => {
          if (!element) {
            fields.current.delete(name);
            return;
          }
          fields.current.set(name, element);
          if (seen.current.has(element)) return;
          seen.current.add(element);
          const value = initial.current[name];
          if (typeof value === 'boolean') (element as HTMLInputElement).checked = value;
          else element.value = value ?? '';
        },
        onChange: () => {
          if (submitted.current) setProblems(problemsOf(checker.current(read())));
        },
        onBlur: () => undefined,
      };
      registrations.current.set(name, registration);
      return registration;
    },
    [read],
  );

  const reset = useCallback(
    (values: T = initial.current) => {
      submitted.current = false;
      write(values);
      setProblems({});
    },
    [write],
  );

  const handleSubmit = useCallback(
    (onValid: (values: T) => Promise<void> | void, onInvalid?: (problems: Problems<T>) => void) => async (event?: FormEvent) => {
      event?.preventDefault();
      if (submitting.current) return;
      submitted.current = true;
      const result = checker.current(read());
      if (!result.ok) {
        setProblems(result.problems);
        // The first field, in the order of the form, that has a problem.
        for (const [name, element] of fields.current) {
          if (result.problems[name] !== undefined) {
            element.focus();
            break;
          }
        }
        onInvalid?.(result.problems);
        return;
      }
      setProblems({});
      submitting.current = true;
      setSubmitting(true);
      try {
        await onValid(result.value);
      } finally {
        submitting.current = false;
        if (mounted.current) setSubmitting(false);
      }
    },
    [read],
  );

  return { register, handleSubmit, reset, problems, isSubmitting };
}
