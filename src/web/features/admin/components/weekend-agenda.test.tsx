// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminAppointment } from '../../../../shared/admin.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { SAMPLE_CUSTOMER, sampleAppointment } from '../sample-appointment.ts';
import { WeekendAgenda } from './weekend-agenda.tsx';

/** Saturday, November 28, 2026, 9:30am in New York: the agenda shows this weekend, and today is its Saturday. */
const SATURDAY_MORNING = new Date('2026-11-28T14:30:00.000Z');

const customer: AdminAppointment['customer'] = { ...SAMPLE_CUSTOMER, phoneNumber: '631-555-0142', codeWord: 'lantern' };
/** Today, at noon in New York, in person. */
const today: AdminAppointment = sampleAppointment('2026-11-28', '12:30pm', {
  startsAt: '2026-11-28T17:00:00.000Z',
  time: '12:00pm',
  description: 'The printer will not print.',
  customer,
});
/** Tomorrow (Sunday), in person: "On my way" waits for its day. */
const tomorrow: AdminAppointment = {
  ...today,
  id: '20261129-00000000-0000-4000-8000-000000000002',
  startsAt: '2026-11-29T15:00:00.000Z',
  time: '10:00am',
  customer: { ...customer, firstName: 'Rosa', lastName: 'Diaz', email: 'rosa@example.com' },
};

type Sent = { url: string; method: string; body: unknown };
let sent: Sent[];

function showAgenda(appointments: AdminAppointment[]) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WeekendAgenda appointments={appointments} />
    </QueryClientProvider>,
  );
}

/** A control's name: its word, then the customer (jsdom's name may drop the space before the hidden part). */
const named = (word: string, who = 'Mary Smith') => new RegExp(`^${word} ?\\(${who}\\)$`);

const entryOf = (id: string) => document.querySelector(`li.weekend-agenda-visit[data-appointment-id="${id}"]`) as HTMLElement;

/**
 * "On my way" from the weekend agenda (issue 39), on a clock fixed on a Saturday, so that the agenda's own button is
 * tested every day (the browser test reaches it only when it runs on a weekend).
 */
describe("the weekend agenda's On my way", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(SATURDAY_MORNING);
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
        // 30 minutes from 9:30am: 10:00am in New York.
        return Response.json({
          arrivesAt: '2026-11-28T15:00:00.000Z',
          texted: false,
          emailed: true,
          contactCopied: false,
          repeated: false,
        });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("is offered on today's in-person visit only; 30 minutes sends the visit's request and says the arrival", async () => {
    showAgenda([today, tomorrow]);
    expect(screen.getByRole('heading', { level: 3, name: 'Saturday, November 28' })).toBeTruthy();
    expect(within(entryOf(tomorrow.id)).queryByRole('button', { name: named('On my way', 'Rosa Diaz') })).toBeNull();

    const entry = within(entryOf(today.id));
    const toggle = entry.getByRole('button', { name: named('On my way') });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(entry.getAllByRole('button', { name: /^\d+ min/ }).map((button) => button.textContent)).toEqual([
      '15 min (Mary Smith)',
      '30 min (Mary Smith)',
      '45 min (Mary Smith)',
      '60 min (Mary Smith)',
    ]);
    expect(sent).toEqual([]);

    await act(async () => fireEvent.click(entry.getByRole('button', { name: named('30 min') })));
    await waitFor(() =>
      expect(entry.getByRole('status').textContent).toBe(
        'Sent: Mary Smith e-mailed (no texts: they have not asked for them), arriving about 10:00am.',
      ),
    );
    expect(sent).toEqual([{ url: `/api/admin/appointments/${today.id}/on-my-way`, method: 'POST', body: { minutes: 30 } }]);
    // The choice closes and the focus is back on the button.
    expect(entry.queryByRole('button', { name: named('30 min') })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('sends a time typed for today as HH:MM', async () => {
    showAgenda([today]);
    const entry = within(entryOf(today.id));
    fireEvent.click(entry.getByRole('button', { name: named('On my way') }));
    fireEvent.change(entry.getByLabelText('Or arriving at (today, HH:MM)'), { target: { value: '10:40' } });
    await act(async () => fireEvent.click(entry.getByRole('button', { name: /^Send ?\(arrival time for Mary Smith\)$/ })));
    await waitFor(() => expect(entry.getByRole('status').textContent).toMatch(/^Sent: Mary Smith e-mailed/));
    expect(sent).toEqual([{ url: `/api/admin/appointments/${today.id}/on-my-way`, method: 'POST', body: { at: '10:40' } }]);
  });

  it('on a weekday the agenda shows the coming weekend, without On my way', () => {
    // Wednesday, November 25, 2026, 9:30am in New York.
    vi.setSystemTime(new Date('2026-11-25T14:30:00.000Z'));
    showAgenda([{ ...today }, tomorrow]);
    expect(screen.getByRole('heading', { level: 3, name: 'Saturday, November 28' })).toBeTruthy();
    expect(entryOf(today.id)).not.toBeNull();
    expect(screen.queryByRole('button', { name: /^On my way/ })).toBeNull();
  });
});
