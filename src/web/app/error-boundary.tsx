import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { reportError } from '../lib/error-reporter.ts';
import { ErrorScreen } from './error-screen.tsx';

function messageOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.message || undefined;
  return undefined;
}

type BoundaryProps = {
  children: ReactNode;
  /** The name the error log records. */
  componentName: string;
  /** A new value clears the error: the location's key, so that a navigation leaves the error screen. */
  resetKey?: string;
  /** Wraps the error screen in the page's main landmark, for a boundary outside the layout. */
  ownMain?: boolean;
};

type BoundaryState = { failed: boolean; error: unknown; resetKey: string | undefined };

/**
 * Catches what its children throw while rendering (a failed lazily loaded screen included: React.lazy throws
 * the failed import), records it in the error log once, and shows the spec's error screen in their place.
 */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { failed: false, error: undefined, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    void reportError({ error, componentName: this.props.componentName });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const screen = <ErrorScreen message={messageOf(this.state.error)} />;
    return this.props.ownMain ? <main id="main-content">{screen}</main> : screen;
  }
}

/** Around the screens, inside the layout: the header and footer stay, and the next navigation starts afresh. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary componentName="ErrorBoundary" resetKey={location.key}>
      {children}
    </ErrorBoundary>
  );
}

/** Around the layout itself: the error screen with its own main landmark; the next navigation starts afresh. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary componentName="ErrorBoundary" resetKey={location.key} ownMain>
      {children}
    </ErrorBoundary>
  );
}

/** The outermost boundary, for failures outside the router (its providers, the router itself). */
export function GlobalErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary componentName="GlobalErrorBoundary" ownMain>
      {children}
    </ErrorBoundary>
  );
}
