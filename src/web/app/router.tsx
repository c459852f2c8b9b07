import { createBrowserRouter } from 'react-router';
import { PageSpinner } from '../components/loading-spinner.tsx';
import { LandingPage } from '../features/public/pages/landing-page.tsx';
import { MaintenancePage } from '../features/public/pages/maintenance-page.tsx';
import { NotFoundPage } from '../features/public/pages/not-found-page.tsx';
import { RemoteSupportPage } from '../features/public/pages/remote-support-page.tsx';
import { SecurifiedPage } from '../features/public/pages/securified-page.tsx';
import { ServicesPage } from '../features/public/pages/services-page.tsx';
import { backOfficeRoutes } from './back-office-routes.tsx';
import { RootErrorBoundary, RouteErrorBoundary } from './error-boundary.tsx';
import { Layout } from './layout.tsx';

/** The guards are layout routes, loaded with the screens they protect (they carry the account texts). */
const requireUser = () => import('./guards.tsx').then((module) => ({ Component: module.RequireUser }));
const requireProfile = () => import('./guards.tsx').then((module) => ({ Component: module.RequireProfile }));
/** Query cache, live updates and toasts of the signed-in screens, loaded with them. */
const signedIn = () => import('./signed-in-layout.tsx');

/**
 * The public pages are part of the first bundle; every account screen is loaded lazily (route.lazy, each module
 * exporting `Component`) so that visitors never download it, nor zod and the form libraries it needs.
 */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RootErrorBoundary />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        // Shown inside the layout while a lazily loaded screen arrives on the first page load.
        hydrateFallbackElement: <PageSpinner />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/services', element: <ServicesPage /> },
          { path: '/securified', element: <SecurifiedPage /> },
          { path: '/remotesupport', element: <RemoteSupportPage /> },
          { path: '/maintenance', element: <MaintenancePage /> },
          { path: '/signup', lazy: () => import('../features/accounts/pages/signup-page.tsx') },
          { path: '/login', lazy: () => import('../features/accounts/pages/login-page.tsx') },
          { path: '/forgot-password', lazy: () => import('../features/accounts/pages/forgot-password-page.tsx') },
          { path: '/usermgmt', lazy: () => import('../features/accounts/pages/user-management-page.tsx') },
          {
            lazy: requireUser,
            children: [
              {
                lazy: signedIn,
                children: [
                  { path: '/emailchange', lazy: () => import('../features/accounts/pages/email-change-page.tsx') },
                  { path: '/serviceform', lazy: () => import('../features/accounts/pages/service-form-page.tsx') },
                  { path: '/chat', lazy: () => import('../features/chat/pages/chat-page.tsx') },
                  {
                    lazy: requireProfile,
                    children: [
                      { path: '/home', lazy: () => import('./routes/home-page.tsx') },
                      { path: '/account', lazy: () => import('../features/accounts/pages/account-page.tsx') },
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
    ],
  },
]);
