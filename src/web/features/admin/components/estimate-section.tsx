import { zodResolver } from '@hookform/resolvers/zod';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { type AdminAppointment, type AdminAppointmentUpdate, DollarAmountSchema, HARDWARE_LINES_MAX } from '../../../../shared/admin.ts';
import { formatDollars } from '../../../../shared/appointments.ts';
import { appointmentBill, durationText, SERVICE_KINDS } from '../../../../shared/billing.ts';
import { FEES } from '../../../../shared/business.ts';
import { formatBusinessDay } from '../../../../shared/business-time.ts';
import { type Estimate, type EstimateRequest, EstimateRequestSchema } from '../../../../shared/estimates.ts';
import { TAX_CLASSES, type TaxClass } from '../../../../shared/sales-tax.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useEstimate } from '../api/get-estimate.ts';
import { useSendEstimate } from '../api/send-estimate.ts';
import { refusalMessage } from './admin-failure.ts';
import { PricedLines, pricedBill, type TaxDefaults, type TaxPlace } from './bill-fields.tsx';
import { ESTIMATE_STATE_LABELS } from './estimate-badge.tsx';

/** The classes the expected time may have, as the bill's editor names them. */
const TIME_TAX_CLASS_LABELS: Partial<Record<TaxClass, string>> = {
  'not-taxable': 'Help with software, training or consulting (not taxable)',
  'taxable-service': 'Installing, repairing or maintaining hardware (taxable service)',
};
const PART_TAX_CLASS_LABELS: Record<TaxClass, string> = {
  'taxable-goods': 'Taxable goods (a part)',
  'taxable-service': 'Taxable service (work on hardware)',
  'not-taxable': 'Not taxable',
};

const isTaxClass = (value: unknown): value is TaxClass => (TAX_CLASSES as readonly unknown[]).includes(value);

/** "$14.99", "-$14.99". */
const money = (cents: number) => `${cents < 0 ? '-' : ''}$${formatDollars(Math.abs(cents))}`;

/** The estimate's fields as typed: the time as hours and minutes, the parts' prices as dollars. */
type EstimateValues = {
  kind: (typeof SERVICE_KINDS)[number] | undefined;
  timeTaxClass: TaxClass;
  hours: string;
  minutes: string;
  hardware: { description: string; amount: string; taxClass: TaxClass }[];
};

/** A count typed in a field: empty is none, anything but a whole number reads as no number at all. */
const count = (typed: string) => (typed.trim() === '' ? 0 : /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN);

/** The expected minutes of the hours and minutes typed (NaN while either is not a whole number). */
export const expectedMinutes = (values: Pick<EstimateValues, 'hours' | 'minutes'>) => count(values.hours) * 60 + count(values.minutes);

function requestOf(values: EstimateValues): EstimateRequest {
  return {
    kind: values.kind as EstimateRequest['kind'],
    timeTaxClass: values.timeTaxClass,
    minutes: expectedMinutes(values),
    hardware: values.hardware.map((part) => ({ description: part.description, amount: part.amount, taxClass: part.taxClass })),
  };
}

const schemaResolver = zodResolver(EstimateRequestSchema);

/** The shared schema checks the request made of the fields; its errors on `minutes` show under the time. */
const estimateResolver: Resolver<EstimateValues> = async (values, context, options) => {
  const result = await schemaResolver(requestOf(values), context, options as never);
  return Object.keys(result.errors).length > 0 ? { values: {}, errors: result.errors as never } : { values, errors: {} };
};

/** Dollars typed as "39.99" in cents, or null while they do not read as an amount. */
function typedCents(amount: string | undefined): number | null {
  const parsed = DollarAmountSchema.safeParse(amount ?? '');
  return parsed.success ? parsed.data : null;
}

/** The latest estimate in one sentence: sent and waiting, approved by whom and when, or declined and why. */
export function estimateStateText(estimate: Estimate): string {
  const total = money(estimate.totalCents);
  const day = (at: string | null) => {
    const instant = at ? Date.parse(at) : Number.NaN;
    return Number.isNaN(instant) ? 'an unknown day' : formatBusinessDay(instant);
  };
  const by = estimate.decidedBy === 'contact' ? ' (their trusted contact)' : '';
  switch (estimate.state) {
    case 'sent':
      return `Sent on ${day(estimate.sentAt)}: ${total}, waiting for the customer.`;
    case 'approved':
      return `Approved by ${estimate.decidedByName ?? 'the customer'}${by} on ${day(estimate.decidedAt)}: ${total}.`;
    case 'declined':
      return `Declined: ${estimate.declineReason ?? 'no reason given'} (${estimate.decidedByName ?? 'the customer'}${by}, ${day(estimate.decidedAt)}).`;
    case 'replaced':
      return `Replaced by a newer estimate (${total}).`;
  }
}

type EstimateFormProps = {
  appointment: AdminAppointment;
  componentName: string;
  taxDefaults: TaxDefaults;
  place: TaxPlace;
  onSent: () => void;
};

/**
 * The estimate's fields. They sit inside the appointment's form, so they are not a form of their own: Send is a plain
 * button, and Enter in a field sends the estimate, not the appointment.
 */
function EstimateForm({ appointment, componentName, taxDefaults, place, onSent }: EstimateFormProps) {
  const id = useId();
  const send = useSendEstimate(componentName);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm<EstimateValues>({
    resolver: estimateResolver,
    defaultValues: { kind: undefined, timeTaxClass: taxDefaults.time.troubleshooting, hours: '1', minutes: '0', hardware: [] },
  });
  const parts = useFieldArray({ control, name: 'hardware' });
  const values = useWatch({ control });
  const timeChosen = useRef(false);

  const submit = handleSubmit(async (typed) => {
    setFailure(null);
    try {
      await send.mutateAsync({ appointmentId: appointment.id, request: requestOf(typed) });
      onSent();
    } catch (error) {
      setFailure(refusalMessage(error) ?? 'The estimate could not be sent. Please try again.');
    }
  });
  const enterSends = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void submit();
    }
  };

  const kind = values.kind && SERVICE_KINDS.includes(values.kind) ? values.kind : null;
  const minutes = expectedMinutes({ hours: values.hours ?? '', minutes: values.minutes ?? '' });
  const timeTaxClass = isTaxClass(values.timeTaxClass) ? values.timeTaxClass : 'not-taxable';
  const hardware = (values.hardware ?? []).flatMap((part) => {
    const cents = typedCents(part?.amount);
    const taxClass = isTaxClass(part?.taxClass) ? part.taxClass : taxDefaults.parts;
    return part?.description?.trim() && cents !== null ? [{ description: part.description.trim(), cents, taxClass }] : [];
  });
  const bill = kind && Number.isInteger(minutes) && minutes > 0 ? appointmentBill(kind, minutes, hardware, timeTaxClass) : null;
  const priced = bill ? pricedBill(bill, null, place) : null;
  const error = (name: string, message: string | undefined) =>
    message ? (
      <p id={`${id}-${name}-error`} className="text-danger fw-semibold mt-1 mb-0">
        {message}
      </p>
    ) : null;
  const invalid = (name: string, hasError: boolean) =>
    hasError ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  return (
    <fieldset className="mb-2" onKeyDown={enterSends}>
      <legend className="fs-6">The estimate</legend>
      <fieldset className="mb-3" aria-describedby={errors.kind ? `${id}-kind-error` : undefined}>
        <legend className="fs-6 fw-normal">Kind of work</legend>
        <div className="d-flex flex-wrap gap-3">
          {SERVICE_KINDS.map((value) => (
            <Form.Check
              key={value}
              type="radio"
              className="form-check-lg"
              id={`${id}-kind-${value}`}
              value={value}
              label={FEES[value].label}
              isInvalid={Boolean(errors.kind)}
              {...register('kind', {
                // The time's class follows the kind of work's default until the owner chooses one.
                onChange: () => {
                  if (!timeChosen.current) setValue('timeTaxClass', taxDefaults.time[value]);
                },
              })}
            />
          ))}
        </div>
        {error('kind', errors.kind?.message)}
      </fieldset>
      <Form.Group className="mb-3" controlId={`${id}-time-tax`}>
        <Form.Label>The expected time is…</Form.Label>
        <Form.Select
          size="lg"
          {...register('timeTaxClass', {
            onChange: () => {
              timeChosen.current = true;
            },
          })}
        >
          {Object.entries(TIME_TAX_CLASS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <fieldset className="mb-3" aria-describedby={`${id}-time-hint${errors.minutes ? ` ${id}-minutes-error` : ''}`}>
        <legend className="fs-6 fw-normal">Expected time</legend>
        <div className="d-flex flex-wrap gap-3">
          <Form.Group controlId={`${id}-hours`}>
            <Form.Label>Hours</Form.Label>
            <Form.Control
              size="lg"
              inputMode="numeric"
              autoComplete="off"
              className="admin-price-input"
              {...register('hours')}
              isInvalid={Boolean(errors.minutes)}
            />
          </Form.Group>
          <Form.Group controlId={`${id}-minutes`}>
            <Form.Label>Minutes</Form.Label>
            <Form.Control
              size="lg"
              inputMode="numeric"
              autoComplete="off"
              className="admin-price-input"
              {...register('minutes')}
              isInvalid={Boolean(errors.minutes)}
            />
          </Form.Group>
        </div>
        <Form.Text id={`${id}-time-hint`} className="d-block">
          For example 1 hour 30 minutes, or 0 hours 90 minutes; from 30 minutes to 10 hours.
        </Form.Text>
        {error('minutes', errors.minutes?.message)}
      </fieldset>

      <fieldset className="mb-3">
        <legend className="fs-6 fw-normal">Parts expected</legend>
        {parts.fields.length === 0 && <p className="mb-2">No parts.</p>}
        {parts.fields.map((field, index) => (
          <div key={field.id} className="d-flex flex-wrap align-items-end gap-2 mb-2">
            <Form.Group controlId={`${id}-part-${index}`} className="flex-grow-1">
              <Form.Label>Expected part {index + 1}</Form.Label>
              <Form.Control
                size="lg"
                {...register(`hardware.${index}.description`)}
                {...invalid(`part-${index}`, Boolean(errors.hardware?.[index]?.description))}
              />
              {error(`part-${index}`, errors.hardware?.[index]?.description?.message)}
            </Form.Group>
            <Form.Group controlId={`${id}-price-${index}`}>
              <Form.Label>Price of expected part {index + 1} ($)</Form.Label>
              <Form.Control
                size="lg"
                inputMode="decimal"
                autoComplete="off"
                className="admin-price-input"
                {...register(`hardware.${index}.amount`)}
                {...invalid(`price-${index}`, Boolean(errors.hardware?.[index]?.amount))}
              />
              {error(`price-${index}`, errors.hardware?.[index]?.amount?.message)}
            </Form.Group>
            <Form.Group controlId={`${id}-tax-${index}`}>
              <Form.Label>Tax class of expected part {index + 1}</Form.Label>
              <Form.Select size="lg" {...register(`hardware.${index}.taxClass`)}>
                {(Object.keys(PART_TAX_CLASS_LABELS) as TaxClass[]).map((value) => (
                  <option key={value} value={value}>
                    {PART_TAX_CLASS_LABELS[value]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Button variant="outline-danger" size="lg" onClick={() => parts.remove(index)}>
              Remove expected part {index + 1}
            </Button>
          </div>
        ))}
        {parts.fields.length < HARDWARE_LINES_MAX && (
          <Button
            variant="outline-primary"
            size="lg"
            onClick={() => parts.append({ description: '', amount: '', taxClass: taxDefaults.parts })}
          >
            Add an expected part
          </Button>
        )}
      </fieldset>

      <section aria-labelledby={`${id}-preview-title`} className="mb-3">
        <h4 id={`${id}-preview-title`} className="fs-6 fw-bold">
          What the customer will see
        </h4>
        {bill && priced ? (
          <PricedLines
            caption="The estimate, line by line"
            heading={`${durationText(bill.minutes)} of work expected`}
            lines={bill.lines}
            priced={priced}
            totalLabel="Estimated total"
          />
        ) : (
          <p className="mb-0">Choose the kind of work and the expected time.</p>
        )}
      </section>

      {failure !== null && (
        <Alert variant="danger" className="mb-3">
          <p className="mb-0 fw-semibold">The estimate was not sent.</p>
          <p className="mb-0 mt-1">{failure}</p>
        </Alert>
      )}
      <Button size="lg" onClick={() => void submit()} disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send the estimate'}
      </Button>
    </fieldset>
  );
}

type EstimateSectionProps = {
  appointment: AdminAppointment;
  componentName: string;
  taxDefaults: TaxDefaults;
  place: TaxPlace;
};

/**
 * "Send an estimate" (issue 38), in the appointment's dialog: the latest estimate's state (sent, approved by whom and
 * when, declined and why) and, for a job not yet completed, an estimate to send: the kind of work, the expected time
 * and parts with their tax classes, priced and taxed as the bill would be (the customer's county, the visit's day).
 */
export function EstimateSection({ appointment, componentName, taxDefaults, place }: EstimateSectionProps) {
  const id = useId();
  const latest = useEstimate(appointment.id);
  const [writing, setWriting] = useState(false);
  const [said, setSaid] = useState('');
  const open = !appointment.isCompleted && !appointment.isPaid;
  if (!open && !latest.data) return null;
  const estimate = latest.data ?? null;
  let state: ReactNode;
  if (latest.isPending) state = <LoadingSpinner />;
  else if (latest.isError) state = <p className="text-danger fw-semibold mb-2">The estimate could not be loaded.</p>;
  else if (!estimate) state = <p className="mb-2">No estimate sent yet.</p>;
  else {
    state = (
      <p className={`mb-2 admin-estimate-state admin-estimate-${estimate.state}`}>
        <span className="fw-semibold">{ESTIMATE_STATE_LABELS[estimate.state]}.</span> {estimateStateText(estimate)}
      </p>
    );
  }
  return (
    <section aria-labelledby={`${id}-title`} className="mb-3 admin-estimate">
      <h3 id={`${id}-title`} className="fs-5">
        Send an estimate
      </h3>
      {state}
      <p role="status" className="mb-2 fw-semibold">
        {said}
      </p>
      {open &&
        (writing ? (
          <>
            <EstimateForm
              appointment={appointment}
              componentName={componentName}
              taxDefaults={taxDefaults}
              place={place}
              onSent={() => {
                setWriting(false);
                setSaid('Estimate sent to the customer.');
              }}
            />
            <Button variant="outline-secondary" size="lg" className="mt-2" onClick={() => setWriting(false)}>
              Do not send an estimate
            </Button>
          </>
        ) : (
          <Button
            variant="outline-primary"
            size="lg"
            onClick={() => {
              setSaid('');
              setWriting(true);
            }}
          >
            {estimate ? 'Write a new estimate' : 'Write an estimate'}
          </Button>
        ))}
    </section>
  );
}

/** The server's 409 when the bill goes over the approved estimate by more than the allowed share. */
export const OVER_ESTIMATE = 'OVER_ESTIMATE';

/** The same edit, confirmed as over the approved estimate (`confirmOverEstimate: true`). */
export function confirmedOverEstimate<T extends AdminAppointmentUpdate>(update: T): T {
  return Object.assign({}, update, { confirmOverEstimate: true });
}

/**
 * The owner's confirmation of a bill over the approved estimate: `offer(error, billAnyway)` shows the server's
 * warning with "Bill it anyway" when the save was refused as OVER_ESTIMATE (and says so), `clear()` hides it.
 */
export function useOverEstimate() {
  const [warning, setWarning] = useState<{ message: string; billAnyway: () => void } | null>(null);
  const offer = (error: unknown, billAnyway: () => void): boolean => {
    if (!(error instanceof ApiRequestError && error.status === 409 && error.code === OVER_ESTIMATE)) return false;
    setWarning({ message: error.message, billAnyway });
    return true;
  };
  const clear = () => setWarning(null);
  const element = (busy: boolean) =>
    warning && (
      <Alert variant="warning" className="mb-3" role="alert">
        <p className="mb-1 fw-semibold">This bill is over the approved estimate.</p>
        <p className="mb-2">{warning.message}</p>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="warning" size="lg" disabled={busy} onClick={warning.billAnyway}>
            {busy ? 'Saving…' : 'Bill it anyway'}
          </Button>
          <Button variant="outline-secondary" size="lg" onClick={clear}>
            Change the bill
          </Button>
        </div>
      </Alert>
    );
  return { offer, clear, element };
}
