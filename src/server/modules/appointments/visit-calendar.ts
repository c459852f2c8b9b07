// "Add to calendar" beside each of the customer's visits still to come (issue 40): the visit's own calendar file,
// for the customer who booked it only.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { APPOINTMENT_MINUTES } from '../../../shared/business-time.ts';
import { LOCALES } from '../../../shared/locale.ts';
import { PAST_VISIT_TEXTS } from '../../../shared/past-visits.ts';
import { APPOINTMENT_ID_PATTERN } from '../../../shared/pay-link.ts';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { requireVerifiedUser } from '../../plugins/session.ts';
import { accountById, profileOf } from '../accounts/index.ts';
import type { MailService } from '../mail/index.ts';
import { AppointmentMessages } from './appointment-messages.ts';
import { findOwnActiveAppointment } from './appointment-queries.ts';

const ParamsSchema = z.object({ id: z.string().regex(APPOINTMENT_ID_PATTERN, { error: PAST_VISIT_TEXTS.calendarNotFound }) });
const QuerySchema = z.object({ lang: z.enum(LOCALES).optional() });

/**
 * The calendar file (RFC 5545, METHOD:PUBLISH) of a visit of `userId`'s still to come: neither completed nor over,
 * neither cancelled nor deleted. The same UID and SEQUENCE as the invites the e-mails carry, so a calendar that holds
 * the invite keeps one event. In `locale`, else in the customer's saved language. Undefined for any other visit,
 * another customer's included: theirs is as unknown as a wrong id.
 */
export async function visitCalendarFile(
  db: Executor,
  messages: AppointmentMessages,
  userId: string,
  appointmentId: string,
  now: Date,
  locale?: string,
): Promise<string | undefined> {
  const row = await findOwnActiveAppointment(db, userId, appointmentId);
  if (!row || row.completedAt || row.paidAt) return undefined;
  if (row.startsAt.getTime() + APPOINTMENT_MINUTES * 60_000 <= now.getTime()) return undefined;
  const [account, profile] = [await accountById(db, userId), await profileOf(db, userId)];
  if (!account || !profile) return undefined;
  const facts = messages.facts(row, profile, account.email);
  return messages.calendarFile(row, facts, 'PUBLISH', translatorFor(locale ?? account.locale));
}

export const visitCalendarRoutes: FastifyPluginAsyncZod<{ config: Config; mail: MailService }> = async (app, { config, mail }) => {
  const messages = new AppointmentMessages(config, mail);
  app.get(
    '/api/appointments/:id/calendar.ics',
    {
      config: { access: 'verified' },
      schema: {
        params: ParamsSchema,
        querystring: QuerySchema,
        response: { 200: z.string(), 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireVerifiedUser(request);
      const file = await visitCalendarFile(app.db, messages, viewer.id, request.params.id, new Date(), request.query.lang);
      if (file === undefined) throw new HttpError(404, 'NOT_FOUND', PAST_VISIT_TEXTS.calendarNotFound);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="techhelp-visit.ics"')
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );
};
