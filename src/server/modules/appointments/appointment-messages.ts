import { BUSINESS_NAME } from '../../../shared/business.ts';
import { english } from '../../../shared/english.ts';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import type { AppointmentRow, ProfileRow } from '../../db/schema.ts';
import { type Translator, translatorFor } from '../../i18n.ts';
import { accountById, adminEmails, type CopyFacts, profileOf, readCopyFacts, trustedContactCopy } from '../accounts/index.ts';
import { type EmailContent, type MailService, type OutgoingEmail, renderEmail } from '../mail/index.ts';
import {
  type AdminNotice,
  type AppointmentFacts,
  adminNoticeContent,
  cancellationContent,
  kindChangeContent,
} from './appointment-emails.ts';
import { calendarInvite } from './calendar-invite.ts';

/**
 * The e-mails about an appointment that the appointments module sends: the customer's (with the calendar invite),
 * their trusted contact's copy, and the admins' notices, each in its reader's language.
 */

/** A customer's address on one line. */
export function addressOf(profile: Pick<ProfileRow, 'streetAddress' | 'city' | 'state' | 'zipCode'>): string {
  return `${profile.streetAddress}, ${profile.city}, ${profile.state} ${profile.zipCode}`;
}

export class AppointmentMessages {
  constructor(
    private readonly config: Config,
    private readonly mail: MailService,
  ) {}

  facts(
    row: AppointmentRow,
    profile: Pick<ProfileRow, 'firstName' | 'lastName' | 'phoneNumber' | 'streetAddress' | 'city' | 'state' | 'zipCode'>,
    email: string,
  ): AppointmentFacts {
    return {
      startsAt: row.startsAt,
      isRemote: row.isRemote,
      location: row.isRemote ? 'Remote' : addressOf(profile),
      description: row.description,
      customerName: `${profile.firstName} ${profile.lastName}`,
      customerEmail: email,
      customerPhone: profile.phoneNumber,
      customerId: row.userId,
    };
  }

  /** The admins' notices of a change to a visit, one for each address. */
  adminNotices(addresses: string[], event: AdminNotice, facts: AppointmentFacts, previousStartsAt?: Date): OutgoingEmail[] {
    const notice = renderEmail(adminNoticeContent(event, facts, `${this.config.publicUrl}/admin`, previousStartsAt), this.config.support);
    return addresses.map((admin) => ({ to: admin, ...notice, about: facts.customerId }));
  }

  async notifyAdmins(db: Executor, event: AdminNotice, facts: AppointmentFacts, previousStartsAt?: Date): Promise<void> {
    await this.mail.enqueueAll(this.adminNotices(await adminEmails(db), event, facts, previousStartsAt), db);
  }

  get homeUrl(): string {
    return `${this.config.publicUrl}/home`;
  }

  /**
   * The e-mails about a visit, in the customer's `language`, in the order they are stored: their trusted contact's
   * copy (if they named one and it is not stopped), then the customer's own. Both carry the calendar invite: a
   * REQUEST (booked, moved) or a CANCEL, under the visit's one UID and the row's SEQUENCE, so the customer's calendar
   * program updates the event it holds (the copy's text speaks of it).
   */
  appointmentEmails(
    row: AppointmentRow,
    facts: AppointmentFacts,
    content: (language: Translator) => EmailContent,
    method: 'REQUEST' | 'CANCEL',
    language: Translator,
    copyFacts: CopyFacts,
  ): OutgoingEmail[] {
    const written = content(language);
    const attachments = [
      {
        filename: method === 'CANCEL' ? 'techhelp-visit-cancelled.ics' : 'techhelp-visit.ics',
        contentType: `text/calendar; charset=utf-8; method=${method}`,
        content: this.calendarFile(row, facts, method, language),
      },
    ];
    const copy = trustedContactCopy(this.config, row.userId, copyFacts, written, language, attachments);
    const email: OutgoingEmail = {
      to: facts.customerEmail,
      ...renderEmail(written, this.config.support, language),
      attachments,
      about: row.userId,
    };
    return [...(copy ? [copy] : []), email];
  }

  /**
   * The visit's calendar file in `language`, under its one UID and the row's SEQUENCE: the invite the e-mails attach
   * (REQUEST, CANCEL), or the file the customer's "Add to calendar" downloads (PUBLISH, visit-calendar.ts).
   */
  calendarFile(row: AppointmentRow, facts: AppointmentFacts, method: 'REQUEST' | 'CANCEL' | 'PUBLISH', language: Translator): string {
    const { t } = language;
    const invite = { url: language.link(this.homeUrl), phone: this.config.support.phone };
    return calendarInvite({
      appointmentId: row.id,
      startsAt: row.startsAt,
      title: t(english('{business} visit'), { business: BUSINESS_NAME }),
      location: facts.isRemote ? t(english('Remote')) : facts.location,
      description: facts.isRemote
        ? t(english('Remote visit. Your appointments: {url}. Questions or changes: call {phone}.'), invite)
        : t(english('In-person visit. Your appointments: {url}. Questions or changes: call {phone}.'), invite),
      organizerEmail: this.config.support.email,
      attendeeEmail: facts.customerEmail,
      attendeeName: facts.customerName,
      method,
      sequence: row.inviteSequence,
    });
  }

  /** Stores appointmentEmails in the customer's saved language, with what the contact's copy needs read under `tx`. */
  async mailAppointment(
    tx: Executor,
    row: AppointmentRow,
    facts: AppointmentFacts,
    content: (language: Translator) => EmailContent,
    method: 'REQUEST' | 'CANCEL',
  ) {
    const language = translatorFor((await accountById(tx, row.userId))?.locale);
    await this.mail.enqueueAll(this.appointmentEmails(row, facts, content, method, language, await readCopyFacts(tx, row.userId)), tx);
  }

  /**
   * The owner switched a visit still to come between in person and remote (`changed` as it now is, with its new
   * invitation SEQUENCE, inside the edit's transaction): the customer (and their trusted contact) get an e-mail with
   * the updated invitation. Answers whether anyone was told (the caller delivers after the commit).
   */
  async tellKindChanged(tx: Executor, changed: AppointmentRow): Promise<boolean> {
    const customer = await accountById(tx, changed.userId);
    const profile = await profileOf(tx, changed.userId);
    if (!customer || !profile) return false;
    const facts = this.facts(changed, profile, customer.email);
    await this.mailAppointment(
      tx,
      changed,
      facts,
      (language) => kindChangeContent(language, facts, this.homeUrl, this.config.support.phone),
      'REQUEST',
    );
    return true;
  }

  /** The customer cancelled (or deleted their account): their e-mail with the calendar CANCEL, and the admins' notices. */
  async tellCancelled(tx: Executor, cancelled: AppointmentRow, profile: ProfileRow, email: string): Promise<void> {
    const facts = this.facts(cancelled, profile, email);
    await this.mailAppointment(tx, cancelled, facts, (language) => cancellationContent(language, facts, this.homeUrl), 'CANCEL');
    await this.notifyAdmins(tx, 'cancelled', facts);
  }
}
