// @vitest-environment jsdom
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminAppointment } from '../../../../shared/admin.ts';
import type { SlotLabel } from '../../../../shared/business.ts';
import { sampleAppointment } from '../sample-appointment.ts';
import { WeekendAgenda } from './weekend-agenda.tsx';

/** A visit on Saturday, November 28, 2026 (New York), for Ann `id`. */
const visit = (id: string, slot: SlotLabel, extra: Partial<AdminAppointment> = {}): AdminAppointment =>
  sampleAppointment('2026-11-28', slot, {
    id,
    ...extra,
    customer: { firstName: 'Ann', lastName: id, email: `${id}@example.com`, ...extra.customer },
  });

const item = (container: HTMLElement, id: string) =>
  container.querySelector<HTMLElement>(`.weekend-agenda-visit[data-appointment-id="${id}"]`) as HTMLElement;

/** The estimate's state on the weekend agenda (the lists' badge has its own test in estimate-section.test.tsx). */
describe("the weekend agenda's estimate badge", () => {
  // Wednesday before the weekend of November 28, New York time: no visit is today's, so no On my way (no requests).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T17:00:00Z'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows an approved estimate's state and total on its visit, and nothing on a visit without one", () => {
    const { container } = render(
      <WeekendAgenda
        appointments={[
          visit('approved', '08:00am', { estimate: { state: 'approved', totalCents: 15_863 } }),
          visit('without', '12:30pm', { estimate: null }),
          visit('before-estimates', '03:30pm'),
        ]}
      />,
    );
    expect(container.querySelectorAll('.weekend-agenda-visit')).toHaveLength(3);
    const approved = item(container, 'approved');
    expect(within(approved).getByText('Estimate approved: $158.63')).toBeTruthy();
    expect(approved.querySelector('.weekend-agenda-title')?.textContent).toContain('Estimate approved: $158.63');
    for (const id of ['without', 'before-estimates']) {
      const none = item(container, id);
      expect(none.textContent, id).not.toMatch(/Estimate/);
      expect(none.querySelector('.admin-estimate-badge'), id).toBeNull();
    }
  });

  it('says a sent or a declined estimate in its own words', () => {
    const { container } = render(
      <WeekendAgenda
        appointments={[
          visit('sent', '08:00am', { estimate: { state: 'sent', totalCents: 7_500 } }),
          visit('declined', '12:30pm', { estimate: { state: 'declined', totalCents: 20_000 } }),
        ]}
      />,
    );
    expect(item(container, 'sent').querySelector('.admin-estimate-badge')?.textContent).toBe('Estimate sent: $75.00');
    expect(item(container, 'declined').querySelector('.admin-estimate-badge')?.textContent).toBe('Estimate declined: $200.00');
  });
});
