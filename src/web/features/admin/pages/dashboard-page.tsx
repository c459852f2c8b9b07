import type { ReactNode } from 'react';
import { ADMIN_TEXTS } from '../../../../shared/admin.ts';
import { LiveStatus } from '../../../components/live-status.tsx';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useOpenAppointments } from '../api/get-open-appointments.ts';
import { AdminAppointmentList } from '../components/admin-appointment-list.tsx';
import { AdminEmpty, AdminLoadError } from '../components/admin-load-error.tsx';
import { BackupNotice } from '../components/backup-notice.tsx';
import { CalendarImportNotice } from '../components/calendar-import-notice.tsx';
import { useAppointmentActions } from '../components/use-appointment-actions.tsx';
import { WeekendAgenda } from '../components/weekend-agenda.tsx';

const COMPONENT_NAME = 'AdminDashboard';

/**
 * Every open appointment with its customer, kept current by live updates; edit, complete, mark paid, delete. Above
 * the list, this weekend's visits as a printable agenda, from the same query.
 */
function DashboardPage() {
  usePageTitle(ADMIN_TEXTS.dashboard);
  const appointments = useOpenAppointments();
  const { actions, heading, alert, editor } = useAppointmentActions({
    componentName: COMPONENT_NAME,
    savedText: (outcome) => (outcome.completedNow ? ADMIN_TEXTS.createdCompleted : ADMIN_TEXTS.updatedScheduled),
    deletedText: ADMIN_TEXTS.deleted,
  });

  let content: ReactNode;
  if (appointments.isPending) content = <PageSpinner />;
  else if (appointments.isError) {
    content = (
      <AdminLoadError
        error={appointments.error}
        what="appointments"
        componentName={COMPONENT_NAME}
        onRetry={() => void appointments.refetch()}
      />
    );
  } else {
    content = (
      <>
        <WeekendAgenda appointments={appointments.data} />
        {appointments.data.length === 0 ? (
          <AdminEmpty title={ADMIN_TEXTS.noPaid}>
            There are no open appointments right now. New bookings appear here as customers make them.
          </AdminEmpty>
        ) : (
          <AdminAppointmentList
            appointments={appointments.data}
            caption={`Open appointments (${appointments.data.length})`}
            actions={actions}
          />
        )}
      </>
    );
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="mb-2">
        {ADMIN_TEXTS.dashboard}
      </h1>
      <LiveStatus className="mb-3" />
      <BackupNotice />
      <CalendarImportNotice />
      {alert}
      {content}
      {editor}
    </>
  );
}

export { DashboardPage as Component };
