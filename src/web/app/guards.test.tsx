// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../shared/account.ts';
import { i18n } from '../lib/i18n.ts';
import { setSession } from '../lib/session.ts';
import { RequireAdmin, RequireProfile, RequireUser } from './guards.tsx';

/** A visit's id as the server makes them: the pay link names one. */
const PAY_LINK_ID = '20261128-00000000-0000-4000-8000-000000000001';

const PROFILE = {
  firstName: 'Mary',
  lastName: 'Smith',
  phoneNumber: '631-555-0142',
  streetAddress: '1 Main Street',
  city: 'Islip',
  state: 'NY',
  zipCode: '11751',
  email: 'mary@example.com',
  isCompleted: true,
  isAdmin: false,
  wantsTexts: false,
  textsStopped: false,
  textsConfirmed: false,
} as const;

/** /login, saying where it would go back to. */
function LoginStandIn() {
  const { search } = useLocation();
  return (
    <>
      <h1>Log in</h1>
      <p data-testid="search">{search}</p>
    </>
  );
}

function renderAt(path: string) {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginStandIn />} />
          <Route path="/serviceform" element={<RequireUser>{<h1>Service form</h1>}</RequireUser>} />
          <Route element={<RequireUser />}>
            <Route element={<RequireProfile />}>
              <Route path="/home" element={<h1>Home</h1>} />
            </Route>
          </Route>
          <Route path="/makepayment" element={<RequireUser>{<h1>Checkout</h1>}</RequireUser>} />
          <Route path="/admin" element={<RequireAdmin>{<h1>Admin</h1>}</RequireAdmin>} />
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
  );
}

const signedIn = (overrides: Partial<NonNullable<Me['user']>> = {}, profile: Me['profile'] = PROFILE): Me => ({
  user: { id: 'u1', email: 'mary@example.com', emailVerified: true, isAdmin: false, ...overrides },
  profile,
});

describe('the guards', () => {
  beforeEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('let a verified user with a profile in', () => {
    setSession(signedIn());
    renderAt('/home');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Home');
  });

  it('send a verified user without a profile to the service form', () => {
    setSession(signedIn({}, null));
    renderAt('/home');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Service form');
  });

  it('refuse an unverified user with Not Authorized, a login link, and /login after 3 seconds', async () => {
    setSession(signedIn({ emailVerified: false }));
    renderAt('/home');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Not Authorized');
    expect(screen.getByRole('link', { name: 'Go to the login page' }).getAttribute('href')).toBe('/login');
    await act(async () => vi.advanceTimersByTime(2800));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Not Authorized');
    await act(async () => vi.advanceTimersByTime(400));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Log in');
  });

  it('send a signed-out visitor of a pay link straight to /login, which comes back to that payment once signed in', () => {
    setSession({ user: null, profile: null });
    renderAt(`/makepayment?appointment=${PAY_LINK_ID}`);
    // No "Not Authorized" first: the login page says what the link is for (issue 40).
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Log in');
    expect(screen.getByTestId('search').textContent).toBe(`?next=%2Fmakepayment%3Fappointment%3D${PAY_LINK_ID}`);
  });

  it('keep the spec\'s "Not Authorized" for a checkout reached without a pay link, and for an unverified user with one', async () => {
    setSession({ user: null, profile: null });
    for (const path of ['/makepayment', '/makepayment?appointment=not-an-appointment']) {
      renderAt(path);
      expect(screen.getByRole('heading', { level: 1 }).textContent, path).toBe('Not Authorized');
      cleanup();
    }
    setSession(signedIn({ emailVerified: false }));
    renderAt(`/makepayment?appointment=${PAY_LINK_ID}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Not Authorized');
    const back = `/login?next=%2Fmakepayment%3Fappointment%3D${PAY_LINK_ID}`;
    expect(screen.getByRole('link', { name: 'Go to the login page' }).getAttribute('href')).toBe(back);
    await act(async () => vi.advanceTimersByTime(3200));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Log in');
  });

  it('admit admins only to the admin screens', () => {
    setSession(signedIn());
    renderAt('/admin');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Not Authorized');
    cleanup();
    setSession(signedIn({ isAdmin: true }));
    renderAt('/admin');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Admin');
  });
});
