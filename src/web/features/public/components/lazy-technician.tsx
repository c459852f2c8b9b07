import { lazy, type ReactNode, Suspense } from 'react';
import { LATE_PART_LOADING, WhenNear } from '../../../components/when-near.tsx';

const TechnicianProfile = lazy(() => import('./technician-profile.tsx').then((module) => ({ default: module.TechnicianProfile })));
const CustomerReviews = lazy(() => import('./customer-reviews.tsx').then((module) => ({ default: module.CustomerReviews })));

/**
 * The technician's profile and the ratings on /services and /about (issue 40), below their first screen: their code
 * (and the ratings' read) comes when the visitor scrolls near, outside the pages' first load (their texts are in
 * the public pages' catalogue, which those pages load anyway). What `children` hold (the biography) is on the page
 * from the start, and shown beside the portrait once it comes.
 */
export function LazyTechnicianProfile({ children }: { children?: ReactNode }) {
  return (
    <WhenNear placeholder={children}>
      <Suspense fallback={<div {...LATE_PART_LOADING}>{children}</div>}>
        <TechnicianProfile>{children}</TechnicianProfile>
      </Suspense>
    </WhenNear>
  );
}

export function LazyCustomerReviews({ className }: { className?: string }) {
  return (
    <WhenNear>
      <Suspense fallback={<div {...LATE_PART_LOADING} />}>
        <CustomerReviews className={className} />
      </Suspense>
    </WhenNear>
  );
}
