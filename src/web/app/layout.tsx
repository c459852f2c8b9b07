import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { NETWORK_ERROR_MESSAGE } from '../../shared/messages.ts';
import { useTimedAlert } from '../components/timed-alert.tsx';
import { noteFailure } from '../lib/api-failure.ts';
import { appConfig } from '../lib/app-config.ts';
import { logout } from '../lib/session.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Moves keyboard and screen-reader focus to the new page's content after each navigation. */
function useFocusOnNavigate() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is what triggers the scroll
  useEffect(() => {
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [location.pathname, location.hash]);
}

/**
 * The spec's logout failure text lives with the account texts, which carry zod; the first bundle stays without
 * them, and the text is fetched only in the rare case it is needed.
 */
async function logoutErrorText(): Promise<string> {
  try {
    return (await import('../../shared/account.ts')).ACCOUNT_TEXTS.logoutError;
  } catch {
    return NETWORK_ERROR_MESSAGE;
  }
}

/** The header's Logout: sign out on the server, go to /login, forget the user. */
function useLogout() {
  const navigate = useNavigate();
  const alert = useTimedAlert();
  const onLogout = async () => {
    try {
      await logout(() => navigate('/login'));
    } catch (error) {
      noteFailure(error, 'UserLogout');
      alert.show({ body: await logoutErrorText() });
    }
  };
  return { onLogout, alert: alert.message ? alert.element : null };
}

export function Layout() {
  const location = useLocation();
  const navigation = useNavigation();
  const { onLogout, alert } = useLogout();
  useFocusOnNavigate();
  if (appConfig.maintenanceMode && location.pathname !== '/maintenance') return <Navigate to="/maintenance" replace />;
  return (
    <div className="site d-flex flex-column min-vh-100">
      <SiteHeader onLogout={onLogout} />
      <main id="main-content" className="flex-grow-1" tabIndex={-1} aria-busy={navigation.state === 'loading' || undefined}>
        {alert && <div className="container pt-3">{alert}</div>}
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
