import { I18nProvider } from '@lingui/react';
import { type ReactNode, useMemo } from 'react';
import { ConfirmProvider } from '../components/confirm-dialog.tsx';
import { i18n } from '../lib/i18n.ts';
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
    <I18nProvider i18n={i18n}>
      <SessionViewerProvider>
        <ConfirmProvider>{children}</ConfirmProvider>
      </SessionViewerProvider>
    </I18nProvider>
  );
}
