import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { CONFIG_COLLECTIONS, CONFIG_FIELD_MAX_LENGTH, type ConfigChangeInput, ConfigChangeSchema } from '../../../../shared/admin.ts';
import { TextField } from '../../../components/text-field.tsx';

export const COLLECTION_LABELS: Record<(typeof CONFIG_COLLECTIONS)[number], string> = {
  database: 'Database',
  hardware: 'Hardware',
  software: 'Software',
};

const COLLECTION_PLACEHOLDER = 'Select a collection';

/**
 * A configuration change-log entry: date, time, collection, context and description, all required, checked
 * with the same schema the server uses. `onSubmit` resolves true when the entry was saved (the form then resets).
 */
export function ConfigChangeForm({
  defaultValues,
  submitLabel = 'Save',
  onSubmit,
  footer,
}: {
  defaultValues?: ConfigChangeInput;
  submitLabel?: string;
  onSubmit: (values: ConfigChangeInput) => Promise<boolean>;
  /** Extra buttons beside the submit button (the edit dialog's Cancel). */
  footer?: ReactNode;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(ConfigChangeSchema), defaultValues });

  const submit = async (values: ConfigChangeInput) => {
    if (await onSubmit(values)) reset();
  };

  return (
    <Form noValidate onSubmit={handleSubmit(submit)} className="admin-form">
      <Row>
        <Col sm={6}>
          <TextField label="Date" type="date" required registration={register('date')} error={errors.date?.message} />
        </Col>
        <Col sm={6}>
          <TextField label="Time" type="time" required registration={register('time')} error={errors.time?.message} />
        </Col>
      </Row>
      <Form.Group className="mb-3" controlId={`${id}-collection`}>
        <Form.Label>Collection</Form.Label>
        <Form.Select
          size="lg"
          required
          defaultValue=""
          {...register('collectionName')}
          isInvalid={Boolean(errors.collectionName)}
          aria-invalid={errors.collectionName ? true : undefined}
          aria-describedby={errors.collectionName ? `${id}-collection-error` : undefined}
        >
          <option value="" disabled>
            {COLLECTION_PLACEHOLDER}
          </option>
          {CONFIG_COLLECTIONS.map((collection) => (
            <option key={collection} value={collection}>
              {collection}
            </option>
          ))}
        </Form.Select>
        {errors.collectionName && (
          <Form.Control.Feedback type="invalid" id={`${id}-collection-error`}>
            {errors.collectionName.message}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <TextField
        label="Context"
        required
        maxLength={CONFIG_FIELD_MAX_LENGTH}
        hint="What was changed, for example the office router or the accounting database."
        registration={register('context')}
        error={errors.context?.message}
      />
      <TextField
        label="Description"
        rows={4}
        required
        maxLength={CONFIG_FIELD_MAX_LENGTH}
        registration={register('description')}
        error={errors.description?.message}
      />
      <div className="d-flex flex-wrap gap-2 justify-content-end">
        {footer}
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
