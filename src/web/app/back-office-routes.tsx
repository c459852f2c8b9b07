import type { RouteObject } from 'react-router';
import { lazyRoute } from './lazy-route.tsx';

/**
 * The customer's checkout and the back office, every screen loaded lazily (each module exports `Component`).
 * Spread these into the children of the signed-in layout, which is behind the user guard (they need its query
 * cache and live updates): `/makepayment`, `/invoice/:appointmentId`, `/estimate/:appointmentId` and `/review/:appointmentId` as they are, every admin screen behind the admin guard as well (guards are
 * layout routes, loaded with the screens they protect).
 */
export const backOfficeRoutes: RouteObject[] = [
  { path: '/makepayment', ...lazyRoute(() => import('../features/payments/pages/make-payment-page.tsx')) },
  { path: '/invoice/:appointmentId', ...lazyRoute(() => import('../features/payments/pages/invoice-page.tsx')) },
  // The estimate the customer approves or declines (issue 38), from the link we e-mail and text them.
  { path: '/estimate/:appointmentId', ...lazyRoute(() => import('../features/payments/pages/estimate-page.tsx')) },
  // The rating page comes with the invoice's code: what follows a visit, in one download.
  {
    path: '/review/:appointmentId',
    ...lazyRoute(() => import('../features/payments/pages/invoice-page.tsx').then((module) => ({ Component: module.ReviewPage }))),
  },
  {
    ...lazyRoute(() => import('./guards.tsx').then((module) => ({ Component: module.RequireAdmin }))),
    children: [
      {
        // The button bar every admin screen shares.
        ...lazyRoute(() => import('../features/admin/components/admin-layout.tsx')),
        children: [
          { path: '/admin', ...lazyRoute(() => import('../features/admin/pages/dashboard-page.tsx')) },
          { path: '/adminpayment', ...lazyRoute(() => import('../features/payments/pages/admin-payment-page.tsx')) },
          { path: '/completed-appointments', ...lazyRoute(() => import('../features/admin/pages/completed-page.tsx')) },
          { path: '/paid-appointments', ...lazyRoute(() => import('../features/admin/pages/paid-page.tsx')) },
          { path: '/sales-tax', ...lazyRoute(() => import('../features/admin/pages/sales-tax-page.tsx')) },
          { path: '/errorlog', ...lazyRoute(() => import('../features/admin/pages/error-log-page.tsx')) },
          { path: '/config-change-log', ...lazyRoute(() => import('../features/admin/pages/config-change-log-page.tsx')) },
          { path: '/change-log-form', ...lazyRoute(() => import('../features/admin/pages/change-log-form-page.tsx')) },
          { path: '/admin/time-off', ...lazyRoute(() => import('../features/admin/pages/time-off-page.tsx')) },
          { path: '/admin/reviews', ...lazyRoute(() => import('../features/admin/pages/reviews-page.tsx')) },
          { path: '/admin/waitlist', ...lazyRoute(() => import('../features/admin/pages/waitlist-page.tsx')) },
        ],
      },
    ],
  },
];
