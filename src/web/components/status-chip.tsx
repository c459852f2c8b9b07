import { useLingui } from '@lingui/react/macro';

/** Where a visit or a payment stands, as the lists show it. */
export const VISIT_STATUSES = ['booked', 'completed', 'paid', 'refunded', 'cancelled', 'test'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** A visit's status from its flags: booked until the work is done, completed until it is paid. */
export function visitStatusOf(appointment: { isCompleted: boolean; isPaid: boolean }): 'booked' | 'completed' | 'paid' {
  if (appointment.isPaid) return 'paid';
  return appointment.isCompleted ? 'completed' : 'booked';
}

/** The back office stays English (decision 016): its chips say these words whatever the site's language. */
const ENGLISH: Record<VisitStatus, string> = {
  booked: 'Booked',
  completed: 'Completed',
  paid: 'Paid',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
  test: 'TEST',
};

/**
 * A small label of a visit's status ("Booked", "Paid"…): the word says it, the colour only repeats it (WCAG 1.4.1),
 * each colour pair at least 4.5:1 (tokens.css). `inEnglish` for the back office.
 */
export function StatusChip({ status, inEnglish = false, className }: { status: VisitStatus; inEnglish?: boolean; className?: string }) {
  const { t } = useLingui();
  // One context for the six words, so that "Booked" here (a visit) never shares a translation with the slot
  // picker's "Booked" (a time taken).
  const translated: Record<VisitStatus, string> = {
    booked: t({ message: 'Booked', context: 'visit status' }),
    completed: t({ message: 'Completed', context: 'visit status' }),
    paid: t({ message: 'Paid', context: 'visit status' }),
    refunded: t({ message: 'Refunded', context: 'visit status' }),
    cancelled: t({ message: 'Cancelled', context: 'visit status' }),
    test: t({ message: 'TEST', context: 'visit status' }),
  };
  return (
    <span className={`status-chip status-chip-${status}${className ? ` ${className}` : ''}`} lang={inEnglish ? 'en' : undefined}>
      {inEnglish ? ENGLISH[status] : translated[status]}
    </span>
  );
}
