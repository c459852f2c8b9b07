import { z } from 'zod';
import { english } from './english.ts';

/** The customer's rating of a paid visit, and what the owner sees of all of them (issue 18). */

export const REVIEW_TEXTS = {
  ratingRequired: english('Please choose from 1 to 5 stars.'),
  commentTooLong: english('Please keep your comment under 1000 characters.'),
  notFound: english('There is no visit to rate here.'),
  alreadyRated: english('You have already rated this visit. Thank you!'),
  notRatedYet: english('Please rate the visit first.'),
} as const;

export const MAX_REVIEW_COMMENT = 1000;

export const ReviewAnswerSchema = z.object({
  rating: z
    .number({ error: REVIEW_TEXTS.ratingRequired })
    .int({ error: REVIEW_TEXTS.ratingRequired })
    .min(1, { error: REVIEW_TEXTS.ratingRequired })
    .max(5, { error: REVIEW_TEXTS.ratingRequired }),
  comment: z.string().trim().max(MAX_REVIEW_COMMENT, { error: REVIEW_TEXTS.commentTooLong }).default(''),
  /** "You may show my review": unticked unless the customer ticks it (decision 041). */
  mayShow: z.boolean().default(false),
});
export type ReviewAnswer = z.infer<typeof ReviewAnswerSchema>;

/** The customer gives or withdraws their consent to show their review, after rating. */
export const ReviewConsentSchema = z.object({ mayShow: z.boolean() });
export type ReviewConsent = z.infer<typeof ReviewConsentSchema>;

/** What the customer's review page shows: the visit, their answer if given, and the public review page. */
export const CustomerReviewSchema = z.object({
  appointmentId: z.string(),
  startsAt: z.string(),
  rating: z.number().int().nullable(),
  comment: z.string(),
  mayShow: z.boolean(),
  reviewUrl: z.string().nullable(),
});
export type CustomerReview = z.infer<typeof CustomerReviewSchema>;

export const AdminReviewsSchema = z.object({
  count: z.number().int(),
  /** The average rating, to one decimal; null before the first answer. */
  average: z.number().nullable(),
  reviews: z.array(
    z.object({
      appointmentId: z.string(),
      customerName: z.string(),
      email: z.string(),
      startsAt: z.string(),
      rating: z.number().int(),
      comment: z.string(),
      /** The customer allows showing it on the public pages. */
      mayShow: z.boolean(),
      answeredAt: z.string(),
    }),
  ),
});
export type AdminReviews = z.infer<typeof AdminReviewsSchema>;

/** How many ratings it takes before their average is shown to visitors: one or two would show those customers' own. */
export const MIN_PUBLIC_RATINGS = 3;
/** How many of the latest shown comments the public pages carry. */
export const PUBLIC_REVIEW_COUNT = 3;

/**
 * What visitors see of the ratings (decision 041): how many there are, their average (from MIN_PUBLIC_RATINGS on),
 * and the latest comments of customers who allowed it, with their first name and town only: no e-mail, no last
 * name, no ids, the month instead of the day.
 */
export const PublicReviewsSchema = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
  reviews: z.array(
    z.object({
      firstName: z.string(),
      town: z.string(),
      rating: z.number().int(),
      comment: z.string(),
      /** The language the customer uses the site in: the comment's, most likely (its lang on the page). */
      language: z.enum(['en', 'es']),
      /** YYYY-MM, New York time. */
      month: z.string(),
    }),
  ),
});
export type PublicReviews = z.infer<typeof PublicReviewsSchema>;
