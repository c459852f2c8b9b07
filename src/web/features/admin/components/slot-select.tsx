import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SLOT_LABELS } from '../../../../shared/business.ts';

/** One of the eight start times, as a labelled select with its error tied to it (the back office's forms). */
export function SlotSelect({
  label,
  registration,
  error,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <Form.Group className="mb-3" controlId={`${id}-slot`}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        size="lg"
        {...registration}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-slot-error` : undefined}
      >
        <option value="">Select a time</option>
        {SLOT_LABELS.map((slot) => (
          <option key={slot} value={slot}>
            {slot}
          </option>
        ))}
      </Form.Select>
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-slot-error`}>
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
