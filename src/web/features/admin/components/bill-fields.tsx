import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray, useWatch } from 'react-hook-form';
import { DollarAmountSchema, HARDWARE_LINES_MAX } from '../../../../shared/admin.ts';
import { formatDollars } from '../../../../shared/appointments.ts';
import { appointmentBill, durationText, lineInEnglish, minutesBetween, SERVICE_KINDS } from '../../../../shared/billing.ts';
import { FEES } from '../../../../shared/business.ts';
import type { EditValues } from './appointment-editor.tsx';

/** Dollars typed as "39.99" in cents, read as the server reads them, or null while they do not read as an amount. */
function typedCents(amount: string | undefined): number | null {
  const parsed = DollarAmountSchema.safeParse(amount ?? '');
  return parsed.success ? parsed.data : null;
}

type BillFieldsProps = {
  register: UseFormRegister<EditValues>;
  control: Control<EditValues>;
  errors: FieldErrors<EditValues>;
};

/**
 * The bill from the clock (decision 020): the kind of work, when it started and ended, the hardware fitted, and
 * the bill those make, line by line, as the server will compute it; an amount different from the bill needs a
 * reason, kept in the history.
 */
export function BillFields({ register, control, errors }: BillFieldsProps) {
  const id = useId();
  const parts = useFieldArray({ control, name: 'work.hardware' });
  const work = useWatch({ control, name: 'work' });
  const overrideOn = useWatch({ control, name: 'overrideOn' });
  const minutes = work ? minutesBetween(work.start ?? '', work.end ?? '') : null;
  const kind = work?.kind && SERVICE_KINDS.includes(work.kind) ? work.kind : null;
  const hardware = (work?.hardware ?? []).flatMap((part) => {
    const cents = typedCents(part?.amount);
    return part?.description?.trim() && cents !== null ? [{ description: part.description.trim(), cents }] : [];
  });
  const bill = kind && minutes !== null ? appointmentBill(kind, minutes, hardware) : null;
  const workErrors = errors.work;
  const error = (name: string, message: string | undefined) =>
    message ? (
      <p id={`${id}-${name}-error`} className="text-danger fw-semibold mt-1 mb-0">
        {message}
      </p>
    ) : null;

  return (
    <fieldset className="mb-3 admin-bill">
      <legend className="fs-5">Bill from the clock</legend>
      <fieldset className="mb-3">
        <legend className="fs-6">Kind of work</legend>
        <div className="d-flex flex-wrap gap-3">
          {SERVICE_KINDS.map((value) => (
            <Form.Check
              key={value}
              type="radio"
              className="form-check-lg"
              id={`${id}-kind-${value}`}
              value={value}
              label={FEES[value].label}
              {...register('work.kind')}
            />
          ))}
        </div>
        {error('kind', workErrors?.kind?.message)}
      </fieldset>
      <div className="d-flex flex-wrap gap-3 mb-3">
        {(['start', 'end'] as const).map((edge) => {
          const invalid = workErrors?.[edge];
          return (
            <Form.Group key={edge} controlId={`${id}-${edge}`}>
              <Form.Label>{edge === 'start' ? 'Work started' : 'Work ended'}</Form.Label>
              <Form.Control
                type="time"
                size="lg"
                {...register(`work.${edge}`)}
                isInvalid={Boolean(invalid)}
                aria-invalid={invalid ? true : undefined}
                aria-describedby={invalid ? `${id}-${edge}-error` : undefined}
              />
              {error(edge, invalid?.message)}
            </Form.Group>
          );
        })}
      </div>

      <fieldset className="mb-3">
        <legend className="fs-6">Hardware fitted</legend>
        {parts.fields.length === 0 && <p className="mb-2">No parts.</p>}
        {parts.fields.map((field, index) => (
          <div key={field.id} className="d-flex flex-wrap align-items-end gap-2 mb-2">
            <Form.Group controlId={`${id}-part-${index}`} className="flex-grow-1">
              <Form.Label>Part {index + 1}</Form.Label>
              <Form.Control
                size="lg"
                {...register(`work.hardware.${index}.description`)}
                isInvalid={Boolean(workErrors?.hardware?.[index]?.description)}
                aria-invalid={workErrors?.hardware?.[index]?.description ? true : undefined}
                aria-describedby={workErrors?.hardware?.[index]?.description ? `${id}-part-${index}-error` : undefined}
              />
              {error(`part-${index}`, workErrors?.hardware?.[index]?.description?.message)}
            </Form.Group>
            <Form.Group controlId={`${id}-price-${index}`}>
              <Form.Label>Price of part {index + 1} ($)</Form.Label>
              <Form.Control
                size="lg"
                inputMode="decimal"
                autoComplete="off"
                className="admin-price-input"
                {...register(`work.hardware.${index}.amount`)}
                isInvalid={Boolean(workErrors?.hardware?.[index]?.amount)}
                aria-invalid={workErrors?.hardware?.[index]?.amount ? true : undefined}
                aria-describedby={workErrors?.hardware?.[index]?.amount ? `${id}-price-${index}-error` : undefined}
              />
              {error(`price-${index}`, workErrors?.hardware?.[index]?.amount?.message)}
            </Form.Group>
            <Button variant="outline-danger" size="lg" onClick={() => parts.remove(index)}>
              Remove part {index + 1}
            </Button>
          </div>
        ))}
        {parts.fields.length < HARDWARE_LINES_MAX && (
          <Button variant="outline-primary" size="lg" onClick={() => parts.append({ description: '', amount: '' })}>
            Add a part
          </Button>
        )}
      </fieldset>

      <section aria-labelledby={`${id}-bill-title`} className="mb-3">
        <h3 id={`${id}-bill-title`} className="fs-6 fw-bold">
          The bill
        </h3>
        {bill ? (
          <table className="table table-sm admin-bill-lines mb-0">
            <caption className="visually-hidden">The bill, line by line</caption>
            <thead>
              <tr>
                <th scope="col">{durationText(bill.minutes)} of work</th>
                <th scope="col" className="text-end">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {bill.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no identity but their place
                <tr key={index}>
                  <td>{lineInEnglish(line)}</td>
                  <td className="text-end">${formatDollars(line.cents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className="text-end fw-bold">${formatDollars(bill.totalCents)}</td>
              </tr>
            </tfoot>
          </table>
        ) : (
          <p className="mb-0">Choose the kind of work and when it started and ended.</p>
        )}
      </section>

      <Form.Check className="form-check-lg mb-2" id={`${id}-override`} label="Charge a different amount" {...register('overrideOn')} />
      {overrideOn && (
        <div className="d-flex flex-wrap gap-3">
          <Form.Group controlId={`${id}-override-amount`}>
            <Form.Label>Amount to charge ($)</Form.Label>
            <Form.Control
              size="lg"
              inputMode="decimal"
              autoComplete="off"
              className="admin-price-input"
              {...register('work.override.amount')}
              isInvalid={Boolean(workErrors?.override?.amount)}
              aria-invalid={workErrors?.override?.amount ? true : undefined}
              aria-describedby={workErrors?.override?.amount ? `${id}-override-amount-error` : undefined}
            />
            {error('override-amount', workErrors?.override?.amount?.message)}
          </Form.Group>
          <Form.Group controlId={`${id}-override-reason`} className="flex-grow-1">
            <Form.Label>Why (kept in the history)</Form.Label>
            <Form.Control
              size="lg"
              {...register('work.override.reason')}
              isInvalid={Boolean(workErrors?.override?.reason)}
              aria-invalid={workErrors?.override?.reason ? true : undefined}
              aria-describedby={workErrors?.override?.reason ? `${id}-override-reason-error` : undefined}
            />
            {error('override-reason', workErrors?.override?.reason?.message)}
          </Form.Group>
        </div>
      )}
    </fieldset>
  );
}
