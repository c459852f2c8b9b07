// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APPOINTMENT_TEXTS, type CustomerAppointment } from '../../../../shared/appointments.ts';
import { ConfirmProvider } from '../../../components/confirm-dialog.tsx';
import { activateLocale, i18n, loadMessages } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { AppointmentList } from './appointment-list.tsx';

const completed: CustomerAppointment = {
  id: '20261128-00000000-0000-4000-8000-000000000001',
  startsAt: '2026-11-28T13:00:00.000Z',
  date: '20261128',
  time: '08:00am',
  isRemote: false,
  description: 'Printer offline',
  amountCents: 4550,
  isCompleted: true,
  isPaid: false,
  changeBy: null,
  estimate: null,
};
const open: CustomerAppointment = {
  ...completed,
  id: '20261129-00000000-0000-4000-8000-000000000002',
  startsAt: '2026-11-29T14:30:00.000Z',
  isRemote: true,
  isCompleted: false,
  amountCents: 0,
};
const broken = { ...open, id: '20261129-00000000-0000-4000-8000-000000000003', startsAt: 'not a date' };

function Checkout() {
  const location = useLocation();
  return <h1>Checkout {JSON.stringify(location.state)}</h1>;
}

function renderList(appointments: CustomerAppointment[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/home',
        element: <AppointmentList appointments={appointments} onEditDescription={() => undefined} />,
      },
      { path: '/makepayment', element: <Checkout /> },
    ],
    { initialEntries: ['/home'] },
  );
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

/** The table (wide screens); the same rows also render as cards, which CSS hides on wide screens. */
const table = () => within(screen.getByRole('table'));

beforeAll(async () => {
  // The screens' English texts, as the app loads them.
  await activateLocale('en');
  await loadMessages(['rules', 'screens']);
});

describe('the appointment list', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists by time in New York time, and shows the row error for an appointment without a time', () => {
    renderList([broken, open, completed]);
    const rows = table().getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual([
      'Saturday, November 28, 2026 at 08:00am',
      'Sunday, November 29, 2026 at 09:30am',
      'Error loading appointment!',
    ]);
    expect(rows[0]?.textContent).toContain('$45.50');
    expect(rows[1]?.textContent).toContain('Remote');
    // A visit still to come has no amount yet: it says when it will, on the table and on the phone's card.
    expect(rows[1]?.querySelectorAll('td')[3]?.textContent).toBe('Set after the visit');
    const cards = [...document.querySelectorAll('.appointment-card')];
    expect(cards.slice(0, 2).map((card) => card.querySelector('dl')?.lastElementChild?.textContent)).toEqual([
      '$45.50',
      'Set after the visit',
    ]);
    expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/errors', expect.objectContaining({ method: 'POST' }));
  });

  it('shows an amount the owner set before the visit', () => {
    renderList([{ ...open, amountCents: 7500 }]);
    expect(table().getAllByRole('row')[1]?.querySelectorAll('td')[3]?.textContent).toBe('$75.00');
  });

  it('refuses to cancel a completed job with the spec dialog', async () => {
    renderList([completed]);
    fireEvent.click(table().getByRole('button', { name: /^Cancel/ }));
    const dialog = await screen.findByRole('dialog', { name: 'No action allowed!' });
    expect(dialog.textContent).toContain('You can not cancel a completed job!');
  });

  it('refuses to pay for a job that is not completed', async () => {
    renderList([open]);
    fireEvent.click(table().getByRole('button', { name: /^Pay/ }));
    const dialog = await screen.findByRole('dialog', { name: 'No payment allowed.' });
    expect(dialog.textContent).toContain('The job is not completed yet!');
  });

  it('asks before checkout, then goes to /makepayment with the appointment and its amount', async () => {
    renderList([completed]);
    fireEvent.click(table().getByRole('button', { name: /^Pay/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Go to checkout to pay $45.50? If YES select OK');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'OK' })));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
        `Checkout ${JSON.stringify({ appointmentId: completed.id, amountCents: 4550 })}`,
      ),
    );
  });

  it('cancels an open appointment after the confirm', async () => {
    renderList([open]);
    fireEvent.click(table().getByRole('button', { name: /^Cancel/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Are you sure you want to cancel the Appointment? If YES select OK');
    // Its two answers: OK, and a no that says it keeps the visit (a second "Cancel" would say the opposite).
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['', 'Keep my visit', 'OK']);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'OK' })));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Your visit has been cancelled.'));
    expect(vi.mocked(fetch)).toHaveBeenCalledWith(`/api/appointments/${open.id}/cancel`, expect.objectContaining({ method: 'POST' }));
  });

  it('records a cancel that failed in the error log once, and says so in the banner', async () => {
    // Something in front of the server failed: no standard error body, so nobody has recorded it yet.
    vi.mocked(fetch).mockImplementation(async (url) =>
      url === '/api/errors' ? new Response(null, { status: 204 }) : new Response('Bad gateway', { status: 502 }),
    );
    renderList([open]);
    fireEvent.click(table().getByRole('button', { name: /^Cancel/ }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'OK' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(APPOINTMENT_TEXTS.deleteError));
    const reports = vi.mocked(fetch).mock.calls.filter(([url]) => url === '/api/errors');
    expect(reports).toHaveLength(1);
    expect(JSON.parse(String(reports[0]?.[1]?.body))).toMatchObject({ componentName: 'Appointments' });
    await waitFor(() => expect(table().getByRole('button', { name: /^Cancel/ }).textContent).toMatch(/^Cancel \(/));
  });

  it('offers "Add to calendar" for a visit still to come, and not for one done or passed', () => {
    const comingUp = { ...open, id: '20991205-00000000-0000-4000-8000-000000000004', startsAt: '2099-12-05T13:00:00.000Z' };
    const passed = { ...open, id: '20201205-00000000-0000-4000-8000-000000000005', startsAt: '2020-12-05T13:00:00.000Z' };
    renderList([completed, comingUp, passed]);
    const links = table().getAllByRole('link', { name: /^Add to calendar/ });
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe(`/api/appointments/${comingUp.id}/calendar.ics?lang=en`);
    expect(links[0]?.hasAttribute('download')).toBe(true);
    expect(links[0]?.textContent).toBe('Add to calendar (visit of Saturday, December 5, 2099 at 08:00am)');
  });

  it("shows each visit's status on its card", () => {
    renderList([completed, open]);
    const cards = [...document.querySelectorAll('.appointment-card')];
    expect(cards.map((card) => card.querySelector('.status-chip')?.textContent)).toEqual(['Completed', 'Booked']);
  });
});
