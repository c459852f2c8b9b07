import { z } from 'zod';

/** The chat assistant's request and reply (spec sections 2, 4, 7 and 8), shared by the browser and the server. */

export const CHAT_MAX_MESSAGES = 20;
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** The server gives the assistant this long to answer before it answers with a clear error itself. */
export const CHAT_TIMEOUT_MS = 30_000;

export const ChatMessageSchema = z.object({
  // The system prompt is the server's; a browser can only send what the user and the assistant said.
  role: z.enum(['user', 'assistant'], { error: 'Each message must come from the user or the assistant.' }),
  content: z
    .string()
    .trim()
    .min(1, { error: 'Please type a question.' })
    .max(CHAT_MESSAGE_MAX_LENGTH, { error: `Please keep each message under ${CHAT_MESSAGE_MAX_LENGTH} characters.` }),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatRequestSchema = z.object({
  messages: z
    .array(ChatMessageSchema)
    .min(1, { error: 'Please type a question.' })
    .max(CHAT_MAX_MESSAGES, { error: `A conversation can hold at most ${CHAT_MAX_MESSAGES} messages; please press Clear and start again.` })
    .refine((messages) => messages.at(-1)?.role === 'user', { error: 'The last message must be your question.' }),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** The reply keeps the Chat Completions shape the spec reads: choices[0].message.content. */
export const ChatReplySchema = z.object({
  id: z.string(),
  object: z.literal('chat.completion'),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({ role: z.literal('assistant'), content: z.string() }),
      finish_reason: z.string(),
    }),
  ),
});
export type ChatReply = z.infer<typeof ChatReplySchema>;

export const CHATBOT_INQUIRY_MAX_LENGTH = 2000;
export const ORGANISATION_MAX_LENGTH = 120;

/** An organisation asking about a custom chatbot of its own; it reaches the admins by e-mail. */
export const ChatbotInquirySchema = z.object({
  organisation: z
    .string()
    .trim()
    .min(1, { error: 'Please enter the name of your organization.' })
    .max(ORGANISATION_MAX_LENGTH, { error: `Please keep the name under ${ORGANISATION_MAX_LENGTH} characters.` }),
  message: z
    .string()
    .trim()
    .min(1, { error: 'Please tell us what the chatbot should help with.' })
    .max(CHATBOT_INQUIRY_MAX_LENGTH, { error: `Please keep the message under ${CHATBOT_INQUIRY_MAX_LENGTH} characters.` }),
});
export type ChatbotInquiry = z.infer<typeof ChatbotInquirySchema>;

export const CHAT_TEXTS = {
  title: 'Ask our assistant',
  intro: 'Ask about our services, fees, the towns we serve, booking a visit, remote support, paying, or staying safe online.',
  inputLabel: 'Ask me anything:',
  send: 'Send',
  thinking: 'Thinking...',
  clear: 'Clear',
  failure: 'Sorry, something went wrong.',
  you: 'You',
  assistant: 'Assistant',
  empty: 'Your conversation will appear here.',
  customTitle: 'A chatbot for your organization',
  customText:
    'We can build a chatbot like this one for your business, club, library or place of worship: it answers your visitors from your own information, day and night.',
  customAsk: 'Ask about a custom chatbot',
  organisationLabel: 'Organization name',
  inquiryLabel: 'What should the chatbot help with?',
  inquirySend: 'Send request',
  inquirySending: 'Sending…',
  inquiryCancel: 'Cancel',
  inquirySent: 'Thank you! We received your request and will contact you by e-mail.',
  inquiryFailure: 'Your request could not be sent. Please try again.',
} as const;

/** The chatbot request was passed on to the business. */
export const InquirySentSchema = z.object({ sent: z.literal(true) });
export type InquirySent = z.infer<typeof InquirySentSchema>;
