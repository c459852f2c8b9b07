import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SalesTaxReport } from '../../../../shared/sales-tax-report.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/**
 * The report's key: under the paid lists', so that whatever changes a payment (a payment taken, a refund, their live
 * updates) refreshes it as it refreshes the paid list (queriesTouchedBy in lib/query-keys.ts).
 */
export const salesTaxReportKey = (day: string) => [...adminKeys.paidLists(), 'sales-tax', day] as const;

/** The query string of a quarter: any New York day of it, YYYY-MM-DD; shared by the report and its CSV download. */
function quarterSearch(day: string): string {
  return new URLSearchParams({ quarter: day }).toString();
}

export function salesTaxCsvUrl(day: string): string {
  return `/api/admin/sales-tax.csv?${quarterSearch(day)}`;
}

/** The sales-tax report of the quarter of `day`: each county's sales, refunds and net, and their total. */
export function getSalesTaxReport(day: string, signal?: AbortSignal): Promise<SalesTaxReport> {
  return apiFetch(`/api/admin/sales-tax?${quarterSearch(day)}`, { signal });
}

export function salesTaxReportQuery(day: string) {
  return queryOptions({
    queryKey: salesTaxReportKey(day),
    queryFn: ({ signal }) => getSalesTaxReport(day, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSalesTaxReport(day: string) {
  return useQuery(salesTaxReportQuery(day));
}
