import { useEffect, useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue, useFieldArray, useWatch } from 'react-hook-form';
import { DollarAmountSchema, HARDWARE_LINES_MAX } from '../../../../shared/admin.ts';
import type { AppConfig } from '../../../../shared/app-config.ts';
import { formatDollars } from '../../../../shared/appointments.ts';
import {
  type AppointmentBill,
  appointmentBill,
  BILL_TEXTS,
  type BillLine,
  durationText,
  lineInEnglish,
  minutesBetween,
  SERVICE_KINDS,
  taxLine,
} from '../../../../shared/billing.ts';
import { FEES } from '../../../../shared/business.ts';
import {
  type BillTax,
  billTax,
  type Jurisdiction,
  TAX_CLASSES,
  TAX_TEXTS,
  type TaxClass,
  type TaxExemption,
  taxOn,
} from '../../../../shared/sales-tax.ts';
import type { EditValues } from './appointment-editor.tsx';

/** What the time may be, as the owner chooses it: help with software is not taxable, work on hardware is. */
const TIME_TAX_CLASS_LABELS: Partial<Record<TaxClass, string>> = {
  'not-taxable': 'Help with software, training or consulting (not taxable)',
  'taxable-service': 'Installing, repairing or maintaining hardware (taxable service)',
};
const PART_TAX_CLASS_LABELS: Record<TaxClass, string> = {
  'taxable-goods': 'Taxable goods (a part)',
  'taxable-service': 'Taxable service (work on hardware)',
  'not-taxable': 'Not taxable',
};

/** The tax classes the bill starts from (configuration's TAX_CLASS_*, in the page's app configuration). */
export type TaxDefaults = AppConfig['tax'];

/** Where and when the visit's sale is taxed, and the customer's exemption (null when none is recorded). */
export type TaxPlace = { jurisdiction: Jurisdiction; date: string; exemption: TaxExemption | null };

const isTaxClass = (value: unknown): value is TaxClass => (TAX_CLASSES as readonly unknown[]).includes(value);

/** "$14.99", "-$14.99". */
const money = (cents: number) => `${cents < 0 ? '-' : ''}$${formatDollars(Math.abs(cents))}`;

/**
 * What the bill comes to as the server will compute it (billFor, src/server/modules/appointments/appointment-bill.ts):
 * the lines, or the owner's amount, before tax; one tax on the taxable lines, their share of an owner's amount taken
 * in proportion (half up); none for an exempt customer. Null for the tax when there is no rate for the place and day.
 */
/**
 * A priced bill or estimate as the back office previews it: its lines, an adjustment when another amount is charged,
 * the subtotal, the sales tax (or the exemption's note, or no rate for the day) and the total.
 */
export function PricedLines({
  caption,
  heading,
  lines,
  priced,
  totalLabel,
}: {
  caption: string;
  heading: string;
  lines: BillLine[];
  priced: ReturnType<typeof pricedBill>;
  totalLabel: string;
}) {
  const tax = priced.tax;
  return (
    <table className="table table-sm admin-bill-lines mb-0">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col" className="text-end">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no identity but their place
          <tr key={index}>
            <td>{lineInEnglish(line)}</td>
            <td className="text-end">{money(line.cents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {priced.adjustmentCents !== 0 && (
          <tr>
            <td>{BILL_TEXTS.adjustment}</td>
            <td className="text-end">{money(priced.adjustmentCents)}</td>
          </tr>
        )}
        <tr className="admin-bill-subtotal">
          <th scope="row" className="fw-normal">
            Subtotal
          </th>
          <td className="text-end">{money(priced.subtotalCents)}</td>
        </tr>
        {tax === null ? (
          <tr>
            <td colSpan={2} className="text-danger fw-semibold">
              {TAX_TEXTS.noRate}
            </td>
          </tr>
        ) : (
          tax &&
          (tax.taxableCents !== 0 || tax.exemption) && (
            <tr className="admin-bill-tax">
              <td>{lineInEnglish(taxLine(tax))}</td>
              <td className="text-end">{money(tax.taxCents)}</td>
            </tr>
          )
        )}
        <tr>
          <th scope="row">{totalLabel}</th>
          <td className="text-end fw-bold">{money(priced.totalCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

export function pricedBill(bill: AppointmentBill, overrideCents: number | null, place: TaxPlace) {
  const subtotalCents = overrideCents ?? bill.totalCents;
  let tax: BillTax | null;
  try {
    tax = billTax(
      bill.lines.map((line) => ({ cents: line.cents, taxClass: line.taxClass ?? 'not-taxable' })),
      place,
    );
  } catch {
    tax = null;
  }
  if (tax && subtotalCents !== bill.totalCents) {
    const taxableCents =
      bill.totalCents > 0 ? Math.floor((2 * tax.taxableCents * subtotalCents + bill.totalCents) / (2 * bill.totalCents)) : 0;
    tax = { ...tax, taxableCents, taxCents: tax.exemption ? 0 : taxOn(taxableCents, tax.rate) };
  }
  return { subtotalCents, adjustmentCents: subtotalCents - bill.totalCents, tax, totalCents: subtotalCents + (tax?.taxCents ?? 0) };
}

/** Dollars typed as "39.99" in cents, read as the server reads them, or null while they do not read as an amount. */
function typedCents(amount: string | undefined): number | null {
  const parsed = DollarAmountSchema.safeParse(amount ?? '');
  return parsed.success ? parsed.data : null;
}

type BillFieldsProps = {
  register: UseFormRegister<EditValues>;
  control: Control<EditValues>;
  errors: FieldErrors<EditValues>;
  setValue: UseFormSetValue<EditValues>;
  taxDefaults: TaxDefaults;
  place: TaxPlace;
};

/**
 * The bill from the clock (decision 020): the kind of work, when it started and ended, the tax class of the time,
 * the hardware fitted with each line's tax class, and the bill those make, line by line, with the subtotal, the
 * sales tax (or the customer's exemption) and the total, as the server will compute it (decision 035); an amount
 * different from the bill needs a reason, kept in the history. The server's bill, once saved, is the one that counts.
 */
export function BillFields({ register, control, errors, setValue, taxDefaults, place }: BillFieldsProps) {
  const id = useId();
  const parts = useFieldArray({ control, name: 'work.hardware' });
  const work = useWatch({ control, name: 'work' });
  const overrideOn = useWatch({ control, name: 'overrideOn' });
  const minutes = work ? minutesBetween(work.start ?? '', work.end ?? '') : null;
  const kind = work?.kind && SERVICE_KINDS.includes(work.kind) ? work.kind : null;
  // The time's class follows the kind of work's default until the owner chooses one.
  const timeChosen = useRef(false);
  const shownKind = useRef(kind);
  useEffect(() => {
    if (kind === shownKind.current) return;
    shownKind.current = kind;
    if (kind && !timeChosen.current) setValue('work.timeTaxClass', taxDefaults.time[kind]);
  }, [kind, setValue, taxDefaults]);
  const timeTaxClass = isTaxClass(work?.timeTaxClass) ? work.timeTaxClass : kind ? taxDefaults.time[kind] : 'not-taxable';
  const hardware = (work?.hardware ?? []).flatMap((part) => {
    const cents = typedCents(part?.amount);
    const taxClass = isTaxClass(part?.taxClass) ? part.taxClass : taxDefaults.parts;
    return part?.description?.trim() && cents !== null ? [{ description: part.description.trim(), cents, taxClass }] : [];
  });
  const bill = kind && minutes !== null ? appointmentBill(kind, minutes, hardware, timeTaxClass) : null;
  const priced = bill ? pricedBill(bill, overrideOn ? typedCents(work?.override?.amount) : null, place) : null;
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
      <Form.Group className="mb-3" controlId={`${id}-time-tax`}>
        <Form.Label>The time is…</Form.Label>
        <Form.Select
          size="lg"
          {...register('work.timeTaxClass', {
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
            <Form.Group controlId={`${id}-tax-${index}`}>
              <Form.Label>Tax class of part {index + 1}</Form.Label>
              <Form.Select size="lg" {...register(`work.hardware.${index}.taxClass`)}>
                {(Object.keys(PART_TAX_CLASS_LABELS) as TaxClass[]).map((value) => (
                  <option key={value} value={value}>
                    {PART_TAX_CLASS_LABELS[value]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Button variant="outline-danger" size="lg" onClick={() => parts.remove(index)}>
              Remove part {index + 1}
            </Button>
          </div>
        ))}
        {parts.fields.length < HARDWARE_LINES_MAX && (
          <Button
            variant="outline-primary"
            size="lg"
            onClick={() => parts.append({ description: '', amount: '', taxClass: taxDefaults.parts })}
          >
            Add a part
          </Button>
        )}
      </fieldset>

      <section aria-labelledby={`${id}-bill-title`} className="mb-3">
        <h3 id={`${id}-bill-title`} className="fs-6 fw-bold">
          The bill
        </h3>
        {bill && priced ? (
          <PricedLines
            caption="The bill, line by line"
            heading={`${durationText(bill.minutes)} of work`}
            lines={bill.lines}
            priced={priced}
            totalLabel="Total"
          />
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
