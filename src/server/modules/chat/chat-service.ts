import { randomUUID } from 'node:crypto';
import type { SessionUser } from '../../../shared/account.ts';
import { CHAT_MESSAGE_MAX_LENGTH, type ChatbotInquiry, type ChatMessage, type ChatReply } from '../../../shared/chat.ts';
import type { ErrorRecorder } from '../../../shared/error-log.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../plugins/errors.ts';
import { consumeRateLimit, type Limit } from '../../plugins/rate-limit-store.ts';
import { adminEmails } from '../accounts/index.ts';
import { type MailService, renderEmail } from '../mail/index.ts';
import { bookingRules } from '../schedule/index.ts';
import { BuiltInAssistant } from './built-in-assistant.ts';
import { type ChatFailureKind, type ChatProvider, ChatProviderError, OpenAIProvider } from './chat-provider.ts';
import { GuardedProvider } from './guarded-provider.ts';
import { systemPrompt } from './knowledge.ts';
import { chatLanguage } from './language.ts';

/** Per signed-in user: enough for a real conversation, not enough to run up a provider's bill. */
export const CHAT_LIMITS = {
  messages: { max: 30, windowSeconds: 10 * 60 },
  inquiries: { max: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** The assistant: the built-in one, or an OpenAI-compatible model; either way behind the safety rule (issue 41). */
export function createChatProvider(config: Config, timeoutMs: number): ChatProvider {
  const inner = config.openai
    ? new OpenAIProvider({
        ...config.openai,
        systemPrompt: (rules, language) => systemPrompt(config.support, rules, language),
        timeoutMs,
      })
    : new BuiltInAssistant(config.support);
  return new GuardedProvider(inner, config.support);
}

export class ChatService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
    private readonly provider: ChatProvider,
    private readonly mail: MailService,
    private readonly recordError: ErrorRecorder,
    private readonly timeoutMs: number,
  ) {}

  /**
   * One answer within the deadline, in the Chat Completions shape; failures become clear, logged errors. It is in
   * the language the customer writes in; `pageLocale` (the page's language) decides only when the conversation
   * does not tell.
   */
  async reply(viewer: SessionUser, messages: ChatMessage[], readerLeft?: AbortSignal, pageLocale?: Locale): Promise<ChatReply> {
    await consumeRateLimit(this.db, `chat:user:${viewer.id}`, CHAT_LIMITS.messages);
    // The owner's minimum notice and cut-off as they are now: one row, read for every question.
    const rules = await bookingRules(this.db);
    const language = chatLanguage(messages, pageLocale);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.timeoutMs);
    const stop = () => deadline.abort();
    readerLeft?.addEventListener('abort', stop);
    let content: string;
    try {
      content = await Promise.race([
        this.provider.complete(messages, deadline.signal, rules, language),
        new Promise<never>((_, reject) => {
          deadline.signal.addEventListener('abort', () =>
            reject(new ChatProviderError('timeout', 'The chat provider did not answer in time.')),
          );
        }),
      ]);
    } catch (error) {
      // Nobody is waiting for this answer any more: nothing failed, and there is nobody to tell.
      if (readerLeft?.aborted) throw new HttpError(400, 'CANCELLED', 'The question was cancelled.');
      const failure = error instanceof ChatProviderError ? error : new ChatProviderError('unavailable', describeUnexpected(error));
      // The log names what failed and never what the user asked.
      await this.recordError({ userId: viewer.id, errorMessage: `Chat: ${failure.message}`, componentName: 'Chat', source: 'server' });
      throw httpErrorFor(failure.kind, this.config.support);
    } finally {
      clearTimeout(timer);
      readerLeft?.removeEventListener('abort', stop);
    }
    return {
      id: `chatcmpl-${randomUUID()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: this.provider.model,
      choices: [{ index: 0, message: { role: 'assistant', content: withinMessageLimit(content) }, finish_reason: 'stop' }],
    };
  }

  /** An organisation's request for a custom chatbot, e-mailed to the admins (or to support when there are none). */
  async sendInquiry(viewer: SessionUser, inquiry: ChatbotInquiry): Promise<void> {
    await consumeRateLimit(this.db, `chat-inquiry:user:${viewer.id}`, CHAT_LIMITS.inquiries);
    await this.db.transaction(async (tx) => {
      const admins = await adminEmails(tx);
      const recipients = admins.length > 0 ? admins : [this.config.support.email];
      const content = {
        subject: `Custom chatbot request from ${inquiry.organisation}`,
        paragraphs: [
          `${viewer.email} asked about a custom chatbot for ${inquiry.organisation}.`,
          `What it should help with: ${inquiry.message}`,
          `Reply to ${viewer.email} to follow up.`,
        ],
      };
      for (const to of recipients) await this.mail.enqueue({ to, ...renderEmail(content, this.config.support), about: viewer.id }, tx);
    });
    this.mail.deliverSoon();
  }
}

/**
 * The browser sends the answer back with the next question, where every message is held to the same limit; a
 * longer answer is cut at its last sentence that fits, so the conversation can go on.
 */
export function withinMessageLimit(content: string): string {
  if (content.length <= CHAT_MESSAGE_MAX_LENGTH) return content;
  const cut = content.slice(0, CHAT_MESSAGE_MAX_LENGTH - 1);
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.\n'), cut.lastIndexOf('? '), cut.lastIndexOf('! '));
  return sentenceEnd > CHAT_MESSAGE_MAX_LENGTH / 2 ? cut.slice(0, sentenceEnd + 1) : `${cut.trimEnd()}…`;
}

function describeUnexpected(error: unknown): string {
  return `The assistant failed: ${error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : 'unknown error'}.`;
}

function httpErrorFor(kind: ChatFailureKind, support: { phone: string; email: string }): HttpError {
  const orCall = `If it is urgent, call us at ${support.phone}.`;
  switch (kind) {
    case 'timeout':
      return new HttpError(504, 'CHAT_TIMEOUT', `The assistant took too long to answer. Please try again. ${orCall}`);
    case 'busy':
      return new HttpError(503, 'CHAT_BUSY', `The assistant is busy right now. Please wait a minute and try again. ${orCall}`);
    default:
      return new HttpError(502, 'CHAT_UNAVAILABLE', `The assistant is not available right now. Please try again later. ${orCall}`);
  }
}
