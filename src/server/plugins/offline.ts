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

/**
 * The offline page, in both languages: `first` leads, in the page's own language, and the other follows in a part
 * marked with its language.
 */
export function offlinePage(phone: string, first: 'en' | 'es' = 'en'): string {
  const call = `<a class="call" href="tel:+1${phone.replace(/\D/g, '')}">${escapeHtml(phone)}</a>`;
  const texts = {
    en: {
      title: 'You are offline',
      body: `<p>This page needs an internet connection. To book, change or ask about a visit, call us at ${call}.</p>`,
      again: '<p><a href="">Try again</a> once your Wi-Fi or mobile data is back.</p>',
    },
    es: {
      title: 'No tiene conexión a internet',
      body: `<p>Esta página necesita conexión a internet. Para programar, cambiar o preguntar por una visita, llámenos al ${call}.</p>`,
      again: '<p><a href="">Inténtelo de nuevo</a> cuando vuelvan su Wi-Fi o sus datos móviles.</p>',
    },
  };
  const second = first === 'en' ? 'es' : 'en';
  return [
    '<!doctype html>',
    `<html lang="${first}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="theme-color" content="#0b4f6c">',
    `<title>${texts[first].title} | TechHelp</title>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<header>TechHelp</header>',
    '<main>',
    `<h1>${texts[first].title}</h1>`,
    texts[first].body,
    texts[first].again,
    `<div lang="${second}">`,
    `<h2>${texts[second].title}</h2>`,
    texts[second].body,
    texts[second].again,
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
const OFFLINE_PAGES = { en: ${JSON.stringify(offlinePage(phone, 'en'))}, es: ${JSON.stringify(offlinePage(phone, 'es'))} };
// Spanish first for a Spanish page (?lang=es, as the app's Spanish links carry) or a browser set to Spanish.
const firstLanguage = (url) => {
  const asked = new URL(url).searchParams.get('lang');
  if (asked === 'es' || asked === 'en') return asked;
  return /^es(?:-|$)/i.test(self.navigator.language || '') ? 'es' : 'en';
};
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
    fetch(event.request).catch(
      () => new Response(OFFLINE_PAGES[firstLanguage(event.request.url)], { status: 503, headers: OFFLINE_HEADERS }),
    ),
  );
});
`;
}
