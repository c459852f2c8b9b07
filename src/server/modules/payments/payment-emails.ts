import { type BillLine, isOurLine } from '../../../shared/billing.ts';
import { BUSINESS_NAME } from '../../../shared/business.ts';
import { english } from '../../../shared/english.ts';
import type { Translator } from '../../i18n.ts';
import type { EmailContent } from '../mail/index.ts';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A bill's lines in one sentence's words, each with its amount: "First hour of troubleshooting $50.00; …". */
function linesInWords(language: Translator, lines: BillLine[] | null | undefined): string {
  return (lines ?? [])
    .map((line) => `${isOurLine(line) ? language.t(line.text, line.values) : line.text} ${language.money(line.cents)}`)
    .join('; ');
}

/** A payment method the owner recorded by hand (cash, check, card), as the customer's e-mails name it. */
export function manualMethod(language: Translator, method: string | null): string {
  const { t } = language;
  if (method === 'cash') return t(english('cash'));
  if (method === 'check') return t(english('check'));
  if (method === 'card') return t(english('card'));
  return method ?? '';
}

/**
 * The customer's receipts and refunds, in their language (`language`, from their saved locale): the English texts
 * are the message ids of src/server/locales. A test-mode payment moves no money: its receipt says so in the subject
 * and the first line.
 */
export function receiptContent(
  language: Translator,
  input: {
    startsAt: Date;
    amountCents: number;
    reference: string;
    homeUrl: string;
    isTest?: boolean;
    /** What the amount is made of, when the job was billed from the clock (src/shared/billing.ts). */
    lines?: BillLine[] | null;
    /** The invoice attached, and its page. */
    invoice?: { number: string; url: string };
  },
): EmailContent {
  const { t } = language;
  const amount = language.money(input.amountCents);
  const lines = linesInWords(language, input.lines);
  return {
    subject: input.isTest
      ? t(english('Your {business} receipt: {amount} (TEST: no money was taken)'), { business: BUSINESS_NAME, amount })
      : t(english('Your {business} receipt: {amount}'), { business: BUSINESS_NAME, amount }),
    paragraphs: [
      ...(input.isTest ? [t(english('TEST: this payment was made in test mode. No money was taken.'))] : []),
      t(english('Thank you for your payment of {amount} (USD).'), { amount }),
      ...(lines ? [t(english('What you paid for: {lines}.'), { lines })] : []),
      t(english('Service: the visit of {time} (New York time).'), { time: language.appointmentTime(input.startsAt) }),
      t(english('Payment reference: {reference}.'), { reference: input.reference }),
      ...(input.invoice
        ? [
            t(english('Your invoice {number} is attached; you can also see it and print it at {url}.'), {
              ...input.invoice,
              url: language.link(input.invoice.url),
            }),
          ]
        : []),
      t(english('Keep this e-mail as your receipt.')),
    ],
    action: { label: t(english('See my appointments')), url: language.link(input.homeUrl) },
  };
}

/** Which of a job's pay e-mails: the link when the job is done, or the reminder after 3 or 7 days. */
export type PayLinkStage = 'link' | 'first reminder' | 'second reminder';

/**
 * The pay link of a completed job: what it comes to, what it is made of, and a link straight to its payment
 * (through the sign-in when the customer is signed out). The reminders say the same, kindly, with the date.
 */
export function payLinkContent(
  language: Translator,
  input: { stage: PayLinkStage; startsAt: Date; amountCents: number; payUrl: string; phone: string; lines?: BillLine[] | null },
): EmailContent {
  const { t } = language;
  const amount = language.money(input.amountCents);
  const time = language.appointmentTime(input.startsAt);
  const lines = linesInWords(language, input.lines);
  const first = input.stage === 'link';
  return {
    subject: first
      ? t(english('Your visit is complete: {amount}'), { amount })
      : t(english('A friendly reminder: {amount} for your visit of {time}'), { amount, time }),
    paragraphs: [
      first
        ? t(english('Thank you for having us. Your visit of {time} (New York time) is complete, and it comes to {amount} (USD).'), {
            time,
            amount,
          })
        : t(english('Your visit of {time} (New York time) is still waiting for its payment of {amount} (USD).'), { time, amount }),
      ...(lines ? [t(english('What you pay for: {lines}.'), { lines })] : []),
      t(english('You can pay online with the button below: log in, and the payment of this visit opens.')),
      first
        ? t(english('Questions about the bill? Call us at {phone}.'), { phone: input.phone })
        : t(english('If you have paid already, thank you, and please ignore this message. Questions? Call us at {phone}.'), {
            phone: input.phone,
          }),
    ],
    action: { label: t(english('Pay {amount}'), { amount }), url: language.link(input.payUrl) },
  };
}

/**
 * A payment PayPal held for review and then declined: the customer had been told to wait for a receipt, so they are
 * told that nothing was taken and how to pay.
 */
export function pendingDeclinedContent(
  language: Translator,
  input: { startsAt: Date; amountCents: number; payUrl: string; phone: string },
): EmailContent {
  const { t } = language;
  const amount = language.money(input.amountCents);
  return {
    subject: t(english('Your {business} payment was not completed'), { business: BUSINESS_NAME }),
    paragraphs: [
      t(
        english(
          'PayPal reviewed your payment of {amount} for the visit of {time} (New York time) and did not complete it. No money was taken.',
        ),
        {
          amount,
          time: language.appointmentTime(input.startsAt),
        },
      ),
      t(english('You can pay again with the button below, or call us at {phone}.'), { phone: input.phone }),
    ],
    action: { label: t(english('Pay {amount}'), { amount }), url: language.link(input.payUrl) },
  };
}

export function refundContent(
  language: Translator,
  input: {
    startsAt: Date;
    amountCents: number;
    /** PayPal's refund id; none for a refund by hand or in test mode, which `method` already describes. */
    reference?: string;
    homeUrl: string;
    /** How the money comes back, already in the customer's language. */
    method: string;
  },
): EmailContent {
  const { t } = language;
  const amount = language.money(input.amountCents);
  return {
    subject: t(english('Your {business} refund: {amount}'), { business: BUSINESS_NAME, amount }),
    paragraphs: [
      t(english('We refunded your payment of {amount} (USD) for the visit of {time} (New York time).'), {
        amount,
        time: language.appointmentTime(input.startsAt),
      }),
      input.method,
      ...(input.reference ? [t(english('Refund reference: {reference}.'), { reference: input.reference })] : []),
      t(english('Keep this e-mail for your records.')),
    ],
    action: { label: t(english('See my appointments')), url: language.link(input.homeUrl) },
  };
}

/** To the admins: a capture that should not have happened, and what was done about it. */
export function unwantedCaptureContent(input: {
  appointmentId: string;
  orderId: string;
  captureId: string;
  amountCents: number;
  why: string;
  refunded: boolean;
  adminUrl: string;
}): EmailContent {
  return {
    subject: input.refunded
      ? `${BUSINESS_NAME}: a second payment of ${dollars(input.amountCents)} was refunded`
      : `${BUSINESS_NAME}: a payment of ${dollars(input.amountCents)} needs a refund by hand`,
    paragraphs: [
      `The payment provider captured ${dollars(input.amountCents)} for appointment ${input.appointmentId} (order ${input.orderId}, capture ${input.captureId}) although ${input.why}.`,
      input.refunded
        ? 'The server refunded that capture through the provider. Nothing else needs doing; it is in the appointment history and the error log.'
        : 'The server could not refund it and will try again every minute. If this keeps failing, refund the capture in the provider’s dashboard.',
    ],
    action: { label: 'Open the back office', url: input.adminUrl },
  };
}
