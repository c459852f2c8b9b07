import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaidList } from '../../../../shared/admin.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/query-keys.ts';

/** The query string of a period (New York days, YYYY-MM-DD), shared by the list and its CSV download. */
export function periodSearch(from: string, to: string): string {
  return new URLSearchParams({ from, to }).toString();
}

export function paidCsvUrl(from: string, to: string): string {
  return `/api/admin/paid.csv?${periodSearch(from, to)}`;
}

/**
 * The payments captured in a period, oldest first, refunded ones included (a job refunded and paid again has two
 * rows), with the total of the money in force and, apart, the sums refunded and taken in test mode.
 */
export function getPaidAppointments(from: string, to: string, signal?: AbortSignal): Promise<PaidList> {
  return apiFetch(`/api/admin/paid?${periodSearch(from, to)}`, { signal });
}

export function paidAppointmentsQuery(from: string, to: string) {
  return queryOptions({
    queryKey: adminKeys.paid(from, to),
    queryFn: ({ signal }) => getPaidAppointments(from, to, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePaidAppointments(from: string, to: string) {
  return useQuery(paidAppointmentsQuery(from, to));
}
