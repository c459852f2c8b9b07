import { createHash } from 'node:crypto';

/**
 * The service worker (served at /sw.js, so that its scope is the whole site) and the one page it knows: the page a
 * customer sees, in English and Spanish, when a page of the site cannot load because the phone or computer has no
 * network. The page travels inside the worker's script, so no page, script or answer of the app is ever stored
 * in the browser's caches, and a new support phone reaches installed workers with the next update check (the
 * script is sent with Cache-Control: no-cache).
 */

const STYLE =
  'body{margin:0;font:1.25rem/1.5 system-ui,sans-serif;color:#1d1d1d;background:#fff}' +
  'header{background:#0b4f6c;color:#fff;padding:1rem 1.25rem;font-weight:700;font-size:1.5rem}' +
  'main{padding:1.25rem;max-width:40rem}h1,h2{font-size:1.6rem;margin:1.5rem 0 .5rem}' +
  'a{color:#0b4f6c;font-weight:700}.call{white-space:nowrap}';

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The offline page's own policy: its one inline style, the favicon, nothing else. */
export const OFFLINE_PAGE_CSP = `default-src 'none'; style-src ${STYLE_HASH}; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function offlinePage(phone: string): string {
  const call = `<a class="call" href="tel:+1${phone.replace(/\D/g, '')}">${escapeHtml(phone)}</a>`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="theme-color" content="#0b4f6c">',
    '<title>You are offline | TechHelp</title>',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<header>TechHelp</header>',
    '<main>',
    '<h1>You are offline</h1>',
    `<p>This page needs an internet connection. To book, change or ask about a visit, call us at ${call}.</p>`,
    '<p><a href="">Try again</a> once your Wi-Fi or mobile data is back.</p>',
    '<div lang="es">',
    '<h2>No tiene conexión a internet</h2>',
    `<p>Esta página necesita conexión a internet. Para reservar, cambiar o preguntar por una visita, llámenos al ${call}.</p>`,
    '<p><a href="">Intente de nuevo</a> cuando vuelva su wifi o sus datos móviles.</p>',
    '</div>',
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * The worker answers only page loads (navigations), and only when the network fails: every other request, and
 * every page load that reaches the server (whatever its status), goes on as if there were no worker. It stores
 * nothing, so it can never show an old screen or old booking data.
 */
export function serviceWorkerScript(phone: string): string {
  return `// TechHelp: the offline page, and nothing else (src/server/plugins/offline.ts).
'use strict';
const OFFLINE_PAGE = ${JSON.stringify(offlinePage(phone))};
const OFFLINE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': ${JSON.stringify(OFFLINE_PAGE_CSP)},
};
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(
    fetch(event.request).catch(() => new Response(OFFLINE_PAGE, { status: 503, headers: OFFLINE_HEADERS })),
  );
});
`;
}
