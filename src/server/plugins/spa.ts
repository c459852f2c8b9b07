import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { APP_CONFIG_ELEMENT_ID, APP_CONFIG_PLACEHOLDER, type AppConfig } from '../../shared/app-config.ts';
import { isLocale, LOCALE_QUERY_PARAMETER } from '../../shared/locale.ts';
import { sendError } from './errors.ts';
import { serviceWorkerScript } from './offline.ts';
import { isApiPath, requestPath } from './request-path.ts';

export type SpaOptions = { webRoot: string };

function appConfigFor(app: FastifyInstance): AppConfig {
  return {
    supportPhone: app.config.support.phone,
    supportEmail: app.config.support.email,
    maintenanceMode: app.config.maintenanceMode,
    googleSignIn: Boolean(app.config.google),
    payments: app.config.paypal
      ? { mode: 'paypal', clientId: app.config.paypal.clientId, test: app.config.paypal.env !== 'live' }
      : { mode: 'sandbox' },
    tax: app.config.tax,
    technician: {
      name: app.config.technicianName,
      photoUrl: app.config.technician.photoUrl ?? null,
      sinceYear: app.config.technician.sinceYear ?? null,
      bio: app.config.technician.bio,
    },
  };
}

/** JSON inside a script element: '<' is escaped so no value can close the element. */
function embeddedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Brotli or gzip, as the request's Accept-Encoding allows (brotli first; "q=0" refuses one); undefined for neither. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

/** What vite.config.ts (pagePreloads) writes into index.html: each entry page's lazily loaded files, and the catalogues. */
type PagePreloads = {
  catalogues: Record<string, string>;
  pages: Record<string, { js: string[]; css: string[]; parts: string[]; images: string[] }>;
};

const PAGE_PRELOADS_COMMENT = /\s*<!--page-preloads:(.*?)-->/;

/**
 * The language the app will start in, as src/web/lib/i18n.ts (initialLocale) decides it, from what the server sees:
 * `?lang=`, else Spanish when the browser's first preference is a Spanish, else English. A language chosen before
 * on the browser (kept in its storage) is not seen here: that visitor's preloaded catalogue goes unused.
 */
export function expectedLocale(query: string, acceptLanguage: string | string[] | undefined): string {
  const asked = new URLSearchParams(query).get(LOCALE_QUERY_PARAMETER);
  if (asked === 'pseudo' || isLocale(asked)) return asked;
  const first = (Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '')).split(',')[0] ?? '';
  return first.trim().toLowerCase().startsWith('es') ? 'es' : 'en';
}

/**
 * The preload links of one page in one language: the first catalogue (the app shows nothing before it), the page's
 * screen, the chunks it imports and its stylesheet, the catalogue parts it waits for, and its first image. Without
 * them each comes one round trip after the other: the catalogue once the entry has run, the screen once the
 * catalogue has come and the app has rendered (docs/performance.md).
 */
export function preloadLinks(table: PagePreloads, page: string, locale: string): string {
  const entry = table.pages[page];
  const catalogue = (part: string) => table.catalogues[`${part}-${locale}`];
  const scripts = [catalogue('first'), ...(entry?.js ?? []), ...(entry?.parts ?? []).map(catalogue)].filter((file): file is string =>
    Boolean(file),
  );
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...(entry?.css ?? []).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ...(entry?.images ?? []).map((url) => `<link rel="preload" as="image" fetchpriority="high" href="${url}">`),
  ].join('');
}

/**
 * What a built script's answer goes without: it is sent once per script of a page (ten on a first load, issue 42),
 * and these headers are read only from a document's answer (a page's, a worker's): the Content-Security-Policy and
 * the other headers helmet adds for pages, the rate limit's counts (for API clients), and the validators of a file
 * whose name changes with its content, cached for a year as immutable. Every other answer keeps them; a script
 * keeps those a script is checked against: X-Content-Type-Options, Cross-Origin-Resource-Policy, Referrer-Policy
 * (which a module script's own imports follow). /sw.js, the one script started as a worker, is not a built file and
 * keeps its policy; tests/process/bundle-budget.test.ts holds the built scripts to starting no worker.
 */
const NOT_FOR_SCRIPTS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'accept-ranges',
  'etag',
  'last-modified',
];

/**
 * Serves the built browser app: hashed assets cached for a year (pre-compressed at build time), index.html
 * with the app configuration for every other page path so deep links survive a reload, the service worker of the
 * offline page (offline.ts), and JSON 404s for unknown API paths.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: SpaOptions) => {
  const indexFile = path.join(options.webRoot, 'index.html');
  const built = existsSync(indexFile);
  const builtHtml = built ? readFileSync(indexFile, 'utf8') : undefined;
  const preloadTable = JSON.parse(
    (builtHtml && PAGE_PRELOADS_COMMENT.exec(builtHtml)?.[1]) || '{"catalogues":{},"pages":{}}',
  ) as PagePreloads;
  const indexHtml = builtHtml?.replace(PAGE_PRELOADS_COMMENT, '').replace(
    APP_CONFIG_PLACEHOLDER,
    // A function, not a string: the owner's free text ($` or $& in a biography) must not act as a replacement pattern.
    () => `<script id="${APP_CONFIG_ELEMENT_ID}" type="application/json">${embeddedJson(appConfigFor(app))}</script>`,
  );

  /**
   * index.html for one page and language, with its preload links before the entry script, made and compressed once
   * each: the page paths of PAGE_PRELOADS (vite.config.ts), any other path, in each language.
   */
  type IndexVariant = { html: string; br: Buffer; gzip: Buffer };
  const variants = new Map<string, IndexVariant>();
  const indexFor = (page: string, locale: string): IndexVariant | undefined => {
    if (!indexHtml) return undefined;
    const known = Object.hasOwn(preloadTable.pages, page) ? page : '';
    const key = `${known} ${locale}`;
    let variant = variants.get(key);
    if (!variant) {
      const links = preloadLinks(preloadTable, known, locale);
      const html = indexHtml.replace(/(\s*)<script type="module"/, (match, space: string) => `${space}${links}${match}`);
      variant = {
        html,
        br: brotliCompressSync(html),
        gzip: gzipSync(html, { level: constants.Z_BEST_COMPRESSION }),
      };
      variants.set(key, variant);
    }
    return variant;
  };

  if (built) {
    await app.register(fastifyStatic, {
      root: options.webRoot,
      index: false,
      // One route per built file, listed once at start, as the build does not change while a deployed server runs.
      // With a catch-all route @fastify/static reads every directory on a file's path at every request, to refuse
      // a spelling the disk would alias; exact routes need no such check (a third of a page load's work on the
      // server, measured; decision 017). In development the catch-all stays, so that the files of a rebuild
      // (npm run dev:web) are served without a restart.
      wildcard: app.config.env === 'development',
      // The build's .br and .gz copies are sent for their file's route (preCompressed), never at their own address;
      // index.html is only ever sent with the configuration embedded, by sendIndex below.
      globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
      allowedPath: (pathname) => pathname !== '/index.html',
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        // The path is the copy sent: index-….js.br for a browser that takes brotli.
        if (immutable && /\.js(\.br|\.gz)?$/.test(filePath)) for (const header of NOT_FOR_SCRIPTS) res.removeHeader(header);
      },
    });
  } else {
    app.log.warn(`the browser app is not built (${indexFile} is missing); run npm run build`);
  }

  const sendIndex = (reply: FastifyReply) => {
    const request = reply.request;
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const index = indexFor(requestPath(request), expectedLocale(query, request.headers['accept-language']));
    if (!index) return sendError(reply, 503, 'NOT_BUILT', 'The web app has not been built yet. Run npm run build.');
    // The preload links follow the path, `?lang=` and Accept-Language (the visitor's language).
    reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Accept-Language');
    // Compressed once per variant, for every page path: a path no route claims reaches here through the not-found
    // handler, which @fastify/compress does not cover (a deep link's page went out whole, 1.5 kB instead of 0.7).
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding) return reply.header('Content-Encoding', encoding).send(index[encoding]);
    return reply.send(index.html);
  };

  app.get('/', (_request, reply) => sendIndex(reply));

  // At the root, so that its scope is the whole site; never cached, so that a changed worker (or phone) arrives
  // with the next page load. Sent by the server, not built, because it carries the configured support phone.
  const workerScript = serviceWorkerScript(app.config.support.phone);
  app.get('/sw.js', (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(workerScript),
  );

  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const pathname = requestPath(request);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname);
    // A missing file with an extension (an old hashed asset, say) is a real 404, not a page.
    if (isPage && !pathname.startsWith('/assets/') && !path.extname(pathname)) return sendIndex(reply);
    return sendError(reply, 404, 'NOT_FOUND', `Not found: ${request.method} ${pathname}`);
  });
});
