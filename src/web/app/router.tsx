import { type ComponentType, lazy, type ReactNode, use } from 'react';
import { BrowserRouter, matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { LandingPage } from '../features/public/pages/landing-page.tsx';
import { MaintenancePage } from '../features/public/pages/maintenance-page.tsx';
import { NotFoundPage } from '../features/public/pages/not-found-page.tsx';
import { useSettleNavigations } from '../lib/use-settled-navigate.ts';
import { backOfficeRoutes } from './back-office-routes.tsx';
import { RootErrorBoundary } from './error-boundary.tsx';
import { Layout, loadSharedTexts } from './layout.tsx';
import { lazyRoute, preloadMatches } from './lazy-route.tsx';

/** The guards are layout routes, loaded with the screens they protect (they carry the account texts). */
const requireUser = () => lazyRoute(() => import('./guards.tsx').then((module) => ({ Component: module.RequireUser })));
const requireProfile = () => lazyRoute(() => import('./guards.tsx').then((module) => ({ Component: module.RequireProfile })));

/**
 * The texts of src/shared (business facts) come in their own catalogue, after the first load (layout.tsx). A
 * public page made mostly of them shows once they are in: the layout's spinner meanwhile, instead of English that
 * turns Spanish a moment later. `/` does not wait: its first load is budgeted without that catalogue.
 */
function WithSharedTexts({ children }: { children: ReactNode }) {
  use(loadSharedTexts());
  return children;
}

/**
 * The pages of the business facts (/services, /securified, /remotesupport) wait for their catalogue anyway, so
 * their code comes in the same round trip instead of in the first load of `/`.
 */
const withSharedTexts = (load: () => Promise<ComponentType>) =>
  lazy(() => Promise.all([load(), loadSharedTexts()]).then(([Page]) => ({ default: Page })));
const ServicesPage = withSharedTexts(() => import('../features/public/pages/services-page.tsx').then((module) => module.ServicesPage));
const SecurifiedPage = withSharedTexts(() =>
  import('../features/public/pages/securified-page.tsx').then((module) => module.SecurifiedPage),
);
const RemoteSupportPage = withSharedTexts(() =>
  import('../features/public/pages/remote-support-page.tsx').then((module) => module.RemoteSupportPage),
);
const AboutPage = withSharedTexts(() => import('../features/public/pages/about-page.tsx').then((module) => module.AboutPage));

/**
 * The landing, maintenance and not-found pages are part of the first bundle; every account screen is loaded
 * lazily (React.lazy, each module exporting `Component`) so that visitors never download it, nor zod and the form
 * libraries it needs. The layout shows a spinner while one arrives on a page load, and the error screen if it
 * fails (decision 008).
 */
const routes: RouteObject[] = [
  {
    element: (
      <RootErrorBoundary>
        <Layout />
      </RootErrorBoundary>
    ),
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/services', element: <ServicesPage /> },
      { path: '/securified', element: <SecurifiedPage /> },
      { path: '/remotesupport', element: <RemoteSupportPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <Navigate to="/about" replace /> },
      {
        path: '/maintenance',
        element: (
          <WithSharedTexts>
            <MaintenancePage />
          </WithSharedTexts>
        ),
      },
      // The signed-out forms and the e-mail links' screen write without React Query, zod or react-hook-form, so
      // that their first load stays within the budget of the public pages (decision 019).
      { path: '/signup', ...lazyRoute(() => import('../features/accounts/pages/signup-page.tsx'), ['forms']) },
      { path: '/login', ...lazyRoute(() => import('../features/accounts/pages/login-page.tsx'), ['forms']) },
      { path: '/forgot-password', ...lazyRoute(() => import('../features/accounts/pages/forgot-password-page.tsx'), ['forms']) },
      { path: '/usermgmt', ...lazyRoute(() => import('../features/accounts/pages/user-management-page.tsx'), ['forms']) },
      {
        ...requireUser(),
        children: [
          {
            // Query cache, live updates and toasts of the signed-in screens, loaded with them.
            ...lazyRoute(() => import('./signed-in-layout.tsx')),
            children: [
              { path: '/emailchange', ...lazyRoute(() => import('../features/accounts/pages/email-change-page.tsx')) },
              { path: '/serviceform', ...lazyRoute(() => import('../features/accounts/pages/service-form-page.tsx')) },
              { path: '/chat', ...lazyRoute(() => import('../features/chat/pages/chat-page.tsx')) },
              {
                ...requireProfile(),
                children: [
                  { path: '/home', ...lazyRoute(() => import('./routes/home-page.tsx')) },
                  { path: '/account', ...lazyRoute(() => import('../features/accounts/pages/account-page.tsx')) },
                  // A time held for the customer on a full day they wait for (issue 39), from the link we e-mail and text.
                  { path: '/book/offer/:entryId', ...lazyRoute(() => import('../features/appointments/pages/offer-page.tsx')) },
                ],
              },
              ...backOfficeRoutes,
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

function AppRoutes() {
  const location = useLocation();
  // Idempotent: each route's download starts once, here, before any of the matched routes renders.
  preloadMatches(matchRoutes(routes, location));
  useSettleNavigations();
  return useRoutes(routes, location);
}

/**
 * Declarative routing: the data router's runtime would push the first load of / past its 100 kB (decision 008).
 * Navigations are not transitions: a screen whose code is still on its way shows the spinner at once (and the
 * main region is busy) instead of the old screen lingering under the new address with nothing said.
 */
export function AppRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
    </BrowserRouter>
  );
}
