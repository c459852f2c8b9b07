import { SECURITY_LESSONS, SERVICES_OFFERED } from '../../../shared/business.ts';
import { english } from '../../../shared/english.ts';
import { BOOKING_DAYS_IN_WORDS, type KnowledgeSource, lowerFirst } from './knowledge-facts.ts';
import { fact, said, words } from './said.ts';

/**
 * The entries of the site's own pages: one for each service of the Services page and one for each security lesson
 * of the Securified page, answered from their texts in src/shared, in Spanish as the site shows them (`fact`).
 */
export function siteEntries(): KnowledgeSource[] {
  return [
    ...SERVICES_OFFERED.map((service) => ({
      id: `service:${service.title}` as const,
      questions: [service.title],
      keywords: serviceKeywords[service.title] ?? '',
      answer: said(english('Yes, we help with that. {text} Visits are on {days}, in person or remote.'), {
        text: fact(service.text),
        days: BOOKING_DAYS_IN_WORDS,
      }),
    })),
    ...SECURITY_LESSONS.map((lesson) => ({
      id: `security:${lesson.anchor}` as const,
      questions: [lesson.title],
      keywords: lessonKeywords[lesson.anchor] ?? '',
      answer: said(english('{summary} The Securified page on this site has a short video about {title}.'), {
        summary: fact(...lesson.summary),
        title: words(lesson.title.toLowerCase(), lowerFirst(fact(lesson.title).es)),
      }),
    })),
  ];
}

const serviceKeywords: Record<string, string> = {
  'Computer troubleshooting':
    'slow frozen freeze crash crashes error errors program programs update updates printer scanner computer laptop pc mac',
  'Internet and Wi-Fi': 'wifi wi-fi wireless internet router modem network connect connection signal printer tv tablet phone',
  'E-mail, accounts and passwords': 'email e-mail outlook gmail locked out account accounts password manager recover',
  'Security checkups': 'virus viruses popups pop-ups security checkup scam banking',
  'New devices and backups': 'new computer phone transfer move files photos pictures contacts backup backups setup set',
  'Small business and home office': 'business office microsoft 365 google workspace shared printer',
};

const lessonKeywords: Record<string, string> = {
  'strong-password':
    'password passwords passphrase strong good create choose pick secure safe reuse manager two-step two factor verification 2fa hacked breach',
  antivirus: 'antivirus anti-virus virus viruses malware infected infection defender norton mcafee popup pop-up warning scan protection',
  phishing:
    'phishing scam scams scammer fraud fake suspicious weird strange email e-mail text message link attachment click bank account locked suspended verify irs medicare gift card urgent caller',
  'windows-firewall': 'firewall network protection blocked block turn off windows security settings',
};
