import { z } from 'zod';
import { english } from './english.ts';

/** The chat assistant's request and reply (spec sections 2, 4, 7 and 8), shared by the browser and the server. */

export const CHAT_MAX_MESSAGES = 20;
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** The server gives the assistant this long to answer before it answers with a clear error itself. */
export const CHAT_TIMEOUT_MS = 30_000;

export const ChatMessageSchema = z.object({
  // The system prompt is the server's; a browser can only send what the user and the assistant said.
  role: z.enum(['user', 'assistant'], { error: english('Each message must come from the user or the assistant.') }),
  content: z
    .string()
    .trim()
    .min(1, { error: english('Please type a question.') })
    .max(CHAT_MESSAGE_MAX_LENGTH, { error: english('Please keep each message under 2000 characters.') }),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatRequestSchema = z.object({
  messages: z
    .array(ChatMessageSchema)
    .min(1, { error: english('Please type a question.') })
    .max(CHAT_MAX_MESSAGES, { error: english('A conversation can hold at most 20 messages; please press Clear and start again.') })
    .refine((messages) => messages.at(-1)?.role === 'user', { error: english('The last message must be your question.') }),
  /** The page's language; the assistant answers in the language of the question, and in this one when it cannot tell. */
  locale: z.enum(['en', 'es']).optional(),
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
    .min(1, { error: english('Please enter the name of your organization.') })
    .max(ORGANISATION_MAX_LENGTH, { error: english('Please keep the name under 120 characters.') }),
  message: z
    .string()
    .trim()
    .min(1, { error: english('Please tell us what the chatbot should help with.') })
    .max(CHATBOT_INQUIRY_MAX_LENGTH, { error: english('Please keep the message under 2000 characters.') }),
});
export type ChatbotInquiry = z.infer<typeof ChatbotInquirySchema>;

export const CHAT_TEXTS = {
  title: english('Ask our assistant'),
  intro: english('Ask about our services, fees, the towns we serve, booking a visit, remote support, paying, or staying safe online.'),
  inputLabel: english('Ask me anything:'),
  send: english('Send'),
  thinking: english('Thinking...'),
  clear: english('Clear'),
  failure: english('Sorry, something went wrong.'),
  you: english('You'),
  assistant: english('Assistant'),
  empty: english('Your conversation will appear here.'),
  customTitle: english('A chatbot for your organization'),
  // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
  customText: english('We can build a chatbot like this one for your business, club, library or place of worship: it answers your visitors from your own information, day and night.'),
  customAsk: english('Ask about a custom chatbot'),
  organisationLabel: english('Organization name'),
  inquiryLabel: english('What should the chatbot help with?'),
  inquirySend: english('Send request'),
  inquirySending: english('Sending…'),
  inquiryCancel: english('Cancel'),
  inquirySent: english('Thank you! We received your request and will contact you by e-mail.'),
  inquiryFailure: english('Your request could not be sent. Please try again.'),
} as const;

/** The chatbot request was passed on to the business. */
export const InquirySentSchema = z.object({ sent: z.literal(true) });
export type InquirySent = z.infer<typeof InquirySentSchema>;
