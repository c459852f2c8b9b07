import { format } from 'date-fns';
import { BUSINESS_NAME } from '../../../shared/business.ts';
import { inBusinessZone } from '../../../shared/business-time.ts';
import { english } from '../../../shared/english.ts';
import { spanishTimeWithArticle } from '../../../shared/locale-format.ts';
import type { Translator } from '../../i18n.ts';
import type { EmailContent } from '../mail/index.ts';

/**
 * The offer of a freed slot to the first customer waiting (issue 39), in their language: the e-mail and the text
 * both say which time, until when it is held, and the link that books it.
 */

export type OfferFacts = { name: string; startsAt: Date; expiresAt: Date; url: string; phone: string };

/** A clock time in New York: 8:30am, or "las 8:30 a. m." (with its article, "la 1:05 p. m.") in Spanish. */
function clockTime(language: Translator, instant: Date): string {
  return language.locale === 'es' ? spanishTimeWithArticle(instant) : format(inBusinessZone(instant), 'h:mmaaa');
}

export function offerEmail(language: Translator, facts: OfferFacts): EmailContent {
  const { t } = language;
  const values = {
    business: BUSINESS_NAME,
    name: facts.name,
    when: language.appointmentTime(facts.startsAt),
    until: clockTime(language, facts.expiresAt),
    phone: facts.phone,
  };
  return {
    subject: t(english('A time opened up: {when}'), values),
    paragraphs: [
      t(english('Good news, {name}: a time opened up on the day you are waiting for: {when} (New York time).'), values),
      t(english('We are holding it for you until {until}. After that, we offer it to the next person waiting.'), values),
    ],
    action: { label: t(english('Book this time')), url: language.link(facts.url) },
    afterAction: [
      t(english('If you no longer need it, you do not have to do anything.')),
      t(english('Questions? Call us at {phone}.'), values),
    ],
  };
}

export function offerText(language: Translator, facts: OfferFacts): string {
  return language.t(english('{business}: a time opened up: {when}. It is held for you until {until}. Book it: {url}'), {
    business: BUSINESS_NAME,
    when: language.appointmentTime(facts.startsAt),
    until: clockTime(language, facts.expiresAt),
    url: language.link(facts.url),
  });
}
