import type { FastifyRequest } from 'fastify';

/**
 * The path a request is judged by: the route it matched (`/api/account/login`, whatever spelling reached it, such as
 * `/%61pi/account/login`), or, when it matched none, its decoded path. Checks that read the raw URL can be walked
 * around with percent-encoding; the router cannot.
 */
export function requestPath(request: FastifyRequest): string {
  const matched = request.routeOptions.url;
  if (matched && !matched.includes('*') && !matched.includes(':')) return matched;
  const raw = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
