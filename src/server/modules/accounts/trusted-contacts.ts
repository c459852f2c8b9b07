import { createHmac, timingSafeEqual } from 'node:crypto';
import { english } from '../../../shared/english.ts';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { ProfileRow, TrustedContactRow } from '../../db/schema.ts';
import type { Translator } from '../../i18n.ts';
import type { MailService, OutgoingEmail } from '../mail/mail-service.ts';
import { type EmailContent, renderEmail } from '../mail/mail-templates.ts';
import { findProfile, findTrustedContact, findUserById } from './account-queries.ts';

/**
 * The trusted contact (decision 022): one person a customer names, copied on their visit confirmations, reminders
 * and receipts. The contact never gets the customer's links to act on (they could not use them: they have no
 * account access), and every copy carries a link that stops the copies; that link is signed with the server's
 * secret over the customer and the contact's address, so it needs no stored token and stops only that contact.
 */

function stopSignature(secret: string, userId: string, email: string): string {
  return createHmac('sha256', secret).update(`trusted-contact-copies\n${userId}\n${email.toLowerCase()}`).digest('base64url');
}

export function stopCopiesUrl(
  config: Pick<Config, 'publicUrl' | 'authSecret'>,
  userId: string,
  email: string,
  language: Translator,
): string {
  const url = new URL(`${config.publicUrl}/contact-copies/stop`);
  url.searchParams.set('u', userId);
  url.searchParams.set('e', email.toLowerCase());
  url.searchParams.set('s', stopSignature(config.authSecret, userId, email));
  return language.link(url.toString());
}

export function isStopSignatureValid(secret: string, userId: string, email: string, signature: string): boolean {
  const expected = Buffer.from(stopSignature(secret, userId, email));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** What a copy needs to know, as read under the caller's transaction. */
export type CopyFacts = {
  /** The customer's trusted contact, if they named one. */
  contact: Pick<TrustedContactRow, 'name' | 'email' | 'copiesStoppedAt'> | undefined;
  /** The customer's own address now. */
  customerEmail: string | undefined;
  profile: Pick<ProfileRow, 'firstName' | 'lastName'> | undefined;
};

/**
 * The copy of an e-mail the customer is getting for their trusted contact, or undefined when they have none or the
 * contact stopped the copies. `content` is the customer's e-mail in the customer's language; its button (the
 * customer's own page) is left out, and only the attachments given are carried.
 */
export function trustedContactCopy(
  config: Pick<Config, 'publicUrl' | 'authSecret' | 'support'>,
  userId: string,
  { contact, customerEmail, profile }: CopyFacts,
  content: EmailContent,
  language: Translator,
  /** What the customer's e-mail carries that the contact may have too (a visit's calendar invite). */
  attachments: OutgoingEmail['attachments'] = [],
): OutgoingEmail | undefined {
  if (!contact || contact.copiesStoppedAt) return undefined;
  // A customer who has since taken their contact's address as their own gets no copy of their own e-mail.
  if (customerEmail?.toLowerCase() === contact.email) return undefined;
  const customer = profile ? `${profile.firstName} ${profile.lastName}` : language.t(english('a customer'));
  const { t } = language;
  const copy: EmailContent = {
    subject: t(english('Copy for {contact}: {subject}'), { contact: contact.name, subject: content.subject }),
    paragraphs: [
      t(english('{customer} named you as their trusted contact, so you get a copy of this message. You have no access to their account.'), {
        customer,
      }),
      ...(content.contactParagraphs ?? content.paragraphs),
    ],
    afterAction: content.afterAction ?? [],
    footer: {
      text: t(english('You get these copies because {customer} asked for them.'), { customer }),
      label: t(english('Stop these copies')),
      url: stopCopiesUrl(config, userId, contact.email, language),
    },
  };
  return { to: contact.email, ...renderEmail(copy, config.support, language), attachments, about: userId };
}

/** What trustedContactCopy needs, read under `tx`: a customer without a contact costs one read. */
export async function readCopyFacts(tx: Executor, userId: string): Promise<CopyFacts> {
  const contact = await findTrustedContact(tx, userId);
  if (!contact || contact.copiesStoppedAt) return { contact: undefined, customerEmail: undefined, profile: undefined };
  return { contact, customerEmail: (await findUserById(tx, userId))?.email, profile: await findProfile(tx, userId) };
}

/** trustedContactCopy, with what it needs read under `tx`, stored in the outbox in that transaction. */
export async function copyToTrustedContact(
  tx: Executor,
  mail: MailService,
  config: Pick<Config, 'publicUrl' | 'authSecret' | 'support'>,
  userId: string,
  content: EmailContent,
  language: Translator,
  attachments: OutgoingEmail['attachments'] = [],
): Promise<boolean> {
  const copy = trustedContactCopy(config, userId, await readCopyFacts(tx, userId), content, language, attachments);
  if (!copy) return false;
  await mail.enqueue(copy, tx);
  return true;
}
