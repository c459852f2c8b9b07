import { Link } from 'react-router';
import { formatAppointmentTime } from '../../../../shared/business-time.ts';
import { useCalendarImport } from '../api/calendar-import.ts';

/** The dashboard's notice when the owner's own calendar has failed to load for an hour (issue 39). */
export function CalendarImportNotice() {
  const current = useCalendarImport();
  const status = current.data;
  if (!status?.failingForAnHour || !status.failingSince) return null;
  return (
    <div role="alert" className="alert alert-warning mb-3">
      <strong>Your own calendar has not loaded since {formatAppointmentTime(new Date(status.failingSince))}</strong>: {status.error} Slots
      still close by the busy times of its last good fetch. <Link to="/admin/time-off">See it on the Time Off page.</Link>
    </div>
  );
}
