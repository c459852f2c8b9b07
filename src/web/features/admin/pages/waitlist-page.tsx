import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { formatAppointmentTime, formatBusinessDay, formatBusinessTimeOfDay, slotInstant } from '../../../../shared/business-time.ts';
import type { WaitlistEntryState } from '../../../../shared/waitlist.ts';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useWaitlist } from '../api/get-waitlist.ts';
import { AdminEmpty, AdminLoadError } from '../components/admin-load-error.tsx';
import { EmailAddress, TableRegion } from '../components/table-region.tsx';

const COMPONENT_NAME = 'Waitlist';

const STATES: Record<WaitlistEntryState, string> = {
  waiting: 'Waiting',
  offered: 'Offered a time',
  booked: 'Booked it',
  lapsed: 'Offer ran out',
  left: 'Left the list',
  closed: 'Day passed',
};

const when = (instant: string) => `${formatBusinessDay(Date.parse(instant))} ${formatBusinessTimeOfDay(Date.parse(instant))}`;

/**
 * The waitlist for full days (issue 39), read-only: each day from today on with the customers who asked to be told
 * when a time opens up, in the order they joined; who is offered which time, and until when.
 */
function WaitlistPage() {
  usePageTitle('Waitlist');
  const waitlist = useWaitlist();
  let content: ReactNode;
  if (waitlist.isPending) content = <PageSpinner />;
  else if (waitlist.isError) {
    content = (
      <AdminLoadError error={waitlist.error} what="waitlist" componentName={COMPONENT_NAME} onRetry={() => void waitlist.refetch()} />
    );
  } else if (waitlist.data.days.length === 0) {
    content = <AdminEmpty title="Nobody is waiting.">Customers can ask to be told when a time opens up on a full day.</AdminEmpty>;
  } else {
    content = waitlist.data.days.map((day) => {
      const dayName = formatAppointmentTime(slotInstant(day.date, '08:00am')).replace(/ at .*$/, '');
      return (
        <TableRegion key={day.date} labelledBy={`waitlist-${day.date}-caption`}>
          <Table className="admin-table align-middle">
            <caption id={`waitlist-${day.date}-caption`}>{dayName}</caption>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Joined</th>
                <th scope="col">State</th>
                <th scope="col">Offered time</th>
                <th scope="col">Held until</th>
              </tr>
            </thead>
            <tbody>
              {day.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <span className="d-block">{entry.name}</span>
                    <span className="d-block">
                      <EmailAddress address={entry.email} />
                    </span>
                  </td>
                  <td className="admin-nowrap">{when(entry.joinedAt)}</td>
                  <td>{STATES[entry.state]}</td>
                  <td className="admin-when">{entry.offeredStartsAt ? formatAppointmentTime(Date.parse(entry.offeredStartsAt)) : '—'}</td>
                  <td className="admin-nowrap">{entry.offerExpiresAt ? when(entry.offerExpiresAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableRegion>
      );
    });
  }
  return (
    <>
      <h1>Waitlist</h1>
      <p className="fs-5">Customers waiting for a full day, in the order they joined. A freed time is offered to one at a time.</p>
      {content}
    </>
  );
}

export { WaitlistPage as Component };
