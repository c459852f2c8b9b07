import { type ReactNode, useMemo } from 'react';
import { ConfirmProvider } from '../components/confirm-dialog.tsx';
import { useMe, viewerOf } from '../lib/session.ts';
import { ViewerProvider } from '../lib/viewer.tsx';

/** Tells the navigation, the landing page and the guards who is signed in, from the session store. */
function SessionViewerProvider({ children }: { children: ReactNode }) {
  const { me } = useMe();
  const viewer = useMemo(() => viewerOf(me), [me]);
  return <ViewerProvider viewer={viewer}>{children}</ViewerProvider>;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SessionViewerProvider>
      <ConfirmProvider>{children}</ConfirmProvider>
    </SessionViewerProvider>
  );
}
