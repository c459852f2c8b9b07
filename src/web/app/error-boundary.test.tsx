// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors } from '../../../tests/support/fail-on-console-error.ts';
import { reportError } from '../lib/error-reporter.ts';
import { activateLocale } from '../lib/i18n.ts';
import { GlobalErrorBoundary, RouteErrorBoundary } from './error-boundary.tsx';

function renderRoutes(routes: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={['/']}>
      <RouteErrorBoundary>
        <Routes>{routes}</Routes>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

vi.mock('../lib/error-reporter.ts', () => ({ reportError: vi.fn(async () => {}) }));

function Exploding({ message }: { message: string }): never {
  throw new Error(message);
}

// The texts come from the English catalogue, as in the app.
beforeAll(() => activateLocale('en'));

describe('the error screen', () => {
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    assign = vi.fn();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, assign } });
    vi.mocked(reportError).mockClear();
    // React reports every error a boundary catches; these tests provoke them on purpose.
    allowConsoleErrors(/Exploding|Failed to fetch|The above error occurred/);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the spec texts with the error, records it, and goes to /login after 5 seconds', async () => {
    renderRoutes(<Route path="/" element={<Exploding message="The list could not be read" />} />);

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

  it('speaks Spanish in Spanish, with the same link and countdown', async () => {
    await act(() => activateLocale('es'));
    try {
      renderRoutes(<Route path="/" element={<Exploding message="" />} />);
      expect(screen.getByRole('link', { name: '¡Uy!' }).getAttribute('href')).toBe('/login');
      expect(screen.getByText('Ocurrió un error inesperado. Por favor, vuelva a cargar la página.')).toBeTruthy();
      expect(screen.getByRole('status').textContent).toBe('Pasará a la página de inicio de sesión en 5 segundos.');
      expect(screen.getByRole('link', { name: 'página de inicio de sesión' }).getAttribute('href')).toBe('/login');
    } finally {
      await act(() => activateLocale('en'));
    }
  });

  it('falls back to the spec message when the error has none', () => {
    renderRoutes(<Route path="/" element={<Exploding message="" />} />);
    expect(screen.getByText('An unexpected error occurred. Please refresh the page.')).toBeTruthy();
  });

  it('shows the error screen when a lazily loaded screen cannot be downloaded, and records it', async () => {
    const Screen = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    renderRoutes(
      <Route
        path="/"
        element={
          <Suspense fallback={<p>Loading…</p>}>
            <Screen />
          </Suspense>
        }
      />,
    );
    await act(async () => {});
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops!');
    expect(screen.getByText('This page could not be downloaded. Please check your internet connection and refresh the page.')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch dynamically imported module')).toBeNull();
    expect(reportError).toHaveBeenCalledWith({
      error: expect.objectContaining({ message: 'Failed to fetch dynamically imported module' }),
      componentName: 'ErrorBoundary',
    });
  });

  it('leaves the error screen on the next navigation', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Link to="/services">Services</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/" element={<Exploding message="The list could not be read" />} />
            <Route path="/services" element={<h1>Services</h1>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops!');
    await act(async () => screen.getByRole('link', { name: 'Services' }).click());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Services');
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
