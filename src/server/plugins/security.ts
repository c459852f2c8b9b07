import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { english } from '../../shared/english.ts';
import { clientErrorMessage, HttpError, tooManyAttemptsError } from './errors.ts';
import { isApiPath, requestPath } from './request-path.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes text with NUL characters and makes it storable itself (the error log does). */
    acceptsNulText?: boolean;
  }
}

/** Whether U+0000 appears in any string or key of a parsed body, query or set of path parameters. */
export function containsNul(input: unknown): boolean {
  // A walk with a list instead of recursion: a 64 KB body can nest arrays deeper than the call stack goes.
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * Security headers (a Content-Security-Policy with no inline script), rate limits, compression, and the checks every
 * request passes: body size, text the database can store, and the origin of changes.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const https = app.config.publicUrl.startsWith('https://');
  // PayPal's buttons load its script and open its frames only when PayPal is configured.
  const paypal = app.config.paypal ? PAYPAL_ORIGINS : [];
  // The technician's photo (TECHNICIAN_PHOTO_URL) when it is kept on another site.
  const photo = app.config.technician.photoUrl?.startsWith('https://') ? [new URL(app.config.technician.photoUrl).origin] : [];
  // Helmet's middleware, made once: @fastify/helmet built it anew from these options for every request, parsing
  // the whole policy each time (a twentieth of the server's work per request, measured: docs/performance.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...paypal],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', ...(app.config.paypal ? ['https://www.paypalobjects.com'] : []), ...photo],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...paypal],
        frameSrc: ['https://www.youtube-nocookie.com', ...paypal],
        objectSrc: ["'none'"],
        // The web app manifest (src/web/public/manifest.webmanifest), for adding TechHelp to a home screen.
        manifestSrc: ["'self'"],
        // The service worker of the offline page (/sw.js, plugins/offline.ts).
        workerSrc: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // On every request, the not-found ones included, before anything answers it.
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  await app.register(rateLimit, {
    global: true,
    max: 600,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => tooManyAttemptsError(context.ttl),
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // A body over the route's limit is refused by its declared length, before anything reads it and whatever its
  // type: Fastify's own check counts only the bodies it parses, and answers a type it has no parser for with 415.
  app.addHook('onRequest', async (request) => {
    if (Number(request.headers['content-length']) > request.routeOptions.bodyLimit) {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', clientErrorMessage(413));
    }
  });

  // PostgreSQL cannot store U+0000 in text, and no form can type one: input that carries one is refused on every
  // route before validation, instead of failing in the database.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.acceptsNulText) return;
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new HttpError(400, 'VALIDATION_FAILED', NUL_MESSAGE);
    }
  });

  // Cross-site request forgery: a browser names the page that sent a request; changes come only from ours.
  const ownOrigin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || !isApiPath(requestPath(request))) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, 'CROSS_SITE', CROSS_SITE_MESSAGE);
    const origin = request.headers.origin;
    if (!origin) return;
    const sameHost = (() => {
      try {
        return new URL(origin).host === request.headers.host;
      } catch {
        return false;
      }
    })();
    if (origin !== ownOrigin && !sameHost) throw new HttpError(403, 'CROSS_SITE', CROSS_SITE_MESSAGE);
  });
});

const PAYPAL_ORIGINS = ['https://www.paypal.com', 'https://www.sandbox.paypal.com'];
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CROSS_SITE_MESSAGE = english('This request did not come from our site.');
const NUL_MESSAGE = english('The request contains a NUL character, which no field accepts.');
