import type { SessionUser } from '../../../shared/account.ts';
import { businessDateOf } from '../../../shared/business-time.ts';
import {
  type AdminReviews,
  type CustomerReview,
  MIN_PUBLIC_RATINGS,
  PUBLIC_REVIEW_COUNT,
  type PublicReviews,
  REVIEW_TEXTS,
  type ReviewAnswer,
} from '../../../shared/reviews.ts';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { AppointmentRow } from '../../db/schema.ts';
import { translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accountById, customersByUserId, profileOf } from '../accounts/index.ts';
import { type AppointmentListener, appointmentsById, readAppointment } from '../appointments/index.ts';
import { type MailService, renderEmail } from '../mail/index.ts';
import { thankYouContent } from './review-emails.ts';
import {
  answeredReviews,
  answerReview,
  clearCommentsOf,
  findReview,
  latestShownReviews,
  ratingSummary,
  reviewsOfUser,
  setMayShow,
  startReview,
} from './review-queries.ts';

/**
 * What reviews does when a job changes (registered with the job's life cycle): a job paid with money (not a TEST
 * payment) thanks its customer and asks for a rating, inside the payment's transaction.
 */
export function reviewsAppointmentListener(mail: MailService, config: Config): AppointmentListener {
  return {
    afterChange: async (tx, change) => (change.paid && !change.paid.isTest ? thankForPayment(tx, mail, config, change.before) : false),
  };
}

/**
 * The customer is thanked and asked for a rating, once per job (a job paid again after a refund is not asked twice).
 * The e-mail is queued in the payment's transaction; answers whether it was.
 */
async function thankForPayment(tx: Executor, mail: MailService, config: Config, appointment: AppointmentRow): Promise<boolean> {
  if (!(await startReview(tx, appointment.id, appointment.userId))) return false;
  const owner = await accountById(tx, appointment.userId);
  if (!owner) return false;
  const profile = await profileOf(tx, appointment.userId);
  const language = translatorFor(owner.locale);
  const content = thankYouContent(language, {
    name: profile?.firstName ?? '',
    startsAt: appointment.startsAt,
    rateUrl: `${config.publicUrl}/review/${encodeURIComponent(appointment.id)}`,
    reviewUrl: config.reviewUrl,
  });
  await mail.enqueue({ to: owner.email, ...renderEmail(content, config.support, language), about: owner.id }, tx);
  return true;
}

/** The customers' ratings: each customer rates their own paid visit once; the owner sees them all, with the average. */
/** A customer's reviews, for their own data (decision 024). */
export async function reviewsOf(db: Executor, userId: string) {
  return (await reviewsOfUser(db, userId)).map((review) => ({
    appointmentId: review.appointmentId,
    askedAt: review.requestedAt.toISOString(),
    rating: review.rating,
    comment: review.comment,
    mayShow: review.mayShow,
    answeredAt: review.answeredAt?.toISOString() ?? null,
  }));
}

/** The customer deleted their account: their review comments and their consent to show them go, their ratings stay (decisions 024, 041). */
export async function forgetReviewer(tx: Executor, userId: string): Promise<void> {
  await clearCommentsOf(tx, userId);
}

export class ReviewService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  private async ownRequest(viewer: SessionUser, appointmentId: string) {
    const review = await findReview(this.db, appointmentId);
    const appointment =
      review && review.userId === viewer.id ? await readAppointment(this.db, appointmentId, { includeInactive: true }) : undefined;
    if (!review || !appointment) throw new HttpError(404, 'NOT_FOUND', REVIEW_TEXTS.notFound);
    return { review, appointment };
  }

  async mine(viewer: SessionUser, appointmentId: string): Promise<CustomerReview> {
    const { review, appointment } = await this.ownRequest(viewer, appointmentId);
    return {
      appointmentId,
      startsAt: appointment.startsAt.toISOString(),
      rating: review.rating,
      comment: review.comment,
      mayShow: review.mayShow,
      reviewUrl: this.config.reviewUrl ?? null,
    };
  }

  /** The customer gives or withdraws their consent to show their answered review (decision 041). */
  async consent(viewer: SessionUser, appointmentId: string, mayShow: boolean): Promise<CustomerReview> {
    await this.ownRequest(viewer, appointmentId);
    if (!(await setMayShow(this.db, appointmentId, mayShow))) throw new HttpError(409, 'NOT_RATED', REVIEW_TEXTS.notRatedYet);
    return this.mine(viewer, appointmentId);
  }

  /**
   * What visitors see (decision 041): the number of ratings and their average, from every answered review (they
   * name no one), the average only from MIN_PUBLIC_RATINGS on; and the latest comments of the customers who
   * allowed it, with their first name and town, never more.
   */
  async shown(): Promise<PublicReviews> {
    const [summary, rows] = await Promise.all([ratingSummary(this.db), latestShownReviews(this.db, PUBLIC_REVIEW_COUNT)]);
    const customers = await customersByUserId(
      this.db,
      rows.map((row) => row.userId),
    );
    const reviews = rows.flatMap((row) => {
      const customer = customers.get(row.userId);
      // A deleted account's consent went with it; an account without a name (or gone) is not shown either way.
      if (!customer?.email || !customer.firstName.trim() || row.rating === null || !row.answeredAt) return [];
      return [
        {
          firstName: customer.firstName.trim(),
          town: customer.city.trim(),
          rating: row.rating,
          comment: row.comment,
          language: customer.locale === 'es' ? ('es' as const) : ('en' as const),
          month: businessDateOf(row.answeredAt).slice(0, 7),
        },
      ];
    });
    const average = summary.count >= MIN_PUBLIC_RATINGS && summary.average !== null ? Math.round(summary.average * 10) / 10 : null;
    return { count: summary.count, average, reviews };
  }

  async answer(viewer: SessionUser, appointmentId: string, answer: ReviewAnswer): Promise<CustomerReview> {
    await this.ownRequest(viewer, appointmentId);
    const answered = await answerReview(this.db, appointmentId, answer);
    if (!answered) throw new HttpError(409, 'ALREADY_RATED', REVIEW_TEXTS.alreadyRated);
    return this.mine(viewer, appointmentId);
  }

  async all(): Promise<AdminReviews> {
    const rows = await answeredReviews(this.db);
    const customers = await customersByUserId(
      this.db,
      rows.map((row) => row.userId),
    );
    const appointments = await appointmentsById(
      this.db,
      rows.map((row) => row.appointmentId),
    );
    const total = rows.reduce((sum, row) => sum + (row.rating ?? 0), 0);
    return {
      count: rows.length,
      average: rows.length > 0 ? Math.round((total / rows.length) * 10) / 10 : null,
      reviews: rows.map((row) => {
        const customer = customers.get(row.userId);
        return {
          appointmentId: row.appointmentId,
          customerName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : '',
          email: customer?.email ?? '',
          startsAt: (appointments.get(row.appointmentId)?.startsAt ?? row.requestedAt).toISOString(),
          rating: row.rating ?? 0,
          comment: row.comment,
          mayShow: row.mayShow,
          answeredAt: (row.answeredAt ?? row.requestedAt).toISOString(),
        };
      }),
    };
  }
}
