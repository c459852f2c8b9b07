import { type BillLine, isOurLine } from '../../../shared/billing.ts';
import { BUSINESS_NAME } from '../../../shared/business.ts';
import { formatAppointmentTime } from '../../../shared/business-time.ts';
import { english } from '../../../shared/english.ts';
import type { Translator } from '../../i18n.ts';
import type { EmailContent } from '../mail/index.ts';

/**
 * The messages about an estimate (issue 38), in their reader's language: the customer's e-mail and text with the link
 * to their estimate, their trusted contact's e-mail with a link of their own (when the customer allowed it), and the
 * owner's notice of the answer, in English like the back office.
 */

/** What an estimate's messages say of it. */
export type EstimateFacts = { startsAt: Date; totalCents: number; lines: BillLine[] };

/** The lines in one sentence's words, each with its amount: "First hour of troubleshooting $50.00; …". */
function linesInWords(language: Translator, lines: BillLine[]): string {
  return lines
    .map((line) => `${isOurLine(line) ? language.t(line.text, line.values) : line.text} ${language.money(line.cents)}`)
    .join('; ');
}

/** The customer's e-mail: what the work is expected to cost, and the button to their estimate's page. */
export function estimateContent(language: Translator, facts: EstimateFacts, estimateUrl: string): EmailContent {
  const { t } = language;
  const amount = language.money(facts.totalCents);
  return {
    subject: t(english('An estimate for your visit: {amount}'), { amount }),
    paragraphs: [
      t(english('Before we do the work of your visit of {time} (New York time), this is what we expect it to cost: {amount} (USD).'), {
        time: language.appointmentTime(facts.startsAt),
        amount,
      }),
      t(english('What it is made of: {lines}.'), { lines: linesInWords(language, facts.lines) }),
      t(english('Please approve it by typing your name, or decline it and tell us why, with the button below.')),
    ],
    action: { label: t(english('See the estimate')), url: language.link(estimateUrl) },
  };
}

/** The customer's text, to a confirmed number only (TextService.toCustomer). */
export function estimateText(language: Translator, totalCents: number, estimateUrl: string): string {
  return language.t(english('{business}: an estimate for your visit: {amount}. Approve or decline it: {url}'), {
    business: BUSINESS_NAME,
    amount: language.money(totalCents),
    url: estimateUrl,
  });
}

/**
 * The trusted contact's e-mail, when the customer allowed them to answer estimates and they agreed to hear from us:
 * the estimate, and a link of their own that works until it is answered. `stop` is the link that stops their copies.
 */
export function contactEstimateContent(
  language: Translator,
  facts: EstimateFacts & { customer: string },
  approvalUrl: string,
  stop: { url: string },
): EmailContent {
  const { t } = language;
  const amount = language.money(facts.totalCents);
  return {
    subject: t(english('{customer} asks you to approve an estimate: {amount}'), { customer: facts.customer, amount }),
    paragraphs: [
      t(english('{customer} named you as their trusted contact at {business}, and allowed you to approve or decline their estimates.'), {
        customer: facts.customer,
        business: BUSINESS_NAME,
      }),
      t(english('The estimate for their visit of {time} (New York time) comes to {amount} (USD): {lines}.'), {
        time: language.appointmentTime(facts.startsAt),
        amount,
        lines: linesInWords(language, facts.lines),
      }),
      t(english('You can approve it by typing your name, or decline it with a reason. The link works until the estimate is answered.')),
    ],
    action: { label: t(english('Answer the estimate')), url: language.link(approvalUrl) },
    footer: {
      text: t(english('You get these copies because {customer} asked for them.'), { customer: facts.customer }),
      label: t(english('Stop these copies')),
      url: stop.url,
    },
  };
}

/** The owner's notice of an answer, in English. */
export function estimateAnsweredContent(
  answer: { approved: boolean; by: string; name: string | null; reason: string | null },
  facts: EstimateFacts & { customer: string },
  adminUrl: string,
): EmailContent {
  const amount = `$${(facts.totalCents / 100).toFixed(2)}`;
  const visit = `the visit of ${formatAppointmentTime(facts.startsAt)} (New York time)`;
  return {
    subject: `Estimate ${answer.approved ? 'approved' : 'declined'}: ${amount}, ${facts.customer}`,
    paragraphs: answer.approved
      ? [`${answer.by} approved the estimate of ${amount} for ${visit}, typing the name “${answer.name ?? ''}”.`]
      : [`${answer.by} declined the estimate of ${amount} for ${visit}.`, `Their reason: ${answer.reason ?? ''}`],
    action: { label: 'Open the dashboard', url: adminUrl },
  };
}
