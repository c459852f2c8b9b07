import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatReply } from '../../../../shared/chat.ts';
import { i18n } from '../../../lib/i18n.ts';
import { sendChat } from './send-chat.ts';

const REPLY: ChatReply = {
  id: 'r1',
  object: 'chat.completion',
  created: 0,
  model: 'built-in',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Sí, vamos a Brentwood.' }, finish_reason: 'stop' }],
};

describe('a question to the assistant', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });

  it.each(['en', 'es'] as const)('carries the page language (%s) with the conversation', async (locale) => {
    i18n.loadAndActivate({ locale, messages: {} });
    const fetch = vi.fn(async () => new Response(JSON.stringify(REPLY), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const answer = await sendChat({ messages: [{ role: 'user', content: '¿Van a Brentwood?' }] });
    expect(answer).toBe('Sí, vamos a Brentwood.');
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/chat');
    expect(JSON.parse(String(init.body))).toEqual({ messages: [{ role: 'user', content: '¿Van a Brentwood?' }], locale });
  });
});
