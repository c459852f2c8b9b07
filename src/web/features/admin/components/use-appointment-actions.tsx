import { format } from 'date-fns/format';
import { useRef } from 'react';
import { ADMIN_TEXTS, type AdminAppointment, type UpdateOutcome } from '../../../../shared/admin.ts';
import { APPOINTMENT_TEXTS } from '../../../../shared/appointments.ts';
import { inBusinessZone } from '../../../../shared/business-time.ts';
import { type ConfirmDetail, useConfirm } from '../../../components/confirm-dialog.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { useDeleteAppointment } from '../api/delete-appointment.ts';
import type { AppointmentActions } from './admin-appointment-list.tsx';
import { useAppointmentEditor } from './appointment-editor.tsx';

type Texts = {
  componentName: string;
  /** What the screen announces after a saved edit. */
  savedText: (outcome: UpdateOutcome) => string;
  deletedText: string;
};

/**
 * The visit a delete would take off the schedule, listed under the spec's question: whose it is, its day, time
 * (New York), type and place (the back office is English only).
 */
export function deletedVisitDetails(appointment: AdminAppointment): ConfirmDetail[] {
  const { customer } = appointment;
  const startsAt = Date.parse(appointment.startsAt);
  const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
  const address = customer.streetAddress ? `${customer.streetAddress}, ${customer.city}, ${customer.state} ${customer.zipCode}` : '';
  return [
    { label: 'Customer', value: name },
    { label: 'Day', value: Number.isNaN(startsAt) ? 'Unknown day' : format(inBusinessZone(startsAt), 'EEEE, MMMM d, yyyy') },
    { label: 'Time', value: `${appointment.time} (New York time)` },
    { label: 'Visit Type', value: appointment.isRemote ? 'Remote' : 'In-Person' },
    { label: 'Place', value: appointment.isRemote ? 'Remote' : address || 'No address on file' },
  ];
}

/**
 * Edit and Delete of the appointment lists (/admin and /completed-appointments): the edit dialog, the spec's
 * delete confirmation, the banner that reports each outcome, and the heading that keeps the reader's place
 * once a row is gone.
 */
export function useAppointmentActions({ componentName, savedText, deletedText }: Texts) {
  const confirm = useConfirm();
  const alert = useTimedAlert();
  const heading = useRef<HTMLHeadingElement>(null);
  const remove = useDeleteAppointment(componentName);
  const deleting = remove.isPending ? remove.variables : undefined;

  const editor = useAppointmentEditor({
    componentName,
    onSaved: (outcome) => alert.show({ variant: 'success', body: savedText(outcome) }),
  });

  const onDelete = async (appointment: AdminAppointment) => {
    if (remove.isPending || !(await confirm(ADMIN_TEXTS.deleteConfirm, { details: deletedVisitDetails(appointment) }))) return;
    try {
      await remove.mutateAsync(appointment.id);
    } catch {
      alert.show({ body: APPOINTMENT_TEXTS.deleteError });
      return;
    }
    alert.show({ variant: 'success', body: deletedText });
    heading.current?.focus();
  };

  const actions: AppointmentActions = { onEdit: editor.open, onDelete: (appointment) => void onDelete(appointment), deleting };
  return { actions, heading, alert: alert.element, editor: editor.element };
}
