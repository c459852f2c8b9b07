import { english } from '../../../shared/english.ts';
import { BUSINESS_NAME } from '../../../shared/site.ts';
import type { Translator } from '../../i18n.ts';
import { dial, gatherOneKey, HANGUP, SPOKEN, type SpokenLanguage, say, twimlResponse } from './twiml.ts';

/**
 * What a reminder call says, in the customer's language (decision 040): who calls, the visit's day and time, in
 * person or remote, and the keys. Short sentences, said twice when no key is pressed.
 */
export const CALL_WORDS = {
  inPerson: english('Hello, this is {business}, with a reminder of your visit tomorrow, {when}. Our technician will come to your address.'),
  remote: english(
    'Hello, this is {business}, with a reminder of your remote visit tomorrow, {when}. We will help you over the phone or the computer.',
  ),
  keys: english('To confirm your visit, press 1. To speak with us, press 2. To stop these calls, press 9.'),
  again: english('Here is the reminder again.'),
  noKey: english('We did not hear a key. If you need us, please call {phone}. Goodbye.'),
  confirmed: english('Thank you. Your visit is confirmed. Goodbye.'),
  connecting: english('Please hold while we connect you.'),
  stopped: english('You will not get these calls any more. You can turn them on again on your account page. Goodbye.'),
  gone: english('This visit is no longer booked. If you have a question, please call {phone}. Goodbye.'),
  changed: english('This visit has changed since we called, so it is not confirmed. Please call us at {phone}. Goodbye.'),
} as const;

export const spokenLanguageOf = (language: Translator): SpokenLanguage => (language.locale === 'es' ? SPOKEN.es : SPOKEN.en);

/** The reminder's own sentence: the visit's day and time, in person or remote. */
export function reminderWords(language: Translator, visit: { startsAt: Date; isRemote: boolean }): string {
  const values = { business: BUSINESS_NAME, when: language.appointmentTime(visit.startsAt) };
  return language.t(visit.isRemote ? CALL_WORDS.remote : CALL_WORDS.inPerson, values);
}

/** The call: the reminder and the keys, heard twice while a key is awaited, then goodbye. */
export function reminderCall(language: Translator, visit: { startsAt: Date; isRemote: boolean }, action: string, phone: string) {
  const spoken = spokenLanguageOf(language);
  const reminder = reminderWords(language, visit);
  const keys = language.t(CALL_WORDS.keys);
  const noKey = language.t(CALL_WORDS.noKey, { phone });
  return {
    twiml: twimlResponse(
      gatherOneKey(action, say(spoken, reminder) + say(spoken, keys)),
      gatherOneKey(action, say(spoken, language.t(CALL_WORDS.again)) + say(spoken, reminder) + say(spoken, keys)),
      say(spoken, noKey),
      HANGUP,
    ),
    /** What the development outbox shows: the words, as the call would say them. */
    words: `${reminder} ${keys}`,
  };
}

/** The answer to a key pressed during the call. */
export function keyAnswer(
  language: Translator,
  answer:
    | { kind: 'confirmed' | 'stopped' | 'again' | 'gone' | 'changed'; phone: string; action?: string }
    | { kind: 'connect'; dialNumber: string },
  visit?: { startsAt: Date; isRemote: boolean },
): string {
  const spoken = spokenLanguageOf(language);
  switch (answer.kind) {
    case 'connect':
      return twimlResponse(say(spoken, language.t(CALL_WORDS.connecting)), dial(answer.dialNumber));
    case 'confirmed':
      return twimlResponse(say(spoken, language.t(CALL_WORDS.confirmed)), HANGUP);
    case 'stopped':
      return twimlResponse(say(spoken, language.t(CALL_WORDS.stopped)), HANGUP);
    case 'gone':
      return twimlResponse(say(spoken, language.t(CALL_WORDS.gone, { phone: answer.phone })), HANGUP);
    case 'changed':
      return twimlResponse(say(spoken, language.t(CALL_WORDS.changed, { phone: answer.phone })), HANGUP);
    case 'again':
      return twimlResponse(
        gatherOneKey(
          answer.action ?? '',
          (visit ? say(spoken, reminderWords(language, visit)) : '') + say(spoken, language.t(CALL_WORDS.keys)),
        ),
        say(spoken, language.t(CALL_WORDS.noKey, { phone: answer.phone })),
        HANGUP,
      );
  }
}
