import { lazy, Suspense } from 'react';
import { LATE_PART_LOADING, WhenNear } from './when-near.tsx';

const ServiceAreaMap = lazy(() => import('./service-area-map.tsx').then((module) => ({ default: module.ServiceAreaMap })));

/** How near the window the map's place comes before its code is asked for: a phone's screen or so of scrolling. */
const NEAR = '600px';

/**
 * The service area map, downloaded once its place comes near the window (it is below the fold, and its drawing
 * would take 3.4 kB of the first load's budget: /services in Spanish went over 100 kB with it). Until it comes, a
 * blank of its exact shape keeps the page from moving. Without IntersectionObserver it is asked for at once.
 */
export function LazyServiceAreaMap() {
  return (
    <WhenNear margin={NEAR} placeholder={<div className="service-area-map-placeholder" aria-hidden="true" />}>
      <Suspense fallback={<div {...LATE_PART_LOADING} className="service-area-map-placeholder" aria-hidden="true" />}>
        <ServiceAreaMap />
      </Suspense>
    </WhenNear>
  );
}
