import { zodResolver } from '@hookform/resolvers/zod';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { TAX_EXEMPTION_KINDS, type TaxExemption, TaxExemptionSchema } from '../../../../shared/sales-tax.ts';
import { type CustomerTaxExemption, TAX_EXEMPTION_KIND_LABELS } from '../../../../shared/tax-exemptions.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useRecordTaxExemption } from '../api/record-tax-exemption.ts';
import { useRemoveTaxExemption } from '../api/remove-tax-exemption.ts';
import { refusalMessage } from './admin-failure.ts';

/** The exemption in one sentence: "Exempt organization (ST-119.1), certificate EO-123456, dated 2026-01-15." */
export function exemptionText(exemption: TaxExemption): string {
  return `${TAX_EXEMPTION_KIND_LABELS[exemption.kind]}, certificate ${exemption.certificate}, dated ${exemption.date}.`;
}

type ExemptionFormProps = { userId: string; current: TaxExemption | null; onDone: (text: string) => void; onCancel: () => void };

/**
 * The certificate's fields. They sit inside the appointment's form, so they are not a form of their own (a form
 * inside a form is not allowed): their button is a plain button, and Enter in a field saves the exemption, not the
 * appointment.
 */
function ExemptionForm({ userId, current, onDone, onCancel }: ExemptionFormProps) {
  const id = useId();
  const record = useRecordTaxExemption();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TaxExemption>({
    resolver: zodResolver(TaxExemptionSchema),
    defaultValues: current ?? { kind: undefined, certificate: '', date: '' },
  });
  const save = handleSubmit((exemption) => record.mutate({ userId, exemption }, { onSuccess: () => onDone('Exemption recorded.') }));
  const enterSaves = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void save();
    }
  };
  const error = (name: keyof TaxExemption) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`${id}-${name}-error`} className="text-danger fw-semibold mt-1 mb-0">
        {message}
      </p>
    ) : null;
  };
  const invalid = (name: keyof TaxExemption) =>
    errors[name] ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  return (
    <fieldset className="mb-2" onKeyDown={enterSaves}>
      <legend className="fs-6">{current ? 'Change the exemption' : 'Record an exemption'}</legend>
      <fieldset className="mb-3" aria-describedby={errors.kind ? `${id}-kind-error` : undefined}>
        <legend className="fs-6 fw-normal">Certificate</legend>
        <div className="d-flex flex-wrap gap-3">
          {TAX_EXEMPTION_KINDS.map((kind) => (
            <Form.Check
              key={kind}
              type="radio"
              className="form-check-lg"
              id={`${id}-kind-${kind}`}
              value={kind}
              label={TAX_EXEMPTION_KIND_LABELS[kind]}
              isInvalid={Boolean(errors.kind)}
              {...register('kind')}
            />
          ))}
        </div>
        {error('kind')}
      </fieldset>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <Form.Group controlId={`${id}-certificate`} className="flex-grow-1">
          <Form.Label>Certificate number</Form.Label>
          <Form.Control size="lg" autoComplete="off" {...register('certificate')} {...invalid('certificate')} />
          {error('certificate')}
        </Form.Group>
        <Form.Group controlId={`${id}-date`}>
          <Form.Label>Date of the certificate</Form.Label>
          <Form.Control type="date" size="lg" {...register('date')} {...invalid('date')} />
          {error('date')}
        </Form.Group>
      </div>
      {record.isError && (
        <Alert variant="danger" className="mb-2">
          {refusalMessage(record.error) ?? 'The exemption could not be saved. Please try again.'}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button size="lg" onClick={() => void save()} disabled={record.isPending}>
          {record.isPending ? 'Saving the exemption…' : 'Save the exemption'}
        </Button>
        <Button variant="outline-secondary" size="lg" onClick={onCancel}>
          Leave the exemption as it is
        </Button>
      </div>
    </fieldset>
  );
}

type TaxExemptionSectionProps = {
  /** The exemption of the appointment's customer as read, or the read's state. */
  read: { isPending: boolean; isError: boolean; data: CustomerTaxExemption | undefined };
};

/**
 * The customer's sales-tax exemption in the appointment's dialog (issue 38): what is recorded, and the owner's way to
 * record, change or remove it. Bills completed while it stands carry no tax and say why; bills already made keep theirs.
 */
export function TaxExemptionSection({ read }: TaxExemptionSectionProps) {
  const id = useId();
  const remove = useRemoveTaxExemption();
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState('');
  const answer = read.data;

  let body: ReactNode;
  if (read.isPending) body = <LoadingSpinner label="Loading the exemption…" />;
  else if (read.isError || !answer) body = <p className="text-danger">The exemption could not be loaded.</p>;
  else {
    const { userId, exemption } = answer;
    body = (
      <>
        <p className="mb-2">
          {exemption
            ? `${exemptionText(exemption)} This customer's bills carry no sales tax.`
            : "None recorded: this customer's bills are taxed."}
        </p>
        {editing ? (
          <ExemptionForm
            userId={userId}
            current={exemption}
            onCancel={() => setEditing(false)}
            onDone={(text) => {
              setEditing(false);
              setDone(text);
            }}
          />
        ) : (
          <div className="d-flex flex-wrap gap-2">
            <Button
              variant="outline-primary"
              size="lg"
              onClick={() => {
                setDone('');
                setEditing(true);
              }}
            >
              {exemption ? 'Change the exemption' : 'Record an exemption'}
            </Button>
            {exemption && (
              <Button
                variant="outline-danger"
                size="lg"
                disabled={remove.isPending}
                onClick={() => {
                  setDone('');
                  remove.mutate(userId, { onSuccess: () => setDone('Exemption removed.') });
                }}
              >
                {remove.isPending ? 'Removing the exemption…' : 'Remove the exemption'}
              </Button>
            )}
          </div>
        )}
        {remove.isError && (
          <Alert variant="danger" className="mt-2 mb-0">
            {refusalMessage(remove.error) ?? 'The exemption could not be removed. Please try again.'}
          </Alert>
        )}
      </>
    );
  }

  return (
    <section className="mb-3 admin-tax-exemption" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5">
        Sales-tax exemption
      </h3>
      {body}
      <p role="status" className={done ? 'mb-0 mt-2 fw-semibold' : 'visually-hidden'}>
        {done}
      </p>
    </section>
  );
}
