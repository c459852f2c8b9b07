import { useEffect, useState } from 'react';

export const ERROR_REDIRECT_SECONDS = 5;
export const FALLBACK_ERROR_MESSAGE = 'An unexpected error occurred. Please refresh the page.';

/**
 * The spec's error screen: 'Oops!', a link to /login, and a redirect there after 5 seconds. It navigates with
 * the browser itself so that it works even when the router is what failed.
 */
export function ErrorScreen({ message }: { message?: string | undefined }) {
  const [secondsLeft, setSecondsLeft] = useState(ERROR_REDIRECT_SECONDS);

  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const left = ERROR_REDIRECT_SECONDS - Math.floor((Date.now() - started) / 1000);
      if (left <= 0) {
        window.clearInterval(timer);
        window.location.assign('/login');
      } else {
        setSecondsLeft(left);
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <div className="container py-5 error-screen">
      <h1>
        <a href="/login">Oops!</a>
      </h1>
      <p className="lead">Sorry, An unexpected error has occurred.</p>
      <p className="error-screen-message">
        <i>{message || FALLBACK_ERROR_MESSAGE}</i>
      </p>
      <p role="status" aria-live="polite">
        You will be redirected to the <a href="/login">login page</a> in {secondsLeft} second{secondsLeft === 1 ? '' : 's'}.
      </p>
    </div>
  );
}
