import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerReview, ReviewAnswer, ReviewConsent } from '../../../../shared/reviews.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { adminKeys, paymentKeys } from '../../../lib/query-keys.ts';

/** The customer's rating of a paid visit: asked for by the thank-you e-mail; 404 when there is none to give. */
export function getReview(appointmentId: string, signal?: AbortSignal): Promise<CustomerReview> {
  return apiFetch(`/api/reviews/${encodeURIComponent(appointmentId)}`, { signal });
}

export function useReview(appointmentId: string) {
  return useQuery({
    queryKey: paymentKeys.review(appointmentId),
    queryFn: ({ signal }) => getReview(appointmentId, signal),
    enabled: appointmentId !== '',
    retry: false,
  });
}

/** Gives the rating, once; a second answers 409 ALREADY_RATED. */
export function sendReview(appointmentId: string, answer: ReviewAnswer): Promise<CustomerReview> {
  return apiFetch(`/api/reviews/${encodeURIComponent(appointmentId)}`, { method: 'POST', body: answer });
}

export function useSendReview(appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: ReviewAnswer) => sendReview(appointmentId, answer),
    meta: { componentName: 'Review' },
    onSuccess: (review) => {
      queryClient.setQueryData(paymentKeys.review(appointmentId), review);
      void queryClient.invalidateQueries({ queryKey: adminKeys.reviews() });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.review(appointmentId) });
    },
  });
}

/** Gives or withdraws the consent to show the rated visit's review on the public pages (decision 041). */
export function sendReviewConsent(appointmentId: string, consent: ReviewConsent): Promise<CustomerReview> {
  return apiFetch(`/api/reviews/${encodeURIComponent(appointmentId)}/consent`, { method: 'PUT', body: consent });
}

export function useReviewConsent(appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consent: ReviewConsent) => sendReviewConsent(appointmentId, consent),
    meta: { componentName: 'ReviewConsent' },
    onSuccess: (review) => {
      queryClient.setQueryData(paymentKeys.review(appointmentId), review);
      void queryClient.invalidateQueries({ queryKey: adminKeys.reviews() });
    },
  });
}
