import type { ChatMessage } from '../../../shared/chat.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { BookingRules } from '../../../shared/schedule.ts';
import type { ChatProvider } from './chat-provider.ts';
import { feeQuestionAnswer } from './fee-questions.ts';
import type { SupportContact } from './knowledge.ts';
import { chatLanguage } from './language.ts';
import { safeAnswer, scamAnswer } from './scam-guard.ts';

/**
 * What every assistant goes through, the built-in one and an OpenAI-compatible model alike (issue 41): a question
 * about someone who contacted the customer claiming to be tech support, a bank or the like is answered by the
 * safety rule before any model sees it, and an answer that would still say "yes, that was us" is replaced by it; a
 * question about the price of a length of time is answered with the bill's own arithmetic (fee-questions.ts). A
 * system prompt alone cannot promise either; this does.
 */
export class GuardedProvider implements ChatProvider {
  constructor(
    private readonly inner: ChatProvider,
    private readonly support: SupportContact,
  ) {}

  get model(): string {
    return this.inner.model;
  }

  async complete(messages: ChatMessage[], signal: AbortSignal, rules: BookingRules, language: Locale): Promise<string> {
    const locale = chatLanguage(messages, language);
    const questions = messages.filter((message) => message.role === 'user').map((message) => message.content);
    const question = questions.at(-1) ?? '';
    const previous = questions.at(-2);
    const first = scamAnswer(question, locale, this.support, previous);
    if (first) return first;
    // A price for a length of time is the bill's arithmetic, whoever answers: never a model's guess.
    const fee = feeQuestionAnswer(question, questions.slice(0, -1), locale);
    if (fee) return fee;
    const answer = await this.inner.complete(messages, signal, rules, language);
    return safeAnswer(question, answer, locale, this.support, previous);
  }
}
