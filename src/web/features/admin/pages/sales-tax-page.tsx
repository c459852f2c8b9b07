import { type ReactNode, useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useSearchParams } from 'react-router';
import { formatDollars } from '../../../../shared/appointments.ts';
import { businessDateOf } from '../../../../shared/business-time.ts';
import { rateText, TAX_TEXTS } from '../../../../shared/sales-tax.ts';
import {
  isReportableQuarterDay,
  quarterAround,
  type SalesTaxFigures,
  type SalesTaxJurisdiction,
} from '../../../../shared/sales-tax-report.ts';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { salesTaxCsvUrl, useSalesTaxReport } from '../api/get-sales-tax-report.ts';
import { AdminLoadError } from '../components/admin-load-error.tsx';
import { TableRegion } from '../components/table-region.tsx';

const COMPONENT_NAME = 'SalesTax';

/** An amount, a minus sign (not a hyphen) before what is deducted. */
function dollars(cents: number): string {
  return cents < 0 ? `−$${formatDollars(-cents)}` : `$${formatDollars(cents)}`;
}

function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** One row of a county's table: sales, refunds (deducted, so shown below zero) or the net to report. */
function FiguresRow({ label, figures, sign = 1, count }: { label: string; figures: SalesTaxFigures; sign?: 1 | -1; count: string }) {
  const cells = [figures.grossCents, figures.nonTaxableCents, figures.exemptCents, figures.taxableCents, figures.taxCents];
  return (
    <tr>
      <th scope="row">{label}</th>
      {cells.map((cents, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, in this order.
        <td key={index} className="text-end admin-nowrap">
          {dollars(sign * cents)}
        </td>
      ))}
      <td className="text-end">{count}</td>
    </tr>
  );
}

/** A county's quarter: what was sold, what was given back, and what goes on the return. */
function JurisdictionTable({ entry, quarterLabel }: { entry: SalesTaxJurisdiction; quarterLabel: string }) {
  const captionId = `${useId()}-caption`;
  const county = TAX_TEXTS.jurisdictions[entry.jurisdiction];
  const rates = entry.rates.map(rateText).join(', then ');
  return (
    <TableRegion labelledBy={captionId}>
      <Table className="admin-table">
        <caption id={captionId}>
          {county}
          {rates && ` (${rates})`}, {quarterLabel}
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Line</span>
            </th>
            <th scope="col" className="text-end">
              Gross sales
            </th>
            <th scope="col" className="text-end">
              Non-taxable sales
            </th>
            <th scope="col" className="text-end">
              of which exempt
            </th>
            <th scope="col" className="text-end">
              Taxable sales
            </th>
            <th scope="col" className="text-end">
              Sales tax
            </th>
            <th scope="col" className="text-end">
              Count
            </th>
          </tr>
        </thead>
        <tbody>
          <FiguresRow label="Sales" figures={entry.sales} count={countOf(entry.sales.count, 'payment', 'payments')} />
          <FiguresRow label="Refunds" figures={entry.refunds} sign={-1} count={countOf(entry.refunds.count, 'refund', 'refunds')} />
        </tbody>
        <tfoot>
          <FiguresRow label="To report" figures={entry.net} count="" />
        </tfoot>
      </Table>
    </TableRegion>
  );
}

/**
 * The sales-tax report of one of New York's quarters (March–May, June–August, September–November, December–February):
 * each county's gross, non-taxable, exempt and taxable sales and the tax collected, refunds deducted in the quarter
 * they were given, TEST payments left out; and the same as a CSV file.
 */
function SalesTaxPage() {
  usePageTitle('Sales Tax');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('quarter') ?? '';
  const day = isReportableQuarterDay(asked) ? asked : businessDateOf(new Date());
  const { quarter, previous, next } = quarterAround(day);
  const report = useSalesTaxReport(quarter.from);
  const go = (to: string) => setSearch({ quarter: to }, { replace: true });

  let content: ReactNode;
  if (report.isPending) content = <PageSpinner />;
  else if (report.isError) {
    content = (
      <AdminLoadError error={report.error} what="sales-tax report" componentName={COMPONENT_NAME} onRetry={() => void report.refetch()} />
    );
  } else {
    const { total, jurisdictions, scaled } = report.data;
    const shown = report.data.quarter;
    content = (
      <div aria-busy={report.isFetching || undefined}>
        <div className="admin-totals" role="status">
          <p className="admin-total">
            {shown.label}: gross sales {dollars(total.grossCents)}, taxable sales {dollars(total.taxableCents)}, sales tax{' '}
            {dollars(total.taxCents)}
          </p>
          <p className="admin-total-apart">
            Non-taxable sales {dollars(total.nonTaxableCents)}, of which exempt {dollars(total.exemptCents)}. Refunds are deducted in the
            quarter they were given; test payments are not counted.
          </p>
        </div>
        <p>
          <a className="btn btn-outline-primary btn-lg" href={salesTaxCsvUrl(shown.from)} download>
            Download CSV
          </a>
        </p>
        {scaled.length > 0 && (
          <Alert variant="warning">
            {countOf(scaled.length, 'payment was', 'payments were')} of another amount than the bill: the taxable sales and tax of their
            bills were scaled to what was paid. Check them against their invoices before filing.
          </Alert>
        )}
        {jurisdictions.map((entry) => (
          <JurisdictionTable key={entry.jurisdiction} entry={entry} quarterLabel={shown.label} />
        ))}
      </div>
    );
  }

  return (
    <>
      <h1 className="mb-3">Sales Tax</h1>
      <nav className="admin-toolbar" aria-label="Quarter">
        <Button variant="outline-primary" size="lg" disabled={!previous} onClick={() => previous && go(previous)}>
          Previous quarter
        </Button>
        <p className="fs-4 fw-semibold mb-0" aria-live="polite">
          {quarter.label}
          <span className="d-block fs-6 fw-normal">
            {quarter.from} to {quarter.to}
          </span>
        </p>
        <Button variant="outline-primary" size="lg" disabled={!next} onClick={() => next && go(next)}>
          Next quarter
        </Button>
      </nav>
      {content}
    </>
  );
}

export { SalesTaxPage as Component };
