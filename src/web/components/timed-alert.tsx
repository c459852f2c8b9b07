import { t } from '@lingui/core/macro';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

/** The spec's inline banners disappear after 5 seconds. */
export const ALERT_TIMEOUT_MS = 5000;

export type AlertMessage = { variant?: 'danger' | 'warning' | 'success' | 'info'; heading?: string; body?: ReactNode };

/**
 * A banner that removes itself after `timeoutMs`. Errors and warnings are announced at once (role="alert"),
 * good news politely (role="status"). Showing a new message restarts the clock.
 */
export function TimedAlert({
  message,
  onDismiss,
  timeoutMs = ALERT_TIMEOUT_MS,
}: {
  message: AlertMessage | null;
  onDismiss: () => void;
  timeoutMs?: number;
}) {
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => dismiss.current(), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [message, timeoutMs]);

  if (!message) return null;
  const variant = message.variant ?? 'danger';
  // Bootstrap's dismissible alert markup, without react-bootstrap: the layout shows it, so it is in every first load.
  return (
    <div
      className={`alert alert-${variant} alert-dismissible timed-alert`}
      role={variant === 'success' || variant === 'info' ? 'status' : 'alert'}
    >
      {message.heading && <p className="alert-heading">{message.heading}</p>}
      {message.body && <div className="mb-0">{message.body}</div>}
      <button type="button" className="btn-close" aria-label={t`Close this message`} onClick={() => dismiss.current()} />
    </div>
  );
}

/** State and element of a timed banner: `alert.show({...})`, then render `alert.element` where it belongs. */
export function useTimedAlert(timeoutMs?: number) {
  const [message, setMessage] = useState<AlertMessage | null>(null);
  const clear = useCallback(() => setMessage(null), []);
  const show = useCallback((next: AlertMessage) => setMessage({ ...next }), []);
  const element = <TimedAlert message={message} onDismiss={clear} timeoutMs={timeoutMs} />;
  return { show, clear, message, element };
}
