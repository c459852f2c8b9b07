import { plural, t } from '@lingui/core/macro';
import { LinguiContext } from '@lingui/react';
import { useContext, useEffect, useState } from 'react';
import { withLinks } from '../components/linked-text.tsx';
import { translate } from '../lib/i18n.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export const ERROR_REDIRECT_SECONDS = 5;

/**
 * What browsers say when a screen's script could not be downloaded (Chromium, Safari, Firefox, and Vite's CSS
 * preload): a technical English sentence that tells a customer nothing, so the screen says it plainly instead.
 * The error log keeps the browser's words.
 */
const DOWNLOAD_FAILURE = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/**
 * The spec's error screen: 'Oops!', a link to /login, and a redirect there after 5 seconds. It navigates with
 * the browser itself so that it works even when the router is what failed. Its texts come from Lingui's own
 * `i18n`, since the outermost boundary shows it outside the language provider (which, where there is one, makes
 * it follow a change of language). The tab's title says it too, in the same language: the screen that failed never
 * set its own, and the one before it (or the page's first, English title) would stay.
 */
export function ErrorScreen({ message }: { message?: string | undefined }) {
  useContext(LinguiContext);
  const heading = t`Oops!`;
  usePageTitle(heading);
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
        <a href="/login">{heading}</a>
      </h1>
      <p className="lead">{t`Sorry, An unexpected error has occurred.`}</p>
      <p className="error-screen-message">
        <i>
          {!message
            ? t`An unexpected error occurred. Please refresh the page.`
            : DOWNLOAD_FAILURE.test(message)
              ? t`This page could not be downloaded. Please check your internet connection and refresh the page.`
              : translate(message)}
        </i>
      </p>
      <p role="status" aria-live="polite">
        {withLinks(
          t`You will be redirected to the <0>login page</0> in ${plural(secondsLeft, { one: '# second', other: '# seconds' })}.`,
          (words) => (
            <a href="/login">{words}</a>
          ),
        )}
      </p>
    </div>
  );
}
