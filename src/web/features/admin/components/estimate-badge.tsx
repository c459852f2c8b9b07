import type { EstimateState, EstimateSummary } from '../../../../shared/admin.ts';
import { formatDollars } from '../../../../shared/appointments.ts';

/** What the lists and the appointment's dialog say of an estimate's state. */
export const ESTIMATE_STATE_LABELS: Record<EstimateState, string> = {
  sent: 'Estimate sent',
  approved: 'Estimate approved',
  declined: 'Estimate declined',
  replaced: 'Estimate replaced',
};

/**
 * A small badge of a job's latest estimate in the back office's lists: its state and total ("Estimate approved:
 * $158.63"). Nothing for a job without one (or an answer of before estimates).
 */
export function EstimateBadge({ estimate }: { estimate: EstimateSummary | undefined }) {
  if (!estimate) return null;
  const variant = estimate.state === 'approved' ? 'success' : estimate.state === 'declined' ? 'danger' : 'secondary';
  return (
    <span className={`badge rounded-pill text-bg-${variant} text-wrap admin-estimate-badge`}>
      {ESTIMATE_STATE_LABELS[estimate.state]}: ${formatDollars(estimate.totalCents)}
    </span>
  );
}
