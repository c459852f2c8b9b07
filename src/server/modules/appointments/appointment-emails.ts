import { BUSINESS_NAME } from '../../../shared/business.ts';
import { formatAppointmentTime } from '../../../shared/business-time.ts';
import { english } from '../../../shared/english.ts';
import { formatArrivalTime } from '../../../shared/on-the-way.ts';
import type { Translator } from '../../i18n.ts';
import type { EmailContent } from '../mail/index.ts';

export type AppointmentFacts = {
  startsAt: Date;
  isRemote: boolean;
  location: string;
  description: string;
  customerName: string;
  customerEmail: string;
  /** The customer's phone, for the owner's notices: the owner calls about a visit. */
  customerPhone: string;
  /** The customer's account: the e-mails about the visit name it, so they go when the account is deleted. */
  customerId: string;
};

const when = (facts: AppointmentFacts) => `${formatAppointmentTime(facts.startsAt)} (New York time)`;
/** The kind of visit with its article, as the owner's notices say it: "an in-person visit", "a remote visit". */
const aVisit = (facts: AppointmentFacts) => (facts.isRemote ? 'a remote visit' : 'an in-person visit');

/**
 * The customer's e-mails about their visit, in their language (`language`, from their saved locale): the English
 * texts are the message ids of src/server/locales; times are New York times written the language's way, and every
 * link opens the app in that language. The owner's notices (below) stay in English, like the back office.
 */
function appointmentWords(language: Translator, facts: AppointmentFacts) {
  const { t } = language;
  const time = language.appointmentTime(facts.startsAt);
  return {
    business: BUSINESS_NAME,
    time,
    when: t(english('{time} (New York time)'), { time }),
    kind: facts.isRemote ? t(english('remote')) : t(english('in-person')),
  };
}

const comeTo = (language: Translator, facts: AppointmentFacts) =>
  language.t(english('We will come to {location}.'), { location: facts.location });

/** The code word's lines (issue 39): the word the technician will say, and why it matters. */
export const codeWordLines = (language: Translator, word: string) =>
  `${language.t(english('Our technician will say: {word}.'), { word })} ${language.t(english('Never let anyone in, or onto your computer, who cannot say it.'))}`;

export function confirmationContent(
  language: Translator,
  facts: AppointmentFacts,
  homeUrl: string,
  phone: string,
  codeWord?: string,
): EmailContent {
  const { t } = language;
  const words = appointmentWords(language, facts);
  const word = codeWord ? [codeWordLines(language, codeWord)] : [];
  const booked = t(english('Thank you, {name}. Your {kind} visit is booked for {when}.'), { ...words, name: facts.customerName });
  const where = facts.isRemote
    ? t(english('At that time we will call you and help you connect; see {url} to get ready.'), {
        url: language.link(homeUrl.replace(/\/home$/, '/remotesupport')),
      })
    : comeTo(language, facts);
  const invitation = t(english('The attached invitation adds the visit to your calendar.'));
  const call = t(english('To change anything, call us at {phone}.'), { phone });
  return {
    subject: t(english('Your {business} visit on {time}'), words),
    paragraphs: [
      booked,
      where,
      // Two messages, one paragraph: each short enough to stay one literal on one line.
      `${invitation} ${t(english('You can describe the problem, or cancel the visit, from your appointments page.'))}`,
      ...word,
      call,
    ],
    contactParagraphs: [booked, where, invitation, ...word, call],
    action: { label: t(english('See my appointments')), url: language.link(homeUrl) },
  };
}

/** The reminder a day before; `today` when it goes out on the visit's own day (in New York). */
export function reminderContent(
  language: Translator,
  facts: AppointmentFacts,
  homeUrl: string,
  phone: string,
  today = false,
): EmailContent {
  const { t } = language;
  const words = appointmentWords(language, facts);
  const appointmentLines = [
    t(english('This is a reminder of your {kind} visit on {when}.'), words),
    facts.isRemote ? t(english('Please be near your computer and your phone at that time.')) : comeTo(language, facts),
  ];
  return {
    subject: today
      ? t(english('Reminder: your {business} visit today'), words)
      : t(english('Reminder: your {business} visit tomorrow'), words),
    paragraphs: [
      ...appointmentLines,
      t(english('If you cannot make it, please cancel from your appointments page or call {phone}.'), { phone }),
    ],
    contactParagraphs: [...appointmentLines, t(english('To change anything, call us at {phone}.'), { phone })],
    action: { label: t(english('See my appointments')), url: language.link(homeUrl) },
  };
}

export function rescheduleContent(
  language: Translator,
  facts: AppointmentFacts,
  previousStartsAt: Date,
  homeUrl: string,
  phone: string,
): EmailContent {
  const { t } = language;
  const words = appointmentWords(language, facts);
  return {
    subject: t(english('Your {business} visit has moved to {time}'), words),
    paragraphs: [
      t(english('Your {kind} visit has moved from {previous} to {when}.'), {
        ...words,
        previous: language.appointmentTime(previousStartsAt),
      }),
      facts.isRemote ? t(english('At that time we will call you and help you connect.')) : comeTo(language, facts),
      t(english('The attached invitation updates the visit in your calendar.')),
      t(english('To change anything, call us at {phone}.'), { phone }),
    ],
    action: { label: t(english('See my appointments')), url: language.link(homeUrl) },
  };
}

/** The owner made the visit remote, or in person: the customer hears it, with the invitation updated. */
export function kindChangeContent(language: Translator, facts: AppointmentFacts, homeUrl: string, phone: string): EmailContent {
  const { t } = language;
  const words = appointmentWords(language, facts);
  return {
    subject: facts.isRemote
      ? t(english('Your {business} visit on {time} is now remote'), words)
      : t(english('Your {business} visit on {time} is now in person'), words),
    paragraphs: [
      facts.isRemote
        ? t(english('Your visit on {when} is now a remote visit: we will not come to your home.'), words)
        : t(english('Your visit on {when} is now an in-person visit.'), words),
      facts.isRemote
        ? t(english('At that time we will call you and help you connect; see {url} to get ready.'), {
            url: language.link(homeUrl.replace(/\/home$/, '/remotesupport')),
          })
        : comeTo(language, facts),
      t(english('The attached invitation updates the visit in your calendar.')),
      t(english('To change anything, call us at {phone}.'), { phone }),
    ],
    action: { label: t(english('See my appointments')), url: language.link(homeUrl) },
  };
}

export function cancellationContent(language: Translator, facts: AppointmentFacts, homeUrl: string): EmailContent {
  const { t } = language;
  const words = appointmentWords(language, facts);
  return {
    subject: t(english('Your {business} visit on {time} is cancelled'), words),
    paragraphs: [
      t(english('Your {kind} visit on {when} has been cancelled.'), words),
      t(english('The attached cancellation removes it from your calendar.')),
      t(english('You can book another time whenever you like.')),
    ],
    action: { label: t(english('Book another visit')), url: language.link(homeUrl) },
  };
}

/** The owner took a visit off the schedule: the customer hears it from us, with the reason to call. */
export function ownerCancellationContent(language: Translator, facts: AppointmentFacts, homeUrl: string, phone: string): EmailContent {
  const { t } = language;
  const words = appointmentWords(language, facts);
  const cancelled = [
    t(english('We are sorry: we had to cancel your {kind} visit on {when}.'), words),
    t(english('The attached cancellation removes it from your calendar.')),
  ];
  return {
    subject: t(english('Your {business} visit on {time} is cancelled'), words),
    paragraphs: [
      ...cancelled,
      t(english('Please call us at {phone} and we will find you another time, or book one yourself from your appointments page.'), {
        phone,
      }),
    ],
    contactParagraphs: [...cancelled, t(english('Please call us at {phone} and we will find another time.'), { phone })],
    action: { label: t(english('Book another visit')), url: language.link(homeUrl) },
  };
}

const ADMIN_NOTICE = {
  booked: { subject: 'New booking', verb: 'booked' },
  cancelled: { subject: 'Cancelled', verb: 'cancelled' },
  moved: { subject: 'Moved', verb: 'moved' },
} as const;

export type AdminNotice = keyof typeof ADMIN_NOTICE;

export function adminNoticeContent(event: AdminNotice, facts: AppointmentFacts, adminUrl: string, previousStartsAt?: Date): EmailContent {
  const notice = ADMIN_NOTICE[event];
  const moved = previousStartsAt ? ` from ${formatAppointmentTime(previousStartsAt)} to` : ' on';
  return {
    subject: `${notice.subject}: ${formatAppointmentTime(facts.startsAt)}`,
    paragraphs: [
      `${facts.customerName} (${facts.customerEmail}) ${notice.verb} ${aVisit(facts)}${event === 'moved' ? moved : ' on'} ${when(facts)}.`,
      ...(facts.customerPhone ? [`Phone: ${facts.customerPhone}.`] : []),
      `Location: ${facts.location}.`,
      ...(facts.description ? [`Problem: ${facts.description}`] : []),
    ],
    action: { label: 'Open the dashboard', url: adminUrl },
  };
}

/** What "on my way" tells (issue 39): who is coming, about when, and the customer's code word. */
export type OnTheWayFacts = { technician: string; arrivesAt: Date; codeWord: string };

/** The technician as the messages name them: the configured name, or "Your technician" in the reader's language. */
export const technicianOf = (language: Translator, name: string) => name || language.t(english('Your technician'));

/**
 * "On my way" by e-mail, in the customer's language: the technician's name, the arrival time, the code word, and
 * the two rules that keep a scammer out (the text says the same in fewer words). The trusted contact's copy has the
 * same lines.
 */
export function onTheWayContent(language: Translator, trip: OnTheWayFacts, homeUrl: string): EmailContent {
  const { t } = language;
  const values = {
    business: BUSINESS_NAME,
    technician: technicianOf(language, trip.technician),
    time: formatArrivalTime(trip.arrivesAt, language.locale),
    word: trip.codeWord,
  };
  return {
    subject: t(english('{technician} is on the way, arriving about {time}'), values),
    paragraphs: [
      t(english('{technician} from {business} is on the way to your visit, arriving about {time}.'), values),
      t(english('At the door, the technician will say the code word: {word}.'), values),
      t(english('Never let anyone in who cannot say it. Never pay anyone by gift card: we never ask for one.'), values),
    ],
    action: { label: t(english('See my appointments')), url: language.link(homeUrl) },
  };
}
