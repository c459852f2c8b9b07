import { t } from '@lingui/core/macro';
import type { SlotLabel } from '../../../shared/business.ts';
import { type BusinessDate, businessDateOf, slotInstant } from '../../../shared/business-time.ts';
import type { ConfirmDetail } from '../../components/confirm-dialog.tsx';
import { currentSession } from '../../lib/session.ts';
import { appointmentType, longDate, slotTime } from './formats.ts';

/** A visit as the questions about it name it: its New York day, its slot, and whether it is remote. */
export type VisitFacts = { readonly date: BusinessDate; readonly slot: SlotLabel; readonly isRemote: boolean };

/** A visit already booked, as the customer's list holds it. */
export const visitOf = (appointment: { startsAt: string; time: string; isRemote: boolean }): VisitFacts => ({
  date: businessDateOf(Date.parse(appointment.startsAt)),
  slot: appointment.time as SlotLabel,
  isRemote: appointment.isRemote,
});

/**
 * What a question about a visit (book it? cancel it?) lists under it, in the active language, read when asked: the
 * day, the time (New York's), the type (the spec's "In-Person" or "Remote") and the place, the customer's service
 * address or, for a remote visit, that we call. The address is the signed-in customer's own (the session holds it);
 * without one the place is left out rather than guessed.
 */
export function visitDetails(visit: VisitFacts): ConfirmDetail[] {
  const time = slotTime(visit.slot, slotInstant(visit.date, visit.slot));
  const profile = currentSession().me.profile;
  const place = visit.isRemote
    ? t`Remote: we call you at that time`
    : profile && `${profile.streetAddress}, ${profile.city}, ${profile.state} ${profile.zipCode}`;
  return [
    { label: t`Day`, value: longDate(visit.date) },
    { label: t`Time`, value: t`${time} (New York time)` },
    { label: t`Visit Type`, value: appointmentType(visit.isRemote) },
    ...(place ? [{ label: t`Place`, value: place }] : []),
  ];
}
