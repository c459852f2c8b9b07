// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors } from '../../../tests/support/fail-on-console-error.ts';
import { reportError } from '../lib/error-reporter.ts';
import { GlobalErrorBoundary, RouteErrorBoundary } from './error-boundary.tsx';

vi.mock('../lib/error-reporter.ts', () => ({ reportError: vi.fn(async () => {}) }));

function Exploding({ message }: { message: string }): never {
  throw new Error(message);
}

describe('the error screen', () => {
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    assign = vi.fn();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, assign } });
    vi.mocked(reportError).mockClear();
    // React reports every error a boundary catches; these tests provoke them on purpose.
    allowConsoleErrors(/Exploding|React Router caught the following error|The above error occurred/);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the spec texts with the error, records it, and goes to /login after 5 seconds', async () => {
    const router = createMemoryRouter([
      { path: '/', element: <Exploding message="The list could not be read" />, errorElement: <RouteErrorBoundary /> },
    ]);
    render(<RouterProvider router={router} />);

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops!');
    expect(screen.getByRole('link', { name: 'Oops!' }).getAttribute('href')).toBe('/login');
    expect(screen.getByText('Sorry, An unexpected error has occurred.')).toBeTruthy();
    expect(screen.getByText('The list could not be read')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('You will be redirected to the login page in 5 seconds.');
    expect(reportError).toHaveBeenCalledWith({
      error: expect.objectContaining({ message: 'The list could not be read' }),
      componentName: 'ErrorBoundary',
    });

    await act(async () => vi.advanceTimersByTime(2100));
    expect(screen.getByRole('status').textContent).toBe('You will be redirected to the login page in 3 seconds.');
    expect(assign).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(3000));
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('falls back to the spec message when the error has none', () => {
    const router = createMemoryRouter([{ path: '/', element: <Exploding message="" />, errorElement: <RouteErrorBoundary /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText('An unexpected error occurred. Please refresh the page.')).toBeTruthy();
  });

  it('catches failures outside the router too', () => {
    render(
      <GlobalErrorBoundary>
        <Exploding message="The providers failed" />
      </GlobalErrorBoundary>,
    );
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByText('The providers failed')).toBeTruthy();
    expect(reportError).toHaveBeenCalledWith({
      error: expect.objectContaining({ message: 'The providers failed' }),
      componentName: 'GlobalErrorBoundary',
    });
  });
});
