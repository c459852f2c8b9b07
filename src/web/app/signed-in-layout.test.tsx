// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../shared/account.ts';
import type { ChangeEvent } from '../../shared/events.ts';
import { TAB_ID } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.ts';
import { adminKeys, appointmentKeys, paymentKeys } from '../lib/query-keys.ts';
import { setSession } from '../lib/session.ts';
import { Component as SignedInLayout } from './signed-in-layout.tsx';

/** Just enough of the browser's EventSource to play the server's stream by hand. */
class FakeEventSource {
  static latest: FakeEventSource | undefined;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.latest = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  fire(type: string, data = '{}') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data } as MessageEvent);
  }
}

const ME: Me = { user: { id: 'u1', email: 'mary@example.com', emailVerified: true, isAdmin: true }, profile: null };

/** The queries a signed-in tab may have on screen, by name. */
const SHOWN: Record<string, QueryKey> = {
  myAppointments: appointmentKeys.mine(),
  availability: appointmentKeys.availability('2026-11'),
  availabilityDecember: appointmentKeys.availability('2026-12'),
  checkoutA1: paymentKeys.checkout('a1'),
  checkoutA2: paymentKeys.checkout('a2'),
  customerAppointments: paymentKeys.customerAppointments('mary@example.com'),
  adminOpen: adminKeys.open(),
  adminCompleted: adminKeys.completed(),
  adminPaid: adminKeys.paid('2026-01-01', '2026-12-31'),
  historyA1: adminKeys.history('a1'),
  historyA2: adminKeys.history('a2'),
  errorLog: adminKeys.errors(1),
  configChanges: adminKeys.configChanges('database'),
};

let fetches: Record<string, number>;

function Shown({ name }: { name: string }) {
  const query = useQuery({
    queryKey: SHOWN[name] ?? [name],
    queryFn: () => {
      fetches[name] = (fetches[name] ?? 0) + 1;
      return fetches[name];
    },
  });
  return <p>{query.data === undefined ? 'loading' : `${name} ${query.data}`}</p>;
}

function renderSignedIn() {
  // English, as the source texts: the layout's own texts need no catalogue to be read here.
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <Routes>
          <Route element={<SignedInLayout />}>
            <Route index element={Object.keys(SHOWN).map((name) => <Shown key={name} name={name} />)} />
          </Route>
        </Routes>
      </MemoryRouter>
    </I18nProvider>,
  );
}

/** The server's stream says something; answers which queries were fetched again because of it. */
async function hear(type: string, data?: ChangeEvent): Promise<string[]> {
  const before = { ...fetches };
  // An invalidation calls the query functions it refetches at once; act() lets their answers settle.
  await act(async () => FakeEventSource.latest?.fire(type, data ? JSON.stringify(data) : '{}'));
  return Object.keys(fetches)
    .filter((name) => fetches[name] !== before[name])
    .sort();
}

const sessionChecks = () => vi.mocked(fetch).mock.calls.filter(([url]) => url === '/api/account/me').length;

describe('live updates on the signed-in screens', () => {
  beforeEach(async () => {
    fetches = {};
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(ME)),
    );
    setSession(ME);
    renderSignedIn();
    await waitFor(() => expect(Object.keys(fetches)).toHaveLength(Object.keys(SHOWN).length));
    await act(async () => FakeEventSource.latest?.fire('ready'));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("refetch, for a change to an appointment, that appointment's queries and the lists that show it, and nothing else", async () => {
    expect(await hear('change', { kind: 'appointment', userId: 'u2', appointmentId: 'a1' })).toEqual(
      [
        'myAppointments',
        'availability',
        'availabilityDecember',
        'checkoutA1',
        'customerAppointments',
        'adminOpen',
        'adminCompleted',
        'adminPaid',
        'historyA1',
      ].sort(),
    );
    expect(screen.getByText('historyA2 1')).toBeTruthy();
    expect(sessionChecks()).toBe(0);
  });

  it('refetch, for a change to a profile, the lists that show customers, and re-read the session when it is our own', async () => {
    expect(await hear('change', { kind: 'profile', userId: 'u2' })).toEqual(['adminCompleted', 'adminOpen', 'adminPaid']);
    expect(sessionChecks()).toBe(0);
    expect(await hear('change', { kind: 'profile', userId: 'u1' })).toEqual(['adminCompleted', 'adminOpen', 'adminPaid']);
    expect(sessionChecks()).toBe(1);
  });

  it("refetch, for a slot someone else took or freed, only that month's free times, the month being New York's", async () => {
    expect(await hear('change', { kind: 'slot', startsAt: '2026-11-28T17:30:00.000Z' })).toEqual(['availability']);
    // 10pm on November 30 in New York is already December in UTC.
    expect(await hear('change', { kind: 'slot', startsAt: '2026-12-01T03:00:00.000Z' })).toEqual(['availability']);
    expect(await hear('change', { kind: 'slot', startsAt: '2026-12-05T17:30:00.000Z' })).toEqual(['availabilityDecember']);
    expect(await hear('change', { kind: 'slot', startsAt: 'not a time' })).toEqual([]);
    expect(sessionChecks()).toBe(0);
  });

  it("refetch nothing for this tab's own write, which has refetched already, but do for another tab's", async () => {
    const change: ChangeEvent = { kind: 'appointment', userId: 'u1', appointmentId: 'a1' };
    expect(await hear('change', { ...change, origin: TAB_ID })).toEqual([]);
    expect(await hear('change', { ...change, origin: 'another-tab-of-mine' })).toContain('myAppointments');
  });

  it('refetch everything and re-read the session after a reconnect, since changes may have been missed', async () => {
    const lost = FakeEventSource.latest;
    await act(async () => lost?.fire('error'));
    expect(sessionChecks()).toBe(1);
    // The stream is opened again after the backoff's first second.
    await waitFor(() => expect(FakeEventSource.latest).not.toBe(lost), { timeout: 3000 });
    expect(await hear('ready')).toEqual(Object.keys(SHOWN).sort());
    expect(sessionChecks()).toBe(2);
  });
});
