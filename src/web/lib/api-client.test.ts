import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAB_ID_HEADER, TAB_ID_PATTERN } from '../../shared/events.ts';
import { apiFetch, TAB_ID } from './api-client.ts';

const headersOf = (call: number) => vi.mocked(fetch).mock.calls[call]?.[1]?.headers as Record<string, string>;

describe('the fetch wrapper', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({})),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("names this tab in every write, with an id the server accepts, so that the write's live update is known as its own", async () => {
    expect(TAB_ID).toMatch(TAB_ID_PATTERN);
    await apiFetch('/api/appointments', { method: 'POST', body: {} });
    await apiFetch('/api/appointments/a1', { method: 'DELETE' });
    await apiFetch('/api/appointments');
    expect(headersOf(0)[TAB_ID_HEADER]).toBe(TAB_ID);
    expect(headersOf(1)[TAB_ID_HEADER]).toBe(TAB_ID);
    expect(headersOf(2)).not.toHaveProperty(TAB_ID_HEADER);
  });
});
