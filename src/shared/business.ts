/**
 * The business's facts, in one place: the pages, the e-mails and the chat assistant all read them from here.
 * The support phone and e-mail are configuration (SUPPORT_PHONE, SUPPORT_EMAIL) and reach the pages through
 * the app configuration the server embeds in the page.
 */

import { english } from './english.ts';

export { BUSINESS_NAME, BUSINESS_TAGLINE } from './site.ts';

export const BUSINESS_STATE = 'NY';
export const BUSINESS_TIME_ZONE = 'America/New_York';

import { SERVICE_CITIES } from './service-area.ts';

export { SERVICE_CITIES, SERVICE_TOWNS, type ServiceCity } from './service-area.ts';

export const CITY_PLACEHOLDER = english('Select a City');

export function zipForCity(city: string): string | undefined {
  return SERVICE_CITIES.find((entry) => entry.name === city)?.zip;
}

/** The eight visit slots of a Saturday or Sunday, New York time, every 90 minutes. */
export const SLOT_LABELS = ['08:00am', '09:30am', '11:00am', '12:30pm', '02:00pm', '03:30pm', '05:00pm', '06:30pm'] as const;
export type SlotLabel = (typeof SLOT_LABELS)[number];
export const BOOKING_DAYS = ['Saturday', 'Sunday'] as const;
export const MAX_OPEN_APPOINTMENTS = 3;

/**
 * The code that confirms a customer's number before any text (decision 031): its digits, and how long it works.
 * The chat assistant's answers read them here; the texts module's own code (text-service.ts) should read them too.
 */
export const TEXT_CODE_DIGITS = 6;
export const TEXT_CODE_MINUTES = 15;

export type ServiceKind = 'troubleshooting' | 'consulting';

/** Fees in whole dollars. Extra time is billed in 30-minute increments after the first hour. */
export const FEES: Readonly<
  Record<ServiceKind, { label: string; hourlyDollars: number; minimumMinutes: number; incrementDollars: number }>
> = {
  troubleshooting: { label: english('Troubleshooting'), hourlyDollars: 50, minimumMinutes: 60, incrementDollars: 25 },
  consulting: { label: english('Consulting'), hourlyDollars: 100, minimumMinutes: 60, incrementDollars: 50 },
};
export const INCREMENT_MINUTES = 30;
/** Time up to this many minutes past the hour or half-hour is not charged. */
export const GRACE_MINUTES = 10;

/** The 30-minute increments charged after the first hour: time up to GRACE_MINUTES past the hour or half-hour is free. */
export function extraHalfHours(kind: ServiceKind, minutes: number): number {
  if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError('minutes must be a non-negative number');
  const beyondFirstHour = minutes - FEES[kind].minimumMinutes - GRACE_MINUTES;
  return beyondFirstHour > 0 ? Math.ceil(beyondFirstHour / INCREMENT_MINUTES) : 0;
}

/** The fee, in whole dollars, for a visit of the given length, as the fee schedule states it. */
export function feeForAppointment(kind: ServiceKind, minutes: number): number {
  const fee = FEES[kind];
  return fee.hourlyDollars + extraHalfHours(kind, minutes) * fee.incrementDollars;
}

/** The fee schedule in the words the spec uses; shown on /services and read by the assistant. */
export const FEE_SCHEDULE_TEXT = [
  english('Troubleshooting: $50 per hour, one-hour minimum, then $25 per 30-minute increment.'),
  english('Consulting: $100 per hour, one-hour minimum, then $50 per 30-minute increment.'),
  english('Time more than 10 minutes past the hour or half-hour adds a 30-minute charge.'),
] as const;

export const PAYMENT_METHODS = [english('Cash'), english('Check'), 'PayPal', english('Credit and debit cards')] as const;
export const PAYMENT_TERMS = english('Payment is due at the time of service by cash, check, PayPal or card.');
// biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
export const HARDWARE_NOTE = english('We do not repair hardware. When a part or a device has failed, we help you choose a replacement and set it up.');

export const SERVICES_OFFERED = [
  {
    title: english('Computer troubleshooting'),
    // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
    text: english('Slow or frozen computers, error messages, programs that will not open, printers and scanners that stopped working, and updates that went wrong.'),
  },
  {
    title: english('Internet and Wi-Fi'),
    text: english('Weak or dropping Wi-Fi, new routers and modems, getting every phone, tablet, smart TV and printer connected.'),
  },
  {
    title: english('E-mail, accounts and passwords'),
    // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
    text: english('Setting up e-mail on a new device, recovering locked accounts, and organizing passwords in a password manager so you never lose them again.'),
  },
  {
    title: english('Security checkups'),
    // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
    text: english('Removing viruses and pop-ups, checking antivirus and firewall settings, spotting scam e-mails and calls, and safe online banking habits.'),
  },
  {
    title: english('New devices and backups'),
    // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
    text: english('Moving your files, photos and contacts to a new computer or phone, and setting up automatic backups so nothing is lost.'),
  },
  {
    title: english('Small business and home office'),
    text: english('Shared printers, office Wi-Fi, Microsoft 365 and Google Workspace accounts, and technology planning as consulting.'),
  },
] as const;

export const TECHNICIAN_BIO = {
  heading: english('Meet your technician'),
  paragraphs: [
    // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
    english('TechHelp is a local, one-technician business based in the Town of Islip. Your technician grew up on Long Island and has spent more than twenty years keeping computers, networks and people working: first on a corporate help desk, then running the technology of small offices across Suffolk County.'),
    // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
    english('Most of our customers are home offices, small businesses and older adults who want a patient, plain-spoken person to fix the problem and show them how to avoid it next time. Nothing is done to your computer without explaining it first, and you never pay for time spent waiting.'),
    // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
    english('Every visit is booked on a Saturday or Sunday, so working families and small business owners do not have to take time off. When a visit in person is not needed, we can connect to your computer remotely, with your permission, while you watch.'),
  ],
} as const;

export const REMOTE_SUPPORT_TOOLS = [
  {
    name: 'Chrome Remote Desktop',
    url: 'https://remotedesktop.google.com/support',
    platforms: english('Windows, Mac and Chromebook'),
    // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
    text: english('Works in the Google Chrome browser on Windows, Mac and Chromebook. Open the link, choose "Generate Code" and read the code to your technician over the phone. You can end the session at any time.'),
  },
  {
    name: 'Windows Quick Assist',
    url: 'https://support.microsoft.com/windows/solve-pc-problems-over-a-remote-connection-b077e31a-16f4-2529-1a47-21f6a9040bf3',
    platforms: english('Windows only'),
    // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
    text: english('Built into Windows 10 and Windows 11 and more capable than a browser tool: your technician can restart your computer and keep helping after it comes back. Press the Windows key, type "Quick Assist", open it, and enter the code your technician gives you.'),
  },
] as const;

/**
 * The four lessons of /securified. The video ids are the owner's to keep current: a video taken down on
 * YouTube shows as unavailable, and the summary beside it still teaches the lesson.
 */
export const SECURITY_LESSONS = [
  {
    anchor: 'strong-password',
    title: english('Strong passwords'),
    youtubeId: 'aEmF3Iylvr4',
    poster: '/images/video-passwords.svg',
    summary: [
      // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
      english('Use a long passphrase of four or more unrelated words, at least 10 characters in all, instead of a short word with symbols.'),
      english('Never reuse a password: when one website is breached, criminals try the same password everywhere else.'),
      english('Let a password manager remember them for you, and turn on two-step verification for e-mail and banking.'),
    ],
  },
  {
    anchor: 'antivirus',
    title: english('Antivirus protection'),
    youtubeId: 'CVMs03YZ_J4',
    poster: '/images/video-antivirus.svg',
    summary: [
      english('Windows 10 and 11 include Microsoft Defender; keep it switched on and let it update itself.'),
      english('One antivirus program is enough: two at once slow the computer down and fight each other.'),
      english('A pop-up that says your computer is infected and gives a phone number to call is a scam, not an antivirus.'),
    ],
  },
  {
    anchor: 'phishing',
    title: english('Phishing e-mails and texts'),
    youtubeId: 'XBkzBpFHKp8',
    poster: '/images/video-phishing.svg',
    summary: [
      english('Be suspicious of any message that is urgent, threatening or too good to be true, even when the logo looks real.'),
      // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
      english('Do not click links or open attachments you did not expect. Go to the company website yourself, or call the number on your card or statement.'),
      english('Your bank, Medicare, the IRS and Microsoft never ask for passwords, codes or gift cards by e-mail, text or phone.'),
    ],
  },
  {
    anchor: 'windows-firewall',
    title: english('The Windows firewall'),
    youtubeId: 'kDEX1HXybrU',
    poster: '/images/video-firewall.svg',
    summary: [
      english('The firewall decides which programs may talk to the internet; Windows turns it on by default.'),
      // biome-ignore format: the message extractor (lingui.config.ts) needs this english() call on one line
      english('Check it in Settings, Privacy & security, Windows Security, Firewall & network protection: every network should say "Firewall is on".'),
      english('If a program asks you to turn the firewall off, stop and call us first.'),
    ],
  },
] as const;
