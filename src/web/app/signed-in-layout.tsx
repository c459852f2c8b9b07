import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { showToast, ToastHost } from '../components/toast.tsx';
import { TAB_ID } from '../lib/api-client.ts';
import { applyLiveSignal } from '../lib/live-invalidation.ts';
import { connectLiveUpdates, subscribeLiveUpdates } from '../lib/live-updates.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { isEndingSession, refreshSession, useMe } from '../lib/session.ts';

function newQueryClient() {
  // The failure's text comes in the active language (lib/mutation-failure.ts).
  return createQueryClient({ toast: (text) => showToast(text, 'error') });
}

function recheckSession(): void {
  // A flow that ends the session itself is leaving the screen and clearing the session in its own time.
  if (isEndingSession()) return;
  refreshSession().catch(() => {
    // Reported by the session itself; the screen stays as it is.
  });
}

/**
 * The layout of every signed-in screen, loaded with them (so the public pages never download React Query or
 * the toasts): one query cache per signed-in visit, dropped on logout with the screens, and the tab's live
 * connection, whose changes refetch what each kind of change touches (lib/live-invalidation.ts).
 */
function SignedInLayout() {
  const [queryClient] = useState(newQueryClient);
  const { me } = useMe();
  const verified = Boolean(me.user?.emailVerified);
  const viewerId = useRef(me.user?.id);
  viewerId.current = me.user?.id;

  useEffect(() => (verified ? connectLiveUpdates() : undefined), [verified]);

  useEffect(
    () =>
      subscribeLiveUpdates((signal) => applyLiveSignal(signal, { queryClient, tabId: TAB_ID, viewerId: viewerId.current, recheckSession })),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <ToastHost />
    </QueryClientProvider>
  );
}

export { SignedInLayout as Component };
