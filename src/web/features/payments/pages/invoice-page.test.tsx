// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '../../../../shared/invoices.ts';
import { taxLineText } from '../../../../shared/sales-tax.ts';
import { activateLocale, i18n, loadMessages } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { Component as InvoicePage } from './invoice-page.tsx';

const APPOINTMENT_ID = '20261128-00000000-0000-4000-8000-000000000007';

/** An hour of troubleshooting and a $100.00 part, taxed in Suffolk; visited on November 28, issued on the 30th. */
const invoice: Invoice = {
  number: 42,
  issuedAt: '2026-11-30T15:00:00.000Z',
  appointmentId: APPOINTMENT_ID,
  business: {
    name: 'TechHelp',
    address: '1 Main Street, Islip, NY 11751',
    phone: '631-555-0199',
    email: 'help@example.com',
    website: 'https://techhelp.example.com',
  },
  customer: { name: 'Mary Smith', email: 'mary@example.com', phone: '631-555-0100', address: '12 Main Street, Bay Shore, NY 11706' },
  visit: { startsAt: '2026-11-28T14:00:00.000Z', isRemote: false },
  work: null,
  workDone: '',
  lines: [
    { text: 'First hour of troubleshooting', values: {}, cents: 5_000 },
    { text: 'Replacement hard drive', values: {}, cents: 10_000 },
    { ...taxLineText({ jurisdiction: 'suffolk', rate: 8625, taxableCents: 10_000, taxCents: 863, exemption: null }), cents: 863 },
  ],
  amountCents: 15_863,
  status: 'due',
  payment: null,
};

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

function show() {
  const router = createMemoryRouter(
    [
      { path: '/invoice/:appointmentId', element: <InvoicePage /> },
      { path: '/home', element: <p>Home</p> },
    ],
    { initialEntries: [`/invoice/${APPOINTMENT_ID}`] },
  );
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

/** The bill's rows as "label | amount". */
const rows = () =>
  [...screen.getByRole('table').querySelectorAll('tr')].map((row) => [...row.children].map((cell) => cell.textContent).join(' | '));

/** The invoice's facts as "term: value", in the order they are read. */
const facts = (container: HTMLElement) =>
  [...container.querySelectorAll('.invoice-facts dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

describe("the customer's invoice page", () => {
  beforeAll(async () => {
    await activateLocale('en');
    await loadMessages(['rules', 'screens']);
  });
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === `/api/invoices/${APPOINTMENT_ID}` ? json(invoice) : json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  // The worker's other files share this i18n: they get English back.
  afterAll(() => activateLocale('en'));

  it("carries the site's mark beside the business's name, in the header", async () => {
    const { container } = show();
    await screen.findByRole('heading', { level: 1, name: 'Invoice 00042' });
    const business = container.querySelector('.invoice-header .invoice-business');
    expect(business?.textContent).toBe('TechHelp');
    const mark = business?.querySelector('img.invoice-mark');
    // The same picture as the site header's, and decorative: the name beside it says it all.
    expect(mark?.getAttribute('src')).toBe('/favicon.svg');
    expect(mark?.getAttribute('alt')).toBe('');
    // The stamp stays, for the eye only (the facts say the status in words).
    expect(container.querySelector('.invoice-stamp-due')?.textContent).toBe('Due');
  });

  it('states the sales tax apart with its amount, and the visit date before the date of issue, in English', async () => {
    const { container } = show();
    await screen.findByRole('heading', { level: 1, name: 'Invoice 00042' });
    expect(rows()).toEqual([
      'First hour of troubleshooting | $50.00',
      'Replacement hard drive | $100.00',
      'Subtotal | $150.00',
      'Sales tax (Suffolk County 8.625%) | $8.63',
      'Total | $158.63',
    ]);
    expect(facts(container)).toEqual(['Date of the visit: November 28, 2026', 'Date of issue: November 30, 2026', 'Status: Due']);
  });

  it('says the same in Spanish', async () => {
    await activateLocale('es');
    const { container } = show();
    await screen.findByRole('heading', { level: 1, name: 'Factura 00042' });
    expect(rows()).toEqual([
      'Primera hora de solución de problemas | $50.00',
      'Replacement hard drive | $100.00',
      'Subtotal | $150.00',
      'Impuesto sobre las ventas (condado de Suffolk 8.625%) | $8.63',
      'Total | $158.63',
    ]);
    expect(facts(container)).toEqual([
      'Fecha de la visita: 28 de noviembre de 2026',
      'Fecha de emisión: 30 de noviembre de 2026',
      'Estado: Pendiente de pago',
    ]);
    await activateLocale('en');
  });
});
