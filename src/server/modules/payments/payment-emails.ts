import { BUSINESS_NAME } from '../../../shared/business.ts';
import { formatAppointmentTime } from '../../../shared/business-time.ts';
import type { EmailContent } from '../mail/mail-templates.ts';

export function receiptContent(input: { startsAt: Date; amountCents: number; reference: string; homeUrl: string }): EmailContent {
  return {
    subject: `Your ${BUSINESS_NAME} receipt: $${(input.amountCents / 100).toFixed(2)}`,
    paragraphs: [
      `Thank you for your payment of $${(input.amountCents / 100).toFixed(2)} (USD).`,
      `Service: the visit of ${formatAppointmentTime(input.startsAt)} (New York time).`,
      `Payment reference: ${input.reference}.`,
      'Keep this e-mail as your receipt.',
    ],
    action: { label: 'See my appointments', url: input.homeUrl },
  };
}
