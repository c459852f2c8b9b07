import type { ReactNode } from 'react';

/**
 * A wide table's own scrolling box: focusable, so keyboard users can scroll it, and named by the table's
 * caption, so screen readers say what it holds.
 */
export function TableRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className="table-responsive admin-table-region" aria-labelledby={labelledBy} tabIndex={0}>
      {children}
    </section>
  );
}

export function YesNo({ value }: { value: boolean }) {
  return <span className={`admin-flag ${value ? 'admin-flag-yes' : 'admin-flag-no'}`}>{value ? 'Yes' : 'No'}</span>;
}
