import { useMutation } from '@tanstack/react-query';
import type { ChatMessage, ChatReply } from '../../../../shared/chat.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export type ChatQuestion = { messages: ChatMessage[]; signal?: AbortSignal };

/** The assistant's answer to the conversation so far (the server adds its own instructions). */
export async function sendChat({ messages, signal }: ChatQuestion): Promise<string> {
  const reply = await apiFetch<ChatReply>('/api/chat', { method: 'POST', body: { messages }, signal });
  return reply.choices[0]?.message.content ?? '';
}

/** Asking the assistant as a mutation; a question given up on (its signal aborted) is no failure. */
export function useSendChat() {
  return useMutation({ mutationFn: sendChat, meta: { componentName: 'Chat' } });
}
