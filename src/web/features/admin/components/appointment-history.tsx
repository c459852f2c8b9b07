import { type ReactNode, useId } from 'react';
import type { AuditEntry } from '../../../../shared/admin.ts';
import { formatBusinessDay, formatBusinessTimeOfDay } from '../../../../shared/business-time.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useHistory } from '../api/get-history.ts';

const FIELD_LABELS: Record<string, string> = {
  description: 'Description',
  notes: 'Notes',
  workDone: 'Work done',
  estimate: 'Estimate',
  overEstimate: 'Over the estimate',
  isRemote: 'Remote visit',
  amount: 'Amount',
  bill: 'Bill from the clock',
  amountSetByHand: 'Amount set by hand',
  isCompleted: 'Completed',
  isPaid: 'Paid',
  deleted: 'Deleted',
  refund: 'Refund',
  unwantedCapture: 'Second capture',
  paymentPending: 'Payment held by PayPal',
  startsAt: 'Time',
  cancelled: 'Cancelled',
  texted: 'Texted',
  arrivesAt: 'Arriving about',
  told: 'Sent by',
  confirmedByPhone: 'Confirmed by phone',
};

const ACTION_LABELS: Record<AuditEntry['action'], string> = {
  update: 'Edited',
  delete: 'Deleted',
  payment: 'Payment recorded',
  'payment-pending': 'Payment held by PayPal',
  refund: 'Refunded',
  'refund-pending': 'Refund pending at PayPal',
  reschedule: 'Moved',
  cancel: 'Cancelled',
  'on-my-way': '"On my way" sent',
  'phone-confirmed': 'Confirmed by phone (reminder call)',
  'pay-link': 'Pay link sent again',
};

function showValue(field: string, value: unknown): string {
  if (value === true) return 'Yes';
  if (value === false) return 'No';
  if (value === null || value === undefined || value === '') return '(empty)';
  const text = String(value);
  const paidBy = /^true \((.+)\)$/.exec(text);
  if (paidBy) return `Yes (${paidBy[1]})`;
  return field === 'amount' ? `$${text}` : `“${text}”`;
}

function HistoryEntry({ entry }: { entry: AuditEntry }) {
  const at = Date.parse(entry.at);
  return (
    <li>
      <p className="mb-1">
        <span className="fw-semibold">
          {formatBusinessDay(at)} {formatBusinessTimeOfDay(at)}
        </span>
        : {ACTION_LABELS[entry.action]} by {entry.actorEmail}
      </p>
      <ul className="list-unstyled mb-0">
        {Object.entries(entry.changes).map(([field, change]) => (
          <li key={field} className="admin-history-change">
            {`${FIELD_LABELS[field] ?? field}: ${showValue(field, change.before)} `}
            <span aria-hidden="true">→</span>
            <span className="visually-hidden">changed to</span>
            {` ${showValue(field, change.after)}`}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Who changed the appointment, when, and each field before and after; newest first. */
export function AppointmentHistory({ appointmentId }: { appointmentId: string }) {
  const id = useId();
  const history = useHistory(appointmentId);
  let body: ReactNode;
  if (history.isPending) body = <LoadingSpinner label="Loading the history…" />;
  else if (history.isError) body = <p className="text-danger">The history could not be loaded.</p>;
  else if (history.data.length === 0) body = <p>No changes yet.</p>;
  else {
    body = (
      <ol className="admin-history-list" reversed>
        {history.data.map((entry) => (
          <HistoryEntry key={`${entry.at}-${entry.action}`} entry={entry} />
        ))}
      </ol>
    );
  }
  return (
    <section className="admin-history" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="h5">
        History
      </h3>
      {body}
    </section>
  );
}
