import { BUSINESS_NAME } from '../../../shared/business.ts';
import { english } from '../../../shared/english.ts';
import type { Translator } from '../../i18n.ts';
import type { EmailContent } from '../mail/mail-templates.ts';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

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
  },
): EmailContent {
  const { t } = language;
  const amount = language.money(input.amountCents);
  return {
    subject: input.isTest
      ? t(english('Your {business} receipt: {amount} (TEST: no money was taken)'), { business: BUSINESS_NAME, amount })
      : t(english('Your {business} receipt: {amount}'), { business: BUSINESS_NAME, amount }),
    paragraphs: [
      ...(input.isTest ? [t(english('TEST: this payment was made in test mode. No money was taken.'))] : []),
      t(english('Thank you for your payment of {amount} (USD).'), { amount }),
      t(english('Service: the visit of {time} (New York time).'), { time: language.appointmentTime(input.startsAt) }),
      t(english('Payment reference: {reference}.'), { reference: input.reference }),
      t(english('Keep this e-mail as your receipt.')),
    ],
    action: { label: t(english('See my appointments')), url: language.link(input.homeUrl) },
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
