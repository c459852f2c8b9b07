import { type FormEvent, type ReactNode, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useSearchParams } from 'react-router';
import { ADMIN_TEXTS, type PaidEntry } from '../../../../shared/admin.ts';
import { formatDollars, visitTypeLabel } from '../../../../shared/appointments.ts';
import { businessDateOf, formatAppointmentTime, formatBusinessDay, formatBusinessTimeOfDay } from '../../../../shared/business-time.ts';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { paidCsvUrl, usePaidAppointments } from '../api/get-paid-appointments.ts';
import { AdminEmpty, AdminLoadError } from '../components/admin-load-error.tsx';
import { TableRegion } from '../components/table-region.tsx';

const COMPONENT_NAME = 'PaidAppointments';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** This year in New York, the list's default period. */
function thisYear(): { from: string; to: string } {
  const year = businessDateOf(new Date()).slice(0, 4);
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

function methodOf(entry: PaidEntry): string {
  const { provider, method, takenBy } = entry.payment;
  if (provider === 'manual') return `By hand (${method ?? 'unknown'})`;
  const name = provider === 'paypal' ? 'PayPal' : provider === 'sandbox' ? 'Test mode' : provider;
  return takenBy === 'admin' ? `${name}, taken by an admin` : name;
}

function PaidTable({ entries, totalCents, caption }: { entries: PaidEntry[]; totalCents: number; caption: string }) {
  const captionId = `${useId()}-caption`;
  return (
    <TableRegion labelledBy={captionId}>
      <Table className="admin-table" hover>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Paid on</th>
            <th scope="col">Visit</th>
            <th scope="col">Customer</th>
            <th scope="col">Visit Type</th>
            <th scope="col">Method</th>
            <th scope="col">Reference</th>
            <th scope="col" className="text-end">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => {
            const capturedAt = Date.parse(entry.payment.capturedAt);
            return (
              <tr key={entry.id} data-appointment-id={entry.id}>
                <td>{index + 1}</td>
                <td className="admin-nowrap">
                  {formatBusinessDay(capturedAt)}
                  <span className="d-block">{formatBusinessTimeOfDay(capturedAt)}</span>
                </td>
                <td className="admin-when">{formatAppointmentTime(Date.parse(entry.startsAt))}</td>
                <th scope="row" className="admin-customer fw-normal">
                  <span className="d-block fw-semibold">
                    {`${entry.customer.firstName} ${entry.customer.lastName}`.trim() || entry.customer.email}
                  </span>
                  <span className="d-block">{entry.customer.email}</span>
                </th>
                <td>{visitTypeLabel(entry.isRemote)}</td>
                <td className="admin-nowrap">{methodOf(entry)}</td>
                <td className="admin-id-cell">{entry.payment.reference}</td>
                <td className="text-end admin-nowrap">${formatDollars(entry.payment.amountCents)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={7}>
              Total
            </th>
            <td className="text-end fw-bold admin-nowrap">${formatDollars(totalCents)}</td>
          </tr>
        </tfoot>
      </Table>
    </TableRegion>
  );
}

/** Payments taken in a period (this year unless chosen), their total, and the same list as a CSV file. */
function PaidPage() {
  usePageTitle('Paid Appointments');
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const fallback = thisYear();
  const from = DATE.test(search.get('from') ?? '') ? (search.get('from') as string) : fallback.from;
  const to = DATE.test(search.get('to') ?? '') ? (search.get('to') as string) : fallback.to;
  const [draft, setDraft] = useState({ from, to });
  const [invalid, setInvalid] = useState(false);
  const paid = usePaidAppointments(from, to);

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (!DATE.test(draft.from) || !DATE.test(draft.to) || draft.from > draft.to) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setSearch({ from: draft.from, to: draft.to }, { replace: true });
  };

  let content: ReactNode;
  if (paid.isPending) content = <PageSpinner />;
  else if (paid.isError) {
    content = <AdminLoadError error={paid.error} what="payments" componentName={COMPONENT_NAME} onRetry={() => void paid.refetch()} />;
  } else {
    const { entries, totalCents } = paid.data;
    content = (
      <div aria-busy={paid.isFetching || undefined}>
        <p className="admin-total" role="status">
          Total from {from} to {to}: ${formatDollars(totalCents)} ({entries.length} payment{entries.length === 1 ? '' : 's'})
        </p>
        <p>
          <a className="btn btn-outline-primary btn-lg" href={paidCsvUrl(from, to)} download>
            Download CSV
          </a>
        </p>
        {entries.length === 0 ? (
          <AdminEmpty title={ADMIN_TEXTS.noPaid}>No payments were recorded in this period.</AdminEmpty>
        ) : (
          <PaidTable entries={entries} totalCents={totalCents} caption={`Payments from ${from} to ${to}`} />
        )}
      </div>
    );
  }

  return (
    <>
      <h1 className="mb-3">Paid Appointments</h1>
      <Form noValidate onSubmit={show} className="admin-toolbar" aria-label="Period">
        <Form.Group controlId={`${id}-from`}>
          <Form.Label className="fw-semibold">From</Form.Label>
          <Form.Control
            type="date"
            size="lg"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            isInvalid={invalid}
            aria-describedby={invalid ? `${id}-period-error` : undefined}
          />
        </Form.Group>
        <Form.Group controlId={`${id}-to`}>
          <Form.Label className="fw-semibold">To</Form.Label>
          <Form.Control
            type="date"
            size="lg"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            isInvalid={invalid}
            aria-describedby={invalid ? `${id}-period-error` : undefined}
          />
        </Form.Group>
        <Button type="submit" size="lg">
          Show
        </Button>
        {invalid && (
          <p id={`${id}-period-error`} className="text-danger fw-semibold w-100 mb-0" role="alert">
            Choose a first and a last day, the first on or before the last.
          </p>
        )}
      </Form>
      {content}
    </>
  );
}

export { PaidPage as Component };
