import { useRef } from 'react';
import { ADMIN_TEXTS, type AdminAppointment, type UpdateOutcome } from '../../../../shared/admin.ts';
import { APPOINTMENT_TEXTS } from '../../../../shared/appointments.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
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
    if (remove.isPending || !(await confirm(ADMIN_TEXTS.deleteConfirm))) return;
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
