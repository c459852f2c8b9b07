import { createHmac, timingSafeEqual } from 'node:crypto';
import { english } from '../../../shared/english.ts';
import { BUSINESS_NAME } from '../../../shared/site.ts';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { ProfileRow, TrustedContactRow } from '../../db/schema.ts';
import type { Translator } from '../../i18n.ts';
import { type EmailContent, type MailService, type OutgoingEmail, renderEmail } from '../mail/index.ts';
import { findProfile, findTrustedContact, findUserByEmail, findUserById, isContactSuppressed } from './account-queries.ts';

/**
 * The trusted contact (decision 022): one person a customer names, copied on their visit confirmations, reminders
 * and receipts. The contact never gets the customer's links to act on (they could not use them: they have no
 * account access), and every copy carries a link that stops the copies; that link is signed with the server's
 * secret over the customer and the contact's address, so it needs no stored token and stops only that contact.
 */

/**
 * What a contact's link does: stop the copies (in every copy), or answer the invitation (agree or refuse, from the one
 * invitation). Each is signed apart, so a copy's link cannot be turned into a yes.
 */
export type ContactLinkPurpose = 'stop' | 'answer';

function linkSignature(secret: string, purpose: ContactLinkPurpose, userId: string, email: string): string {
  const label = purpose === 'stop' ? 'trusted-contact-copies' : 'trusted-contact-invitation';
  return createHmac('sha256', secret).update(`${label}\n${userId}\n${email.toLowerCase()}`).digest('base64url');
}

/** A contact's signed link: /contact-copies/stop, /contact-copies/agree or /contact-copies/refuse. */
export function contactLinkUrl(
  config: Pick<Config, 'publicUrl' | 'authSecret'>,
  page: 'stop' | 'agree' | 'refuse',
  userId: string,
  email: string,
  language: Translator,
): string {
  const url = new URL(`${config.publicUrl}/contact-copies/${page}`);
  url.searchParams.set('u', userId);
  url.searchParams.set('e', email.toLowerCase());
  url.searchParams.set('s', linkSignature(config.authSecret, page === 'stop' ? 'stop' : 'answer', userId, email));
  return language.link(url.toString());
}

export function stopCopiesUrl(
  config: Pick<Config, 'publicUrl' | 'authSecret'>,
  userId: string,
  email: string,
  language: Translator,
): string {
  return contactLinkUrl(config, 'stop', userId, email, language);
}

export function isContactLinkValid(secret: string, purpose: ContactLinkPurpose, userId: string, email: string, signature: string): boolean {
  const expected = Buffer.from(linkSignature(secret, purpose, userId, email));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The words a contact agrees to on the agreement page, kept with their yes as its proof (decision 031). */
export function agreementWording(language: Translator, customer: string): string {
  return language.t(
    english(
      'I agree to get, by e-mail, copies of the visit confirmations, changes, cancellations, reminders and receipts that {business} sends to {customer}. I can stop them at any time with the link in each copy.',
    ),
    { business: BUSINESS_NAME, customer },
  );
}

/** The customer's name as a contact's e-mails and pages give it. */
export function customerNameOf(profile: Pick<ProfileRow, 'firstName' | 'lastName'> | undefined, language: Translator): string {
  return profile ? `${profile.firstName} ${profile.lastName}` : language.t(english('a customer'));
}

/**
 * The one invitation a new contact gets (decision 031): who named them, what they would receive, that they get no
 * access, and the Agree and Refuse links. Nothing else goes to them until they agree. The contact's name, as the
 * customer typed it, is not in it: the customer's own (verified) name and address are.
 */
export function invitationEmail(
  config: Pick<Config, 'publicUrl' | 'authSecret' | 'support'>,
  userId: string,
  contactEmail: string,
  customer: { name: string; email: string },
  language: Translator,
): OutgoingEmail {
  const { t } = language;
  const content: EmailContent = {
    subject: t(english('{customer} asked {business} to send you copies of their visit messages'), {
      customer: customer.name,
      business: BUSINESS_NAME,
    }),
    paragraphs: [
      t(english('{customer} ({email}) named you as their trusted contact at {business}, a technology-help service on Long Island.'), {
        customer: customer.name,
        email: customer.email,
        business: BUSINESS_NAME,
      }),
      t(
        english(
          'If you agree, you will get a copy, by e-mail, of their visit confirmations, changes, cancellations, reminders and receipts. You will have no access to their account, and each copy has a link to stop them.',
        ),
      ),
      t(english('Until you agree, we send you nothing more about them, and if you do nothing, we will not ask again.')),
    ],
    action: { label: t(english('I agree to get the copies')), url: contactLinkUrl(config, 'agree', userId, contactEmail, language) },
    footer: {
      text: t(english('Do not know {customer}, or do not want these copies? Nobody will be able to name you again.'), {
        customer: customer.name,
      }),
      label: t(english('Refuse')),
      url: contactLinkUrl(config, 'refuse', userId, contactEmail, language),
    },
  };
  return { to: contactEmail, ...renderEmail(content, config.support, language), about: userId };
}

/** What a copy needs to know, as read under the caller's transaction. */
export type CopyFacts = {
  /** The customer's trusted contact, if they named one. */
  contact: Pick<TrustedContactRow, 'name' | 'email' | 'copiesStoppedAt' | 'agreedAt'> | undefined;
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
  // Only to a contact who agreed, from the invitation's link, and has not stopped the copies since (decision 031).
  if (!contact?.agreedAt || contact.copiesStoppedAt) return undefined;
  // A customer who has since taken their contact's address as their own gets no copy of their own e-mail.
  if (customerEmail?.toLowerCase() === contact.email) return undefined;
  const customer = customerNameOf(profile, language);
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
  if (!contact?.agreedAt || contact.copiesStoppedAt) return { contact: undefined, customerEmail: undefined, profile: undefined };
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

/** The trusted contact who may answer a customer's estimates, with the language to write to them in. */
export type EstimateApprover = { name: string; email: string; locale: string | undefined };

/**
 * The customer's trusted contact, when they may approve or decline the customer's estimates (issue 38): the customer
 * allowed it, and the contact agreed to hear from us (decision 031), has not stopped the copies, and their address is
 * not suppressed. Written to in their own language when they have an account here, else the customer's. Read under
 * `tx`; undefined otherwise.
 */
export async function estimateApprover(tx: Executor, userId: string): Promise<EstimateApprover | undefined> {
  const contact = await findTrustedContact(tx, userId);
  if (!contact?.mayApproveEstimates || !contact.agreedAt || contact.copiesStoppedAt) return undefined;
  if (await isContactSuppressed(tx, contact.email)) return undefined;
  const customer = await findUserById(tx, userId);
  if (!customer || customer.deletedAt || customer.email.toLowerCase() === contact.email) return undefined;
  const account = await findUserByEmail(tx, contact.email);
  return { name: contact.name, email: contact.email, locale: account && !account.deletedAt ? account.locale : customer.locale };
}
