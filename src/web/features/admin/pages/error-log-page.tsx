import { type ReactNode, useEffect, useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useSearchParams } from 'react-router';
import { ADMIN_TEXTS, type ErrorEntry } from '../../../../shared/admin.ts';
import { APPOINTMENT_TEXTS } from '../../../../shared/appointments.ts';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useDeleteError } from '../api/delete-error.ts';
import { useErrors } from '../api/get-errors.ts';
import { refusalMessage } from '../components/admin-failure.ts';
import { AdminEmpty, AdminLoadError } from '../components/admin-load-error.tsx';
import { TableRegion } from '../components/table-region.tsx';

const COMPONENT_NAME = 'ErrorLog';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

type RowsProps = { entries: ErrorEntry[]; firstNumber: number; deleting: string | undefined; onDelete: (entry: ErrorEntry) => void };

function ErrorTable({ entries, firstNumber, deleting, onDelete, caption }: RowsProps & { caption: string }) {
  const captionId = `${useId()}-caption`;
  return (
    <TableRegion labelledBy={captionId}>
      <Table className="admin-table" hover>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">errorID</th>
            <th scope="col">day</th>
            <th scope="col">time</th>
            <th scope="col">userId</th>
            <th scope="col">errorMessage</th>
            {/* The spec's field names, allowed to break between their words on narrow screens. */}
            <th scope="col" className="admin-wrap">
              appointment
              <wbr />
              Identifier
            </th>
            <th scope="col" className="admin-wrap">
              component
              <wbr />
              Name
            </th>
            <th scope="col">Delete</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => {
            const number = firstNumber + index;
            return (
              <tr key={entry.errorID} data-error-id={entry.errorID}>
                <th scope="row">{number}</th>
                <td className="admin-id-cell">{entry.errorID}</td>
                <td className="admin-nowrap">{entry.day}</td>
                <td className="admin-nowrap">{entry.time}</td>
                <td className="admin-id-cell">{entry.userId}</td>
                <td className="admin-wide-cell">{entry.errorMessage}</td>
                <td className="admin-id-cell">{entry.appointmentIdentifier}</td>
                <td>{entry.componentName}</td>
                <td>
                  <Button variant="outline-danger" disabled={deleting === entry.errorID} onClick={() => onDelete(entry)}>
                    {deleting === entry.errorID ? 'Deleting…' : 'Delete'}
                    <span className="visually-hidden"> (error #{number})</span>
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableRegion>
  );
}

/** The error log, newest first, a page at a time; each entry can be deleted, and the list reloads. */
function ErrorLogPage() {
  usePageTitle('Error Log');
  const heading = useRef<HTMLHeadingElement>(null);
  const alert = useTimedAlert();
  const [search, setSearch] = useSearchParams();
  const page = pageFrom(search.get('page'));
  const errors = useErrors(page);
  const remove = useDeleteError();
  const deleting = remove.isPending ? remove.variables : undefined;

  const goTo = (next: number) => setSearch(next === 1 ? {} : { page: String(next) });
  const pages = errors.data ? Math.max(1, Math.ceil(errors.data.total / errors.data.pageSize)) : undefined;

  useEffect(() => {
    // The last entries of the last page were deleted (or the address named a page too far): show the last page.
    if (pages !== undefined && page > pages) setSearch(pages === 1 ? {} : { page: String(pages) }, { replace: true });
  }, [page, pages, setSearch]);

  const onDelete = async (entry: ErrorEntry) => {
    if (remove.isPending) return;
    try {
      await remove.mutateAsync(entry.errorID);
    } catch (error) {
      alert.show({ body: refusalMessage(error) ?? APPOINTMENT_TEXTS.deleteError });
      return;
    }
    alert.show({ variant: 'success', body: ADMIN_TEXTS.deletedRecords });
    heading.current?.focus();
  };

  let content: ReactNode;
  if (errors.isPending) content = <PageSpinner />;
  else if (errors.isError) {
    content = <AdminLoadError error={errors.error} what="error log" componentName={COMPONENT_NAME} onRetry={() => void errors.refetch()} />;
  } else {
    const { total, pageSize, entries } = errors.data;
    const lastPage = pages ?? 1;
    content =
      total === 0 ? (
        <AdminEmpty title={ADMIN_TEXTS.dashboard}>
          <span className="d-block fw-semibold">{ADMIN_TEXTS.noErrors}</span>
          The error log is empty: nothing has gone wrong since it was last cleared.
        </AdminEmpty>
      ) : (
        <>
          <ErrorTable
            entries={entries}
            firstNumber={(page - 1) * pageSize + 1}
            deleting={deleting}
            onDelete={(entry) => void onDelete(entry)}
            caption={`Errors, newest first (${total} in all)`}
          />
          <nav aria-label="Error log pages" className="admin-pagination">
            <Button variant="outline-primary" size="lg" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Previous
            </Button>
            <span aria-current="page">
              Page {Math.min(page, lastPage)} of {lastPage}
            </span>
            <Button variant="outline-primary" size="lg" disabled={page >= lastPage} onClick={() => goTo(page + 1)}>
              Next
            </Button>
          </nav>
        </>
      );
  }

  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="mb-3">
        Error Log
      </h1>
      {alert.element}
      {content}
    </>
  );
}

export { ErrorLogPage as Component };
