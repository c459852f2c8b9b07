// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerAppointment } from '../../../../shared/appointments.ts';
import { ConfirmProvider } from '../../../components/confirm-dialog.tsx';
import { activateLocale, i18n, loadMessages } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { AppointmentList } from './appointment-list.tsx';

/** An in-person visit at 10:00am in New York on July 15th, 2026, the technician on the way, arriving about 10:40am. */
const visit: CustomerAppointment = {
  id: '20260715-00000000-0000-4000-8000-000000000001',
  startsAt: '2026-07-15T14:00:00.000Z',
  date: '20260715',
  time: '10:00am',
  isRemote: false,
  description: 'Printer offline',
  amountCents: 0,
  isCompleted: false,
  isPaid: false,
  changeBy: null,
  estimate: null,
  onTheWayAt: '2026-07-15T14:00:00.000Z',
  arrivesAt: '2026-07-15T14:40:00.000Z',
};

const line = () => document.querySelector('.on-the-way-status')?.textContent ?? '';

beforeAll(async () => {
  await activateLocale('en');
  await loadMessages(['rules', 'screens']);
});

/** "On the way" on the customer's home screen (issue 39) stands on the visit's day only, on a screen left open too. */
describe('the "on the way" line', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('goes away from an open screen once the visit’s day has ended in New York', () => {
    // 11:58pm in New York, the visit's day.
    vi.setSystemTime(new Date('2026-07-16T03:58:00Z'));
    const router = createMemoryRouter(
      [{ path: '/home', element: <AppointmentList appointments={[visit]} onEditDescription={() => undefined} /> }],
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
    expect(line()).toContain('On the way, arriving about 10:40am');
    act(() => vi.advanceTimersByTime(60_000));
    expect(line()).toContain('On the way, arriving about 10:40am');
    // A minute past midnight: the next day.
    act(() => vi.advanceTimersByTime(60_000));
    expect(line()).toBe('');
  });
});
