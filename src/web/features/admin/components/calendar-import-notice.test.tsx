// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CalendarImportStatus } from '../../../../shared/schedule.ts';
import { calendarImportKey } from '../api/calendar-import.ts';
import { CalendarImportNotice } from './calendar-import-notice.tsx';

const failing: CalendarImportStatus = {
  isSet: true,
  host: 'calendar.google.com',
  maskedAddress: 'https://calendar.google.com/••••••••',
  fetchedAt: '2026-11-29T15:00:00.000Z',
  succeededAt: '2026-11-29T13:00:00.000Z',
  busyCount: 4,
  error: 'The calendar address answered 404 Not Found.',
  failingSince: '2026-11-29T13:15:00.000Z',
  failingForAnHour: true,
  intervalMinutes: 15,
  affected: [],
};

function renderWith(status: CalendarImportStatus) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  client.setQueryData(calendarImportKey(), status);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CalendarImportNotice />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe("the dashboard's notice of the owner's calendar", () => {
  it('warns of a calendar failing for an hour, in words, with a link to the time-off screen', () => {
    renderWith(failing);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Your own calendar has not loaded since Sunday, November 29, 2026 at 08:15am');
    expect(alert.textContent).toContain('The calendar address answered 404 Not Found.');
    expect(screen.getByRole('link', { name: 'See it on the Time Off page.' }).getAttribute('href')).toBe('/admin/time-off');
  });

  it('says nothing when the calendar loads, or has failed for less than an hour', () => {
    renderWith({ ...failing, failingForAnHour: false });
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    renderWith({ ...failing, error: null, failingSince: null, failingForAnHour: false });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
