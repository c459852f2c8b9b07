import type { z } from 'zod';
import type { SessionUser } from '../../../shared/account.ts';
import { ESTIMATE_TEXTS } from '../../../shared/estimates.ts';
import { TRUSTED_CONTACT_TEXTS, type TrustedContactOutput, type TrustedContactSchema } from '../../../shared/text-messages.ts';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { TrustedContactRow } from '../../db/schema.ts';
import { type Translator, translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { consumeRateLimit, countInWindow, type Limit } from '../../plugins/rate-limit-store.ts';
import type { MailService } from '../mail/index.ts';
import { lockAccount } from './account-directory.ts';
import {
  agreeTrustedContact,
  deleteTrustedContact,
  findProfile,
  findTrustedContact,
  findUninvitedTrustedContacts,
  findUserByEmail,
  findUserById,
  isContactSuppressed,
  markTrustedContactInvited,
  setContactMayApproveEstimates,
  suppressTrustedContact,
  upsertTrustedContact,
} from './account-queries.ts';
import { agreementWording, customerNameOf, invitationEmail, isContactLinkValid } from './trusted-contacts.ts';

/**
 * The customer's trusted contact (decision 031): naming one, its one invitation, the contact's agree and refuse
 * pages, and the stop link in each copy. The copies themselves go from trusted-contacts.ts.
 */

export function contactOutput(row: TrustedContactRow | undefined): TrustedContactOutput['contact'] {
  if (!row) return null;
  const status = row.copiesStoppedAt ? 'stopped' : row.agreedAt ? 'agreed' : 'invited';
  return {
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber ?? '',
    copiesStopped: status === 'stopped',
    status,
    mayApproveEstimates: row.mayApproveEstimates,
  };
}

/** How long one customer's invitation to an address stands before naming it again may ask again. */
const INVITATION_WINDOW_SECONDS = 365 * 24 * 60 * 60;

/** How many times a day a customer may name a new contact (each new address is one invitation). */
export const CONTACT_CHANGES_LIMIT: Limit = { max: 3, windowSeconds: 24 * 60 * 60 };

export class TrustedContactService {
  constructor(
    private readonly db: Database,
    private readonly mail: MailService,
    private readonly config: Config,
  ) {}

  async trustedContact(viewer: SessionUser): Promise<TrustedContactOutput> {
    return { contact: contactOutput(await findTrustedContact(this.db, viewer.id)) };
  }

  /**
   * Names the customer's contact (decision 031). A new address gets one invitation, in the contact's language when
   * they have an account here, else the customer's; nothing else goes to them until they agree. An address on the
   * suppression list gets nothing. A customer may name a new address CONTACT_CHANGES_LIMIT times a day.
   */
  async saveTrustedContact(viewer: SessionUser, input: z.output<typeof TrustedContactSchema>): Promise<TrustedContactOutput> {
    const email = input.email.toLowerCase();
    if (email === viewer.email.toLowerCase()) throw new HttpError(400, 'VALIDATION_FAILED', TRUSTED_CONTACT_TEXTS.ownEmail);
    const current = await findTrustedContact(this.db, viewer.id);
    const newAddress = current?.email !== email;
    if (newAddress) await consumeRateLimit(this.db, `trusted-contact:user:${viewer.id}`, CONTACT_CHANGES_LIMIT);
    // One invitation from a customer to an address a year: removing and naming it again does not ask again.
    const firstAsk =
      newAddress && (await countInWindow(this.db, `trusted-contact:invitation:${viewer.id}:${email}`, INVITATION_WINDOW_SECONDS)) === 1;
    const row = await this.db.transaction(async (tx) => {
      await lockAccount(tx, viewer.id);
      const saved = await upsertTrustedContact(tx, { userId: viewer.id, name: input.name, email, phoneNumber: input.phoneNumber || null });
      if (saved.invitedAt || saved.agreedAt || saved.copiesStoppedAt) return saved;
      if (firstAsk) await this.invite(tx, viewer.id, email);
      else await markTrustedContactInvited(tx, viewer.id, email);
      return (await findTrustedContact(tx, viewer.id)) ?? saved;
    });
    this.mail.deliverSoon();
    return { contact: contactOutput(row) };
  }

  /** Stores the one invitation to the customer's contact at `email`, in the caller's transaction. */
  private async invite(tx: Executor, userId: string, email: string): Promise<void> {
    const [customer, profile, contactAccount] = await Promise.all([
      findUserById(tx, userId),
      findProfile(tx, userId),
      findUserByEmail(tx, email),
    ]);
    if (!customer || customer.deletedAt) return;
    const language = translatorFor(contactAccount && !contactAccount.deletedAt ? contactAccount.locale : customer.locale);
    await this.mail.enqueue(
      invitationEmail(this.config, userId, email, { name: customerNameOf(profile, language), email: customer.email }, language),
      tx,
    );
    await markTrustedContactInvited(tx, userId, email);
  }

  /**
   * Invites the contacts no invitation went to: those named before invitations existed (once, after an upgrade),
   * and those named while their address was suppressed, once its owner agreed again. Until they agree, they get no
   * copies. Returns how many were looked at.
   */
  async inviteUninvitedContacts(): Promise<number> {
    const pending = await findUninvitedTrustedContacts(this.db, 500);
    for (const contact of pending) {
      await this.db.transaction(async (tx) => {
        await lockAccount(tx, contact.userId);
        const row = await findTrustedContact(tx, contact.userId);
        if (row?.email !== contact.email || row.invitedAt || row.agreedAt || (await isContactSuppressed(tx, contact.email))) return;
        await this.invite(tx, contact.userId, contact.email);
      });
    }
    if (pending.length > 0) this.mail.deliverSoon();
    return pending.length;
  }

  /** Whether the customer's trusted contact may approve or decline their estimates (issue 38); refused without a contact. */
  async allowEstimateApproval(viewer: SessionUser, allowed: boolean): Promise<void> {
    if (!(await setContactMayApproveEstimates(this.db, viewer.id, allowed))) {
      throw new HttpError(409, 'NO_TRUSTED_CONTACT', ESTIMATE_TEXTS.noTrustedContact);
    }
  }

  async removeTrustedContact(viewer: SessionUser): Promise<void> {
    await deleteTrustedContact(this.db, viewer.id);
  }

  /** The customer's name and the words to agree to, for the contact's agreement page; undefined for a link that does not work. */
  async invitationFacts(userId: string, email: string, signature: string, language: Translator) {
    if (!isContactLinkValid(this.config.authSecret, 'answer', userId, email, signature)) return undefined;
    const contact = await findTrustedContact(this.db, userId);
    if (contact?.email !== email.toLowerCase()) return undefined;
    const customer = customerNameOf(await findProfile(this.db, userId), language);
    return { customer, wording: agreementWording(language, customer), agreed: Boolean(contact.agreedAt && !contact.copiesStoppedAt) };
  }

  /**
   * The contact's answer to the invitation: a yes (kept with the words agreed to) lets the copies go and takes the
   * address off the suppression list; a no puts it there. False when the link does not (or no longer) work.
   */
  async answerInvitation(
    userId: string,
    email: string,
    signature: string,
    answer: 'agree' | 'refuse',
    language: Translator,
  ): Promise<boolean> {
    const facts = await this.invitationFacts(userId, email, signature, language);
    if (!facts) return false;
    const address = email.toLowerCase();
    return this.db.transaction(async (tx) =>
      answer === 'agree' ? agreeTrustedContact(tx, userId, address, facts.wording) : suppressTrustedContact(tx, userId, address, 'refused'),
    );
  }

  /** The contact's link in a copy: stops the copies to that address; false when the link is not (or no longer) valid. */
  async stopTrustedContactCopies(userId: string, email: string, signature: string): Promise<boolean> {
    if (!isContactLinkValid(this.config.authSecret, 'stop', userId, email, signature)) return false;
    return this.db.transaction((tx) => suppressTrustedContact(tx, userId, email.toLowerCase(), 'stopped'));
  }
}
