import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '../lib/error-reporter.ts';
import { ErrorScreen } from './error-screen.tsx';

function messageOf(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return error.statusText || undefined;
  if (error instanceof Error) return error.message || undefined;
  return undefined;
}

/** The router's error element: records the error once, then shows the error screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    void reportError({ error, componentName: 'ErrorBoundary' });
  }, [error]);
  return <ErrorScreen message={messageOf(error)} />;
}

type State = { error: unknown };

/** The outermost boundary, for failures outside the router (its providers, the layout itself). */
export class GlobalErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    void reportError({ error, componentName: 'GlobalErrorBoundary' });
  }

  override render() {
    if (this.state.error !== undefined) {
      return (
        <main id="main-content">
          <ErrorScreen message={messageOf(this.state.error)} />
        </main>
      );
    }
    return this.props.children;
  }
}

/** For a failure of the layout itself: the error screen with its own main landmark. */
export function RootErrorBoundary() {
  return (
    <main id="main-content">
      <RouteErrorBoundary />
    </main>
  );
}
