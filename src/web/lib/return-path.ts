/** The query parameter of /login that says where to go once signed in (a pay link's checkout, for one). */
export const RETURN_PARAMETER = 'next';

/**
 * The path to go to after signing in, from /login's `next`: only a path of this app (one slash, no scheme, no
 * host), so that a crafted link cannot send a customer to another site; `fallback` otherwise.
 */
export function returnPath(raw: string | null, fallback = '/home'): string {
  if (!raw || raw.length > 500 || !raw.startsWith('/') || raw.startsWith('//') || /[\\\s]/.test(raw)) return fallback;
  try {
    const base = 'https://app.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base || url.pathname === '/login') return fallback;
    return `${url.pathname}${url.search}`;
  } catch {
    return fallback;
  }
}

/** /login, coming back to `path` (with its query) once signed in; plain /login for the app's own home screens. */
export function loginReturningTo(path: string): string {
  const target = returnPath(path, '');
  return target && target !== '/home' ? `/login?${RETURN_PARAMETER}=${encodeURIComponent(target)}` : '/login';
}
