import type { ReactNode } from 'react';
import { ADMIN_TEXTS, type AdminAppointment } from '../../../../shared/admin.ts';
import { LiveStatus } from '../../../components/live-status.tsx';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCompletedAppointments } from '../api/get-completed-appointments.ts';
import { AdminAppointmentList } from '../components/admin-appointment-list.tsx';
import { AdminEmpty, AdminLoadError } from '../components/admin-load-error.tsx';
import { hasPayLink, PayLinkActions } from '../components/pay-link-actions.tsx';
import { useAppointmentActions } from '../components/use-appointment-actions.tsx';

const COMPONENT_NAME = 'CompletedAppointments';

/** "Resend pay link" and "Copy pay link" beside a job the customer can pay online (issue 40). */
const payLinkActions = (appointment: AdminAppointment, about: string) =>
  hasPayLink(appointment) ? <PayLinkActions appointment={appointment} about={about} /> : null;

/**
 * Completed jobs waiting for payment; ticking Paid (with how) records a payment taken by hand; the pay link can be
 * sent again or copied.
 */
function CompletedPage() {
  usePageTitle('Completed Appointments');
  const appointments = useCompletedAppointments();
  const { actions, heading, alert, editor } = useAppointmentActions({
    componentName: COMPONENT_NAME,
    savedText: () => ADMIN_TEXTS.updated,
    deletedText: ADMIN_TEXTS.deletedBoth,
  });

  let content: ReactNode;
  if (appointments.isPending) content = <PageSpinner />;
  else if (appointments.isError) {
    content = (
      <AdminLoadError
        error={appointments.error}
        what="completed appointments"
        componentName={COMPONENT_NAME}
        onRetry={() => void appointments.refetch()}
      />
    );
  } else if (appointments.data.length === 0) {
    content = <AdminEmpty title={ADMIN_TEXTS.noCompleted}>Jobs marked completed appear here until they are paid.</AdminEmpty>;
  } else {
    content = (
      <AdminAppointmentList
        appointments={appointments.data}
        caption={`Completed, waiting for payment (${appointments.data.length})`}
        actions={{ ...actions, extra: payLinkActions }}
      />
    );
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="mb-2">
        Completed Appointments
      </h1>
      <LiveStatus className="mb-3" />
      {alert}
      {content}
      {editor}
    </>
  );
}

export { CompletedPage as Component };
