import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { NETWORK_ERROR_MESSAGE } from '../../shared/messages.ts';
import { PageSpinner } from '../components/loading-spinner.tsx';
import { useTimedAlert } from '../components/timed-alert.tsx';
import { noteFailure } from '../lib/api-failure.ts';
import { appConfig } from '../lib/app-config.ts';
import { loadMessages, translate } from '../lib/i18n.ts';
import { logout } from '../lib/session.ts';
import { useSettledNavigate } from '../lib/use-settled-navigate.ts';
import { RouteErrorBoundary } from './error-boundary.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * Moves keyboard and screen-reader focus to the new page's content after each navigation. A page whose code (or
 * texts) is still on its way shows the spinner first: its anchor is looked for again once it is there.
 */
function useFocusOnNavigate(loadingScreen: boolean) {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path, or the new page's arrival, is what triggers the scroll
  useEffect(() => {
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [location.pathname, location.hash, loadingScreen]);
}

let sharedTexts: Promise<void> | undefined;

/**
 * The texts of src/shared that the other public pages show (business facts), in the active language: their
 * catalogue is not part of the first load (the header, the footer and `/` need only the site catalogue), so those
 * pages wait for it (router.tsx). A failed download leaves them in English.
 */
export function loadSharedTexts(): Promise<void> {
  sharedTexts ??= loadMessages(['rules']).catch(() => {});
  return sharedTexts;
}

/**
 * The spec's logout failure text lives with the account texts and their catalogue (decision 019); the first bundle
 * stays without them, and they are fetched only in the rare case they are needed.
 */
async function logoutErrorText(): Promise<string> {
  try {
    const [texts] = await Promise.all([import('../../shared/account-forms.ts'), loadMessages(['forms'])]);
    return texts.ACCOUNT_TEXTS.logoutError;
  } catch {
    return NETWORK_ERROR_MESSAGE;
  }
}

/**
 * The header's Logout: sign out on the server, go to /login, forget the user. The session is cleared only once
 * /login is on screen: a guarded screen still showing would turn to Not Authorized for a moment.
 */
function useLogout() {
  const navigate = useSettledNavigate();
  const alert = useTimedAlert();
  const onLogout = async () => {
    try {
      await logout(() => navigate('/login'));
    } catch (error) {
      noteFailure(error, 'UserLogout');
      alert.show({ body: translate(await logoutErrorText()) });
    }
  };
  return { onLogout, alert: alert.message ? alert.element : null };
}

/** The spinner shown while a lazily loaded screen arrives; the main region is busy meanwhile. */
function ScreenLoading({ onShown }: { onShown: (shown: boolean) => void }) {
  useLayoutEffect(() => {
    onShown(true);
    return () => onShown(false);
  }, [onShown]);
  return <PageSpinner />;
}

export function Layout() {
  const location = useLocation();
  const [loadingScreen, setLoadingScreen] = useState(false);
  const { onLogout, alert } = useLogout();
  useFocusOnNavigate(loadingScreen);
  if (appConfig.maintenanceMode && location.pathname !== '/maintenance') return <Navigate to="/maintenance" replace />;
  return (
    <div className="site d-flex flex-column min-vh-100">
      <SiteHeader onLogout={onLogout} />
      <main id="main-content" className="flex-grow-1" tabIndex={-1} aria-busy={loadingScreen || undefined}>
        {alert && <div className="container pt-3">{alert}</div>}
        <RouteErrorBoundary>
          {/* The spinner shows while a lazily loaded screen's code arrives, on a page load or a navigation. */}
          <Suspense fallback={<ScreenLoading onShown={setLoadingScreen} />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
