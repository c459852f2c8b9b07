import { type ReactNode, useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { noteFailure, serverMessage } from '../../../lib/api-failure.ts';

/** A list that could not be loaded: why, when the server said, and a way to try again. */
export function AdminLoadError({
  error,
  what,
  componentName,
  onRetry,
}: {
  error: unknown;
  what: string;
  componentName: string;
  onRetry: () => void;
}) {
  useEffect(() => noteFailure(error, componentName), [error, componentName]);
  return (
    <Alert variant="danger" className="my-3">
      <p className="fs-5">{serverMessage(error) ?? `The ${what} could not be loaded.`}</p>
      <Button variant="outline-danger" size="lg" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** The empty state of a back-office list: the spec's words first, then what they mean here. */
export function AdminEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-empty">
      <p className="fs-5 fw-semibold mb-1">{title}</p>
      {children && <p className="mb-0">{children}</p>}
    </div>
  );
}
