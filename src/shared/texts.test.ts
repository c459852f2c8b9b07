import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGES, PASSWORD_HINT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ProfileSchema, STREET_ADDRESS_MAX_LENGTH } from './account.ts';
import { APPOINTMENT_TEXTS, DESCRIPTION_MAX_LENGTH, DescriptionSchema } from './appointments.ts';
import { MAX_OPEN_APPOINTMENTS } from './business.ts';
import {
  CHAT_MAX_MESSAGES,
  CHAT_MESSAGE_MAX_LENGTH,
  CHATBOT_INQUIRY_MAX_LENGTH,
  ChatbotInquirySchema,
  ChatMessageSchema,
  ChatRequestSchema,
  ORGANISATION_MAX_LENGTH,
} from './chat.ts';
import { fillIn } from './english.ts';
import { PAYMENT_TEXTS } from './payments.ts';

/**
 * A text marked with `english('…')` is one literal, so a limit in it is written out: these tests keep each written-out
 * number equal to the constant the rule enforces, and the filled-in texts equal to what they said before.
 */

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('texts with a limit written out', () => {
  it('say the password limits the schema enforces', () => {
    expect(PASSWORD_HINT).toBe(`Must be ${PASSWORD_MIN_LENGTH} characters or more`);
    expect(MESSAGES.passwordTooLong).toBe(`Must be ${PASSWORD_MAX_LENGTH} characters or fewer`);
  });

  it('say the street address limit', () => {
    const profile = {
      firstName: 'Mary',
      lastName: 'Smith',
      phoneNumber: '631-555-0142',
      streetAddress: 'x'.repeat(STREET_ADDRESS_MAX_LENGTH + 1),
      city: 'Bay Shore',
    };
    expect(firstError(ProfileSchema.safeParse(profile))).toBe(`Street address: at most ${STREET_ADDRESS_MAX_LENGTH} characters.`);
  });

  it('say the description limit', () => {
    const result = DescriptionSchema.safeParse({ description: 'x'.repeat(DESCRIPTION_MAX_LENGTH + 1) });
    expect(firstError(result)).toBe(`Please keep the description under ${DESCRIPTION_MAX_LENGTH} characters.`);
  });

  it('say the most open visits', () => {
    expect(APPOINTMENT_TEXTS.limitReached).toBe(
      `You have ${MAX_OPEN_APPOINTMENTS} open visits, the most you can have at once. You can book again once one is completed or cancelled.`,
    );
  });

  it("say the chat's limits", () => {
    expect(firstError(ChatMessageSchema.safeParse({ role: 'user', content: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }))).toBe(
      `Please keep each message under ${CHAT_MESSAGE_MAX_LENGTH} characters.`,
    );
    const messages = Array.from({ length: CHAT_MAX_MESSAGES + 1 }, () => ({ role: 'user', content: 'Hello' }));
    expect(firstError(ChatRequestSchema.safeParse({ messages }))).toBe(
      `A conversation can hold at most ${CHAT_MAX_MESSAGES} messages; please press Clear and start again.`,
    );
    expect(firstError(ChatbotInquirySchema.safeParse({ organisation: 'x'.repeat(ORGANISATION_MAX_LENGTH + 1), message: 'Hi' }))).toBe(
      `Please keep the name under ${ORGANISATION_MAX_LENGTH} characters.`,
    );
    expect(
      firstError(ChatbotInquirySchema.safeParse({ organisation: 'Library', message: 'x'.repeat(CHATBOT_INQUIRY_MAX_LENGTH + 1) })),
    ).toBe(`Please keep the message under ${CHATBOT_INQUIRY_MAX_LENGTH} characters.`);
  });
});

describe('texts with values filled in', () => {
  it('read in English as they did before they became messages', () => {
    expect(APPOINTMENT_TEXTS.confirmVisit('In-Person')).toBe('Are you sure you want a In-Person visit? If YES select OK');
    expect(APPOINTMENT_TEXTS.payConfirm('200.00')).toBe('Go to checkout to pay $200.00? If YES select OK');
    expect(APPOINTMENT_TEXTS.slotWithinNotice(48)).toBe('Visits must be booked at least 48 hours ahead. Please choose a later time.');
    expect(APPOINTMENT_TEXTS.rescheduled('Saturday, November 28, 2026 at 08:00am')).toBe(
      'Your visit has moved to Saturday, November 28, 2026 at 08:00am. We have e-mailed you an updated calendar invitation.',
    );
    expect(APPOINTMENT_TEXTS.pastCutoff(24, '631-555-0100')).toBe(
      'Your visit is less than 24 hours away, so it can no longer be changed or cancelled online. Please call us at 631-555-0100.',
    );
    expect(PAYMENT_TEXTS.makePayment('75.00')).toBe('Make a Payment of $75.00');
    expect(PAYMENT_TEXTS.thankYou("Mary-Ann O'Neil")).toBe("Thank you for your payment Mary-Ann O'Neil!");
  });

  it('put a value in as it is, even one that looks like a placeholder or a replacement pattern', () => {
    expect(fillIn('Thank you {name}!', { name: '$& {name} $1' })).toBe('Thank you $& {name} $1!');
    expect(fillIn('Left {alone}', {})).toBe('Left {alone}');
    expect(fillIn('Not {toString}', {})).toBe('Not {toString}');
  });
});

describe('the marked texts of src/shared', () => {
  /** As lingui.config.ts reads them: comments blanked, then each english('…') call with one single-quoted literal. */
  const EXTRACTED = /\benglish\(\s*'((?:[^'\\\n]|\\.)*)'\s*\)/g;
  const blank = (comment: string) => comment.replace(/[^\n]/g, ' ');
  const sources = readdirSync(new URL('.', import.meta.url))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'english.ts')
    .map((name) => ({
      name,
      code: readFileSync(new URL(name, import.meta.url), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, blank)
        .replace(/^\s*\/\/.*$/gm, blank),
    }));

  it.each(sources.map((source) => [source.name, source.code]))('are each found by the catalogue extractor in %s', (_name, code) => {
    // A call the formatter broke over lines (with a trailing comma) or a template literal would be left out silently.
    expect(code.match(EXTRACTED)?.length ?? 0).toBe(code.match(/\benglish\(/g)?.length ?? 0);
  });
});
