import { useMutation } from '@tanstack/react-query';
import type { ChatMessage, ChatReply, ChatRequest } from '../../../../shared/chat.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { activeLocale } from '../../../lib/i18n.ts';

export type ChatQuestion = { messages: ChatMessage[]; signal?: AbortSignal };

/**
 * The assistant's answer to the conversation so far (the server adds its own instructions). The page's language
 * goes with each question: the assistant answers in the question's language, and in the page's when it cannot tell.
 */
export async function sendChat({ messages, signal }: ChatQuestion): Promise<string> {
  const body: ChatRequest = { messages, locale: activeLocale() };
  const reply = await apiFetch<ChatReply>('/api/chat', { method: 'POST', body, signal });
  return reply.choices[0]?.message.content ?? '';
}

/** Asking the assistant as a mutation; a question given up on (its signal aborted) is no failure. */
export function useSendChat() {
  return useMutation({ mutationFn: sendChat, meta: { componentName: 'Chat' } });
}
