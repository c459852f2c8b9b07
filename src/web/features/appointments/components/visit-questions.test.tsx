// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../../../shared/account.ts';
import type { Availability, CustomerAppointment } from '../../../../shared/appointments.ts';
import { ConfirmProvider } from '../../../components/confirm-dialog.tsx';
import { activateLocale, i18n, loadMessages } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { setSession } from '../../../lib/session.ts';
import { AppointmentList } from './appointment-list.tsx';
import { BookingPanel } from './booking-panel.tsx';

/**
 * The questions that book and cancel a visit (issue 40): around the spec's own sentence, each names the visit it is
 * about, its day, time, type and place, so nobody books or cancels the wrong one.
 */

/** Tuesday, November 24, 2026, 10:00 in New York: the month shown is November 2026. */
const NOW = new Date('2026-11-24T15:00:00.000Z');

const SIGNED_IN: Me = {
  user: { id: 'u1', email: 'mary@example.com', emailVerified: true, isAdmin: false },
  profile: {
    firstName: 'Mary',
    lastName: 'Smith',
    phoneNumber: '631-555-0142',
    streetAddress: '12 Main Street',
    city: 'Bay Shore',
    state: 'NY',
    zipCode: '11706',
    email: 'mary@example.com',
    isCompleted: true,
    isAdmin: false,
    wantsTexts: false,
    textsStopped: false,
    textsConfirmed: false,
  },
};

const remoteVisit: CustomerAppointment = {
  id: '20261129-00000000-0000-4000-8000-000000000002',
  startsAt: '2026-11-29T14:30:00.000Z',
  date: '20261129',
  time: '09:30am',
  isRemote: true,
  description: 'Printer offline',
  amountCents: 0,
  isCompleted: false,
  isPaid: false,
  changeBy: null,
  estimate: null,
};
const inPersonVisit: CustomerAppointment = {
  ...remoteVisit,
  id: '20261128-00000000-0000-4000-8000-000000000003',
  startsAt: '2026-11-28T13:00:00.000Z',
  date: '20261128',
  time: '08:00am',
  isRemote: false,
};

const availability = (month: string): Availability => ({
  month,
  taken: [],
  now: NOW.toISOString(),
  lastBookableDate: '2026-12-24',
  closed: [],
  minNoticeHours: 0,
});

function renderWithin(element: ReactNode) {
  const router = createMemoryRouter([{ path: '/home', element }], { initialEntries: ['/home'] });
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

/** The dialog's facts, as "label: value" pairs. */
function detailsOf(dialog: HTMLElement): string[] {
  return [...dialog.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

/** Picks Saturday, November 28 at 08:00am (or its Spanish names), the given kind, and presses Confirm. */
async function askToBook(names: { day: RegExp; time: string; kind: string; confirm: string; region: string }) {
  renderWithin(<BookingPanel openCount={0} onBooked={() => undefined} />);
  const panel = within(await screen.findByRole('region', { name: names.region }));
  const calendar = within(await panel.findByRole('grid'));
  await act(async () => fireEvent.click(calendar.getByRole('button', { name: names.day })));
  await act(async () => fireEvent.click(panel.getByRole('button', { name: names.time })));
  await act(async () => fireEvent.click(panel.getByRole('radio', { name: names.kind })));
  await act(async () => fireEvent.click(panel.getByRole('button', { name: names.confirm })));
  return screen.findByRole('dialog');
}

function stubServer() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const month = new URL(url, 'http://localhost').searchParams.get('month') ?? '2026-11';
      return new Response(JSON.stringify(availability(month)), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function cleanUp() {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setSession({ user: null, profile: null });
}

// The dialog's code loads with the first question; loaded here, a busy machine does not outwait the first find.
beforeAll(() => import('../../../components/confirm-modal.tsx'));

describe('the questions about a visit, in English', () => {
  beforeAll(async () => {
    await activateLocale('en');
    await loadMessages(['rules', 'screens']);
  });
  beforeEach(() => {
    stubServer();
    setSession(SIGNED_IN);
  });
  afterEach(cleanUp);

  // A calendar and eight times render slowly on a busy machine: a longer limit than the default 5 s.
  it('books an in-person visit naming its day, time, type and the customer’s address', async () => {
    const names = { day: /^Saturday, November 28, 2026/, time: '08:00am', kind: 'In-Person', confirm: 'Confirm', region: 'Book a visit' };
    const dialog = await askToBook(names);
    // The spec's question stays word for word, the visit under it.
    expect(within(dialog).getByText('Are you sure you want a In-Person visit? If YES select OK')).toBeTruthy();
    expect(detailsOf(dialog)).toEqual([
      'Day: Saturday, November 28, 2026',
      'Time: 08:00am (New York time)',
      'Visit Type: In-Person',
      'Place: 12 Main Street, Bay Shore, NY 11706',
    ]);
  }, 60_000);

  it('books a remote visit saying that we call instead of an address', async () => {
    const names = { day: /^Saturday, November 28, 2026/, time: '08:00am', kind: 'Remote', confirm: 'Confirm', region: 'Book a visit' };
    const dialog = await askToBook(names);
    expect(within(dialog).getByText('Are you sure you want a Remote visit? If YES select OK')).toBeTruthy();
    expect(detailsOf(dialog)).toEqual([
      'Day: Saturday, November 28, 2026',
      'Time: 08:00am (New York time)',
      'Visit Type: Remote',
      'Place: Remote: we call you at that time',
    ]);
  }, 60_000);

  it('cancels a visit naming its day, time, type and place under the spec’s question', async () => {
    renderWithin(<AppointmentList appointments={[inPersonVisit, remoteVisit]} onEditDescription={() => undefined} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: /^Cancel/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to cancel the Appointment? If YES select OK')).toBeTruthy();
    expect(detailsOf(dialog)).toEqual([
      'Day: Saturday, November 28, 2026',
      'Time: 08:00am (New York time)',
      'Visit Type: In-Person',
      'Place: 12 Main Street, Bay Shore, NY 11706',
    ]);
    // The close button is labelled as the no too; the footer's is the last one.
    const keep = within(dialog).getAllByRole('button', { name: 'Keep my visit' }).at(-1) as HTMLElement;
    await act(async () => fireEvent.click(keep));
  });
});

describe('the questions about a visit, in Spanish', () => {
  beforeAll(async () => {
    await activateLocale('es');
    await loadMessages(['rules', 'screens']);
  });
  afterAll(async () => {
    await activateLocale('en');
  });
  beforeEach(() => {
    stubServer();
    setSession(SIGNED_IN);
  });
  afterEach(cleanUp);

  it('books a visit naming it in Spanish', async () => {
    const names = {
      day: /^sábado, 28 de noviembre de 2026/,
      time: '8:00 a.\u00a0m.',
      kind: 'Presencial',
      confirm: 'Confirmar',
      region: 'Programe una visita',
    };
    const dialog = await askToBook(names);
    expect(detailsOf(dialog)).toEqual([
      'Día: sábado, 28 de noviembre de 2026',
      'Hora: 8:00 a.\u00a0m. (hora de Nueva York)',
      'Tipo de visita: Presencial',
      'Lugar: 12 Main Street, Bay Shore, NY 11706',
    ]);
  }, 60_000);

  it('cancels a remote visit naming it in Spanish', async () => {
    renderWithin(<AppointmentList appointments={[remoteVisit]} onEditDescription={() => undefined} />);
    fireEvent.click(within(screen.getByRole('table')).getByRole('button', { name: /^Cancelar/ }));
    const dialog = await screen.findByRole('dialog');
    expect(detailsOf(dialog)).toEqual([
      'Día: domingo, 29 de noviembre de 2026',
      'Hora: 9:30 a.\u00a0m. (hora de Nueva York)',
      'Tipo de visita: A distancia',
      'Lugar: A distancia: le llamamos a esa hora',
    ]);
  });
});
