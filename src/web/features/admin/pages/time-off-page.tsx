import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { formatAppointmentTime } from '../../../../shared/business-time.ts';
import {
  type BookingRules,
  BookingRulesSchema,
  type CloseTimeForm,
  CloseTimeFormSchema,
  closeTimeOf,
  type TimeOff,
} from '../../../../shared/schedule.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { telHref } from '../../../lib/app-config.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useChangeBookingRules } from '../api/change-booking-rules.ts';
import { useCloseTime } from '../api/close-time.ts';
import { useDeleteAppointment } from '../api/delete-appointment.ts';
import { useBookingRules } from '../api/get-booking-rules.ts';
import { useTimeOff } from '../api/get-time-off.ts';
import { useReopenTimeOff } from '../api/reopen-time-off.ts';
import { refusalMessage } from '../components/admin-failure.ts';
import { AdminEmpty, AdminLoadError } from '../components/admin-load-error.tsx';
import { CalendarFeedSection } from '../components/calendar-feed-section.tsx';
import { CalendarImportSection } from '../components/calendar-import-section.tsx';
import { MoveVisitButton } from '../components/move-appointment-form.tsx';
import { SlotSelect } from '../components/slot-select.tsx';

const COMPONENT_NAME = 'TimeOff';
const REOPEN_CONFIRM = 'Are you sure you want to reopen this time for booking? If YES select OK';
const CANCEL_APPOINTMENT_CONFIRM =
  'Cancel this visit? The customer gets an e-mail with the cancellation for their calendar and our phone number. If YES select OK';
const KIND_LABELS = { day: 'A single day', range: 'A range of days', slot: 'A single time slot' } as const;

/** Close a day, a range of days or one slot, with a private reason. */
function CloseTimeFormSection({ onClosed }: { onClosed: (closed: TimeOff) => void }) {
  const id = useId();
  const close = useCloseTime();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CloseTimeForm>({
    resolver: zodResolver(CloseTimeFormSchema),
    defaultValues: { kind: 'day', from: '', to: '', slot: '', reason: '' },
  });
  const kind = watch('kind');

  const submit = async (values: CloseTimeForm) => {
    try {
      const closed = await close.mutateAsync(closeTimeOf(values));
      reset();
      onClosed(closed);
    } catch {
      // Told below, in the form.
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mb-5">
      <h2 id={`${id}-heading`}>Close time</h2>
      <Form noValidate onSubmit={handleSubmit(submit)} className="admin-form">
        <fieldset className="mb-3">
          <legend className="fs-5">What to close</legend>
          {(['day', 'range', 'slot'] as const).map((value) => (
            <Form.Check
              key={value}
              type="radio"
              id={`${id}-kind-${value}`}
              label={KIND_LABELS[value]}
              value={value}
              {...register('kind')}
            />
          ))}
        </fieldset>
        <Row>
          <Col sm={6}>
            <TextField
              label={kind === 'range' ? 'First day' : 'Day'}
              type="date"
              required
              registration={register('from')}
              error={errors.from?.message}
            />
          </Col>
          {kind === 'range' && (
            <Col sm={6}>
              <TextField label="Last day" type="date" required registration={register('to')} error={errors.to?.message} />
            </Col>
          )}
          {kind === 'slot' && (
            <Col sm={6}>
              <SlotSelect label="Time" registration={register('slot')} error={errors.slot?.message} />
            </Col>
          )}
        </Row>
        <TextField
          label="Reason (private, only the back office sees it)"
          registration={register('reason')}
          error={errors.reason?.message}
          rows={2}
        />
        {close.isError && (
          <Alert variant="danger" role="alert">
            {refusalMessage(close.error) ?? 'The time could not be closed. Please try again.'}
          </Alert>
        )}
        <Button type="submit" size="lg" disabled={isSubmitting}>
          Close this time
        </Button>
      </Form>
    </section>
  );
}

type Affected = TimeOff['affected'][number];

function Closure({
  entry,
  onReopen,
  onCancelAppointment,
  onMoved,
  busy,
  cancelling,
}: {
  entry: TimeOff;
  onReopen: (entry: TimeOff) => void;
  onCancelAppointment: (appointment: Affected) => void;
  onMoved: () => void;
  busy: boolean;
  cancelling: string | undefined;
}) {
  const id = useId();
  const when = `${formatAppointmentTime(new Date(entry.startsAt))} until ${formatAppointmentTime(new Date(entry.endsAt))}`;
  return (
    <li className="mb-4" aria-labelledby={`${id}-when`} data-time-off-id={entry.id}>
      <h3 id={`${id}-when`} className="fs-5">
        Closed from {when}
      </h3>
      <p className="mb-1">Reason: {entry.reason || '(none given)'}</p>
      <p className="mb-1">Closed by {entry.createdBy}</p>
      {entry.affected.length === 0 ? (
        <p className="mb-2">No bookings fall in this time.</p>
      ) : (
        <>
          <p className="mb-1 fw-semibold text-danger">
            {entry.affected.length === 1 ? '1 booking falls' : `${entry.affected.length} bookings fall`} in this time: call, reschedule or
            cancel {entry.affected.length === 1 ? 'it' : 'them'}.
          </p>
          <ul>
            {entry.affected.map((appointment) => (
              <li key={appointment.appointmentId} className="mb-2">
                {formatAppointmentTime(new Date(appointment.startsAt))}, {appointment.isRemote ? 'Remote' : 'In-Person'}:{' '}
                {appointment.customerName || '(no name)'}, phone{' '}
                {appointment.customerPhone ? <a href={telHref(appointment.customerPhone)}>{appointment.customerPhone}</a> : '(none)'},{' '}
                {appointment.customerEmail}{' '}
                <Button
                  variant="outline-danger"
                  size="sm"
                  className="ms-1"
                  onClick={() => onCancelAppointment(appointment)}
                  disabled={cancelling === appointment.appointmentId}
                >
                  {cancelling === appointment.appointmentId ? 'Cancelling…' : 'Cancel the visit'}
                  <span className="visually-hidden">
                    {' '}
                    of {appointment.customerName || appointment.customerEmail} on {formatAppointmentTime(new Date(appointment.startsAt))}
                  </span>
                </Button>
                <MoveVisitButton visit={appointment} onMoved={onMoved} />
              </li>
            ))}
          </ul>
        </>
      )}
      <Button variant="outline-danger" onClick={() => onReopen(entry)} disabled={busy}>
        Reopen<span className="visually-hidden"> {when}</span>
      </Button>
    </li>
  );
}

function ClosureList() {
  const id = useId();
  const list = useTimeOff();
  const reopen = useReopenTimeOff();
  const confirm = useConfirm();
  const alert = useTimedAlert();

  const cancelAppointment = useDeleteAppointment(COMPONENT_NAME);

  const onCancelAppointment = async (appointment: Affected) => {
    if (cancelAppointment.isPending || !(await confirm(CANCEL_APPOINTMENT_CONFIRM))) return;
    try {
      await cancelAppointment.mutateAsync(appointment.appointmentId);
    } catch (error) {
      alert.show({ body: refusalMessage(error) ?? 'The visit could not be cancelled. Please try again.' });
      return;
    }
    alert.show({ variant: 'success', body: 'The visit is cancelled; the customer has been e-mailed.' });
  };

  const onReopen = async (entry: TimeOff) => {
    if (!(await confirm(REOPEN_CONFIRM))) return;
    try {
      await reopen.mutateAsync(entry.id);
    } catch (error) {
      alert.show({ body: refusalMessage(error) ?? 'The time could not be reopened. Please try again.' });
      return;
    }
    alert.show({ variant: 'success', body: 'The time is open for booking again.' });
  };

  let content = <LoadingSpinner label="Loading the time off…" />;
  if (list.isError) {
    content = <AdminLoadError error={list.error} what="time off" componentName={COMPONENT_NAME} onRetry={() => void list.refetch()} />;
  } else if (list.data?.length === 0) {
    content = <AdminEmpty title="No time off ahead.">Every weekend slot is open for booking.</AdminEmpty>;
  } else if (list.data) {
    content = (
      <ul className="list-unstyled">
        {list.data.map((entry) => (
          <Closure
            key={entry.id}
            entry={entry}
            onReopen={(chosen) => void onReopen(chosen)}
            onCancelAppointment={(appointment) => void onCancelAppointment(appointment)}
            onMoved={() => alert.show({ variant: 'success', body: 'The visit is moved; the customer has been e-mailed.' })}
            busy={reopen.isPending && reopen.variables === entry.id}
            cancelling={cancelAppointment.isPending ? cancelAppointment.variables : undefined}
          />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby={`${id}-heading`} className="mb-5">
      <h2 id={`${id}-heading`}>Closed times ahead</h2>
      {alert.element}
      {content}
    </section>
  );
}

function RulesForm({ rules }: { rules: BookingRules }) {
  const id = useId();
  const change = useChangeBookingRules();
  const alert = useTimedAlert();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<BookingRules>({ resolver: zodResolver(BookingRulesSchema), defaultValues: rules });

  const submit = async (values: BookingRules) => {
    try {
      await change.mutateAsync(values);
    } catch {
      return;
    }
    alert.show({ variant: 'success', body: 'Booking rules saved. The change is in the change log.' });
  };

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Booking rules</h2>
      <Form noValidate onSubmit={handleSubmit(submit)} className="admin-form">
        <Row>
          <Col sm={6}>
            <TextField
              label="Minimum notice for booking (hours)"
              type="number"
              inputMode="numeric"
              min={0}
              registration={register('minNoticeHours', { valueAsNumber: true })}
              error={errors.minNoticeHours?.message}
              hint="No visit can be booked less than this many hours ahead."
            />
          </Col>
          <Col sm={6}>
            <TextField
              label="Cut-off for customers' changes (hours)"
              type="number"
              inputMode="numeric"
              min={0}
              registration={register('cutoffHours', { valueAsNumber: true })}
              error={errors.cutoffHours?.message}
              hint="Less than this many hours before a visit, customers must call to cancel or change it."
            />
          </Col>
        </Row>
        {change.isError && (
          <Alert variant="danger" role="alert">
            {refusalMessage(change.error) ?? 'The rules could not be saved. Please try again.'}
          </Alert>
        )}
        {alert.element}
        <Button type="submit" size="lg" disabled={isSubmitting}>
          Save
        </Button>
      </Form>
    </section>
  );
}

function RulesSection() {
  const rules = useBookingRules();
  if (rules.isError) {
    return <AdminLoadError error={rules.error} what="booking rules" componentName={COMPONENT_NAME} onRetry={() => void rules.refetch()} />;
  }
  return rules.data ? <RulesForm rules={rules.data} /> : <LoadingSpinner label="Loading the booking rules…" />;
}

/**
 * The owner's schedule: close time (days, ranges, slots), the closures ahead with their bookings, the booking rules,
 * the owner's own calendar whose busy times close slots, and the private calendar feed.
 */
function TimeOffPage() {
  usePageTitle('Time Off');
  const heading = useRef<HTMLHeadingElement>(null);
  const alert = useTimedAlert();
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="mb-3">
        Time Off
      </h1>
      {alert.element}
      <CloseTimeFormSection
        onClosed={(closed) =>
          alert.show({
            variant: closed.affected.length > 0 ? 'warning' : 'success',
            body:
              closed.affected.length > 0
                ? `Time closed. ${closed.affected.length} booking(s) fall in it: see the list below.`
                : 'Time closed. Customers can no longer book it.',
          })
        }
      />
      <ClosureList />
      <RulesSection />
      <CalendarImportSection />
      <CalendarFeedSection />
    </>
  );
}

export { TimeOffPage as Component };
