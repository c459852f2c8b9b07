import Spinner from 'react-bootstrap/Spinner';

/** A spinner that screen readers announce as "Loading…". */
export function LoadingSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Spinner animation="border" role="status" variant="primary">
      <span className="visually-hidden">{label}</span>
    </Spinner>
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
