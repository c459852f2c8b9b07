import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { ToastHost } from '../components/toast.tsx';
import { connectLiveUpdates, subscribeLiveUpdates } from '../lib/live-updates.ts';
import { isEndingSession, refreshSession, useMe } from '../lib/session.ts';

/** Changes reach the screens through live updates, so data stays fresh a while without asking again. */
const STALE_MS = 30_000;

function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: STALE_MS, retry: 1 } } });
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
 * connection, which refetches on every change it hears.
 */
function SignedInLayout() {
  const [queryClient] = useState(newQueryClient);
  const { me } = useMe();
  const verified = Boolean(me.user?.emailVerified);

  useEffect(() => (verified ? connectLiveUpdates() : undefined), [verified]);

  useEffect(
    () =>
      subscribeLiveUpdates((signal) => {
        if (signal.type === 'lost') {
          // The stream may have failed because the session ended; the guard takes over if so.
          recheckSession();
          return;
        }
        if (signal.type === 'change' && signal.event.kind === 'profile') {
          recheckSession();
          return;
        }
        if (signal.type === 'reconnected') recheckSession();
        void queryClient.invalidateQueries();
      }),
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
