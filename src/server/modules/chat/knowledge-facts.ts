import {
  BOOKING_DAYS,
  BUSINESS_NAME,
  FEES,
  GRACE_MINUTES,
  HARDWARE_NOTE,
  INCREMENT_MINUTES,
  PAYMENT_TERMS,
  type REMOTE_SUPPORT_TOOLS,
  type SECURITY_LESSONS,
  SERVICE_CITIES,
  SERVICE_TOWNS,
  SERVICES_OFFERED,
  SLOT_LABELS,
  type SlotLabel,
  TEXT_CODE_DIGITS,
  TEXT_CODE_MINUTES,
} from '../../../shared/business.ts';
import { APPOINTMENT_MINUTES } from '../../../shared/business-time.ts';
import { english } from '../../../shared/english.ts';
import { LOCALE_NAMES, type Locale } from '../../../shared/locale.ts';
import type { BookingRules } from '../../../shared/schedule.ts';
import { TEXTS_OPT_IN_LABEL } from '../../../shared/text-messages.ts';
import { fact, type Said, said, say, type Value, type Words, words } from './said.ts';
import { SPANISH_LABELS } from './spanish-labels.ts';
import { DAY_ES, listInWordsEs, SITE_LABELS_ES, spokenSlotEs, TOOL_NAME_ES } from './spanish-words.ts';

/**
 * The assistant's knowledge, its first part: the types of its entries and their ids, the facts and values the answers
 * are filled with, the places, and the answers built by functions (the "I don't know", the greeting and thanks, the
 * notice and cut-off rules from the owner's settings). knowledge.ts assembles the entries. Every number, time and
 * name an answer gives comes from here or from src/shared, never typed into one language's text.
 */

export type SupportContact = { phone: string; email: string };

/** An entry in one language, as retrieval and the model read it. */
export type KnowledgeEntry = {
  id: string;
  /** Ways a customer might ask; they weigh most in retrieval. */
  questions: string[];
  /** Other words that point at this entry (synonyms, everyday names). */
  keywords: string;
  answer: string;
};

/** A language's ways of asking for an entry: what retrieval reads besides the answer. */
export type Retrieval = { questions: string[]; keywords: string };

/** The entries' ids; each language's retrieval has every one (knowledge-es.ts: a missing one does not compile). */
export const ENTRY_IDS = [
  'fees',
  'minimum-charge',
  'consulting',
  'payment-methods',
  'when-pay',
  'service-area',
  'booking-days',
  'booking-times',
  'how-to-book',
  'appointment-limit',
  'cancel',
  'reschedule',
  'cutoff',
  'notice',
  'time-off',
  'completed-job',
  'describe-problem',
  'remote-support',
  'remote-tools',
  'remote-safety',
  'hardware',
  'services',
  'who',
  'contact',
  'account',
  'reminder',
  'business-hardware-software',
  'texts',
  'texts-stop',
  'trusted-contact',
  'invoices',
  'refunds',
  'language',
  'home-screen-app',
  'past-visits',
  'my-data',
  'delete-account',
  'visit-length',
  'last-slot',
  'problem:printer',
  'problem:wifi',
  'problem:email',
  'problem:phone-tablet',
  'problem:slow-computer',
  'problem:backup',
  'problem:video-calls',
  'problem:virus-popups',
] as const;
export type EntryId =
  | (typeof ENTRY_IDS)[number]
  | `service:${(typeof SERVICES_OFFERED)[number]['title']}`
  | `security:${(typeof SECURITY_LESSONS)[number]['anchor']}`;

/** An entry as written: its id, the English ways of asking, and its answer once, with its facts as values. */
export type KnowledgeSource = Retrieval & { id: EntryId; answer: Said | Words };

/** '08:00am' → '8:00 am', the way people say it. */
export function spokenSlot(label: string): string {
  return label.replace(/^0/, '').replace(/(am|pm)$/, ' $1');
}

export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export const SPOKEN_SLOTS = listInWords(SLOT_LABELS.map(spokenSlot));

export function citiesOf(town: (typeof SERVICE_TOWNS)[number]): string[] {
  return SERVICE_CITIES.filter((city) => city.town === town).map((city) => city.name);
}

// ---- The values the answers are filled with, in each language -----------------------------------------------------

/** A button the answer tells the customer to press: bare in English ("press Cancel"), «Cancelar» in Spanish. */
export const button = (label: keyof typeof SPANISH_LABELS): Words => words(label, `«${SPANISH_LABELS[label]}»`);
/** A label the answer quotes: "Closed", «Cerrado». */
export const quotedButton = (label: keyof typeof SPANISH_LABELS): Words => words(`"${label}"`, `«${SPANISH_LABELS[label]}»`);
/** One of the new answers' labels (SITE_LABELS): "Invoice", «Factura». */
export const siteLabel = (label: SiteLabel): Words => words(`"${label}"`, `«${SITE_LABELS_ES[label]}»`);

/** 'Saturdays and Sundays', 'sábados y domingos'. */
export const BOOKING_DAYS_IN_WORDS = words(
  listInWords(BOOKING_DAYS.map((day) => `${day}s`)),
  listInWordsEs(BOOKING_DAYS.map((day) => `${DAY_ES[day]}s`)),
);
/** 'Saturday or Sunday', 'sábado o domingo'. */
export const ONE_BOOKING_DAY = words(
  BOOKING_DAYS.join(' or '),
  listInWordsEs(
    BOOKING_DAYS.map((day) => DAY_ES[day]),
    'o',
  ),
);
export const slotInWords = (slot: string): Words => words(spokenSlot(slot), spokenSlotEs(slot));
export const SLOTS_IN_WORDS = words(SPOKEN_SLOTS, listInWordsEs(SLOT_LABELS.map(spokenSlotEs)));
const ENGLISH_NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
/** 'eight' start times in English, '8' in Spanish, as each answer has always written it. */
export const SLOT_COUNT = words(ENGLISH_NUMBERS[SLOT_LABELS.length] ?? String(SLOT_LABELS.length), String(SLOT_LABELS.length));
export const [TOWN_A, TOWN_B] = SERVICE_TOWNS;
/** A town's own name: 'Islip' of 'Town of Islip'. */
const townName = (town: string) => town.replace(/^Town of /, '');
/** 'the Town of Islip and the Town of Smithtown', 'los municipios de Islip y Smithtown' (docs/glossary.md). */
export const TOWNS = words(
  listInWords(SERVICE_TOWNS.map((town) => `the ${town}`)),
  `los municipios de ${listInWordsEs(SERVICE_TOWNS.map(townName))}`,
);
/** 'Town of Islip', 'municipio de Islip': one town after its article ("in the …", "en el …"). */
export const townInWords = (town: (typeof SERVICE_TOWNS)[number]): Words => words(town, `municipio de ${townName(town)}`);
export const citiesInWords = (town: (typeof SERVICE_TOWNS)[number]): Words =>
  words(listInWords(citiesOf(town)), listInWordsEs(citiesOf(town)));
// The texts of src/shared the answers quote are said in Spanish as the site says them (`fact`, said.ts).
export const PAYMENT_TERMS_IN_WORDS = fact(PAYMENT_TERMS);
export const HARDWARE_NOTE_IN_WORDS = fact(HARDWARE_NOTE);
/** 'Funciona en…' → 'funciona en…': a description goes on in lower case after a colon. */
export const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
export const SERVICES_IN_WORDS = words(
  SERVICES_OFFERED.map((service) => service.title.toLowerCase()).join('; '),
  SERVICES_OFFERED.map((service) => lowerFirst(fact(service.title).es)).join('; '),
);
const SMALL_BUSINESS = SERVICES_OFFERED.find((service) => service.title.startsWith('Small business'));
export const SMALL_BUSINESS_IN_WORDS = fact(SMALL_BUSINESS?.text ?? '');
type Tool = (typeof REMOTE_SUPPORT_TOOLS)[number];
/** A tool's name, which the site keeps in English, with the assistant's Spanish gloss (spanish-words.ts). */
export const toolName = (tool: Tool): Words => words(tool.name, TOOL_NAME_ES[tool.name]);
/**
 * A tool's platforms, which the Spanish answer puts after the tool's name ("…, para Windows, Mac y Chromebook"): the
 * site's own Spanish (facts/es.po), its first word in lower case unless the English has it too, a name ("Solo
 * Windows" → "para solo Windows").
 */
export const toolPlatforms = (tool: Tool): Words => {
  const spanish = fact(tool.platforms).es;
  const first = spanish.split(/[\s,]/)[0] ?? '';
  return words(tool.platforms, `para ${tool.platforms.includes(first) ? spanish : lowerFirst(spanish)}`);
};
export const toolText = (tool: Tool): Words => words(tool.text, lowerFirst(fact(tool.text).es));
const dollars = (amount: number) => `$${amount}`;
/** The fee schedule's numbers, as the fee answers name them. */
export const feeValues: Readonly<Record<string, Value>> = {
  troubleshootingHour: dollars(FEES.troubleshooting.hourlyDollars),
  troubleshootingStep: dollars(FEES.troubleshooting.incrementDollars),
  consultingHour: dollars(FEES.consulting.hourlyDollars),
  consultingStep: dollars(FEES.consulting.incrementDollars),
  step: INCREMENT_MINUTES,
  grace: GRACE_MINUTES,
};

// ---- Places ------------------------------------------------------------------------------------------------------

/**
 * Nearby places people ask about that are outside the two towns. Naming them lets the assistant say "no"
 * plainly instead of guessing; a place on neither list gets the list of the places we do serve.
 */
export const NEARBY_UNSERVED_PLACES = [
  'Patchogue',
  'Medford',
  'Selden',
  'Centereach',
  'Lake Grove',
  'Stony Brook',
  'Setauket',
  'Port Jefferson',
  'Huntington',
  'Northport',
  'East Northport',
  'Babylon',
  'Lindenhurst',
  'Deer Park',
  'Dix Hills',
  'Bellport',
  'Riverhead',
  'Hempstead',
  'Levittown',
  'Massapequa',
  'Farmingdale',
  'Melville',
  'Queens',
  'Brooklyn',
  'Manhattan',
] as const;

/**
 * The product's facts that the English and the Spanish entries both state (issue 41): every number, time and name
 * an answer gives comes from here or from src/shared, never typed into one language's text, so the two languages
 * cannot come to say different things. assistant-questions.test.ts checks that both state the same ones.
 */
export const PRODUCT_FACTS = {
  visitMinutes: APPOINTMENT_MINUTES,
  firstSlot: SLOT_LABELS[0],
  // The list is a fixed, non-empty tuple: its last label is always there.
  lastSlot: SLOT_LABELS.at(-1) as SlotLabel,
  textCodeDigits: TEXT_CODE_DIGITS,
  textCodeMinutes: TEXT_CODE_MINUTES,
  /** The replies the texts honour (text-service.ts). */
  textReplies: { stop: 'STOP', start: 'START', help: 'HELP' },
  /** The header's language switch. */
  languageSwitch: `${LOCALE_NAMES.en} / ${LOCALE_NAMES.es}`,
  spanish: LOCALE_NAMES.es,
  /** How long to leave a modem and router off before switching them on again. */
  modemOffSeconds: 30,
  videoCallApps: ['Zoom', 'FaceTime', 'WhatsApp'],
  backupPlaces: ['iCloud', 'OneDrive', 'Google Drive'],
  emailServices: ['Gmail', 'Outlook', 'Yahoo', 'AOL'],
  appleDevices: ['iPhone', 'iPad'],
  android: 'Android',
  appStores: ['App Store', 'Google Play'],
  browsers: { apple: 'Safari', android: 'Chrome' },
  windows: 'Windows',
  mac: 'Mac',
} as const;

/**
 * The site's buttons and headings the new answers name, as the English screens show them; spanish-words.ts has each
 * one's Spanish (a label added here without it does not compile), checked against the screens' catalogues.
 */
export const SITE_LABELS = [
  TEXTS_OPT_IN_LABEL,
  'Confirm your number for texts',
  'Send a new code',
  'Trusted contact',
  'Remove trusted contact',
  'Invoice',
  'Your data',
  'Download my data',
  'Delete my account',
] as const;
export type SiteLabel = (typeof SITE_LABELS)[number];

// ---- The answers that are built by functions ----------------------------------------------------------------------

export function supportLineSaid(support: SupportContact): Said {
  return said(english('call us at {phone} or e-mail {email}'), { phone: support.phone, email: support.email });
}

/** 'call us at … or e-mail …', in the customer's language. */
export function supportLine(support: SupportContact, locale: Locale = 'en'): string {
  return say(supportLineSaid(support), locale);
}

/** The answer when the assistant does not know: it says so and offers the people who do. */
export function declineAnswer(support: SupportContact, locale: Locale = 'en'): string {
  return say(
    // biome-ignore format: the message extractor needs this english() text in single quotes
    said(english('I\'m sorry, I don\'t know the answer to that. I can only answer questions about {business}\'s services, fees, service area, booking, remote support, payment and online safety. For anything else, please {supportLine}, and a person will help you.'), { business: BUSINESS_NAME, supportLine: supportLineSaid(support) }),
    locale,
  );
}

/** The answer to a greeting alone ("hi", "good morning"): hello, and what can be asked. */
export function greetingAnswer(locale: Locale = 'en'): string {
  return say(
    // biome-ignore format: the message extractor needs this english() text in single quotes
    said(english('Hello! I can answer questions about {business}\'s services, fees, service area, booking, remote support, payment and online safety. What would you like to know?'), { business: BUSINESS_NAME }),
    locale,
  );
}

/** The answer to thanks alone. */
export function thanksAnswer(support: SupportContact, locale: Locale = 'en'): string {
  return say(
    // biome-ignore format: the message extractor needs this english() text in single quotes
    said(english('You\'re welcome! If you have another question, just ask. To talk to a person, call us at {phone}.'), { phone: support.phone }),
    locale,
  );
}

/** '1 hour', '12 hours', '48 hours (2 days)': the owner's rules in the words a customer reads. */
function hoursSaid(hours: number): Said {
  if (hours >= 48 && hours % 24 === 0) return said(english('{hours} hours ({days} days)'), { hours, days: hours / 24 });
  return said(english('{hours, plural, one {# hour} other {# hours}}'), { hours });
}

export function hoursInWords(hours: number, locale: Locale = 'en'): string {
  return say(hoursSaid(hours), locale);
}

/** The minimum notice for a booking, from the owner's current rules. */
export function noticeSaid(rules: BookingRules): Said {
  if (rules.minNoticeHours === 0) return said(english('You can book any open time that has not started yet.'));
  return said(
    english(
      'A visit must be booked at least {hours} ahead: no booking less than {hours} before the visit. Times that are closer than that show as {tooSoon} in the calendar.',
    ),
    { hours: hoursSaid(rules.minNoticeHours), tooSoon: quotedButton('Too soon to book') },
  );
}

export function noticeRule(rules: BookingRules, locale: Locale = 'en'): string {
  return say(noticeSaid(rules), locale);
}

/** The customer's cut-off for cancelling or moving a visit online, from the owner's current rules. */
export function cutoffSaid(rules: BookingRules, support: SupportContact): Said {
  if (rules.cutoffHours === 0) return said(english('You can cancel or change a visit online at any time before it starts.'));
  return said(
    english(
      'You can cancel or change a visit online until {hours} before it starts. After that it can no longer be changed or cancelled online: please call us at {phone}.',
    ),
    { hours: hoursSaid(rules.cutoffHours), phone: support.phone },
  );
}

export function cutoffRule(rules: BookingRules, support: SupportContact, locale: Locale = 'en'): string {
  return say(cutoffSaid(rules, support), locale);
}
