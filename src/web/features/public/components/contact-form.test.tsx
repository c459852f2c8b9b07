// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render as renderBare, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n, loadMessages } from '../../../lib/i18n.ts';
import { ContactFormCard } from './contact-form.tsx';

const render = (ui: ReactNode) => renderBare(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function inLanguage(locale: 'en' | 'es') {
  await act(async () => {
    await activateLocale(locale);
    await loadMessages(['rules']);
  });
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));

describe('the contact form', () => {
  beforeEach(() => inLanguage('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('tells every problem at its field, focuses the first, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<ContactFormCard />);
    await send('Send message');
    expect(screen.getByText('Please tell us your name.')).toBeTruthy();
    expect(screen.getByText('Please give us an e-mail address or a phone number, so we can answer you.')).toBeTruthy();
    expect(screen.getByText('Please write your message.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Your name'));
    type('Your name', 'Rosa');
    type('E-mail address', 'rosa at home');
    type('Phone number', '555-0142');
    type('Your message', 'Help');
    await send('Send message');
    expect(screen.getByText('Please check the e-mail address: it should look like jane@example.com.')).toBeTruthy();
    expect(screen.getByText('Please check the phone number: 10 digits, like 631-555-0142.')).toBeTruthy();
    expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the message with the page’s language and confirms on the page, saying no e-mail was sent', async () => {
    await inLanguage('es');
    const fetch = vi.fn(async () => json(201, { sent: true }));
    vi.stubGlobal('fetch', fetch);
    render(<ContactFormCard />);
    type('Su nombre', ' Rosa ');
    type('Número de teléfono', '(631) 555 0142');
    type('Su mensaje', 'Mi impresora no imprime.');
    await send('Enviar el mensaje');
    const [url, request] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(JSON.parse(String(request.body))).toEqual({
      name: 'Rosa',
      email: '',
      phone: '631-555-0142',
      message: 'Mi impresora no imprime.',
      language: 'es',
    });
    const thanks = await screen.findByRole('heading', { name: 'Gracias, Rosa. Hemos recibido su mensaje.' });
    expect(document.activeElement).toBe(thanks);
    expect(screen.getByText('Le llamaremos al 631-555-0142.')).toBeTruthy();
    expect(screen.getByText('No le hemos enviado ningún correo sobre esto: esta página es su confirmación.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Escribir otro mensaje' }));
    expect((screen.getByLabelText('Su nombre') as HTMLInputElement).value).toBe('');
  });

  it('says why the server refused, in the visitor’s language, and keeps what was typed', async () => {
    await inLanguage('es');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(429, {
          error: {
            code: 'RATE_LIMITED',
            message: 'Too many attempts. Please wait 30 minutes and try again.',
            params: { count: 30, unit: 'minute' },
          },
        }),
      ),
    );
    render(<ContactFormCard />);
    type('Su nombre', 'Rosa');
    type('Correo electrónico', 'rosa@example.com');
    type('Su mensaje', 'Hola');
    await send('Enviar el mensaje');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/30 minutos/);
    expect((screen.getByLabelText('Su mensaje') as HTMLTextAreaElement).value).toBe('Hola');
  });
});
