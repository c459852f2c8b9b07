import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatBusinessDay } from '../../../../shared/business-time.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useCalendarFeed, useRemoveCalendarFeed, useReplaceCalendarFeed } from '../api/calendar-feed.ts';
import { refusalMessage } from './admin-failure.ts';
import { AdminLoadError } from './admin-load-error.tsx';

const REPLACE_CONFIRM = 'Make a new feed address? The old address stops working at once, in every calendar that uses it. If YES select OK';
const REMOVE_CONFIRM = 'Turn the calendar feed off? Its address stops working at once. If YES select OK';

/** The new address, shown once with a Copy button: only a hash of it is kept. */
function NewAddress({ url }: { url: string }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'no'>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <Alert variant="success" className="mt-3">
      <Form.Group controlId={`${id}-url`}>
        <Form.Label className="fw-semibold">Your feed address (shown only now: copy it into your phone's calendar)</Form.Label>
        <Form.Control readOnly value={url} onFocus={(event) => event.currentTarget.select()} className="calendar-feed-url" />
      </Form.Group>
      <div className="d-flex flex-wrap align-items-center gap-3 mt-2">
        <Button variant="outline-dark" onClick={copy}>
          Copy the address
        </Button>
        <span role="status">
          {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'This browser would not copy it: select the address and copy it by hand.' : ''}
        </span>
      </div>
    </Alert>
  );
}

/**
 * The owner's private calendar feed: subscribed to from a phone, it shows every open visit with the customer's
 * name, phone, address and problem, and follows the schedule as it changes. A new address retires the old one.
 */
export function CalendarFeedSection() {
  const id = useId();
  const feed = useCalendarFeed();
  const replace = useReplaceCalendarFeed();
  const remove = useRemoveCalendarFeed();
  const confirm = useConfirm();
  const [address, setAddress] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const busy = replace.isPending || remove.isPending;

  const makeAddress = async () => {
    if (busy) return;
    if (feed.data?.isSet && !(await confirm(REPLACE_CONFIRM))) return;
    setProblem(undefined);
    try {
      setAddress((await replace.mutateAsync()).url);
    } catch (error) {
      setProblem(refusalMessage(error) ?? 'A new address could not be made. Please try again.');
    }
  };

  const turnOff = async () => {
    if (busy || !(await confirm(REMOVE_CONFIRM))) return;
    setProblem(undefined);
    try {
      await remove.mutateAsync();
      setAddress(undefined);
    } catch (error) {
      setProblem(refusalMessage(error) ?? 'The feed could not be turned off. Please try again.');
    }
  };

  let status = <LoadingSpinner label="Loading the calendar feed…" />;
  if (feed.isError) {
    status = <AdminLoadError error={feed.error} what="calendar feed" componentName="CalendarFeed" onRetry={() => void feed.refetch()} />;
  } else if (feed.data) {
    status = (
      <p className="fs-5">
        {feed.data.isSet && feed.data.since
          ? `Your calendar feed is on (address made ${formatBusinessDay(Date.parse(feed.data.since))}).`
          : 'Your calendar feed is off.'}
      </p>
    );
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="my-5">
      <h2 id={`${id}-heading`} className="h3">
        Calendar feed for your phone
      </h2>
      <p>
        Subscribe to the feed's address in your phone's calendar (on an iPhone: Settings, Calendar, Accounts, Add Subscribed Calendar; in
        Google Calendar on a computer: Other calendars, From URL). It shows every open visit with the customer's name, phone, address and
        problem, and follows every booking, move and cancellation. Keep the address private: anyone who has it can read the feed.
      </p>
      {status}
      {feed.data && (
        <div className="d-flex flex-wrap gap-2">
          <Button size="lg" onClick={makeAddress} disabled={busy}>
            {feed.data.isSet ? 'Make a new address' : 'Make a feed address'}
          </Button>
          {feed.data.isSet && (
            <Button size="lg" variant="outline-danger" onClick={turnOff} disabled={busy}>
              Turn the feed off
            </Button>
          )}
        </div>
      )}
      {address && <NewAddress url={address} />}
      {problem && (
        <Alert variant="danger" className="mt-3" role="alert">
          {problem}
        </Alert>
      )}
    </section>
  );
}
