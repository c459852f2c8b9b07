import type { ReactNode } from 'react';

type NoticeProps = {
  variant: 'danger' | 'warning' | 'success' | 'info';
  /** `alert` (the default) announces it at once; `status`, politely. */
  role?: 'alert' | 'status';
  className?: string;
  children: ReactNode;
};

/**
 * A lasting notice in Bootstrap's alert markup, for the signed-out screens: react-bootstrap's Alert brings its fade
 * and close button (5 kB), which would not fit their first load (decision 019). The same look and roles.
 */
export function Notice({ variant, role = 'alert', className, children }: NoticeProps) {
  return (
    <div role={role} className={`alert alert-${variant}${className ? ` ${className}` : ''}`}>
      {children}
    </div>
  );
}
