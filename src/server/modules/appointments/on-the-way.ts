import type { SessionUser } from '../../../shared/account.ts';
import { ON_MY_WAY_TEXTS } from '../../../shared/admin.ts';
import { APPOINTMENT_TEXTS } from '../../../shared/appointments.ts';
import { businessDateOf } from '../../../shared/business-time.ts';
import {
  arrivalInstant,
  arrivalProblem,
  ON_MY_WAY_REFUSALS,
  ON_MY_WAY_REPEAT_MS,
  type OnMyWayAnswer,
  type OnMyWayRequest,
} from '../../../shared/on-the-way.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AppointmentRow } from '../../db/schema.ts';
import { translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById, codeWordFor, readCopyFacts, trustedContactCopy } from '../accounts/index.ts';
import { type MailService, renderEmail } from '../mail/index.ts';
import { onMyWayText, type TextService } from '../texts/index.ts';
import { onTheWayContent } from './appointment-emails.ts';
import type { AppointmentLifecycle } from './appointment-lifecycle.ts';

/** The same estimate again within a minute of the last: a double tap, not a new estimate. */
function isRepeat(appointment: AppointmentRow, arrivesAt: Date, now: Date): boolean {
  if (!appointment.onTheWayAt || !appointment.arrivesAt) return false;
  return (
    now.getTime() - appointment.onTheWayAt.getTime() < ON_MY_WAY_REPEAT_MS &&
    Math.abs(arrivesAt.getTime() - appointment.arrivesAt.getTime()) <= 60_000
  );
}

/**
 * "On my way" (issue 39): the owner, leaving for an in-person visit of today, tells the customer when they expect to
 * arrive. The customer gets an e-mail, and a text when they asked for texts (the texts module decides: consent, a
 * confirmed number, no STOP); their trusted contact a copy of the e-mail when the contact agreed. Each names the
 * technician, the arrival time and the customer's code word. The appointment keeps when the owner left and the
 * arrival (through its life cycle, which writes the history entry and announces the change to the customer's
 * screens). A remote visit is refused: nobody comes to the door.
 */
export class OnTheWay {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'publicUrl' | 'authSecret' | 'support' | 'technicianName'>,
    private readonly mail: MailService,
    private readonly lifecycle: AppointmentLifecycle,
    private readonly texts: TextService,
  ) {}

  async send(admin: SessionUser, id: string, request: OnMyWayRequest, now = new Date()): Promise<OnMyWayAnswer> {
    const answer = await this.db.transaction(async (tx): Promise<OnMyWayAnswer> => {
      // Locked: a second tap waits for the first, then sees what it wrote.
      const appointment = await this.lifecycle.find(tx, id, { lock: true });
      if (!appointment) throw new HttpError(404, 'NOT_FOUND', APPOINTMENT_TEXTS.notFound);
      if (appointment.isRemote) throw new HttpError(409, 'NOT_IN_PERSON', ON_MY_WAY_TEXTS.notInPerson);
      if (appointment.completedAt || appointment.paidAt) throw new HttpError(409, 'FINISHED', ON_MY_WAY_TEXTS.finished);
      const day = businessDateOf(appointment.startsAt);
      if (day !== businessDateOf(now)) throw new HttpError(409, 'NOT_TODAY', ON_MY_WAY_TEXTS.notToday);
      const arrivesAt = arrivalInstant(request, now, day);
      const problem = 'at' in request ? arrivalProblem(arrivesAt, now) : undefined;
      if (problem) throw new HttpError(400, 'ARRIVAL_TIME', problem);
      if (isRepeat(appointment, arrivesAt, now)) {
        return {
          arrivesAt: (appointment.arrivesAt ?? arrivesAt).toISOString(),
          texted: false,
          emailed: false,
          contactCopied: false,
          repeated: true,
        };
      }

      const account = await accountById(tx, appointment.userId);
      if (!account) throw new HttpError(409, 'NO_ACCOUNT', ON_MY_WAY_REFUSALS.noAccount);
      const codeWord = await codeWordFor(tx, appointment.userId, account.locale);
      if (!codeWord) throw new HttpError(409, 'NO_ACCOUNT', ON_MY_WAY_REFUSALS.noAccount);
      const trip = { technician: this.config.technicianName, arrivesAt, codeWord };
      const phone = this.config.support.phone;

      const texted = await this.texts.toCustomer(tx, appointment.userId, 'on-my-way', (language) => onMyWayText(language, trip, phone));
      const language = translatorFor(account.locale);
      const content = onTheWayContent(language, trip, `${this.config.publicUrl}/home`);
      const copy = trustedContactCopy(this.config, appointment.userId, await readCopyFacts(tx, appointment.userId), content, language);
      const email = { to: account.email, ...renderEmail(content, this.config.support, language), about: appointment.userId };
      await this.mail.enqueueAll([...(copy ? [copy] : []), email], tx);

      const told = [texted ? 'text and e-mail' : 'e-mail', ...(copy ? ["a copy to the customer's trusted contact"] : [])].join(', ');
      await this.lifecycle.onTheWay(tx, appointment, { userId: admin.id, email: admin.email }, { at: now, arrivesAt, told });
      return { arrivesAt: arrivesAt.toISOString(), texted, emailed: true, contactCopied: copy !== undefined, repeated: false };
    });
    if (!answer.repeated) {
      this.mail.deliverSoon();
      this.texts.deliverSoon();
    }
    return answer;
  }
}
