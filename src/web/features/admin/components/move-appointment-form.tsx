import { zodResolver } from '@hookform/resolvers/zod';

import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { type RescheduleAppointment, RescheduleAppointmentSchema } from '../../../../shared/appointments.ts';
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
