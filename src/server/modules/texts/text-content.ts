import { english } from '../../../shared/english.ts';
import { formatArrivalTime } from '../../../shared/on-the-way.ts';
import { BUSINESS_NAME } from '../../../shared/site.ts';
import type { Translator } from '../../i18n.ts';

/**
 * The text messages, in the customer's language. Short (one or two SMS segments), each naming the business
 * first, as carriers expect, and none carrying anything a stranger reading the phone's lock screen should not see
 * beyond the visit's time.
 */
export type TextKind = 'code' | 'welcome' | 'confirmation' | 'reminder' | 'on-my-way' | 'pay-link' | 'estimate' | 'waitlist-offer';

export function welcomeText(language: Translator, phone: string): string {
  return language.t(
    english(
      '{business}: you will get texts about your visits, about 4 per visit. Msg & data rates may apply. Reply HELP for help, STOP to stop. Questions: {phone}',
    ),
    { business: BUSINESS_NAME, phone },
  );
}

export function confirmationText(language: Translator, startsAt: Date, isRemote: boolean, phone: string): string {
  const values = { business: BUSINESS_NAME, when: language.appointmentTime(startsAt), phone };
  return isRemote
    ? language.t(
        english('{business}: your remote visit is booked for {when}. To change it, call {phone}. Reply STOP to stop texts.'),
        values,
      )
    : language.t(english('{business}: your visit is booked for {when}. To change it, call {phone}. Reply STOP to stop texts.'), values);
}

/** The reminder a day before; `today` when it goes out on the visit's own day (in New York). */
export function reminderText(language: Translator, startsAt: Date, phone: string, today = false): string {
  const values = { business: BUSINESS_NAME, when: language.appointmentTime(startsAt), phone };
  return today
    ? language.t(english('{business}: a reminder of your visit today, {when}. Cannot make it? Call {phone}.'), values)
    : language.t(english('{business}: a reminder of your visit tomorrow, {when}. Cannot make it? Call {phone}.'), values);
}

/**
 * "On my way" (issue 39): the technician (the configured name, or "Your technician"), the arrival time and the
 * customer's code word, with the two rules that keep a scammer out. Its lock-screen preview shows the word: the
 * customer needs it at the door, and it proves nothing to a stranger who is not there (decision 038).
 */
export function onMyWayText(language: Translator, trip: { technician: string; arrivesAt: Date; codeWord: string }, phone: string): string {
  return language.t(
    english(
      '{business}: {technician} is on the way, arriving about {time}. At the door they will say your code word: {word}. Never let anyone in who cannot say it. Never pay anyone by gift card. Questions: {phone}',
    ),
    {
      business: BUSINESS_NAME,
      technician: trip.technician || language.t(english('Your technician')),
      time: formatArrivalTime(trip.arrivesAt, language.locale),
      word: trip.codeWord,
      phone,
    },
  );
}

export function payLinkText(language: Translator, amountCents: number, payUrl: string): string {
  return language.t(english('{business}: your visit is complete: {amount}. Pay online: {url}'), {
    business: BUSINESS_NAME,
    amount: language.money(amountCents),
    url: payUrl,
  });
}

/** The answer to HELP (and to anything else a customer texts): who we are, how to reach us, how to stop. */
export function helpText(language: Translator, phone: string, email: string): string {
  return language.t(
    english('{business} visit texts. Help: call {phone} or e-mail {email}. Reply STOP to stop. Msg & data rates may apply.'),
    {
      business: BUSINESS_NAME,
      phone,
      email,
    },
  );
}

/** The code that proves a number is the customer's (decision 031): the only text before they confirm it. */
export function codeText(language: Translator, code: string): string {
  return language.t(
    english(
      '{business}: your code is {code}. Enter it on your account page to get texts about your visits. Did not ask? Ignore this text.',
    ),
    { business: BUSINESS_NAME, code },
  );
}
