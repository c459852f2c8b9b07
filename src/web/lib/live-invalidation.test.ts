import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { Availability } from '../../shared/appointments.ts';
import { applyLiveSignal } from './live-invalidation.ts';
import { appointmentKeys } from './query-keys.ts';

const KEPT = '2026-12-05T14:00:00.000Z';
const BOOKED = '2026-12-05T22:00:00.000Z';

function monthOf(taken: string[]): Availability {
  return { month: '2026-12', taken, now: '2026-11-28T15:00:00.000Z', lastBookableDate: '2027-02-28', closed: [], minNoticeHours: 0 };
}

/**
 * A tab with December's free times on screen: its refetch is held (answered only when the test says), so what the
 * picker shows between the announcement and the refetch's answer can be read.
 */
function tabShowingDecember() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  const key = appointmentKeys.availability('2026-12');
  queryClient.setQueryData(key, monthOf([KEPT]));
  let refetches = 0;
  let answer: (month: Availability) => void = () => {};
  const observer = new QueryObserver(queryClient, {
    queryKey: key,
    queryFn: () => {
      refetches += 1;
      return new Promise<Availability>((resolve) => {
        answer = resolve;
      });
    },
  });
  const stop = observer.subscribe(() => {});
  const hear = (taken: boolean | undefined, startsAt = BOOKED) =>
    applyLiveSignal(
      { type: 'change', event: { kind: 'slot', startsAt, ...(taken === undefined ? {} : { taken }) } },
      { queryClient, tabId: 'this-tab-0', viewerId: 'u1', recheckSession: () => {} },
    );
  const shown = () => queryClient.getQueryData<Availability>(key)?.taken;
  return { queryClient, hear, shown, refetches: () => refetches, answer: (month: Availability) => answer(month), stop };
}

describe('a slot taken or freed on another screen', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('shows taken in the open picker as soon as it is heard, before the month is refetched, and the refetch has the last word', async () => {
    const tab = tabShowingDecember();
    stop = tab.stop;
    tab.hear(true);
    expect(tab.shown()).toEqual([KEPT, BOOKED]);
    expect(tab.refetches()).toBe(1);
    // The server knows best: its answer replaces what the announcement showed.
    tab.answer(monthOf([BOOKED]));
    await expect.poll(() => tab.shown()).toEqual([BOOKED]);
  });

  it('offers a freed slot again at once, and changes nothing twice', () => {
    const tab = tabShowingDecember();
    stop = tab.stop;
    tab.hear(true);
    tab.hear(true);
    expect(tab.shown()).toEqual([KEPT, BOOKED]);
    tab.hear(false);
    expect(tab.shown()).toEqual([KEPT]);
    tab.hear(false);
    expect(tab.shown()).toEqual([KEPT]);
  });

  it("leaves the kept times alone when the announcement does not say (the owner's time off), and refetches them", () => {
    const tab = tabShowingDecember();
    stop = tab.stop;
    tab.hear(undefined, KEPT);
    expect(tab.shown()).toEqual([KEPT]);
    expect(tab.refetches()).toBe(1);
  });

  it("files the slot under New York's month, and keeps no month that was not on screen", () => {
    const tab = tabShowingDecember();
    stop = tab.stop;
    // 10pm on November 30 in New York is already December in UTC: it is November's slot, and November is not kept.
    tab.hear(true, '2026-12-01T03:00:00.000Z');
    expect(tab.shown()).toEqual([KEPT]);
    expect(tab.queryClient.getQueryData(appointmentKeys.availability('2026-11'))).toBeUndefined();
    tab.hear(true, 'not a time');
    expect(tab.shown()).toEqual([KEPT]);
  });
});
