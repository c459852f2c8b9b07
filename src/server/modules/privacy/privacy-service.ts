import type { SessionUser } from '../../../shared/account.ts';
import { BUSINESS_NAME } from '../../../shared/site.ts';
import type { Database, Executor } from '../../db/client.ts';
import {
  type AccountService,
  accountsDeletedWithin,
  adminEmails,
  dropTrustedContact,
  eraseAccount,
  lockAccount,
  taxExemptionOf,
} from '../accounts/index.ts';
import { type AppointmentService, allAppointmentsOf, estimatesForDownload, forgetEstimatesOf } from '../appointments/index.ts';
import { announceChange, announceSessionEnded } from '../events/index.ts';
import { forgetActor } from '../history/index.ts';
import type { MailService } from '../mail/index.ts';
import type { TextService } from '../texts/index.ts';

/**
 * A customer's own data (decision 024): everything the business holds about them, as one JSON document, and the
 * deletion of their account. It owns no table: it asks each module for its part, in one transaction for deletion.
 */
/**
 * What privacy needs of the payments and reviews modules (declared here, by the module that uses it; app.ts passes
 * their functions): a customer's payments, invoices and reviews for the data download, and what a deletion forgets.
 */
export interface PrivacyRecords {
  paymentRecordsOf(db: Executor, appointmentIds: string[]): Promise<{ payments: unknown[]; invoices: unknown[] }>;
  forgetPayersOf(tx: Executor, appointmentIds: string[]): Promise<void>;
  reviewsOf(db: Executor, userId: string): Promise<unknown[]>;
  /** The full days the customer asked to be told of (the waitlist, issue 39). */
  waitlistOf(db: Executor, userId: string): Promise<unknown[]>;
  forgetReviewer(tx: Executor, userId: string): Promise<void>;
  /** A deleted account's waitlist entries go (the waitlist, issue 39). */
  forgetWaitlistOf(tx: Executor, userId: string): Promise<void>;
}

export class PrivacyService {
  constructor(
    private readonly db: Database,
    private readonly accounts: AccountService,
    private readonly appointments: AppointmentService,
    private readonly mail: MailService,
    private readonly texts: TextService,
    private readonly records: PrivacyRecords,
    /** Where the business's own notices go when it has no admin (they are not the customer's). */
    private readonly supportEmail: string,
  ) {}

  async export(viewer: SessionUser) {
    const own = await this.accounts.ownData(viewer);
    const appointments = await allAppointmentsOf(this.db, viewer.id);
    const [records, reviews, emails, texts, estimates, taxExemption] = await Promise.all([
      this.records.paymentRecordsOf(
        this.db,
        appointments.map((appointment) => appointment.id),
      ),
      this.records.reviewsOf(this.db, viewer.id),
      adminEmails(this.db).then((admins) => this.mail.sentTo(this.db, viewer.id, [...admins, this.supportEmail])),
      this.texts.sentTo(this.db, viewer.id),
      estimatesForDownload(
        this.db,
        appointments.map((appointment) => appointment.id),
      ),
      taxExemptionOf(this.db, viewer.id),
    ]);
    return {
      exportedAt: new Date().toISOString(),
      business: BUSINESS_NAME,
      ...own,
      appointments: appointments.map((appointment) => ({
        id: appointment.id,
        startsAt: appointment.startsAt.toISOString(),
        isRemote: appointment.isRemote,
        description: appointment.description,
        workDone: appointment.workDone,
        amountCents: appointment.amountCents,
        completedAt: appointment.completedAt?.toISOString() ?? null,
        paidAt: appointment.paidAt?.toISOString() ?? null,
        cancelledAt: appointment.cancelledAt?.toISOString() ?? null,
        bookedAt: appointment.createdAt.toISOString(),
        bill: appointment.bill,
        reminderCalledAt: appointment.reminderCalledAt?.toISOString() ?? null,
        onTheWayAt: appointment.onTheWayAt?.toISOString() ?? null,
        arrivesAt: appointment.arrivesAt?.toISOString() ?? null,
      })),
      estimates,
      /** The full days they asked to be told of (issue 39), every state. */
      waitlist: await this.records.waitlistOf(this.db, viewer.id),
      /** The sales-tax exemption the owner recorded for them, if any. */
      taxExemption,
      ...records,
      reviews,
      messages: { emails, texts: texts.texts },
      textConsents: texts.consents,
    };
  }

  /**
   * The messages a deletion still had to send (the cancellations, to the customer and to the admins) are delivered
   * after it; once they have gone, their copies go too. Run each hour, for the accounts deleted within the time a
   * delivered message is kept at most.
   */
  async forgetDeliveredAfterDeletion(withinDays: number): Promise<void> {
    for (const userId of await accountsDeletedWithin(this.db, withinDays)) {
      await this.mail.forgetPerson(this.db, userId);
      await this.texts.forgetDeliveredTo(this.db, userId);
    }
  }

  /**
   * Deletes the customer's account, once the password (or, without one, a Google sign-in minutes old) confirms it:
   * the visits not yet done are cancelled with the usual e-mails; the login, the profile, the trusted contact, the sessions, the
   * words of their reviews and the e-mails and texts already sent to them or about them go; the jobs and payments stay for the books, without their name, address
   * or e-mail. Signed out everywhere. Returns how many visits were cancelled.
   */
  async deleteAccount(viewer: SessionUser, sessionId: string, confirmation: string | undefined): Promise<{ cancelled: number }> {
    await this.accounts.confirmDeletion(viewer, sessionId, confirmation);
    const cancelled = await this.db.transaction(async (tx) => {
      await lockAccount(tx, viewer.id);
      // Off every waiting list first, so that no visit cancelled below is offered back to them.
      await this.records.forgetWaitlistOf(tx, viewer.id);
      // The contact is not told of the cancellations: the customer is leaving, and takes their contact with them.
      await dropTrustedContact(tx, viewer.id);
      // First what was sent before, so that the cancellations below still go out.
      await this.mail.forgetPerson(tx, viewer.id);
      await this.texts.forgetPerson(tx, viewer.id);
      const count = await this.appointments.cancelForDeletion(tx, viewer);
      const appointments = await allAppointmentsOf(tx, viewer.id);
      await this.records.forgetPayersOf(
        tx,
        appointments.map((appointment) => appointment.id),
      );
      await forgetEstimatesOf(
        tx,
        appointments.map((appointment) => appointment.id),
      );
      await forgetActor(tx, viewer.id);
      await this.records.forgetReviewer(tx, viewer.id);
      await eraseAccount(tx, viewer.id, viewer.email);
      await announceChange(tx, { kind: 'profile', userId: viewer.id });
      await announceSessionEnded(tx, { userId: viewer.id });
      return count;
    });
    this.mail.deliverSoon();
    return { cancelled };
  }
}
