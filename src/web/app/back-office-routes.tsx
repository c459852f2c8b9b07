import type { RouteObject } from 'react-router';

/** The guards are layout routes, loaded with the screens they protect. */
const requireUser = () => import('./guards.tsx').then((module) => ({ Component: module.RequireUser }));
const requireAdmin = () => import('./guards.tsx').then((module) => ({ Component: module.RequireAdmin }));
/** The button bar every admin screen shares. */
const adminLayout = () => import('../features/admin/components/admin-layout.tsx');

/**
 * The customer's checkout and the back office, every screen loaded lazily (each module exports `Component`).
 * Spread these into the children of the signed-in layout (they need its query cache and live updates):
 * `/makepayment` behind the user guard, every admin screen behind the admin guard.
 */
export const backOfficeRoutes: RouteObject[] = [
  {
    lazy: requireUser,
    children: [{ path: '/makepayment', lazy: () => import('../features/payments/pages/make-payment-page.tsx') }],
  },
  {
    lazy: requireAdmin,
    children: [
      {
        lazy: adminLayout,
        children: [
          { path: '/admin', lazy: () => import('../features/admin/pages/dashboard-page.tsx') },
          { path: '/adminpayment', lazy: () => import('../features/payments/pages/admin-payment-page.tsx') },
          { path: '/completed-appointments', lazy: () => import('../features/admin/pages/completed-page.tsx') },
          { path: '/paid-appointments', lazy: () => import('../features/admin/pages/paid-page.tsx') },
          { path: '/errorlog', lazy: () => import('../features/admin/pages/error-log-page.tsx') },
          { path: '/config-change-log', lazy: () => import('../features/admin/pages/config-change-log-page.tsx') },
          { path: '/change-log-form', lazy: () => import('../features/admin/pages/change-log-form-page.tsx') },
        ],
      },
    ],
  },
];
