import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '../../../../shared/invoices.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { paymentKeys } from '../../../lib/query-keys.ts';

/** A job's invoice, for its customer or the owner; 404 when there is none or it is someone else's. */
export function getInvoice(appointmentId: string, signal?: AbortSignal): Promise<Invoice> {
  return apiFetch(`/api/invoices/${encodeURIComponent(appointmentId)}`, { signal });
}

export function invoiceQuery(appointmentId: string) {
  return queryOptions({
    queryKey: paymentKeys.invoice(appointmentId),
    queryFn: ({ signal }) => getInvoice(appointmentId, signal),
    retry: false,
  });
}

export function useInvoice(appointmentId: string) {
  return useQuery({ ...invoiceQuery(appointmentId), enabled: appointmentId !== '' });
}

/** The address of the invoice's PDF, in `locale`. */
export function invoicePdfUrl(appointmentId: string, locale: string): string {
  return `/api/invoices/${encodeURIComponent(appointmentId)}/pdf?lang=${encodeURIComponent(locale)}`;
}
