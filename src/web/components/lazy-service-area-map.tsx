import { lazy, Suspense } from 'react';

const ServiceAreaMap = lazy(() => import('./service-area-map.tsx').then((module) => ({ default: module.ServiceAreaMap })));

/**
 * The service area map, downloaded after the page has shown (it is below the fold, and its drawing would take
 * 3 kB of the first load's budget). Until it comes, a blank of its exact shape keeps the page from moving.
 */
export function LazyServiceAreaMap() {
  return (
    <Suspense fallback={<div className="service-area-map-placeholder" aria-hidden="true" />}>
      <ServiceAreaMap />
    </Suspense>
  );
}
