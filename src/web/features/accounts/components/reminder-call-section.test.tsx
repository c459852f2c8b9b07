// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../../../shared/account.ts';
import { activateLocale, i18n, loadMessages } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { setSession } from '../../../lib/session.ts';
import { ReminderCallSection } from './reminder-call-section.tsx';

const LABEL = 'Call me the day before to remind me (for landlines)';
let puts: unknown[];
let refuse: boolean;

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

const profile = {
  firstName: 'Mary',
  lastName: 'Smith',
  phoneNumber: '631-555-0100',
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
} as const satisfies Me['profile'];

function signedIn(extra: Partial<Me>) {
  act(() =>
    setSession({
      user: { id: 'u1', email: 'mary@example.com', emailVerified: true, isAdmin: false },
      profile,
      textsAvailable: true,
      ...extra,
    }),
  );
}

beforeAll(async () => {
  await activateLocale('en');
  await loadMessages(['rules', 'screens']);
});

function show() {
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ReminderCallSection />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('the reminder-call choice on /account', () => {
  beforeEach(() => {
    puts = [];
    refuse = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/account/reminder-calls' && init.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { wanted: boolean };
          puts.push(body);
          if (refuse)
            return json(
              { error: { code: 'GETS_TEXTS', message: 'You get a text reminder the day before each visit, so no call is needed.' } },
              409,
            );
          return json({
            wanted: body.wanted,
            consentAt: '2026-11-29T15:00:00.000Z',
            number: body.wanted ? '+16315550100' : null,
            numberChanged: false,
          });
        }
        return new Response(null, { status: 404 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is not there when the server places no calls', () => {
    signedIn({});
    const { container } = show();
    expect(container.innerHTML).toBe('');
  });

  it('is a labelled box with its explanation, reached by keyboard, saved at once and said so; a refusal is said too; axe finds nothing', async () => {
    signedIn({ reminderCalls: { wanted: false, consentAt: null, number: null, numberChanged: false } });
    const { container } = show();
    const box = screen.getByLabelText(LABEL) as HTMLInputElement;
    expect(screen.getByRole('heading', { level: 2, name: 'Reminder calls' })).toBeTruthy();
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(false);
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Press 1 to confirm, 2 to speak with us',
    );
    box.focus();
    expect(document.activeElement).toBe(box);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    fireEvent.click(box);
    await screen.findByText('Saved: we will call you the day before each visit.');
    expect(puts).toEqual([{ wanted: true }]);
    expect((screen.getByLabelText(LABEL) as HTMLInputElement).checked).toBe(true);
    // The number the calls go to is said beside the box, and read with it.
    expect(screen.getByText('We will call (631) 555-0100.')).toBeTruthy();
    expect(screen.getByLabelText(LABEL).getAttribute('aria-describedby')).toContain(screen.getByText('We will call (631) 555-0100.').id);

    refuse = true;
    fireEvent.click(screen.getByLabelText(LABEL));
    await screen.findByText('You get a text reminder the day before each visit, so no call is needed.');
    expect((screen.getByLabelText(LABEL) as HTMLInputElement).checked).toBe(true);
  });

  it('after a change of number, says the calls stopped and asks again, with the box unticked', async () => {
    signedIn({ reminderCalls: { wanted: false, consentAt: '2026-11-29T15:00:00.000Z', number: null, numberChanged: true } });
    const { container } = show();
    const note =
      'Your phone number has changed, so the reminder calls have stopped. Tick the box again if you want them at your new number.';
    expect(screen.getByText(note)).toBeTruthy();
    const box = screen.getByLabelText(LABEL) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.getAttribute('aria-describedby')).toContain(screen.getByText(note).id);
    expect(screen.queryByText(/We will call/)).toBeNull();
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('tells a customer who gets texts that the text reminder does it, with no box to tick', () => {
    signedIn({
      profile: { ...profile, wantsTexts: true, textsConfirmed: true },
      reminderCalls: { wanted: false, consentAt: null, number: null, numberChanged: false },
    });
    show();
    expect(screen.getByText('You get a text reminder the day before each visit, so no call is needed.')).toBeTruthy();
    expect(screen.queryByLabelText(LABEL)).toBeNull();
  });
});
