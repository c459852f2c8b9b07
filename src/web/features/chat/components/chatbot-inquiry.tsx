import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import {
  CHAT_TEXTS,
  CHATBOT_INQUIRY_MAX_LENGTH,
  type ChatbotInquiry,
  ChatbotInquirySchema,
  ORGANISATION_MAX_LENGTH,
} from '../../../../shared/chat.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { translate } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useSendChatbotInquiry } from '../api/send-chatbot-inquiry.ts';

/** The offer of a custom chatbot for an organisation, with a short request form that reaches the admins. */
export function ChatbotInquiryOffer() {
  useLanguage();
  const say = (english: string | undefined) => (english === undefined ? undefined : translate(english));
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const alert = useTimedAlert();
  const sendInquiry = useSendChatbotInquiry();
  const formId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  // After the form closes (sent or cancelled) the focus returns to the button that opened it, not to the page.
  const [returnFocus, setReturnFocus] = useState(false);
  useEffect(() => {
    if (!open && returnFocus) {
      toggle.current?.focus();
      setReturnFocus(false);
    }
  }, [open, returnFocus]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChatbotInquiry>({ resolver: zodResolver(ChatbotInquirySchema), defaultValues: { organisation: '', message: '' } });

  const onValid = async (values: ChatbotInquiry) => {
    try {
      await sendInquiry.mutateAsync(values);
    } catch (error) {
      alert.show({ heading: translate(CHAT_TEXTS.inquiryFailure), body: errorText(error) });
      return;
    }
    reset();
    setSent(true);
    setReturnFocus(true);
    setOpen(false);
  };

  return (
    <section aria-labelledby={`${formId}-title`} className="mt-5 pt-4 border-top">
      <h2 id={`${formId}-title`} className="h3">
        {translate(CHAT_TEXTS.customTitle)}
      </h2>
      <p className="fs-5">{translate(CHAT_TEXTS.customText)}</p>
      {/* Always present, so a screen reader announces the text when it appears. */}
      <div role="status">{sent && <p className="alert alert-success fs-5">{translate(CHAT_TEXTS.inquirySent)}</p>}</div>
      {!open ? (
        <Button
          ref={toggle}
          variant="outline-primary"
          size="lg"
          aria-expanded={false}
          aria-controls={formId}
          onClick={() => {
            setSent(false);
            setOpen(true);
          }}
        >
          {translate(CHAT_TEXTS.customAsk)}
        </Button>
      ) : (
        <Form id={formId} noValidate onSubmit={handleSubmit(onValid)} className="chat-inquiry-form">
          {alert.element}
          <TextField
            label={translate(CHAT_TEXTS.organisationLabel)}
            autoComplete="organization"
            maxLength={ORGANISATION_MAX_LENGTH}
            registration={register('organisation')}
            error={say(errors.organisation?.message)}
            autoFocus
          />
          <TextField
            label={translate(CHAT_TEXTS.inquiryLabel)}
            rows={4}
            maxLength={CHATBOT_INQUIRY_MAX_LENGTH}
            registration={register('message')}
            error={say(errors.message?.message)}
          />
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" size="lg" disabled={isSubmitting}>
              {translate(isSubmitting ? CHAT_TEXTS.inquirySending : CHAT_TEXTS.inquirySend)}
            </Button>
            <Button
              variant="outline-secondary"
              size="lg"
              onClick={() => {
                setReturnFocus(true);
                setOpen(false);
              }}
            >
              {translate(CHAT_TEXTS.inquiryCancel)}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
