import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { CHAT_MAX_MESSAGES, CHAT_MESSAGE_MAX_LENGTH, CHAT_TEXTS, type ChatMessage, ChatMessageSchema } from '../../../../shared/chat.ts';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSendChat } from '../api/send-chat.ts';
import { ChatbotInquiryOffer } from '../components/chatbot-inquiry.tsx';
import '../chat.css';
import { translate } from '../../../lib/i18n.ts';

/**
 * /chat: ask the assistant in plain words. The conversation lives in the page (it is sent with each question,
 * so the assistant keeps its context) and is gone when the page is left or Clear is pressed.
 */
function ChatPage() {
  const { t } = useLingui();
  usePageTitle(translate(CHAT_TEXTS.title));
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const chat = useSendChat();
  const resetChat = chat.reset;
  const waiting = chat.isPending;
  const [inputError, setInputError] = useState<string>();
  const alert = useTimedAlert();
  const pending = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLDivElement>(null);
  const inputId = useId();

  useEffect(() => () => pending.current?.abort(), []);
  useEffect(() => {
    if (messages.length > 0) log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [messages]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (waiting) return;
    const parsed = ChatMessageSchema.safeParse({ role: 'user', content: draft });
    if (!parsed.success) {
      setInputError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setInputError(undefined);
    alert.clear();
    const question = parsed.data;
    const conversation = [...messages, question];
    setMessages(conversation);
    setDraft('');
    const controller = new AbortController();
    pending.current = controller;
    try {
      // The page shows the whole conversation; the assistant gets its latest part, as much as a request may hold.
      const answer = await chat.mutateAsync({ messages: conversation.slice(-CHAT_MAX_MESSAGES), signal: controller.signal });
      setMessages([...conversation, { role: 'assistant', content: answer }]);
    } catch (error) {
      if (controller.signal.aborted) return;
      // Nothing typed is lost: the question goes back into the box to send again.
      setMessages(messages);
      setDraft(question.content);
      alert.show({ heading: translate(CHAT_TEXTS.failure), body: errorText(error) });
    } finally {
      if (pending.current === controller) {
        pending.current = null;
        input.current?.focus();
      }
    }
  };

  const clear = () => {
    pending.current?.abort();
    pending.current = null;
    // The question given up on no longer holds the Send button.
    resetChat();
    setMessages([]);
    setDraft('');
    setInputError(undefined);
    alert.clear();
    input.current?.focus();
  };

  return (
    <Container className="py-4 py-md-5 chat-page">
      <h1 className="mb-3">{translate(CHAT_TEXTS.title)}</h1>
      <p className="lead">{translate(CHAT_TEXTS.intro)}</p>

      <section aria-label={t`Conversation`} className="mb-3">
        {/* A scrolling region must be reachable by keyboard to be read and scrolled (WCAG 2.1.1). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: see above */}
        <div ref={log} className="chat-log" role="log" aria-live="polite" aria-label={t`Conversation with the assistant`} tabIndex={0}>
          {messages.length === 0 ? (
            <p className="text-body-secondary mb-0">{translate(CHAT_TEXTS.empty)}</p>
          ) : (
            messages.map((message, index) => (
              // The conversation only grows or is cleared, so a position is a stable key.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <div key={index} className={`chat-message chat-message-${message.role}`}>
                <span className="chat-speaker">{translate(message.role === 'user' ? CHAT_TEXTS.you : CHAT_TEXTS.assistant)}:</span>
                {message.content}
              </div>
            ))
          )}
        </div>
      </section>

      {alert.element}
      <Form noValidate onSubmit={send}>
        <Form.Group className="mb-3" controlId={inputId}>
          <Form.Label className="fs-5">{translate(CHAT_TEXTS.inputLabel)}</Form.Label>
          <Form.Control
            ref={input}
            size="lg"
            type="text"
            autoComplete="off"
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            isInvalid={Boolean(inputError)}
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? `${inputId}-error` : undefined}
          />
          {inputError && (
            <Form.Control.Feedback type="invalid" id={`${inputId}-error`}>
              {translate(inputError)}
            </Form.Control.Feedback>
          )}
        </Form.Group>
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" size="lg" disabled={waiting}>
            {translate(waiting ? CHAT_TEXTS.thinking : CHAT_TEXTS.send)}
          </Button>
          <Button type="button" variant="outline-secondary" size="lg" onClick={clear}>
            {translate(CHAT_TEXTS.clear)}
          </Button>
        </div>
      </Form>

      <ChatbotInquiryOffer />
    </Container>
  );
}

export { ChatPage as Component };
