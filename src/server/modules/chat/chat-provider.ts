import type OpenAI from 'openai';
import type { ChatMessage } from '../../../shared/chat.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { BookingRules } from '../../../shared/schedule.ts';

/**
 * Something that answers a conversation: the built-in assistant or an OpenAI-compatible server. Each question
 * comes with the owner's booking rules as they are now (the back office changes them at any time) and the
 * language to answer in (the customer's, see language.ts).
 */
export interface ChatProvider {
  readonly model: string;
  complete(messages: ChatMessage[], signal: AbortSignal, rules: BookingRules, language: Locale): Promise<string>;
}

export type ChatFailureKind = 'timeout' | 'busy' | 'unavailable' | 'malformed';

/** A provider failure, described without anything the user typed, so it can go to the error log as is. */
export class ChatProviderError extends Error {
  constructor(
    readonly kind: ChatFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'ChatProviderError';
  }
}

/** The models that take reasoning_effort 'minimal' (later gpt-5 versions refuse it); others get their default. */
const ACCEPTS_MINIMAL_REASONING = /^gpt-5(-mini|-nano)?(-\d{4}-\d{2}-\d{2})?$/;

export type OpenAIProviderOptions = {
  apiKey: string;
  baseUrl: string | undefined;
  model: string;
  /** Our system prompt for the current booking rules and the customer's language, made for each request. */
  systemPrompt: (rules: BookingRules, language: Locale) => string;
  /** The SDK's own per-attempt timeout; the service's overall deadline is the signal. */
  timeoutMs: number;
};

type OpenAISdk = typeof OpenAI;
let sdk: Promise<OpenAISdk> | undefined;

/** OpenAI's SDK, loaded on the first question rather than at every start (55 ms of CPU), as most servers never use it. */
function loadOpenAI(): Promise<OpenAISdk> {
  sdk ??= import('openai').then((module) => module.default);
  return sdk;
}

/**
 * Chat Completions through the official SDK: OpenAI itself, or any compatible server (llama.cpp, Ollama, vLLM)
 * at OPENAI_BASE_URL. The system prompt is always ours and always first; the SDK logs nothing.
 */
export class OpenAIProvider implements ChatProvider {
  readonly model: string;
  private client: OpenAI | undefined;

  constructor(private readonly options: OpenAIProviderOptions) {
    this.model = options.model;
  }

  private connect(OpenAIClient: OpenAISdk): OpenAI {
    this.client ??= new OpenAIClient({
      apiKey: this.options.apiKey,
      baseURL: this.options.baseUrl,
      timeout: this.options.timeoutMs,
      // No retries: a provider's retry-after can exceed our deadline, and a busy provider is better told to the
      // user at once (503) than after 30 s of waiting.
      maxRetries: 0,
      logLevel: 'off',
    });
    return this.client;
  }

  async complete(messages: ChatMessage[], signal: AbortSignal, rules: BookingRules, language: Locale): Promise<string> {
    const OpenAIClient = await loadOpenAI();
    let completion: unknown;
    try {
      completion = await this.connect(OpenAIClient).chat.completions.create(
        {
          model: this.options.model,
          messages: [{ role: 'system', content: this.options.systemPrompt(rules, language) }, ...messages],
          ...(ACCEPTS_MINIMAL_REASONING.test(this.options.model) ? { reasoning_effort: 'minimal' as const } : {}),
        },
        { signal },
      );
    } catch (error) {
      throw describeFailure(OpenAIClient, error, signal);
    }
    const content = (completion as { choices?: { message?: { content?: unknown } }[] } | undefined)?.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || content.trim() === '') {
      throw new ChatProviderError('malformed', 'The chat provider answered without a message (no choices[0].message.content).');
    }
    return content.trim();
  }
}

function describeFailure(OpenAI: OpenAISdk, error: unknown, signal: AbortSignal): ChatProviderError {
  if (signal.aborted || error instanceof OpenAI.APIConnectionTimeoutError) {
    return new ChatProviderError('timeout', 'The chat provider did not answer in time.');
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const kind = error.status === 429 ? 'busy' : 'unavailable';
    return new ChatProviderError(kind, `The chat provider answered HTTP ${error.status}${error.code ? ` (${error.code})` : ''}.`);
  }
  if (error instanceof OpenAI.APIConnectionError) return new ChatProviderError('unavailable', 'The chat provider could not be reached.');
  if (error instanceof SyntaxError) return new ChatProviderError('malformed', 'The chat provider answered with malformed JSON.');
  return new ChatProviderError('unavailable', `The chat provider failed: ${error instanceof Error ? error.name : 'unknown error'}.`);
}
