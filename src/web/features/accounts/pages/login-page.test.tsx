// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../../../shared/account.ts';
import { MESSAGES } from '../../../../shared/account-forms.ts';
import { i18n } from '../../../lib/i18n.ts';
import { SIGNED_OUT, setSession } from '../../../lib/session.ts';
import { messages as spanish } from '../locales/forms/es.po';
import { Component as LoginPage } from './login-page.tsx';

/** A Spanish text of src/shared, standing in for the shared catalogue (the shared rules' own part). */
const SPANISH_EMAIL_RULE = 'Escriba su correo electrónico en minúsculas, por ejemplo nombre@ejemplo.com.';

function renderLoginPage() {
  render(
    <I18nProvider i18n={i18n}>
      {/* No query cache: the login form writes without React Query (decision 019). */}
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>
    </I18nProvider>,
  );
}

describe('the login form', () => {
  afterEach(cleanup);

  it('is in Spanish, with the shared rules shown in Spanish too', async () => {
    i18n.loadAndActivate({ locale: 'es', messages: { ...spanish, [MESSAGES.emailInvalid]: SPANISH_EMAIL_RULE } });
    renderLoginPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Iniciar sesión');
    expect(screen.getByLabelText('Correo electrónico')).toBeTruthy();
    expect(screen.getByLabelText('Contraseña')).toBeTruthy();
    expect(screen.getByLabelText('Mantener mi sesión iniciada')).toBeTruthy();
    expect(screen.getByRole('link', { name: '¿Olvidó su contraseña?' }).getAttribute('href')).toBe('/forgot-password');
    expect(document.title).toBe('Iniciar sesión | TechHelp');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    });
    expect((await screen.findByText(SPANISH_EMAIL_RULE)).id).toBe(
      screen.getByLabelText('Correo electrónico').getAttribute('aria-describedby'),
    );
  });

  it('is unchanged in English', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    renderLoginPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Log in');
    expect(screen.getByLabelText('E-mail address')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByText('New here?', { exact: false }).textContent).toBe('New here? Create an account');
  });
});

const PAY_LINK_ID = '20261205-00000000-0000-4000-8000-000000000001';
const PAY_LINK_LOGIN = `/login?next=${encodeURIComponent(`/makepayment?appointment=${PAY_LINK_ID}`)}`;

/** Where the page went: the path and query of the screen shown after it. */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <h1>Went to {`${pathname}${search}`}</h1>;
}

function renderLoginAt(path: string) {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
  );
}

const customer: Me = { user: { id: 'u1', email: 'mary@example.com', emailVerified: true, isAdmin: false }, profile: null };
const owner: Me = { user: { id: 'u2', email: 'owner@example.com', emailVerified: true, isAdmin: true }, profile: null };

/** The server: the pay link's summary (or 404), and a login that signs in `who`. */
function serve({ summary, who = customer }: { summary?: { amountCents: number; date: string }; who?: Me }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/pay-links/')) {
        return summary
          ? Response.json(summary)
          : Response.json({ error: { code: 'NOT_FOUND', message: 'This pay link is not waiting for a payment.' } }, { status: 404 });
      }
      if (url === '/api/account/login') return Response.json(who);
      return new Response(null, { status: 204 });
    }),
  );
}

async function logIn() {
  fireEvent.input(screen.getByLabelText('E-mail address'), { target: { value: 'mary@example.com' } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  });
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('the login page reached from a pay link (issue 40)', () => {
  beforeEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    setSession(SIGNED_OUT);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says what the link is for, with the amount and the day the server gives, then goes straight to that payment', async () => {
    serve({ summary: { amountCents: 8799, date: '2026-12-05' } });
    renderLoginAt(PAY_LINK_LOGIN);
    await waitFor(() => expect(heading()).toBe('Log in to pay $87.99 for your visit of Saturday, December 5'));
    expect(document.title).toBe('Log in to pay $87.99 for your visit of Saturday, December 5 | TechHelp');
    expect(screen.getByText('Once you are logged in, you go straight to the payment.')).toBeTruthy();
    expect(vi.mocked(fetch)).toHaveBeenCalledWith(`/api/pay-links/${PAY_LINK_ID}`, expect.objectContaining({ method: 'GET' }));
    await logIn();
    await waitFor(() => expect(heading()).toBe(`Went to /makepayment?appointment=${PAY_LINK_ID}`), { timeout: 2000 });
  });

  it('says it in Spanish', async () => {
    i18n.loadAndActivate({ locale: 'es', messages: spanish });
    serve({ summary: { amountCents: 8799, date: '2026-12-05' } });
    renderLoginAt(PAY_LINK_LOGIN);
    await waitFor(() => expect(heading()).toBe('Inicie sesión para pagar $87.99 por su visita del sábado, 5 de diciembre'));
  });

  it('speaks of "your visit" when the link is not waiting for a payment any more, and still goes to it once logged in', async () => {
    serve({});
    renderLoginAt(PAY_LINK_LOGIN);
    expect(heading()).toBe('Log in to pay for your visit');
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledWith(`/api/pay-links/${PAY_LINK_ID}`, expect.anything()));
    expect(heading()).toBe('Log in to pay for your visit');
    // A refusal of the server is no fault: nothing goes to the error log.
    expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).not.toContain('/api/errors');
    await logIn();
    await waitFor(() => expect(heading()).toBe(`Went to /makepayment?appointment=${PAY_LINK_ID}`), { timeout: 2000 });
  });

  it('asks nothing of the server for a login without a pay link', () => {
    serve({ summary: { amountCents: 8799, date: '2026-12-05' } });
    renderLoginAt('/login?next=%2Faccount');
    expect(heading()).toBe('Log in');
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});

describe('where a login lands (issue 40)', () => {
  beforeEach(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    setSession(SIGNED_OUT);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("takes the owner to the back office's dashboard, and a customer home", async () => {
    serve({ who: owner });
    renderLoginAt('/login');
    await logIn();
    await waitFor(() => expect(heading()).toBe('Went to /admin'), { timeout: 2000 });
    cleanup();
    serve({ who: customer });
    renderLoginAt('/login');
    await logIn();
    await waitFor(() => expect(heading()).toBe('Went to /home'), { timeout: 2000 });
  });

  it('takes the owner where a screen asked to come back to', async () => {
    serve({ who: owner });
    renderLoginAt('/login?next=%2Faccount');
    await logIn();
    await waitFor(() => expect(heading()).toBe('Went to /account'), { timeout: 2000 });
  });

  it('sends a Google sign-in back to the landing, which goes on by the account', () => {
    setSession(owner);
    renderLoginAt('/login?landing');
    expect(heading()).toBe('Went to /admin');
    cleanup();
    setSession(customer);
    renderLoginAt('/login?landing');
    expect(heading()).toBe('Went to /home');
    cleanup();
    // Signed out (Google failed to sign anyone in): the form.
    setSession(SIGNED_OUT);
    renderLoginAt('/login?landing');
    expect(heading()).toBe('Log in');
  });
});
