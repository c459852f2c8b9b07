import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { appConfig } from '../lib/app-config.ts';
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

export function Layout() {
  const location = useLocation();
  useFocusOnNavigate();
  if (appConfig.maintenanceMode && location.pathname !== '/maintenance') return <Navigate to="/maintenance" replace />;
  return (
    <div className="site d-flex flex-column min-vh-100">
      <SiteHeader />
      <main id="main-content" className="flex-grow-1" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
