import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import {
  ADMIN_TEXTS,
  type AdminAppointment,
  type AdminAppointmentUpdate,
  AdminAppointmentUpdateSchema,
  MANUAL_PAYMENT_METHODS,
  notesAsWritten,
  type UpdateOutcome,
  WORK_DONE_MAX_LENGTH,
} from '../../../../shared/admin.ts';
import { DESCRIPTION_MAX_LENGTH, formatDollars, NOTES_MAX_LENGTH } from '../../../../shared/appointments.ts';
import { isTimeLine } from '../../../../shared/billing.ts';
import { businessDateOf, formatAppointmentTime } from '../../../../shared/business-time.ts';
import { jurisdictionOfCity } from '../../../../shared/sales-tax.ts';
import { appConfig } from '../../../lib/app-config.ts';
import { useTaxExemption } from '../api/get-tax-exemption.ts';
import { useUpdateAppointment } from '../api/update-appointment.ts';
import { customerName } from './admin-appointment-list.tsx';
import { refusalMessage } from './admin-failure.ts';
import { AppointmentHistory } from './appointment-history.tsx';
import { BillFields, type TaxDefaults } from './bill-fields.tsx';
import { confirmedOverEstimate, EstimateSection, useOverEstimate } from './estimate-section.tsx';
import { TaxExemptionSection } from './tax-exemption-section.tsx';

const METHOD_LABELS: Record<(typeof MANUAL_PAYMENT_METHODS)[number], string> = { cash: 'Cash', check: 'Check', card: 'Card' };

const schemaResolver = zodResolver(AdminAppointmentUpdateSchema, undefined, { raw: true });

/** The form: the update, with whether the amount comes from the clock and whether the owner changes the bill's. */
export type EditValues = AdminAppointmentUpdate & { useClock: boolean; overrideOn: boolean };

/**
 * The shared schema validates the form as the server will. An unticked radio group reads as null, and a method
 * only matters when Paid is ticked, so the method is left out otherwise. With the clock (a completed job not paid
 * before), the bill, and a changed amount only when asked for, is sent instead of a typed amount.
 */
const editResolver =
  (wasPaid: boolean): Resolver<EditValues> =>
  (values, context, options) => {
    const { useClock, overrideOn, work, amount, ...rest } = values;
    const update: AdminAppointmentUpdate = {
      ...rest,
      paymentMethod: values.isPaid ? values.paymentMethod || undefined : undefined,
      ...(useClock && values.isCompleted && !wasPaid && work
        ? { work: { ...work, kind: work.kind || undefined, override: overrideOn ? work.override : undefined } as typeof work }
        : { amount }),
    };
    return schemaResolver(update, context, options as never) as ReturnType<Resolver<EditValues>>;
  };

/**
 * The form as the appointment is: a saved bill's entries with the tax classes it was made with (a bill from before
 * sales tax has none: the configured defaults then), the owner's amount before tax.
 */
function formValues(appointment: AdminAppointment, taxDefaults: TaxDefaults): EditValues {
  const bill = appointment.bill;
  const timeLine = bill?.lines.find(isTimeLine);
  return {
    description: appointment.description,
    notes: notesAsWritten(appointment.notes),
    workDone: appointment.workDone,
    isCompleted: appointment.isCompleted,
    isPaid: appointment.isPaid,
    isRemote: appointment.isRemote,
    amount: formatDollars(appointment.amountCents),
    useClock: bill !== null,
    overrideOn: bill?.overrideReason != null,
    work: {
      kind: bill?.kind as 'troubleshooting',
      timeTaxClass: timeLine?.taxClass ?? taxDefaults.time[bill?.kind ?? 'troubleshooting'],
      start: bill?.start ?? '',
      end: bill?.end ?? '',
      hardware: (bill?.lines ?? [])
        .filter((line) => !isTimeLine(line))
        .map((line) => ({ description: line.text, amount: formatDollars(line.cents), taxClass: line.taxClass ?? taxDefaults.parts })),
      override: { amount: formatDollars(bill?.subtotalCents ?? bill?.totalCents ?? 0), reason: bill?.overrideReason ?? '' },
    },
  };
}

type EditFormProps = {
  appointment: AdminAppointment;
  componentName: string;
  onSaved: (outcome: UpdateOutcome) => void;
  onCancel: () => void;
};

function EditForm({ appointment, componentName, onSaved, onCancel }: EditFormProps) {
  const id = useId();
  const update = useUpdateAppointment(componentName);
  /** What went wrong: the spec's text, and the server's reason when it refused. */
  const [failure, setFailure] = useState<{ text: string; reason: string | undefined } | null>(null);
  const overEstimate = useOverEstimate();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<EditValues>({ resolver: editResolver(appointment.isPaid), defaultValues: formValues(appointment, appConfig.tax) });
  // The customer's exemption, for the bill's preview and the exemption's own section.
  const exemption = useTaxExemption(appointment.id);
  const isPaid = useWatch({ control, name: 'isPaid' });
  const isCompleted = useWatch({ control, name: 'isCompleted' });
  const useClock = useWatch({ control, name: 'useClock' });
  // The clock sets the amount of a completed job that is not paid yet.
  const billable = isCompleted === true && !appointment.isPaid;
  const clock = billable && useClock === true;

  const save = async (values: EditValues, confirmOver = false) => {
    setFailure(null);
    overEstimate.clear();
    const { paymentMethod, ...written } = values;
    // Notes left empty over the stored prompt stay the prompt: saving other fields does not rewrite them.
    const rest =
      (written.notes ?? '').trim() === '' && appointment.notes === ADMIN_TEXTS.defaultNotes
        ? { ...written, notes: appointment.notes }
        : written;
    const edit = values.isPaid ? { ...rest, paymentMethod } : rest;
    try {
      onSaved(await update.mutateAsync({ appointmentId: appointment.id, update: confirmOver ? confirmedOverEstimate(edit) : edit }));
    } catch (error) {
      if (overEstimate.offer(error, () => void save(values, true))) return;
      const completing = values.isCompleted === true && !appointment.isCompleted;
      setFailure({ text: completing ? ADMIN_TEXTS.completeError : ADMIN_TEXTS.updateError, reason: refusalMessage(error) });
    }
  };

  const described = (name: string, hasError: boolean, hint?: string) =>
    [hint, hasError ? `${id}-${name}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const startsAt = Date.parse(appointment.startsAt);
  // The sale is taxed where the customer lives (their city's county), at the rate of the visit's New York day.
  const place = {
    jurisdiction: jurisdictionOfCity(appointment.customer.city),
    date: businessDateOf(Number.isNaN(startsAt) ? Date.now() : startsAt),
    exemption: exemption.data?.exemption ?? null,
  };

  return (
    <Form noValidate onSubmit={handleSubmit((values) => save(values))}>
      <Modal.Body>
        <p className="fs-5 mb-1">{Number.isNaN(startsAt) ? 'Unknown time' : formatAppointmentTime(startsAt)}</p>
        <p className="mb-3">
          {customerName(appointment)}, {appointment.customer.email}
        </p>

        <Form.Group className="mb-3" controlId={`${id}-description`}>
          <Form.Label>Description</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            maxLength={DESCRIPTION_MAX_LENGTH}
            {...register('description')}
            isInvalid={Boolean(errors.description)}
            aria-describedby={described('description', Boolean(errors.description))}
          />
          {errors.description && (
            <Form.Control.Feedback type="invalid" id={`${id}-description-error`}>
              {errors.description.message}
            </Form.Control.Feedback>
          )}
        </Form.Group>

        <Form.Group className="mb-3" controlId={`${id}-notes`}>
          <Form.Label>Notes</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            maxLength={NOTES_MAX_LENGTH}
            placeholder={ADMIN_TEXTS.defaultNotes}
            {...register('notes')}
            isInvalid={Boolean(errors.notes)}
            aria-describedby={described('notes', Boolean(errors.notes))}
          />
          {errors.notes && (
            <Form.Control.Feedback type="invalid" id={`${id}-notes-error`}>
              {errors.notes.message}
            </Form.Control.Feedback>
          )}
        </Form.Group>

        <Form.Group className="mb-3" controlId={`${id}-work-done`}>
          <Form.Label>Work done (printed on the customer's invoice)</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            maxLength={WORK_DONE_MAX_LENGTH}
            {...register('workDone')}
            isInvalid={Boolean(errors.workDone)}
            aria-describedby={described('workDone', Boolean(errors.workDone))}
          />
          {errors.workDone && (
            <Form.Control.Feedback type="invalid" id={`${id}-workDone-error`}>
              {errors.workDone.message}
            </Form.Control.Feedback>
          )}
        </Form.Group>

        {!clock && (
          <Form.Group className="mb-3" controlId={`${id}-amount`}>
            <Form.Label>Amount in dollars and cents</Form.Label>
            <InputGroup size="lg" hasValidation className="admin-amount-input">
              <InputGroup.Text>$</InputGroup.Text>
              <Form.Control
                inputMode="decimal"
                autoComplete="off"
                {...register('amount')}
                isInvalid={Boolean(errors.amount)}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={described('amount', Boolean(errors.amount), `${id}-amount-hint`)}
              />
              {errors.amount && (
                <Form.Control.Feedback type="invalid" id={`${id}-amount-error`}>
                  {errors.amount.message}
                </Form.Control.Feedback>
              )}
            </InputGroup>
            <Form.Text id={`${id}-amount-hint`} className="d-block">
              For example 75.00; at most $10,000.00.
            </Form.Text>
          </Form.Group>
        )}

        <fieldset className="mb-3">
          <legend className="fs-6">Status</legend>
          <Form.Check className="form-check-lg mb-2" id={`${id}-completed`} label="Completed" {...register('isCompleted')} />
          <Form.Check
            className="form-check-lg mb-2"
            id={`${id}-paid`}
            label="Paid (record a payment taken by hand)"
            {...register('isPaid')}
          />
          <Form.Check className="form-check-lg" id={`${id}-remote`} label="Remote visit" {...register('isRemote')} />
        </fieldset>

        {billable && (
          <Form.Check
            className="form-check-lg mb-3"
            id={`${id}-clock`}
            label="Bill from the clock: kind of work, time and hardware"
            {...register('useClock')}
          />
        )}
        {clock && (
          <BillFields register={register} control={control} errors={errors} setValue={setValue} taxDefaults={appConfig.tax} place={place} />
        )}

        {isPaid && (
          <fieldset className="mb-3" aria-describedby={errors.paymentMethod ? `${id}-method-error` : undefined}>
            <legend className="fs-6">How did the customer pay?</legend>
            <div className="d-flex flex-wrap gap-3">
              {MANUAL_PAYMENT_METHODS.map((method) => (
                <Form.Check
                  key={method}
                  type="radio"
                  className="form-check-lg"
                  id={`${id}-method-${method}`}
                  value={method}
                  label={METHOD_LABELS[method]}
                  isInvalid={Boolean(errors.paymentMethod)}
                  {...register('paymentMethod')}
                />
              ))}
            </div>
            {errors.paymentMethod && (
              <p id={`${id}-method-error`} className="text-danger fw-semibold mt-2 mb-0">
                {errors.paymentMethod.message}
              </p>
            )}
          </fieldset>
        )}

        <EstimateSection appointment={appointment} componentName={componentName} taxDefaults={appConfig.tax} place={place} />
        <TaxExemptionSection read={exemption} />

        {overEstimate.element(update.isPending)}
        {failure !== null && (
          <Alert variant="danger" className="mb-0">
            <p className="mb-0 fw-semibold">{failure.text}</p>
            {failure.reason && <p className="mb-0 mt-1">{failure.reason}</p>}
          </Alert>
        )}

        <AppointmentHistory appointmentId={appointment.id} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" size="lg" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </Button>
      </Modal.Footer>
    </Form>
  );
}

/**
 * The admin's edit dialog (description, notes, amount, completed, paid by hand, remote) with the appointment's
 * history. `editor.open(appointment)`; render `editor.element` once. `onSaved` says what the screen announces.
 */
export function useAppointmentEditor({ componentName, onSaved }: { componentName: string; onSaved: (outcome: UpdateOutcome) => void }) {
  const id = useId();
  const [editing, setEditing] = useState<{ appointment: AdminAppointment; opening: number } | null>(null);
  const [show, setShow] = useState(false);
  const openings = useRef(0);
  const saved = useRef(onSaved);
  saved.current = onSaved;

  const open = useCallback((appointment: AdminAppointment) => {
    openings.current += 1;
    setEditing({ appointment, opening: openings.current });
    setShow(true);
  }, []);
  const close = useCallback(() => setShow(false), []);

  const element = (
    <Modal
      show={show && editing !== null}
      onHide={close}
      aria-labelledby={`${id}-title`}
      size="lg"
      scrollable
      className="admin-modal"
      onEntered={(node: HTMLElement) => node.querySelector<HTMLTextAreaElement>('textarea')?.focus()}
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={`${id}-title`} as="h2">
          Edit appointment
        </Modal.Title>
      </Modal.Header>
      {editing && (
        <EditForm
          key={editing.opening}
          appointment={editing.appointment}
          componentName={componentName}
          onCancel={close}
          onSaved={(outcome) => {
            close();
            saved.current(outcome);
          }}
        />
      )}
    </Modal>
  );
  return { open, element };
}
