// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Availability } from '../../../../shared/appointments.ts';
import { ConfirmProvider } from '../../../components/confirm-dialog.tsx';
import { activateLocale, i18n, loadMessages } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { BookingPanel } from './booking-panel.tsx';

/** Tuesday, November 24, 2026, 10:00 in New York: the month shown is November 2026. */
const NOW = new Date('2026-11-24T15:00:00.000Z');

const availability = (month: string): Availability => ({
  month,
  taken: ['2026-11-28T14:30:00.000Z'],
  now: NOW.toISOString(),
  lastBookableDate: '2026-12-24',
  closed: [],
  minNoticeHours: 0,
});

function renderPanel() {
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ConfirmProvider>
          <BookingPanel openCount={0} onBooked={() => undefined} />
        </ConfirmProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

/** The calendar's day buttons: each is named with the number it shows, as a whole word (WCAG 2.5.3 Label in Name). */
function expectDaysNamedWithTheirNumbers(calendar: HTMLElement) {
  const days = [...calendar.querySelectorAll('td[data-day] button')];
  expect(days.length).toBeGreaterThan(27);
  for (const day of days) {
    const shown = day.textContent ?? '';
    expect(day.getAttribute('aria-label')).toMatch(new RegExp(`(^|\\D)${shown}(\\D|$)`));
  }
}

function stubAvailability() {
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

describe('the booking panel in English', () => {
  beforeAll(async () => {
    await activateLocale('en');
    await loadMessages(['rules', 'screens']);
  });
  beforeEach(stubAvailability);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('names each day with the number it shows', async () => {
    renderPanel();
    const panel = within(await screen.findByRole('region', { name: 'Book a visit' }));
    const grid = await panel.findByRole('grid');
    const calendar = within(grid);
    expectDaysNamedWithTheirNumbers(grid);
    expect(calendar.getByRole('button', { name: 'Today, Tuesday, November 24, 2026' }).textContent).toBe('24');
    await act(async () => fireEvent.click(calendar.getByRole('button', { name: 'Saturday, November 28, 2026' })));
    expect(calendar.getByRole('button', { name: 'Saturday, November 28, 2026, selected' }).textContent).toBe('28');
  }, 20_000);
});

describe('the booking panel in Spanish', () => {
  beforeAll(async () => {
    await activateLocale('es');
    await loadMessages(['rules', 'screens']);
  });
  afterAll(async () => {
    await activateLocale('en');
  });
  beforeEach(stubAvailability);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  // A calendar and eight times render slowly on a busy machine: a longer limit than the default 5 s.
  it('names the month, the weekdays, the chosen day and its times in Spanish, New York time', async () => {
    renderPanel();
    const panel = within(await screen.findByRole('region', { name: 'Programe una visita' }));
    const calendar = within(await panel.findByRole('grid'));
    expect(panel.getByText('noviembre de 2026')).toBeTruthy();
    // The week starts on Sunday, as calendars do in the US.
    const weekdays = calendar.getAllByRole('columnheader', { hidden: true });
    expect(weekdays.map((header) => header.textContent)).toEqual(['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb']);
    expect(weekdays.at(-1)?.getAttribute('aria-label')).toBe('sábado');
    expect(panel.getByRole('button', { name: /mes siguiente/ })).toBeTruthy();
    expect(panel.getByText('2. Elija una hora')).toBeTruthy();
    expectDaysNamedWithTheirNumbers(await panel.findByRole('grid'));

    await act(async () => fireEvent.click(calendar.getByRole('button', { name: /sábado, 28 de noviembre de 2026/ })));
    expect(panel.getByText('2. Elija una hora para el sábado, 28 de noviembre de 2026')).toBeTruthy();
    const times = panel.getAllByRole('button', { pressed: false }).map((slot) => slot.textContent);
    // "a. m." stays on one line (a no-break space inside).
    expect(times).toContain('8:00 a.\u00a0m.');
    expect(times).toContain('9:30 a.\u00a0m.Ocupado');
    expect(times).toContain('6:30 p.\u00a0m.');

    expect(panel.getByRole('radio', { name: 'A distancia' })).toBeTruthy();
    expect(panel.getByRole('button', { name: 'Confirmar' })).toBeTruthy();
  }, 20_000);
});
