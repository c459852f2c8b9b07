import type { Checked } from './account-forms.ts';
import { english } from './english.ts';

/**
 * The contact form of /about (issue 40): a visitor's name, an e-mail address or a phone number to answer them at,
 * and their message, e-mailed to the owner. Free of dependencies, so that the page carries no zod (decision 019):
 * the browser checks with `checkContactMessage`, and the server checks the same way (contact.ts holds the wire's shape).
 */

export const CONTACT_NAME_MAX = 80;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_PHONE_MAX = 30;
export const CONTACT_MESSAGE_MAX = 2000;

export const CONTACT_TEXTS = {
  nameRequired: english('Please tell us your name.'),
  nameTooLong: english('Please keep your name under 80 characters.'),
  emailInvalid: english('Please check the e-mail address: it should look like jane@example.com.'),
  phoneInvalid: english('Please check the phone number: 10 digits, like 631-555-0142.'),
  answerMissing: english('Please give us an e-mail address or a phone number, so we can answer you.'),
  messageRequired: english('Please write your message.'),
  messageTooLong: english('Please keep your message under 2000 characters.'),
  // biome-ignore format: one line, so that the catalogue's extraction reads it
  formFull: english('Our contact form takes no more messages today. Please call us at {phone} or write to {email}.'),
} as const;

/** The form as typed. */
export type ContactForm = { name: string; email: string; phone: string; message: string };

/** Something, an @, a domain with a dot: the owner answers by hand, so any case and any letters go. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/u;

/** A US number's 10 digits, written with or without spaces, dots, dashes, parentheses or a leading 1 (or +1). */
function phoneDigits(phone: string): string | undefined {
  if (!/^[\d\s().+-]+$/.test(phone)) return undefined;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? national : undefined;
}

function nameProblem(name: string): string | undefined {
  if (name === '') return CONTACT_TEXTS.nameRequired;
  return name.length > CONTACT_NAME_MAX ? CONTACT_TEXTS.nameTooLong : undefined;
}

function emailProblem(email: string, phone: string): string | undefined {
  if (email === '') return phone === '' ? CONTACT_TEXTS.answerMissing : undefined;
  return email.length > CONTACT_EMAIL_MAX || !EMAIL_SHAPE.test(email) ? CONTACT_TEXTS.emailInvalid : undefined;
}

function phoneProblem(phone: string): string | undefined {
  if (phone === '') return undefined;
  return phone.length > CONTACT_PHONE_MAX || !phoneDigits(phone) ? CONTACT_TEXTS.phoneInvalid : undefined;
}

function messageProblem(message: string): string | undefined {
  if (message === '') return CONTACT_TEXTS.messageRequired;
  return message.length > CONTACT_MESSAGE_MAX ? CONTACT_TEXTS.messageTooLong : undefined;
}

/**
 * The form's values once checked (trimmed, the phone written 631-555-0142), or each field's first problem. Checks
 * a name, an e-mail address or a phone number (either, or both), and a message, each within its
 * length. A missing way to answer is told at the e-mail field, the first of the two.
 */
export function checkContactMessage(form: ContactForm): Checked<ContactForm> {
  // A name is one line of plain text: line breaks, control and invisible formatting characters become spaces, so
  // that it cannot draw lines of its own into the owner's e-mail.
  const name = form.name
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const email = form.email.trim();
  const phone = form.phone.trim();
  const message = form.message.trim();
  const problems = Object.fromEntries(
    Object.entries({
      name: nameProblem(name),
      email: emailProblem(email, phone),
      phone: phoneProblem(phone),
      message: messageProblem(message),
    }).filter(([, problem]) => problem !== undefined),
  ) as Partial<Record<keyof ContactForm, string>>;
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const digits = phone === '' ? undefined : phoneDigits(phone);
  return {
    ok: true,
    value: { name, email, phone: digits ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : '', message },
  };
}
