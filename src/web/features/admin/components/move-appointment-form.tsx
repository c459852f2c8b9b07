import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { type RescheduleAppointment, RescheduleAppointmentSchema } from '../../../../shared/appointments.ts';
import { formatAppointmentTime } from '../../../../shared/business-time.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useMoveAppointment } from '../api/move-appointment.ts';
import { refusalMessage } from './admin-failure.ts';
import { SlotSelect } from './slot-select.tsx';

/**
 * The owner moves a customer's visit (after a call): a weekend day and one of the eight times. The server refuses a
 * taken slot or time off in words; the customer is e-mailed the updated calendar invite.
 */
export function MoveAppointmentForm({ appointmentId, onMoved }: { appointmentId: string; onMoved: () => void }) {
  const move = useMoveAppointment();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RescheduleAppointment>({
    resolver: zodResolver(RescheduleAppointmentSchema),
    defaultValues: { date: '', slot: '' as RescheduleAppointment['slot'] },
  });

  const submit = async (values: RescheduleAppointment) => {
    try {
      await move.mutateAsync({ appointmentId, ...values });
    } catch {
      // Told below, in the form.
      return;
    }
    onMoved();
  };

  return (
    <Form noValidate onSubmit={handleSubmit(submit)} className="admin-form mt-2">
      <TextField label="New day" type="date" required registration={register('date')} error={errors.date?.message} />
      <SlotSelect label="New time" registration={register('slot')} error={errors.slot?.message} />
      {move.isError && (
        <Alert variant="danger" role="alert">
          {refusalMessage(move.error) ?? 'The visit could not be moved. Please try again.'}
        </Alert>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Moving…' : 'Move the visit and e-mail the customer'}
      </Button>
    </Form>
  );
}

/** A booked visit in the way of a closure (time off, a busy time of the owner's calendar), as the lists name it. */
export type VisitToMove = { appointmentId: string; startsAt: string; customerName: string; customerEmail: string };

/**
 * "Move the visit" beside a visit in the way of a closure: it opens the owner's form for that booking, under the
 * button; `closeWhenMoved` folds the form away once the visit has moved.
 */
export function MoveVisitButton({
  visit,
  onMoved,
  closeWhenMoved = false,
}: {
  visit: VisitToMove;
  onMoved: () => void;
  closeWhenMoved?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline-primary"
        size="sm"
        className="ms-1"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen((shown) => !shown)}
      >
        Move the visit
        <span className="visually-hidden">
          {' '}
          of {visit.customerName || visit.customerEmail} on {formatAppointmentTime(new Date(visit.startsAt))}
        </span>
      </Button>
      <div id={`${id}-form`} hidden={!open}>
        {open && (
          <MoveAppointmentForm
            appointmentId={visit.appointmentId}
            onMoved={() => {
              if (closeWhenMoved) setOpen(false);
              onMoved();
            }}
          />
        )}
      </div>
    </>
  );
}
