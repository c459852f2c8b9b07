import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';

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
  return (
    <Alert
      variant={variant}
      role={variant === 'success' || variant === 'info' ? 'status' : 'alert'}
      dismissible
      closeLabel="Close this message"
      onClose={() => dismiss.current()}
      className="timed-alert"
      transition={false}
    >
      {message.heading && <Alert.Heading as="p">{message.heading}</Alert.Heading>}
      {message.body && <div className="mb-0">{message.body}</div>}
    </Alert>
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
