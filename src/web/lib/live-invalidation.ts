import type { QueryClient } from '@tanstack/react-query';
import type { Availability } from '../../shared/appointments.ts';
import type { SlotChange } from '../../shared/events.ts';
import type { LiveSignal } from './live-updates.ts';
import { availabilityKeyOf, invalidateChange } from './query-keys.ts';

export type LiveSignalTarget = {
  queryClient: QueryClient;
  /** This tab's id (TAB_ID): a change that names it as its origin is this tab's own write. */
  tabId: string;
  /** The signed-in user, whose own profile changes are read through the session. */
  viewerId: string | undefined;
  recheckSession: () => void;
};

/**
 * What the signed-in screens do with what the live connection hears:
 * - a change refetches only the queries its kind touches (queriesTouchedBy), unless this tab made it: the write's
 *   own mutation has invalidated the same queries already, and refetching again would ask twice;
 * - a change to the user's own profile re-reads the session, which holds it;
 * - a slot someone else took or freed shows so at once in that month's free times (an open booking picker), which
 *   are then refetched; a slot this tab took comes as its own appointment change instead, which it skips;
 * - `reconnected` re-reads the session and refetches everything, since changes may have been missed meanwhile;
 * - `lost` re-reads the session only: the stream may have failed because the session ended.
 */
export function applyLiveSignal(signal: LiveSignal, target: LiveSignalTarget): void {
  const { queryClient, recheckSession } = target;
  if (signal.type === 'lost') {
    recheckSession();
    return;
  }
  if (signal.type === 'reconnected') {
    recheckSession();
    void queryClient.invalidateQueries();
    return;
  }
  const { event } = signal;
  if (event.origin !== undefined && event.origin === target.tabId) return;
  if (event.kind === 'profile' && event.userId === target.viewerId) recheckSession();
  if (event.kind === 'slot') showSlotChange(queryClient, event);
  void invalidateChange(queryClient, event);
}

/**
 * Shows a slot taken or freed in its month's kept free times straight from the announcement, without waiting for
 * the refetch that follows (which has the last word): a picker open on another screen greys the time out, or offers
 * it again, as soon as the change is heard. An announcement that does not say (the owner's time off) changes nothing
 * here; the refetch shows it.
 */
export function showSlotChange(queryClient: QueryClient, change: Pick<SlotChange, 'startsAt' | 'taken'>): void {
  const month = availabilityKeyOf(change.startsAt);
  if (change.taken === undefined || !month) return;
  const startsAt = new Date(change.startsAt).toISOString();
  queryClient.setQueryData<Availability>(month, (kept) => {
    if (!kept || kept.taken.includes(startsAt) === change.taken) return kept;
    return { ...kept, taken: change.taken ? [...kept.taken, startsAt] : kept.taken.filter((taken) => taken !== startsAt) };
  });
}
