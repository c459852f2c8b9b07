import { BUSINESS_NAME } from '../../../shared/business.ts';
import { formatAppointmentTime } from '../../../shared/business-time.ts';
import type { EmailContent } from '../mail/mail-templates.ts';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A test-mode payment moves no money: its receipt says so in the subject and the first line. */
export function receiptContent(input: {
  startsAt: Date;
  amountCents: number;
  reference: string;
  homeUrl: string;
  isTest?: boolean;
}): EmailContent {
  return {
    subject: `Your ${BUSINESS_NAME} receipt: ${dollars(input.amountCents)}${input.isTest ? ' (TEST: no money was taken)' : ''}`,
    paragraphs: [
      ...(input.isTest ? ['TEST: this payment was made in test mode. No money was taken.'] : []),
      `Thank you for your payment of ${dollars(input.amountCents)} (USD).`,
      `Service: the visit of ${formatAppointmentTime(input.startsAt)} (New York time).`,
      `Payment reference: ${input.reference}.`,
      'Keep this e-mail as your receipt.',
    ],
    action: { label: 'See my appointments', url: input.homeUrl },
  };
}

export function refundContent(input: {
  startsAt: Date;
  amountCents: number;
  reference: string;
  homeUrl: string;
  method: string;
}): EmailContent {
  return {
    subject: `Your ${BUSINESS_NAME} refund: ${dollars(input.amountCents)}`,
    paragraphs: [
      `We refunded your payment of ${dollars(input.amountCents)} (USD) for the visit of ${formatAppointmentTime(input.startsAt)} (New York time).`,
      input.method,
      `Refund reference: ${input.reference}.`,
      'Keep this e-mail for your records.',
    ],
    action: { label: 'See my appointments', url: input.homeUrl },
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
