import type { ChatMessage, ChatReply } from '../../../../shared/chat.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** The assistant's answer to the conversation so far (the server adds its own instructions). */
export async function sendChat(messages: ChatMessage[], signal?: AbortSignal): Promise<string> {
  const reply = await apiFetch<ChatReply>('/api/chat', { method: 'POST', body: { messages }, signal });
  return reply.choices[0]?.message.content ?? '';
}
