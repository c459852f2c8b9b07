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

export function rescheduleContent(facts: VisitFacts, previousStartsAt: Date, homeUrl: string, phone: string): EmailContent {
  return {
    subject: `Your ${BUSINESS_NAME} visit has moved to ${formatAppointmentTime(facts.startsAt)}`,
    paragraphs: [
      `Your ${kind(facts)} visit has moved from ${formatAppointmentTime(previousStartsAt)} to ${when(facts)}.`,
      facts.isRemote ? 'At that time we will call you and help you connect.' : `We will come to ${facts.location}.`,
      'The attached invitation updates the visit in your calendar.',
      `To change anything, call us at ${phone}.`,
    ],
    action: { label: 'See my appointments', url: homeUrl },
  };
}

export function cancellationContent(facts: VisitFacts, homeUrl: string): EmailContent {
  return {
    subject: `Your ${BUSINESS_NAME} visit on ${formatAppointmentTime(facts.startsAt)} is cancelled`,
    paragraphs: [
      `Your ${kind(facts)} visit on ${when(facts)} has been cancelled.`,
      'The attached cancellation removes it from your calendar.',
      'You can book another time whenever you like.',
    ],
    action: { label: 'Book another visit', url: homeUrl },
  };
}

/** The owner took a visit off the schedule: the customer hears it from us, with the reason to call. */
export function ownerCancellationContent(facts: VisitFacts, homeUrl: string, phone: string): EmailContent {
  return {
    subject: `Your ${BUSINESS_NAME} visit on ${formatAppointmentTime(facts.startsAt)} is cancelled`,
    paragraphs: [
      `We are sorry: we had to cancel your ${kind(facts)} visit on ${when(facts)}.`,
      'The attached cancellation removes it from your calendar.',
      `Please call us at ${phone} and we will find you another time, or book one yourself from your appointments page.`,
    ],
    action: { label: 'Book another visit', url: homeUrl },
  };
}

const ADMIN_NOTICE = {
  booked: { subject: 'New booking', verb: 'booked' },
  cancelled: { subject: 'Cancelled', verb: 'cancelled' },
  moved: { subject: 'Moved', verb: 'moved' },
} as const;

export type AdminNotice = keyof typeof ADMIN_NOTICE;

export function adminNoticeContent(event: AdminNotice, facts: VisitFacts, adminUrl: string, previousStartsAt?: Date): EmailContent {
  const notice = ADMIN_NOTICE[event];
  const moved = previousStartsAt ? ` from ${formatAppointmentTime(previousStartsAt)} to` : ' on';
  return {
    subject: `${notice.subject}: ${formatAppointmentTime(facts.startsAt)}`,
    paragraphs: [
      `${facts.customerName} (${facts.customerEmail}) ${notice.verb} a ${kind(facts)} visit${event === 'moved' ? moved : ' on'} ${when(facts)}.`,
      `Location: ${facts.location}.`,
      ...(facts.description ? [`Problem: ${facts.description}`] : []),
    ],
    action: { label: 'Open the dashboard', url: adminUrl },
  };
}
