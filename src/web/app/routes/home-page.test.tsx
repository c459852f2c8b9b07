// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerAppointment } from '../../../shared/appointments.ts';
import type { PastVisit } from '../../../shared/past-visits.ts';
import { ConfirmProvider } from '../../components/confirm-dialog.tsx';
import { activateLocale, i18n, loadMessages } from '../../lib/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { setSession } from '../../lib/session.ts';
import { Component as HomePage } from './home-page.tsx';

const paid: PastVisit = {
  id: '20261128-00000000-0000-4000-8000-000000000001',
  startsAt: '2026-11-28T13:00:00.000Z',
  isRemote: false,
  description: 'Printer offline',
  amountCents: 8799,
  paidAt: '2026-11-30T15:00:00.000Z',
  invoiceNumber: 42,
  isTest: false,
};
const older: PastVisit = {
  ...paid,
  id: '20261017-00000000-0000-4000-8000-000000000002',
  startsAt: '2026-10-17T18:00:00.000Z',
  isRemote: true,
  amountCents: 5000,
  paidAt: '2026-10-18T15:00:00.000Z',
  invoiceNumber: 17,
  isTest: true,
};
const upcoming: CustomerAppointment = {
  id: '20991205-00000000-0000-4000-8000-000000000003',
  startsAt: '2099-12-05T13:00:00.000Z',
  date: '20991205',
  time: '08:00am',
  isRemote: false,
  description: 'New router',
  amountCents: 0,
  isCompleted: false,
  isPaid: false,
  changeBy: null,
  estimate: null,
};

/** The server, as far as /home asks it: the open list, the past visits, and empty answers for the rest. */
function serve(answers: { open: CustomerAppointment[]; past: PastVisit[] | 'fails' }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/appointments') return Response.json(answers.open);
      if (url === '/api/past-visits') {
        return answers.past === 'fails'
          ? Response.json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }, { status: 500 })
          : Response.json(answers.past);
      }
      if (url.startsWith('/api/appointments/availability')) {
        const month = new URL(url, 'http://localhost').searchParams.get('month') ?? '2026-11';
        const now = new Date().toISOString();
        return Response.json({ month, taken: [], now, lastBookableDate: '2099-12-31', closed: [], minNoticeHours: 0 });
      }
      if (url === '/api/account/code-word') return Response.json({ codeWord: null, choices: [] });
      if (url === '/api/waitlist') return Response.json({ entries: [], maxDays: 2 });
      return new Response(null, { status: 204 });
    }),
  );
}

function renderHome() {
  const router = createMemoryRouter([{ path: '/home', element: <HomePage /> }], { initialEntries: ['/home'] });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

/** The whole home screen (the booking calendar too) takes a while to draw in jsdom. */
const SLOW = { timeout: 5000 };

const pastSection = () => screen.getByRole('region', { name: 'Past visits' });

beforeAll(async () => {
  await activateLocale('en');
  await loadMessages(['rules', 'screens']);
});

describe('the home screen', () => {
  beforeEach(() => {
    setSession({
      user: { id: 'u1', email: 'mary@example.com', emailVerified: true, isAdmin: false },
      profile: null,
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps the open list as the spec has it, and shows paid visits under "Past visits" with their invoice and receipt', async () => {
    serve({ open: [], past: [paid, older] });
    renderHome();
    await screen.findByRole('heading', { name: 'Past visits' }, SLOW);
    // The spec's list: nothing open, its own sentence.
    const open = screen.getByRole('region', { name: 'Your appointments' });
    expect(open.textContent).toContain('You have no appointments booked.');
    expect(within(open).queryByText('Printer offline')).toBeNull();

    const table = within(pastSection()).getByRole('table', { name: 'Past visits' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual([
      'Saturday, November 28, 2026 at 08:00am',
      'Saturday, October 17, 2026 at 02:00pm',
    ]);
    expect(rows[0]?.textContent).toContain('$87.99');
    expect(within(rows[0] as HTMLElement).getByText('Paid').className).toContain('status-chip-paid');
    // Paid in the test mode: the chip says so.
    expect(within(rows[1] as HTMLElement).getByText('TEST').className).toContain('status-chip-test');
    expect(within(rows[0] as HTMLElement).queryByText('TEST')).toBeNull();
    // Each link named with its visit (jsdom's name leaves out the space before the hidden part).
    const invoice = within(rows[0] as HTMLElement).getByRole('link', {
      name: /^Invoice 00042 ?\(visit of Saturday, November 28, 2026 at 08:00am\)$/,
    });
    expect(invoice.getAttribute('href')).toBe(`/invoice/${paid.id}`);
    const receipt = within(rows[0] as HTMLElement).getByRole('link', { name: /^Receipt \(PDF\) ?\(visit of Saturday, November 28/ });
    expect(receipt.getAttribute('href')).toBe(`/api/invoices/${paid.id}/pdf?lang=en`);
    expect(receipt.hasAttribute('download')).toBe(true);

    // On phones: one card per visit, its day as its heading and its status beside it.
    const cards = [...pastSection().querySelectorAll('.past-visit-card')] as HTMLElement[];
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Saturday, November 28, 2026 at 08:00am',
      'Saturday, October 17, 2026 at 02:00pm',
    ]);
    expect(cards[0]?.textContent).toContain('Paid onNovember 30, 2026');
    expect(
      within(cards[0] as HTMLElement)
        .getByRole('link', { name: /^Invoice 00042/ })
        .getAttribute('href'),
    ).toBe(`/invoice/${paid.id}`);
  });

  it('shows no "Past visits" to a customer who has none, beside the visits still to come', async () => {
    serve({ open: [upcoming], past: [] });
    renderHome();
    await screen.findAllByText('New router', {}, SLOW);
    await vi.waitFor(() => expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toContain('/api/past-visits'));
    expect(screen.queryByRole('heading', { name: 'Past visits' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Your appointments' }).textContent).not.toContain('You have no appointments booked.');
  });

  it('says so when the past visits cannot be loaded, and offers to try again', async () => {
    serve({ open: [], past: 'fails' });
    renderHome();
    await within(await screen.findByRole('region', { name: 'Past visits' }, SLOW)).findByText('Your past visits could not be loaded.');
    expect(within(pastSection()).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByText('You have no appointments booked.')).toBeTruthy();
  });
});
