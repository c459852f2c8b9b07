import '../payments.css';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import { durationText } from '../../../../shared/billing.ts';
import { BUSINESS_TAGLINE, FEES } from '../../../../shared/business.ts';
import { INVOICE_TEXTS, type Invoice, invoiceNumberText } from '../../../../shared/invoices.ts';
import { formatDay } from '../../../../shared/locale-format.ts';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { activeLocale, translate } from '../../../lib/i18n.ts';
import { useMe } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { invoicePdfUrl, useInvoice } from '../api/get-invoice.ts';
import { BillTable } from '../components/bill-table.tsx';
import { appointmentTime, money } from '../formats.ts';

function Status({ invoice }: { invoice: Invoice }) {
  if (invoice.status === 'paid') return <Trans>Paid</Trans>;
  if (invoice.status === 'refunded') return <Trans>Refunded</Trans>;
  if (invoice.status === 'void') return <>{translate(INVOICE_TEXTS.void)}</>;
  return <Trans>Due</Trans>;
}

function PaymentPart({ invoice }: { invoice: Invoice }) {
  const { payment } = invoice;
  // A deleted visit's invoice says so above, and offers no way to pay.
  if (!payment && invoice.status === 'void') return <p>{translate(INVOICE_TEXTS.voided)}</p>;
  if (!payment) {
    return (
      <p>
        <Trans>Not paid yet. You can pay online from your appointments page.</Trans>
      </p>
    );
  }
  const amount = money(payment.amountCents);
  const date = formatDay(Date.parse(payment.paidAt), activeLocale());
  const reference = payment.reference;
  const refunded = payment.refundedAt ? formatDay(Date.parse(payment.refundedAt), activeLocale()) : null;
  return (
    <>
      <p className="mb-1">{translate(INVOICE_TEXTS.paid[payment.method], { amount, date })}</p>
      {reference && (
        <p className="mb-1">
          <Trans>Payment reference: {reference}.</Trans>
        </p>
      )}
      {refunded && (
        <p className="mb-1">
          <Trans>Refunded on {refunded}.</Trans>
        </p>
      )}
    </>
  );
}

/**
 * The printable invoice of a job, for its customer and for the owner (issue 18): the business and its contact, the
 * invoice's number, date and status, the customer, the visit, the lines and their total, and the payment with its
 * method. Its header carries the brand's mark and colour, as the PDF's does (invoice-pdf.ts). Print gives the invoice alone (payments.css, @media print); the PDF is the one the receipt attaches.
 */
function InvoicePage() {
  const { t } = useLingui();
  const { appointmentId = '' } = useParams();
  const { me } = useMe();
  const invoice = useInvoice(appointmentId);
  const number = invoice.data ? invoiceNumberText(invoice.data.number) : '';
  usePageTitle(number ? t`Invoice ${number}` : t`Invoice`);
  const back = me.user?.isAdmin ? '/paid-appointments' : '/home';

  if (invoice.isPending) return <PageSpinner />;
  if (invoice.isError) {
    const error = invoice.error;
    return (
      <Container className="py-4 invoice-page">
        <h1>{t`Invoice`}</h1>
        <Alert variant={error instanceof ApiRequestError && error.status === 404 ? 'warning' : 'danger'}>
          <p className="fs-5 mb-2">{errorText(error) ?? t`Something went wrong on our side. Please try again in a moment.`}</p>
          <Link to={back} className="btn btn-outline-primary btn-lg">
            <Trans>Back</Trans>
          </Link>
        </Alert>
      </Container>
    );
  }
  const data = invoice.data;
  const issued = formatDay(Date.parse(data.issuedAt), activeLocale());
  const visited = formatDay(Date.parse(data.visit.startsAt), activeLocale());
  const time = appointmentTime(Date.parse(data.visit.startsAt));
  const business = data.business.name;
  return (
    <Container className="py-4 invoice-page">
      <div className="invoice-actions d-flex flex-wrap gap-2 mb-4">
        <Button size="lg" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </Button>
        <a className="btn btn-outline-primary btn-lg" href={invoicePdfUrl(appointmentId, activeLocale())} download>
          <Trans>Download the PDF</Trans>
        </a>
        <Link to={back} className="btn btn-outline-secondary btn-lg">
          <Trans>Back</Trans>
        </Link>
      </div>
      <article className="invoice" aria-labelledby="invoice-title">
        <header className="invoice-header">
          {/* The site header's mark, beside the name it would only repeat: decorative (alt=""), as there. */}
          <p className="invoice-business">
            <img src="/favicon.svg" alt="" width="40" height="40" className="invoice-mark" />
            <span>{data.business.name}</span>
          </p>
          <p className="mb-0">{translate(BUSINESS_TAGLINE)}</p>
          {data.business.address && <p className="mb-0">{data.business.address}</p>}
          <p className="mb-0">
            {data.business.phone} · {data.business.email} · {data.business.website}
          </p>
        </header>
        <div className="invoice-title-row">
          <h1 id="invoice-title" className="invoice-title">
            {t`Invoice ${number}`}
          </h1>
          {/* The status as the paper's stamp; the facts below say it in words too. */}
          <p className={`invoice-stamp invoice-stamp-${data.status}`} aria-hidden="true">
            <Status invoice={data} />
          </p>
        </div>
        {data.status === 'void' && (
          <p className="invoice-void fs-4 fw-bold border border-danger border-2 rounded p-2">{translate(INVOICE_TEXTS.voided)}</p>
        )}
        <dl className="invoice-facts">
          {/* The dates in the order they came: the visit, then the invoice. */}
          <dt>
            <Trans>Date of the visit</Trans>
          </dt>
          <dd>{visited}</dd>
          <dt>
            <Trans>Date of issue</Trans>
          </dt>
          <dd>{issued}</dd>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>
            <Status invoice={data} />
          </dd>
        </dl>
        <section aria-labelledby="invoice-bill-to">
          <h2 id="invoice-bill-to" className="h5">
            <Trans>Bill to</Trans>
          </h2>
          <address className="mb-0">
            {[data.customer.name, data.customer.address, data.customer.email, data.customer.phone]
              .filter((line) => line.trim() !== '')
              .map((line) => (
                <span key={line} className="d-block">
                  {line}
                </span>
              ))}
          </address>
        </section>
        <section aria-labelledby="invoice-visit">
          <h2 id="invoice-visit" className="h5">
            <Trans>Visit</Trans>
          </h2>
          <p>
            {data.visit.isRemote ? (
              <Trans>Remote visit of {time} (New York time)</Trans>
            ) : (
              <Trans>In-person visit of {time} (New York time)</Trans>
            )}
          </p>
          {data.work && (
            <p>
              {translate(INVOICE_TEXTS.work, {
                kind: translate(FEES[data.work.kind].label),
                start: data.work.start,
                end: data.work.end,
                duration: durationText(data.work.minutes),
                rate: money(data.work.hourlyCents),
              })}
            </p>
          )}
        </section>
        {data.workDone.trim() && (
          <section aria-labelledby="invoice-work-done">
            <h2 id="invoice-work-done" className="h5">
              {translate(INVOICE_TEXTS.workDone)}
            </h2>
            <p className="invoice-work-done">{data.workDone}</p>
          </section>
        )}
        <BillTable lines={data.lines} totalCents={data.amountCents} className="invoice-lines" />
        <section aria-labelledby="invoice-payment">
          <h2 id="invoice-payment" className="h5">
            <Trans>How it was paid</Trans>
          </h2>
          <PaymentPart invoice={data} />
        </section>
        <p className="mt-4 mb-0">
          <Trans>Thank you for choosing {business}.</Trans>
        </p>
      </article>
    </Container>
  );
}

export { Component as ReviewPage } from './review-page.tsx';
export { InvoicePage as Component };
