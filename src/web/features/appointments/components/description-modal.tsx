import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm, useWatch } from 'react-hook-form';
import {
  APPOINTMENT_TEXTS,
  type CustomerAppointment,
  DESCRIPTION_MAX_LENGTH,
  type DescriptionInput,
  DescriptionSchema,
} from '../../../../shared/appointments.ts';
import { translate } from '../../../lib/i18n.ts';
import { useUpdateDescription } from '../api/update-description.ts';
import { appointmentTime } from '../formats.ts';

type Editing = {
  appointment: CustomerAppointment;
  /** Right after booking the description must be given: no close button, Escape and the backdrop do nothing. */
  required: boolean;
  /** A new number for every opening, so the form starts from the stored text each time. */
  opening: number;
};

function DescriptionForm({ editing, onSaved, onCancel }: { editing: Editing; onSaved: () => void; onCancel: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const update = useUpdateDescription();
  const { appointment, required } = editing;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(DescriptionSchema),
    defaultValues: { description: appointment.description },
    // The message under the field stays until the next Save, as it always has.
    reValidateMode: 'onSubmit',
  });
  const text = useWatch({ control, name: 'description' });

  const save = async ({ description }: DescriptionInput) => {
    if (update.isPending) return;
    try {
      await update.mutateAsync({ appointmentId: appointment.id, description });
    } catch {
      // Recorded by the mutation; the dialog says it below the field.
      return;
    }
    onSaved();
  };

  const invalid = errors.description?.message && translate(errors.description.message);
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const startsAt = Date.parse(appointment.startsAt);
  const when = Number.isNaN(startsAt) ? '' : appointmentTime(startsAt);
  const characters = text.length;
  return (
    <Form noValidate onSubmit={handleSubmit(save)}>
      <Modal.Body>
        {!Number.isNaN(startsAt) && (
          <p className="fs-5">{appointment.isRemote ? t`${when}, Remote visit.` : t`${when}, In-Person visit.`}</p>
        )}
        {required && (
          <p>
            <Trans>Please tell us what the problem is, so that we come prepared.</Trans>
          </p>
        )}
        <Form.Group controlId={`${id}-description`}>
          <Form.Label className="fw-semibold">
            <Trans>Describe the problem</Trans>
          </Form.Label>
          <Form.Control
            as="textarea"
            rows={6}
            required
            maxLength={DESCRIPTION_MAX_LENGTH}
            {...register('description')}
            isInvalid={Boolean(invalid)}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={[counterId, invalid ? errorId : null].filter(Boolean).join(' ')}
            className="description-input"
          />
          {invalid && (
            <Form.Control.Feedback type="invalid" id={errorId}>
              {invalid}
            </Form.Control.Feedback>
          )}
          <Form.Text id={counterId} className="d-block text-end">
            <Trans>
              {characters} of {DESCRIPTION_MAX_LENGTH} characters
            </Trans>
          </Form.Text>
        </Form.Group>
        {update.isError && (
          <Alert variant="danger" className="mt-3 mb-0">
            {translate(APPOINTMENT_TEXTS.descriptionError)}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        {!required && (
          <Button variant="outline-secondary" size="lg" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        )}
        <Button type="submit" size="lg">
          {update.isPending ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
        </Button>
      </Modal.Footer>
    </Form>
  );
}

/**
 * The problem-description dialog: asked for right after booking (and then it cannot be dismissed), and opened
 * again by each row's Edit button. `editor.open(appointment, required)`; render `editor.element` once.
 */
export function useDescriptionEditor() {
  const { t } = useLingui();
  const id = useId();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [show, setShow] = useState(false);
  const openings = useRef(0);

  const open = useCallback((appointment: CustomerAppointment, required: boolean) => {
    openings.current += 1;
    setEditing({ appointment, required, opening: openings.current });
    setShow(true);
  }, []);
  const close = useCallback(() => setShow(false), []);

  const required = editing?.required ?? false;
  const element = (
    <Modal
      show={show && editing !== null}
      onHide={close}
      backdrop={required ? 'static' : true}
      keyboard={!required}
      onEntered={(node: HTMLElement) => node.querySelector<HTMLTextAreaElement>('textarea')?.focus()}
      aria-labelledby={`${id}-title`}
      size="lg"
      centered
    >
      <Modal.Header closeButton={!required} closeLabel={t`Close`}>
        <Modal.Title id={`${id}-title`} as="h2">
          {required ? <Trans>Your visit is booked</Trans> : <Trans>Edit the description</Trans>}
        </Modal.Title>
      </Modal.Header>
      {editing && <DescriptionForm key={editing.opening} editing={editing} onSaved={close} onCancel={close} />}
    </Modal>
  );
  return { open, element };
}
