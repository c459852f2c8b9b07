import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, PHONE_PATTERN } from './account-forms.ts';
import { TEXT_CODE_DIGITS } from './business.ts';
import { english } from './english.ts';

/**
 * Text messages and the trusted contact (their texts are a catalogue of their own, loaded with the signed-in screens): the opt-in's wording, the phone number as the text provider wants it,
 * and the trusted contact's contract (decision 022).
 */

/**
 * The opt-in's wording, next to an unticked box on the service form and the account screen. It says what US
 * carriers require (CTIA): who sends, what, how often, that rates may apply, how to stop and get help, and that
 * consent is not a condition of service.
 */
export const TEXTS_OPT_IN_LABEL = english('Send me text messages about my visits');
export const TEXTS_OPT_IN_TERMS = [
  english('TechHelp texts that number the booking confirmation, a reminder the day before, "on my way" and the pay link.'),
  english('About 4 messages per visit. Message and data rates may apply.'),
  english('Reply STOP to stop, HELP for help. Agreeing is not a condition of service.'),
  english('We first text a code to this number: texts start once you enter it on your account page.'),
] as const;
/** Shown when the number replied STOP: the box cannot override it, only a START from the phone can. */
export const TEXTS_STOPPED_NOTE = [
  english('This number replied STOP, so no texts are sent to it.'),
  english('To get them again, reply START to one of our texts.'),
] as const;

/** A US number (as the forms take it: 10 digits, dashes allowed) in E.164, the form every text provider uses. */
export function toE164(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return undefined;
}

/** A number in E.164 shown the American way: +16315550142 → (631) 555-0142. */
export function displayPhone(e164: string): string {
  const digits = e164.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : e164;
}

export const TRUSTED_CONTACT_TEXTS = {
  name: english('Trusted contact: please enter their name (letters only), up to 60 characters.'),
  email: english('Trusted contact: please enter a valid e-mail address.'),
  ownEmail: english('Trusted contact: please enter someone else’s e-mail address, not your own.'),
  phone: english('Trusted contact: please enter a 10-digit phone number, or leave it empty.'),
};
export const TRUSTED_NAME_MAX_LENGTH = 60;

/** PUT /api/account/trusted-contact: the one person copied on the customer's confirmations, reminders and receipts. */
export const TrustedContactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: TRUSTED_CONTACT_TEXTS.name })
    .max(TRUSTED_NAME_MAX_LENGTH, { error: TRUSTED_CONTACT_TEXTS.name })
    // A person's name only (letters, spaces, apostrophes, hyphens, periods): never a link or a message to the contact.
    .regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, { error: TRUSTED_CONTACT_TEXTS.name }),
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: TRUSTED_CONTACT_TEXTS.email })
    .regex(EMAIL_PATTERN, { error: TRUSTED_CONTACT_TEXTS.email }),
  phoneNumber: z
    .string()
    .trim()
    .refine((phone) => phone === '' || PHONE_PATTERN.test(phone), { error: TRUSTED_CONTACT_TEXTS.phone })
    .default(''),
});
export type TrustedContactInput = z.input<typeof TrustedContactSchema>;

/**
 * GET /api/account/trusted-contact: the contact, or null. `status`: `invited` until they agree from the invitation
 * (no copy goes before), `agreed`, or `stopped` once they refused or stopped the copies (`copiesStopped`).
 */
export const TrustedContactOutputSchema = z.object({
  contact: z
    .object({
      name: z.string(),
      email: z.string(),
      phoneNumber: z.string(),
      copiesStopped: z.boolean(),
      status: z.enum(['invited', 'agreed', 'stopped']),
      /** The customer allowed this contact to approve or decline their estimates (issue 38). */
      mayApproveEstimates: z.boolean().default(false),
    })
    .nullable(),
});
export type TrustedContactOutput = z.infer<typeof TrustedContactOutputSchema>;

export const TEXT_CODE_INVALID = english('Please enter the 6-digit code from the text we sent.');

/** The code's refusals and the states of a number not yet confirmed (decision 031), as the server says them. */
export const TEXT_CODE_MESSAGES = {
  expired: english('This code has expired or was tried too many times. Please ask for a new code.'),
  wrong: english('That code is not right. Please check the text we sent and try again.'),
  limited: english('Too many codes were sent to this number or account lately. Please try again in an hour.'),
  taken: english('This number gets texts for another account. If it is yours, please call us.'),
  stopped: english('This number replied STOP. Reply START to one of our texts first.'),
  off: english('Turn on texts and save your phone number first.'),
} as const;

/** POST /api/account/texts/confirm: the code of TEXT_CODE_DIGITS digits texted to the customer's number (decision 031). */
export const TextCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${TEXT_CODE_DIGITS}}$`), { error: TEXT_CODE_INVALID }),
});
export type TextCodeInput = z.input<typeof TextCodeSchema>;
