import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { FieldRegistration } from '../lib/checked-form.ts';

type TextFieldProps = {
  label: string;
  /** react-hook-form's `register()`, or the signed-out forms' (lib/checked-form.ts). */
  registration: UseFormRegisterReturn | FieldRegistration;
  error?: string | undefined;
  hint?: ReactNode;
  /** Marks the field invalid when its error is told elsewhere (the spec's mismatch dialogs). */
  invalid?: boolean;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'onBlur' | 'size' | 'value' | 'defaultValue'>;

/**
 * A labelled input (or text area) bound to its form, large for easy tapping, with its hint and its error tied to it
 * by aria-describedby so a screen reader reads them with the field.
 */
export function TextField({ label, registration, error, hint, invalid, rows, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        size="lg"
        {...(rows ? { as: 'textarea' as const, rows } : {})}
        {...input}
        {...registration}
        isInvalid={Boolean(error) || invalid}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
