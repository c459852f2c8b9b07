import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatAppointmentTime } from '../../../../shared/business-time.ts';
import { CalendarImportAddressSchema, type CalendarImportStatus } from '../../../../shared/schedule.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { telHref } from '../../../lib/app-config.ts';
import {
  calendarImportKey,
  useCalendarImport,
  useFetchCalendarImport,
  useRemoveCalendarImport,
  useSetCalendarImport,
} from '../api/calendar-import.ts';
import { refusalMessage } from './admin-failure.ts';
import { AdminLoadError } from './admin-load-error.tsx';
import { MoveVisitButton } from './move-appointment-form.tsx';

const REMOVE_CONFIRM = 'Stop reading your calendar? Its busy times will no longer close slots. If YES select OK';

function Status({ status }: { status: CalendarImportStatus }) {
  if (!status.isSet) return <p className="fs-5">No calendar is connected.</p>;
  return (
    <dl className="calendar-import-status">
      <dt>Calendar address</dt>
      <dd>
        <code className="text-break">{status.maskedAddress}</code> (the rest of the address is kept secret)
      </dd>
      <dt>Last fetch</dt>
      <dd data-testid="calendar-import-fetched">
        {status.fetchedAt ? formatAppointmentTime(new Date(status.fetchedAt)) : 'Not fetched yet'}
      </dd>
      <dt>Busy times read</dt>
      <dd data-testid="calendar-import-count">
        {status.busyCount}
        {status.succeededAt && status.succeededAt !== status.fetchedAt
          ? ` (from the last good fetch, ${formatAppointmentTime(new Date(status.succeededAt))})`
          : ''}
      </dd>
      <dt>Fetched</dt>
      <dd>Every {status.intervalMinutes} minutes</dd>
    </dl>
  );
}

function Affected({ status }: { status: CalendarImportStatus }) {
  const queryClient = useQueryClient();
  if (status.affected.length === 0) return null;
  return (
    <div className="mt-3">
      <p className="fw-semibold text-danger mb-1">
        {status.affected.length === 1 ? '1 booked visit falls' : `${status.affected.length} booked visits fall`} in busy time on your
        calendar. {status.affected.length === 1 ? 'It stays' : 'They stay'} booked: call the customer, then move the visit here or cancel it
        from the dashboard.
      </p>
      <ul>
        {status.affected.map((visit) => (
          <li key={visit.appointmentId} className="mb-2">
            {formatAppointmentTime(new Date(visit.startsAt))}, {visit.isRemote ? 'Remote' : 'In-Person'}:{' '}
            {visit.customerName || '(no name)'}, phone{' '}
            {visit.customerPhone ? <a href={telHref(visit.customerPhone)}>{visit.customerPhone}</a> : '(none)'}, {visit.customerEmail}{' '}
            <MoveVisitButton
              visit={visit}
              closeWhenMoved
              onMoved={() => void queryClient.invalidateQueries({ queryKey: calendarImportKey() })}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The owner's own calendar (issue 39): they paste its secret iCalendar address (Google, iCloud, Outlook), and every
 * slot one of its busy times overlaps is closed to new bookings. The address is never shown back whole.
 */
export function CalendarImportSection() {
  const id = useId();
  const current = useCalendarImport();
  const save = useSetCalendarImport();
  const fetchNow = useFetchCalendarImport();
  const remove = useRemoveCalendarImport();
  const confirm = useConfirm();
  const [url, setUrl] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<string>();
  const busy = save.isPending || fetchNow.isPending || remove.isPending;

  /** `success` may read the answer: a fetch that failed is said so, not announced as done. */
  const run = async <T,>(action: () => Promise<T>, success: string | ((answer: T) => string), failure: string) => {
    setProblem(undefined);
    setDone(undefined);
    try {
      const answer = await action();
      setDone(typeof success === 'string' ? success : success(answer));
    } catch (error) {
      setProblem(refusalMessage(error) ?? failure);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = CalendarImportAddressSchema.safeParse({ url });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    await run(
      async () => {
        const saved = await save.mutateAsync(parsed.data.url);
        setUrl('');
        return saved;
      },
      (saved) => (saved?.error ? `Calendar address saved, but the fetch failed: ${saved.error}` : 'Calendar address saved and fetched.'),
      'The address could not be saved. Please try again.',
    );
  };

  const removeCalendar = async () => {
    if (busy || !(await confirm(REMOVE_CONFIRM))) return;
    await run(
      () => remove.mutateAsync(undefined),
      'Your calendar is no longer read.',
      'The calendar could not be removed. Please try again.',
    );
  };

  let body = <LoadingSpinner label="Loading your calendar's import…" />;
  if (current.isError) {
    body = (
      <AdminLoadError error={current.error} what="calendar import" componentName="CalendarImport" onRetry={() => void current.refetch()} />
    );
  } else if (current.data) {
    const status = current.data;
    body = (
      <>
        <Status status={status} />
        {status.error && (
          <Alert variant="danger" className="mt-2">
            <strong>The last fetch failed:</strong> {status.error}
            {status.succeededAt ? ' Busy times from the last good fetch still close slots.' : ''}
          </Alert>
        )}
        <Affected status={status} />
        <Form noValidate onSubmit={submit} className="mt-3">
          <Form.Group controlId={`${id}-url`} className="mb-3">
            <Form.Label className="fw-semibold">
              {status.isSet ? 'Replace the address with another' : 'Secret address of your calendar'}
            </Form.Label>
            <Form.Control
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              isInvalid={Boolean(fieldError)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error ${id}-hint` : `${id}-hint`}
              placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
            />
            <Form.Text id={`${id}-hint`}>Starts with https:// or webcal://. It is kept secret and never shown again whole.</Form.Text>
            <Form.Control.Feedback type="invalid" id={`${id}-error`}>
              {fieldError}
            </Form.Control.Feedback>
          </Form.Group>
          <div className="d-flex flex-wrap gap-2">
            <Button size="lg" type="submit" disabled={busy}>
              {save.isPending ? 'Saving…' : status.isSet ? 'Replace the address' : 'Save the address'}
            </Button>
            {status.isSet && (
              <Button
                size="lg"
                variant="outline-primary"
                disabled={busy}
                onClick={() =>
                  void run(
                    () => fetchNow.mutateAsync(undefined),
                    (fetched) => (fetched?.error ? `The calendar could not be fetched: ${fetched.error}` : 'Calendar fetched.'),
                    'The calendar could not be fetched. Please try again.',
                  )
                }
              >
                {fetchNow.isPending ? 'Fetching…' : 'Fetch now'}
              </Button>
            )}
            {status.isSet && (
              <Button size="lg" variant="outline-danger" disabled={busy} onClick={() => void removeCalendar()}>
                Remove the calendar
              </Button>
            )}
          </div>
        </Form>
      </>
    );
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="my-5" data-testid="calendar-import">
      <h2 id={`${id}-heading`} className="h3">
        Your own calendar blocks slots
      </h2>
      <p>
        Paste the secret address of your own calendar (in Google Calendar: Settings, your calendar, "Secret address in iCal format"; on
        iCloud: share the calendar as a Public Calendar and copy its link; in Outlook: Settings, Calendar, Shared calendars, Publish a
        calendar, the ICS link). Every slot one of its events overlaps is closed to new bookings; events marked free do not block. Customers
        only see that the slot is taken.
      </p>
      {body}
      <p role="status" className="mt-2 mb-0">
        {done ?? ''}
      </p>
      {problem && (
        <Alert variant="danger" className="mt-3" role="alert">
          {problem}
        </Alert>
      )}
    </section>
  );
}
