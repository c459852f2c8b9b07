import './technician.css';
import { useLingui } from '@lingui/react/macro';
import { type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CONTACT_MESSAGE_MAX, type ContactForm, checkContactMessage } from '../../../../shared/contact-form.ts';
import { type FieldRegistration, useCheckedForm } from '../../../lib/checked-form.ts';
import { failureText } from '../../../lib/error-text.ts';
import { translate } from '../../../lib/i18n.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const EMPTY: ContactForm = { name: '', email: '', phone: '', message: '' };

/** A problem of the form (an english() text of contact-form.ts), in the page's language. */
const shown = (problem: string | undefined) => (problem === undefined ? undefined : translate(problem));

type FieldProps = {
  label: string;
  registration: FieldRegistration;
  error?: string | undefined;
  hint?: ReactNode;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'onBlur' | 'size' | 'value' | 'defaultValue'>;

/**
 * A labelled field as TextField (components/text-field.tsx) draws it, with Bootstrap's classes and no React
 * Bootstrap: /about is a page visitors enter on, within the public pages' budget (decision 019), and React
 * Bootstrap's form parts would come with it only for this form. The hint and the error are read with the field.
 */
function Field({ label, registration, error, hint, rows, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const control = {
    id,
    className: `form-control form-control-lg${error ? ' is-invalid' : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined,
    ...registration,
  };
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {rows ? <textarea rows={rows} maxLength={input.maxLength} {...control} /> : <input {...input} {...control} />}
      {hint && (
        <div id={hintId} className="form-text d-block">
          {hint}
        </div>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback">
          {error}
        </div>
      )}
    </div>
  );
}

/** What the visitor is told once their message has reached us: how we will answer, and that we e-mailed nothing. */
function Sent({ sent, onAnother }: { sent: ContactForm; onAnother: () => void }) {
  const { t } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { name, email, phone } = sent;
  let answer: string;
  if (email && phone) answer = t`We will answer you at ${email} or call you at ${phone}.`;
  else if (email) answer = t`We will answer you at ${email}.`;
  else answer = t`We will call you at ${phone}.`;
  return (
    <div className="contact-sent" role="status">
      <h3 ref={heading} tabIndex={-1} className="h4">
        {t`Thank you, ${name}. Your message has reached us.`}
      </h3>
      <p>{answer}</p>
      <p>{t`We have not sent you an e-mail about it: this page is your confirmation.`}</p>
      <button type="button" className="btn btn-outline-primary btn-lg" onClick={onAnother}>
        {t`Write another message`}
      </button>
    </div>
  );
}

/**
 * The contact form of /about (issue 40): a name, an e-mail address or a phone number, and a message, checked as the
 * server checks them (contact-form.ts) and sent to the owner. The visitor gets no e-mail: the page confirms.
 */
export function ContactFormCard() {
  const { i18n, t } = useLingui();
  const send = useSendContactMessage();
  const hintId = useId();
  const [sent, setSent] = useState<ContactForm>();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, reset, problems, isSubmitting } = useCheckedForm<ContactForm>(EMPTY, checkContactMessage);

  const onValid = async (values: ContactForm) => {
    setFailure(undefined);
    try {
      await send.run({ ...values, language: i18n.locale === 'es' ? 'es' : 'en' });
    } catch (error) {
      setFailure(failureText(error));
      return;
    }
    reset(EMPTY);
    setSent(values);
  };

  if (sent) return <Sent sent={sent} onAnother={() => setSent(undefined)} />;
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} aria-describedby={failure ? `${hintId}-failure` : undefined}>
      <Field label={t`Your name`} autoComplete="name" registration={register('name')} error={shown(problems.name)} />
      <fieldset className="contact-answer-ways mb-1" aria-describedby={`${hintId}-ways`}>
        <legend>{t`How should we answer you?`}</legend>
        <p id={`${hintId}-ways`} className="form-text mt-0 mb-2">
          {t`Give us an e-mail address, a phone number, or both.`}
        </p>
        <Field
          label={t`E-mail address`}
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          registration={register('email')}
          error={shown(problems.email)}
        />
        <Field
          label={t`Phone number`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          registration={register('phone')}
          error={shown(problems.phone)}
        />
      </fieldset>
      <Field
        label={t`Your message`}
        rows={5}
        maxLength={CONTACT_MESSAGE_MAX}
        hint={t`Tell us what you need help with. Up to 2000 characters.`}
        registration={register('message')}
        error={shown(problems.message)}
      />
      {failure && (
        <div id={`${hintId}-failure`} className="alert alert-danger" role="alert">
          {failure}
        </div>
      )}
      <button type="submit" className="btn btn-primary btn-lg" disabled={isSubmitting}>
        {isSubmitting ? t`Sending…` : t`Send message`}
      </button>
    </form>
  );
}
