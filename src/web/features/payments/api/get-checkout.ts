import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Checkout } from '../../../../shared/payments.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { paymentKeys } from '../../../lib/query-keys.ts';

/**
 * What the customer is about to pay, as the server holds it. Refused with 409 NOT_COMPLETED, ALREADY_PAID or
 * AMOUNT_NOT_SET, or 404 when the appointment is not the customer's.
 */
export function getCheckout(appointmentId: string, signal?: AbortSignal): Promise<Checkout> {
  return apiFetch(`/api/payments/checkout/${encodeURIComponent(appointmentId)}`, { signal });
}

export function checkoutQuery(appointmentId: string) {
  return queryOptions({
    queryKey: paymentKeys.checkout(appointmentId),
    queryFn: ({ signal }) => getCheckout(appointmentId, signal),
    // A refusal is an answer, not a hiccup: asking again would only repeat it.
    retry: false,
  });
}

export function useCheckout(appointmentId: string, enabled: boolean) {
  return useQuery({ ...checkoutQuery(appointmentId), enabled: enabled && appointmentId !== '' });
}
