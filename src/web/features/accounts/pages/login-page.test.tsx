// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../shared/account-forms.ts';
import { i18n } from '../../../lib/i18n.ts';
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
