import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * The mark of a part of a page still on its way (its code or its data), which takes its place until it comes: no
 * look of its own; what waits for the page to settle (a test, a screenshot) waits for none to be left.
 */
export const LATE_PART_LOADING = { 'data-late-part-loading': '' } as const;

/**
 * Shows `children` once the place they go comes within `margin` of the window's bottom, or above it (a jump to the
 * page's end, a link to a part further down), and from then on: for a part of a page below its first screen whose
 * code, texts and data need not be in the page's first load (the landing page's technician and ratings, issue 40).
 * Until then a block marks the place, with `placeholder` in it. Where the browser cannot tell (no
 * IntersectionObserver), at once.
 */
export function WhenNear({
  children,
  margin = '200px',
  placeholder,
}: {
  children: ReactNode;
  margin?: string;
  /** What stands in the place meanwhile (text that must be there at once, which `children` then present). */
  placeholder?: ReactNode;
}) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      // The window's box stretched far upwards: a place the page has scrolled past counts as near.
      { rootMargin: `100000px 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? (
    children
  ) : (
    <div ref={place} className="when-near">
      {placeholder}
    </div>
  );
}
