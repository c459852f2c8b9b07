import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ADMIN_TEXTS, type AdminAppointment, type UpdateOutcome } from '../../../../shared/admin.ts';
import { APPOINTMENT_TEXTS } from '../../../../shared/appointments.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { deleteAppointment } from '../api/delete-appointment.ts';
import { adminKeys } from '../api/query-keys.ts';
import type { AppointmentActions } from './admin-appointment-list.tsx';
import { recordAdminFailure } from './admin-failure.ts';
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
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const alert = useTimedAlert();
  const heading = useRef<HTMLHeadingElement>(null);
  const [deleting, setDeleting] = useState<string>();

  const editor = useAppointmentEditor({
    componentName,
    onSaved: (outcome) => alert.show({ variant: 'success', body: savedText(outcome) }),
  });

  const onDelete = async (appointment: AdminAppointment) => {
    if (deleting || !(await confirm(ADMIN_TEXTS.deleteConfirm))) return;
    setDeleting(appointment.id);
    try {
      await deleteAppointment(appointment.id);
      alert.show({ variant: 'success', body: deletedText });
      heading.current?.focus();
    } catch (error) {
      recordAdminFailure(error, componentName, appointment.id);
      alert.show({ body: APPOINTMENT_TEXTS.deleteError });
    } finally {
      setDeleting(undefined);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    }
  };

  const actions: AppointmentActions = { onEdit: editor.open, onDelete: (appointment) => void onDelete(appointment), deleting };
  return { actions, heading, alert: alert.element, editor: editor.element };
}
