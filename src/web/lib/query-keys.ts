import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { businessDateOf } from '../../shared/business-time.ts';
import type { RecordChange, SlotChange } from '../../shared/events.ts';

/**
 * Every query key of the app, by the feature that reads it, and which of them each kind of change touches. They
 * live together, here, because a change crosses features (a booking shows on the customer's list, in the admin's
 * lists and in a checkout), and both the live updates and the write that made the change invalidate by it.
 */

export const appointmentKeys = {
  all: ['appointments'] as const,
  mine: () => [...appointmentKeys.all, 'mine'] as const,
  /** The customer's past (paid) visits with their invoices (GET /api/past-visits): every appointment change touches them. */
  past: () => [...appointmentKeys.all, 'past'] as const,
  availability: (month: string) => [...appointmentKeys.all, 'availability', month] as const,
  /**
   * The customer's code word (GET /api/account/code-word, issue 39): under the appointments, since the first booking
   * gives it, so the booking's change (and its live update in another tab) reads it again.
   */
  codeWord: () => [...appointmentKeys.all, 'code-word'] as const,
};

export const accountKeys = {
  all: ['account'] as const,
  trustedContact: () => [...accountKeys.all, 'trusted-contact'] as const,
};

export const paymentKeys = {
  all: ['payments'] as const,
  checkouts: () => [...paymentKeys.all, 'checkout'] as const,
  checkout: (appointmentId: string) => [...paymentKeys.checkouts(), appointmentId] as const,
  review: (appointmentId: string) => [...paymentKeys.all, 'review', appointmentId] as const,
  invoices: () => [...paymentKeys.all, 'invoice'] as const,
  invoice: (appointmentId: string) => [...paymentKeys.invoices(), appointmentId] as const,
  customersAppointments: () => [...paymentKeys.all, 'customer-appointments'] as const,
  customerAppointments: (email: string) => [...paymentKeys.customersAppointments(), email] as const,
};

export const adminKeys = {
  all: ['admin'] as const,
  open: () => [...adminKeys.all, 'open'] as const,
  completed: () => [...adminKeys.all, 'completed'] as const,
  paidLists: () => [...adminKeys.all, 'paid'] as const,
  paid: (from: string, to: string) => [...adminKeys.paidLists(), from, to] as const,
  histories: () => [...adminKeys.all, 'history'] as const,
  history: (appointmentId: string) => [...adminKeys.histories(), appointmentId] as const,
  errorPages: () => [...adminKeys.all, 'errors'] as const,
  errors: (page: number) => [...adminKeys.errorPages(), page] as const,
  configChangeLists: () => [...adminKeys.all, 'config-changes'] as const,
  configChanges: (collection: string) => [...adminKeys.configChangeLists(), collection] as const,
  timeOff: () => [...adminKeys.all, 'time-off'] as const,
  reviews: () => [...adminKeys.all, 'reviews'] as const,
  backups: () => [...adminKeys.all, 'backups'] as const,
  bookingRules: () => [...adminKeys.all, 'booking-rules'] as const,
  calendarFeed: () => [...adminKeys.all, 'calendar-feed'] as const,
};

/**
 * A job's latest estimate (issue 38): the customer's, under their appointments (every change of an appointment
 * touches it), and the owner's, under the back office's.
 */
export const estimateKeys = {
  ofCustomer: (appointmentId: string) => [...appointmentKeys.all, 'estimate', appointmentId] as const,
  ofOwnerAll: () => [...adminKeys.all, 'estimate'] as const,
  ofOwner: (appointmentId: string) => [...estimateKeys.ofOwnerAll(), appointmentId] as const,
};

/** What a change is about: its kind, and the appointment when it is one, or the slot taken or freed. */
export type Change = Pick<RecordChange, 'kind' | 'appointmentId'> | Pick<SlotChange, 'kind' | 'startsAt'>;

/** The free times of the month (New York's) a slot's start (an ISO instant) falls in; none for an unreadable one. */
export function availabilityKeyOf(startsAt: string): QueryKey | undefined {
  const at = new Date(startsAt);
  return Number.isNaN(at.getTime()) ? undefined : appointmentKeys.availability(businessDateOf(at).slice(0, 7));
}

/** The back-office lists, which show each appointment with its customer's name, address and phone. */
const ADMIN_LISTS: QueryKey[] = [adminKeys.open(), adminKeys.completed(), adminKeys.paidLists()];

/**
 * The queries a change may have made out of date (each key names a query or, as a prefix, a family of them):
 * - an appointment: the customer's list and the calendar's free times, that appointment's checkout and invoice, the admin's
 *   payment screen (it lists a customer's unpaid appointments), the back-office lists, that appointment's history and its estimate;
 * - a profile: the back-office lists (the customer's own profile is in the session, re-read apart);
 * - a slot taken or freed by someone else, or closed or reopened by the owner: the free times of that slot's month
 *   (in the business's time zone), and the owner's time-off list (it names the bookings inside each closure).
 * The error log and the configuration change log change with no appointment or profile.
 */
export function queriesTouchedBy(change: Change): QueryKey[] {
  if (change.kind === 'profile') return ADMIN_LISTS;
  if (change.kind === 'slot') {
    const month = availabilityKeyOf(change.startsAt);
    return month ? [month, adminKeys.timeOff()] : [];
  }
  const id = change.appointmentId;
  return [
    appointmentKeys.all,
    id ? paymentKeys.checkout(id) : paymentKeys.checkouts(),
    id ? paymentKeys.invoice(id) : paymentKeys.invoices(),
    paymentKeys.customersAppointments(),
    ...ADMIN_LISTS,
    id ? adminKeys.history(id) : adminKeys.histories(),
    id ? estimateKeys.ofOwner(id) : estimateKeys.ofOwnerAll(),
    adminKeys.timeOff(),
  ];
}

/** Marks the queries a change touches stale and refetches those on screen; resolves once they are fetched. */
export async function invalidateChange(queryClient: QueryClient, change: Change): Promise<void> {
  await Promise.all(queriesTouchedBy(change).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
