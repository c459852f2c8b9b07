// What the pay link's landing page says to whoever opens the link signed out (issue 40): "Sign in to pay $87.99 for
// your visit of Saturday, December 5".

import { businessDateOf } from '../../../shared/business-time.ts';
import { PAST_VISIT_TEXTS } from '../../../shared/past-visits.ts';
import type { PayLinkSummary } from '../../../shared/pay-link.ts';
import { HttpError } from '../../plugins/errors.ts';
import { readAppointment } from '../appointments/index.ts';
import { isPayable, type PaymentContext } from './payment-context.ts';

/**
 * The amount due and the New York day of a visit waiting for its payment, for anyone holding its pay link: the link
 * is the only key asked for, as the e-mail gives it, so the answer tells nothing a stranger holding a forwarded link
 * should not learn. The day is in the link already (the id starts with it); the amount is the one new fact. No name,
 * address, time, description or bill. A visit not waiting for a payment (not completed, paid, cancelled, deleted) is
 * as unknown as a wrong id: 404.
 */
export async function payLinkSummary(ctx: PaymentContext, appointmentId: string): Promise<PayLinkSummary> {
  const appointment = await readAppointment(ctx.db, appointmentId);
  if (!appointment || !isPayable(appointment)) throw new HttpError(404, 'NOT_FOUND', PAST_VISIT_TEXTS.payLinkNotFound);
  return { amountCents: appointment.amountCents, date: businessDateOf(appointment.startsAt) };
}
