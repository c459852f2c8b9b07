import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GlobalErrorBoundary } from './app/error-boundary.tsx';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { appConfig } from './lib/app-config.ts';
import { reportError } from './lib/error-reporter.ts';
import { activateLocale, initialLocale } from './lib/i18n.ts';
import { startSession } from './lib/session.ts';

// Failures outside React's render (event handlers, timers, promises) reach the error log too.
window.addEventListener('error', (event) => void reportError({ error: event.error ?? event.message, componentName: 'window' }));
window.addEventListener('unhandledrejection', (event) => void reportError({ error: event.reason, componentName: 'window' }));

// During maintenance the API answers 503 to everything and every page is the maintenance page: nobody to ask about.
if (!appConfig.maintenanceMode) startSession();

// The offline page's service worker (served by the server at /sw.js): built app only, after the page has loaded.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
}

const container = document.getElementById('root');
if (!container) throw new Error('no #root');
const root = container;

// The page shows nothing until its texts have come in the visitor's language (one small catalogue request). No
// top-level await: it would make the bundler split the entry into many chunks.
activateLocale(initialLocale())
  .catch((error: unknown) => {
    void reportError({ error, componentName: 'i18n' });
    return activateLocale('en');
  })
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <GlobalErrorBoundary>
          <AppProviders>
            <AppRouter />
          </AppProviders>
        </GlobalErrorBoundary>
      </StrictMode>,
    ),
  );
