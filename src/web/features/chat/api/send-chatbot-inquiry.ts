import type { ChatbotInquiry } from '../../../../shared/chat.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export function sendChatbotInquiry(inquiry: ChatbotInquiry): Promise<{ sent: true }> {
  return apiFetch('/api/chat/inquiries', { method: 'POST', body: inquiry });
}
