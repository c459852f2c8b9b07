import type { ContactForm } from '../../../shared/contact-form.ts';
import type { EmailContent } from '../mail/index.ts';

/**
 * The owner's e-mail of a visitor's message, in English (the back office's language): who wrote, how to answer
 * them, and their words, one paragraph per line they typed. The visitor was sent nothing.
 */
export function ownerMessageContent(message: ContactForm & { language: 'en' | 'es' }): EmailContent {
  const ways = [message.email && `e-mail ${message.email}`, message.phone && `phone ${message.phone}`].filter(Boolean).join(', ');
  return {
    // No name in the subject: the mail module logs subjects.
    subject: 'New message from the contact form on the website',
    paragraphs: [
      `${message.name} wrote through the contact form on the website${message.language === 'es' ? ', in Spanish' : ''}:`,
      ...message.message
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
      `How to answer: ${ways}.`,
      'They were sent no e-mail: only this message reached you, and the page told them we would answer.',
    ],
    ...(message.email
      ? { action: { label: `Reply to ${message.name}`, url: `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}` } }
      : {}),
  };
}
