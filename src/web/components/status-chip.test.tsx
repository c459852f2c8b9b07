// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render as renderBare } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../lib/i18n.ts';
import { StatusChip, VISIT_STATUSES, visitStatusOf } from './status-chip.tsx';

const render = (ui: ReactNode) => renderBare(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
const chipText = (element: HTMLElement) => element.querySelector('.status-chip')?.textContent;

describe('the status chip', () => {
  beforeAll(() => activateLocale('en'));
  afterEach(async () => {
    cleanup();
    await act(() => activateLocale('en'));
  });

  it('says each status in words, with a class of its own for its colour', () => {
    const words = VISIT_STATUSES.map((status) => {
      const { container } = render(<StatusChip status={status} />);
      const chip = container.querySelector('.status-chip');
      expect(chip?.classList.contains(`status-chip-${status}`)).toBe(true);
      return chip?.textContent;
    });
    expect(words).toEqual(['Booked', 'Completed', 'Paid', 'Refunded', 'Cancelled', 'TEST']);
  });

  it('speaks the customer’s language: every word translated into Spanish', async () => {
    await act(() => activateLocale('es'));
    const words = VISIT_STATUSES.map((status) => chipText(render(<StatusChip status={status} />).container));
    expect(words).toEqual(['Programada', 'Terminada', 'Pagada', 'Reembolsada', 'Cancelada', 'PRUEBA']);
  });

  it('stays in English for the back office whatever the site’s language, and says so to screen readers', async () => {
    await act(() => activateLocale('es'));
    const { container } = render(<StatusChip status="completed" inEnglish />);
    const chip = container.querySelector('.status-chip');
    expect(chip?.textContent).toBe('Completed');
    expect(chip?.getAttribute('lang')).toBe('en');
  });

  it('reads a visit’s status from its flags: booked, then completed, then paid', () => {
    expect(visitStatusOf({ isCompleted: false, isPaid: false })).toBe('booked');
    expect(visitStatusOf({ isCompleted: true, isPaid: false })).toBe('completed');
    expect(visitStatusOf({ isCompleted: true, isPaid: true })).toBe('paid');
  });
});
