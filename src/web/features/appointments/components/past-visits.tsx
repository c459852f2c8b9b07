import '../appointments.css';
import './past-visits.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { invoiceNumberText } from '../../../../shared/invoices.ts';
import { formatDay } from '../../../../shared/locale-format.ts';
import type { PastVisit } from '../../../../shared/past-visits.ts';
import { StatusChip } from '../../../components/status-chip.tsx';
import { noteFailure } from '../../../lib/api-failure.ts';
import { activeLocale } from '../../../lib/i18n.ts';
import { usePastVisits } from '../api/get-past-visits.ts';
import { appointmentTime, appointmentType, money } from '../formats.ts';

/** Where a visit's receipt is: the paid invoice's PDF (the payments feature's address, given by the home screen). */
export type ReceiptHref = (appointmentId: string, locale: string) => string;

/** "(visit of Saturday, …)" after a link's visible word, for screen readers and voice control. */
function OfVisit({ when }: { when: string }) {
  return (
    <span className="visually-hidden">
      {' '}
      <Trans>(visit of {when})</Trans>
    </span>
  );
}

/** The visit's status in words: Paid, and TEST when no money was taken (the payments' test mode). */
function Status({ visit }: { visit: PastVisit }) {
  return (
    <span className="past-visit-status">
      <StatusChip status="paid" />
      {visit.isTest && <StatusChip status="test" />}
    </span>
  );
}

/** The invoice, and the receipt (the paid invoice as a PDF): a visit paid without an amount has neither. */
function Documents({ visit, when, receiptHref }: { visit: PastVisit; when: string; receiptHref: ReceiptHref }) {
  const { t } = useLingui();
  if (visit.invoiceNumber === null) {
    return (
      <span className="text-body-secondary">
        <Trans>No invoice</Trans>
      </span>
    );
  }
  const number = invoiceNumberText(visit.invoiceNumber);
  return (
    <span className="past-visit-documents">
      <Link to={`/invoice/${encodeURIComponent(visit.id)}`} className="btn btn-outline-primary appointment-action">
        {t`Invoice ${number}`}
        <OfVisit when={when} />
      </Link>
      <a href={receiptHref(visit.id, activeLocale())} download className="btn btn-outline-primary appointment-action">
        {t`Receipt (PDF)`}
        <OfVisit when={when} />
      </a>
    </span>
  );
}

function Description({ text }: { text: string }): ReactNode {
  return text ? (
    <span className="appointment-description">{text}</span>
  ) : (
    <span className="text-body-secondary">
      <Trans>No description</Trans>
    </span>
  );
}

function PastVisitTable({ visits, labelledBy, receiptHref }: { visits: PastVisit[]; labelledBy: string; receiptHref: ReceiptHref }) {
  return (
    <Table className="past-visit-table align-middle" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Date and time</Trans>
          </th>
          <th scope="col">
            <Trans>Visit Type</Trans>
          </th>
          <th scope="col">
            <Trans>Description</Trans>
          </th>
          <th scope="col">
            <Trans>Amount</Trans>
          </th>
          <th scope="col">
            <Trans>Status</Trans>
          </th>
          <th scope="col">
            <Trans>Invoice and receipt</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {visits.map((visit) => {
          const when = appointmentTime(Date.parse(visit.startsAt));
          return (
            <tr key={visit.id}>
              <td className="appointment-when">{when}</td>
              <td>{appointmentType(visit.isRemote)}</td>
              <td className="appointment-description-cell">
                <Description text={visit.description} />
              </td>
              <td className="text-nowrap">{money(visit.amountCents)}</td>
              <td>
                <Status visit={visit} />
              </td>
              <td>
                <Documents visit={visit} when={when} receiptHref={receiptHref} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

/** The same visits as cards, for phones and tablets: one visit per card, its status beside its day. */
function PastVisitCards({ visits, receiptHref }: { visits: PastVisit[]; receiptHref: ReceiptHref }) {
  return (
    <ul className="past-visit-cards list-unstyled">
      {visits.map((visit) => {
        const when = appointmentTime(Date.parse(visit.startsAt));
        const paid = formatDay(Date.parse(visit.paidAt), activeLocale());
        return (
          <li key={visit.id} className="past-visit-card">
            <h3 className="h5 appointment-when">{when}</h3>
            <Status visit={visit} />
            <dl>
              <dt>
                <Trans>Visit Type</Trans>
              </dt>
              <dd>{appointmentType(visit.isRemote)}</dd>
              <dt>
                <Trans>Description</Trans>
              </dt>
              <dd>
                <Description text={visit.description} />
              </dd>
              <dt>
                <Trans>Amount</Trans>
              </dt>
              <dd>{money(visit.amountCents)}</dd>
              <dt>
                <Trans>Paid on</Trans>
              </dt>
              <dd>{paid}</dd>
            </dl>
            <Documents visit={visit} when={when} receiptHref={receiptHref} />
          </li>
        );
      })}
    </ul>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  useEffect(() => noteFailure(error, 'Home'), [error]);
  return (
    <Alert variant="warning">
      <p>
        <Trans>Your past visits could not be loaded.</Trans>
      </p>
      <Button variant="outline-dark" size="lg" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Alert>
  );
}

/**
 * "Past visits" on /home (issue 40): the customer's paid visits of the last two years, newest first, each with its
 * invoice and its receipt. Nothing at all while there are none (a new customer's home stays as the spec has it); a
 * table on wide screens, cards on phones and tablets.
 */
export function PastVisits({ receiptHref }: { receiptHref: ReceiptHref }) {
  // Drawn again when the language changes: the days and amounts below are formatted here, not by macros.
  const { t } = useLingui();
  const headingId = `${useId()}-past`;
  const visits = usePastVisits();
  if (visits.isPending || (visits.isSuccess && visits.data.length === 0)) return null;
  return (
    <section aria-labelledby={headingId} className="past-visits my-5">
      <h2 id={headingId} className="h3">
        {t`Past visits`}
      </h2>
      {visits.isError ? (
        <LoadError error={visits.error} onRetry={() => void visits.refetch()} />
      ) : (
        <>
          <p>
            <Trans>Your paid visits of the last two years, with their invoices and receipts.</Trans>
          </p>
          <div className="appointment-list-wide">
            <PastVisitTable visits={visits.data} labelledBy={headingId} receiptHref={receiptHref} />
          </div>
          <div className="appointment-list-narrow">
            <PastVisitCards visits={visits.data} receiptHref={receiptHref} />
          </div>
        </>
      )}
    </section>
  );
}
