import { vi } from 'vitest';

/**
 * For the browser's unit tests: `fetch` answers 204 to everything, so that what the app sends can be read back;
 * call in `beforeEach`, and `vi.unstubAllGlobals()` in `afterEach`.
 */
export function stubFetch(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 204 })),
  );
}

/** The error reports the app sent to the error log (POST /api/errors) through the stubbed `fetch`, in order. */
export function errorReports(): Array<Record<string, string>> {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => url === '/api/errors')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, string>);
}
