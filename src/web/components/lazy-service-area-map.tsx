import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const ServiceAreaMap = lazy(() => import('./service-area-map.tsx').then((module) => ({ default: module.ServiceAreaMap })));

/** How near the window the map's place comes before its code is asked for: a phone's screen or so of scrolling. */
const NEAR = '600px';

/**
 * The service area map, downloaded once its place comes near the window (it is below the fold, and its drawing
 * would take 3.4 kB of the first load's budget: /services in Spanish went over 100 kB with it). Until it comes, a
 * blank of its exact shape keeps the page from moving. Without IntersectionObserver it is asked for at once.
 */
export function LazyServiceAreaMap() {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  const placeholder = <div ref={place} className="service-area-map-placeholder" aria-hidden="true" />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ServiceAreaMap />
    </Suspense>
  );
}
