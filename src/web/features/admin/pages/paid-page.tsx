import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_TEXTS, type PaidEntry, type PaidSalesTax, paymentStanding } from '../../../../shared/admin.ts';
import { appointmentTypeLabel, formatDollars } from '../../../../shared/appointments.ts';
import { businessDateOf, formatAppointmentTime, formatBusinessDay, formatBusinessTimeOfDay } from '../../../../shared/business-time.ts';
import { GENERIC_SERVER_ERROR_MESSAGE } from '../../../../shared/messages.ts';
import { rateText, TAX_TEXTS } from '../../../../shared/sales-tax.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { StatusChip } from '../../../components/status-chip.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { showToast } from '../../../components/toast.tsx';
import { serverMessage } from '../../../lib/api-failure.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { paidCsvUrl, usePaidAppointments } from '../api/get-paid-appointments.ts';
import { useRefundPayment } from '../api/refund-payment.ts';
import { AdminEmpty, AdminLoadError } from '../components/admin-load-error.tsx';
import { EmailAddress, PaymentReference, TableRegion } from '../components/table-region.tsx';

const COMPONENT_NAME = 'PaidAppointments';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** This year in New York, the list's default period. */
function thisYear(): { from: string; to: string } {
  const year = businessDateOf(new Date()).slice(0, 4);
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

function customerName(entry: PaidEntry): string {
  return `${entry.customer.firstName} ${entry.customer.lastName}`.trim() || entry.customer.email;
}

function methodOf(entry: PaidEntry): string {
  const { provider, method, takenBy } = entry.payment;
  if (provider === 'manual') return `By hand (${method ?? 'unknown'})`;
  const name = provider === 'paypal' ? 'PayPal' : provider === 'sandbox' ? 'Test mode' : provider;
  return takenBy === 'admin' ? `${name}, taken by an admin` : name;
}

/** Money the total counts: a payment in force, taken for real (the same rule as the server's `totalCents`). */
function isCounted(entry: PaidEntry): boolean {
  return paymentStanding(entry.payment) === 'paid';
}

/** The sales tax within a payment: "incl. $8.63 tax (Suffolk County 8.625%)", or the exemption. */
function salesTaxNote(tax: PaidSalesTax): string {
  const county = TAX_TEXTS.jurisdictions[tax.jurisdiction];
  if (tax.exempt) return `no sales tax: exempt (${county})`;
  return `incl. $${formatDollars(tax.taxCents)} tax (${county} ${rateText(tax.rate)})`;
}

function payments(count: number): string {
  return `${count} payment${count === 1 ? '' : 's'}`;
}

/** What the refund will do, asked before it is done. */
function refundQuestion(entry: PaidEntry): string {
  const { payment } = entry;
  const question = `Refund $${formatDollars(payment.amountCents)} to ${customerName(entry)}? The job goes back to completed and unpaid, and the customer is e-mailed.`;
  if (payment.isTest) return `${question} This was a test-mode payment: no money moves.`;
  if (payment.provider === 'manual') return `${question} Give the money back by hand (${payment.method ?? 'the way it was paid'}).`;
  return question;
}

type RefundControl = {
  onRefund: (entry: PaidEntry) => void;
  /** A refund is under way: every Refund button waits for it (one at a time). */
  pending: boolean;
  /** The payment just refunded: its row's note takes the focus from the button that went away. */
  justRefunded: string | undefined;
};

function PaidRow({ entry, index, refund }: { entry: PaidEntry; index: number; refund: RefundControl }) {
  const { payment } = entry;
  const capturedAt = Date.parse(payment.capturedAt);
  const refundedNote = useRef<HTMLSpanElement>(null);
  const focusNote = refund.justRefunded === payment.id && payment.refundedAt !== null;
  useEffect(() => {
    // The Refund button had the focus and is gone; the note in its place takes it, unless the reader moved on.
    if (focusNote && (document.activeElement === null || document.activeElement === document.body)) refundedNote.current?.focus();
  }, [focusNote]);

  return (
    <tr data-appointment-id={entry.id} data-payment-id={payment.id}>
      <td>{index + 1}</td>
      <td className="admin-nowrap">
        {formatBusinessDay(capturedAt)}
        <span className="d-block">{formatBusinessTimeOfDay(capturedAt)}</span>
      </td>
      <td className="admin-when">{formatAppointmentTime(Date.parse(entry.startsAt))}</td>
      <th scope="row" className="admin-customer fw-normal">
        <span className="d-block fw-semibold">{customerName(entry)}</span>
        <span className="d-block">
          <EmailAddress address={entry.customer.email} />
        </span>
      </th>
      <td>{appointmentTypeLabel(entry.isRemote)}</td>
      <td className="admin-nowrap">
        {payment.isTest && <StatusChip status="test" inEnglish />}
        <span className="d-block">{methodOf(entry)}</span>
      </td>
      <td className="admin-id-cell">
        {/* A payment by hand has no reference but the app's own id, which tells the owner nothing: none is shown. */}
        {payment.provider !== 'manual' && <PaymentReference value={payment.reference} label="Payment reference" />}
        {payment.refundReference && (
          <span className="d-block">
            Refund: <PaymentReference value={payment.refundReference} label="Refund reference" />
          </span>
        )}
        <Link to={`/invoice/${encodeURIComponent(entry.id)}`} className="d-block target-link">
          Invoice<span className="visually-hidden"> of {customerName(entry)}'s visit</span>
        </Link>
      </td>
      <td className="text-end admin-nowrap">
        <span className="d-block">${formatDollars(payment.amountCents)}</span>
        {payment.salesTax && <span className="d-block">{salesTaxNote(payment.salesTax)}</span>}
        {!isCounted(entry) && <span className="d-block admin-not-counted">not in the total</span>}
      </td>
      <td>
        {payment.refundedAt === null ? (
          // aria-disabled rather than disabled: the button keeps the focus while it waits, so a failure leaves the
          // reader where they were.
          <Button
            variant="outline-danger"
            className={refund.pending ? 'disabled' : undefined}
            aria-disabled={refund.pending || undefined}
            onClick={() => refund.onRefund(entry)}
          >
            Refund
            <span className="visually-hidden">
              {' '}
              ${formatDollars(payment.amountCents)} to {customerName(entry)}
            </span>
          </Button>
        ) : (
          <span ref={refundedNote} tabIndex={-1} className="status-chip status-chip-refunded admin-refunded">
            Refunded {formatBusinessDay(Date.parse(payment.refundedAt))}
          </span>
        )}
      </td>
    </tr>
  );
}

function PaidTable({
  entries,
  totalCents,
  caption,
  refund,
}: {
  entries: PaidEntry[];
  totalCents: number;
  caption: string;
  refund: RefundControl;
}) {
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
            <th scope="col">Refund</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => (
            // One row per payment: a job refunded and paid again appears twice.
            <PaidRow key={entry.payment.id} entry={entry} index={index} refund={refund} />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={7}>
              Total (refunds and test payments not counted)
            </th>
            <td className="text-end fw-bold admin-nowrap">${formatDollars(totalCents)}</td>
            <td />
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
  const confirm = useConfirm();
  const alert = useTimedAlert();
  const refundPayment = useRefundPayment();
  const [justRefunded, setJustRefunded] = useState<string>();

  const onRefund = async (entry: PaidEntry) => {
    if (refundPayment.isPending || !(await confirm(refundQuestion(entry)))) return;
    refundPayment.mutate(entry.payment.id, {
      onSuccess: (outcome) => {
        setJustRefunded(outcome.paymentId);
        showToast(`Refund recorded: $${formatDollars(outcome.amountCents)}`);
      },
      onError: (error) => {
        // Recorded by the mutation (only what the server could not have seen: it logs its own refusals and failures).
        alert.show({ body: serverMessage(error) ?? GENERIC_SERVER_ERROR_MESSAGE });
      },
    });
  };
  const refund: RefundControl = { onRefund: (entry) => void onRefund(entry), pending: refundPayment.isPending, justRefunded };

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
    const { entries, totalCents, refundedCents, testCents, taxCents } = paid.data;
    const refunded = entries.filter((entry) => paymentStanding(entry.payment) === 'refunded').length;
    const tests = entries.filter((entry) => paymentStanding(entry.payment) === 'test').length;
    content = (
      <div aria-busy={paid.isFetching || undefined}>
        <div className="admin-totals" role="status">
          <p className="admin-total">
            Total from {from} to {to}: ${formatDollars(totalCents)} ({payments(entries.filter(isCounted).length)})
          </p>
          {taxCents > 0 && (
            <p>
              Sales tax in the total: ${formatDollars(taxCents)}, before tax ${formatDollars(totalCents - taxCents)} (the{' '}
              <Link to="/sales-tax">sales-tax report</Link> has it by quarter and county)
            </p>
          )}
          {refundedCents > 0 && (
            <p className="admin-total-apart">
              Refunded: ${formatDollars(refundedCents)} ({payments(refunded)}, not in the total)
            </p>
          )}
          {testCents > 0 && (
            <p className="admin-total-apart">
              Test payments (no money): ${formatDollars(testCents)} ({payments(tests)}, not in the total)
            </p>
          )}
        </div>
        <p>
          <a className="btn btn-outline-primary btn-lg" href={paidCsvUrl(from, to)} download>
            Download CSV
          </a>
        </p>
        {entries.length === 0 ? (
          <AdminEmpty title={ADMIN_TEXTS.noPaid}>No payments were recorded in this period.</AdminEmpty>
        ) : (
          <PaidTable entries={entries} totalCents={totalCents} caption={`Payments from ${from} to ${to}`} refund={refund} />
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
      {alert.element}
      {content}
    </>
  );
}

export { PaidPage as Component };
