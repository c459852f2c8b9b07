import { t } from '@lingui/core/macro';

/** A spinner that screen readers announce as "Loading…" (Bootstrap's markup: it shows in every page's first load). */
export function LoadingSpinner({ label }: { label?: string }) {
  return (
    <div className="spinner-border text-primary" role="status">
      <span className="visually-hidden">{label ?? t`Loading…`}</span>
    </div>
  );
}

/** The spinner centred in the page, for a screen that is not ready yet. */
export function PageSpinner() {
  return (
    <div className="page-spinner d-flex justify-content-center align-items-center py-5">
      <LoadingSpinner />
    </div>
  );
}
