import { useEffect, useState } from 'react';
import type { PayLinkSummary } from '../../../../shared/pay-link.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { noteFailure } from '../../../lib/api-failure.ts';

/** The amount and the day of the visit a pay link is for (GET /api/pay-links/<id>): all it tells a signed-out reader. */
export function getPayLinkSummary(appointmentId: string, signal?: AbortSignal): Promise<PayLinkSummary> {
  return apiFetch(`/api/pay-links/${encodeURIComponent(appointmentId)}`, { signal });
}

/**
 * What the login page reached from a pay link says: the visit's amount and day once the server has told them,
 * `undefined` meanwhile and when it cannot (the visit is paid already, or the server is out of reach): the page then
 * speaks of "your visit" without them. A read of the signed-out forms, without React Query (decision 019).
 */
export function usePayLinkSummary(appointmentId: string | undefined): PayLinkSummary | undefined {
  const [summary, setSummary] = useState<{ id: string; value: PayLinkSummary } | undefined>(undefined);
  useEffect(() => {
    if (!appointmentId) return;
    const request = new AbortController();
    getPayLinkSummary(appointmentId, request.signal).then(
      (value) => setSummary({ id: appointmentId, value }),
      (error: unknown) => {
        // A link no longer waiting for a payment (404) is no fault; noteFailure records only what nobody has.
        if (!request.signal.aborted) noteFailure(error, 'UserLogin');
      },
    );
    return () => request.abort();
  }, [appointmentId]);
  return summary && summary.id === appointmentId ? summary.value : undefined;
}

const MONEY = {
  en: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
  // As src/shared/locale-format.ts writes dollars in Spanish: "$87.99", as US Spanish reads them.
  es: new Intl.NumberFormat('es-US', { style: 'currency', currency: 'USD' }),
};
const DAY = {
  en: new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }),
  es: new Intl.DateTimeFormat('es', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }),
};

/**
 * The amount and the day as the sentence says them: "$87.99", "Saturday, December 5" ("sábado, 5 de diciembre").
 * The day is New York's already (YYYY-MM-DD), written at noon UTC so that no zone moves it. Here rather than with
 * the shared formatters, whose module brings zod into the signed-out forms' first load (decision 019).
 */
export function payLinkWords(summary: PayLinkSummary, locale: string): { amount: string; day: string } {
  const language = locale === 'es' ? 'es' : 'en';
  return {
    amount: MONEY[language].format(summary.amountCents / 100),
    day: DAY[language].format(new Date(`${summary.date}T12:00:00Z`)),
  };
}
