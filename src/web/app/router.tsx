import { createBrowserRouter } from 'react-router';
import { LandingPage } from '../features/public/pages/landing-page.tsx';
import { MaintenancePage } from '../features/public/pages/maintenance-page.tsx';
import { NotFoundPage } from '../features/public/pages/not-found-page.tsx';
import { RemoteSupportPage } from '../features/public/pages/remote-support-page.tsx';
import { SecurifiedPage } from '../features/public/pages/securified-page.tsx';
import { ServicesPage } from '../features/public/pages/services-page.tsx';
import { RootErrorBoundary, RouteErrorBoundary } from './error-boundary.tsx';
import { Layout } from './layout.tsx';

/**
 * The public pages are part of the first bundle; signed-in and admin screens are loaded lazily (route.lazy)
 * so that visitors never download them.
 */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RootErrorBoundary />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/services', element: <ServicesPage /> },
          { path: '/securified', element: <SecurifiedPage /> },
          { path: '/remotesupport', element: <RemoteSupportPage /> },
          { path: '/maintenance', element: <MaintenancePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
