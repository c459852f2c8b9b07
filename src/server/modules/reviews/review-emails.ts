import { BUSINESS_NAME } from '../../../shared/business.ts';
import { english } from '../../../shared/english.ts';
import type { Translator } from '../../i18n.ts';
import type { EmailContent } from '../mail/index.ts';

/** The thank-you after a payment, with the request for a rating, in the customer's language. */
export function thankYouContent(
  language: Translator,
  input: { name: string; startsAt: Date; rateUrl: string; reviewUrl: string | undefined },
): EmailContent {
  const { t } = language;
  const time = language.appointmentTime(input.startsAt);
  return {
    subject: t(english('Thank you from {business}: how did we do?'), { business: BUSINESS_NAME }),
    paragraphs: [
      input.name
        ? t(english('Thank you, {name}, for letting us help with your visit of {time} (New York time).'), { name: input.name, time })
        : t(english('Thank you for letting us help with your visit of {time} (New York time).'), { time }),
      t(english('Would you tell us how it went? Choosing from 1 to 5 stars takes a moment, and a comment helps us even more.')),
      ...(input.reviewUrl
        ? [
            t(english('If you were happy with our help, a review on our public page helps your neighbors find us: {url}'), {
              url: input.reviewUrl,
            }),
          ]
        : []),
    ],
    action: { label: t(english('Rate my visit')), url: language.link(input.rateUrl) },
  };
}
