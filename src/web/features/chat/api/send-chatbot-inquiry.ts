import { useMutation } from '@tanstack/react-query';
import type { ChatbotInquiry, InquirySent } from '../../../../shared/chat.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export function sendChatbotInquiry(inquiry: ChatbotInquiry): Promise<InquirySent> {
  return apiFetch('/api/chat/inquiries', { method: 'POST', body: inquiry });
}

export function useSendChatbotInquiry() {
  return useMutation({ mutationFn: sendChatbotInquiry, meta: { componentName: 'ChatbotInquiry' } });
}
