import { BUSINESS_NAME } from '../../../shared/business.ts';
import { formatAppointmentTime } from '../../../shared/business-time.ts';
import type { EmailContent } from '../mail/mail-templates.ts';

export type VisitFacts = {
  startsAt: Date;
  isRemote: boolean;
  location: string;
  description: string;
  customerName: string;
  customerEmail: string;
};

const when = (facts: VisitFacts) => `${formatAppointmentTime(facts.startsAt)} (New York time)`;
const kind = (facts: VisitFacts) => (facts.isRemote ? 'remote' : 'in-person');

export function confirmationContent(facts: VisitFacts, homeUrl: string, phone: string): EmailContent {
  return {
    subject: `Your ${BUSINESS_NAME} visit on ${formatAppointmentTime(facts.startsAt)}`,
    paragraphs: [
      `Thank you, ${facts.customerName}. Your ${kind(facts)} visit is booked for ${when(facts)}.`,
      facts.isRemote
        ? `At that time we will call you and help you connect; see ${homeUrl.replace(/\/home$/, '/remotesupport')} to get ready.`
        : `We will come to ${facts.location}.`,
      'The attached invitation adds the visit to your calendar. You can describe the problem, or cancel the visit, from your appointments page.',
      `To change anything, call us at ${phone}.`,
    ],
    action: { label: 'See my appointments', url: homeUrl },
  };
}

export function reminderContent(facts: VisitFacts, homeUrl: string, phone: string): EmailContent {
  return {
    subject: `Reminder: your ${BUSINESS_NAME} visit tomorrow`,
    paragraphs: [
      `This is a reminder of your ${kind(facts)} visit on ${when(facts)}.`,
      facts.isRemote ? 'Please be near your computer and your phone at that time.' : `We will come to ${facts.location}.`,
      `If you cannot make it, please cancel from your appointments page or call ${phone}.`,
    ],
    action: { label: 'See my appointments', url: homeUrl },
  };
}

export function cancellationContent(facts: VisitFacts, homeUrl: string): EmailContent {
  return {
    subject: `Your ${BUSINESS_NAME} visit on ${formatAppointmentTime(facts.startsAt)} is cancelled`,
    paragraphs: [`Your ${kind(facts)} visit on ${when(facts)} has been cancelled.`, 'You can book another time whenever you like.'],
    action: { label: 'Book another visit', url: homeUrl },
  };
}

export function adminNoticeContent(event: 'booked' | 'cancelled', facts: VisitFacts, adminUrl: string): EmailContent {
  return {
    subject: `${event === 'booked' ? 'New booking' : 'Cancelled'}: ${formatAppointmentTime(facts.startsAt)}`,
    paragraphs: [
      `${facts.customerName} (${facts.customerEmail}) ${event === 'booked' ? 'booked' : 'cancelled'} a ${kind(facts)} visit on ${when(facts)}.`,
      `Location: ${facts.location}.`,
      ...(facts.description ? [`Problem: ${facts.description}`] : []),
    ],
    action: { label: 'Open the dashboard', url: adminUrl },
  };
}
