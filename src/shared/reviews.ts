import { z } from 'zod';
import { english } from './english.ts';

/** The customer's rating of a paid visit, and what the owner sees of all of them (issue 18). */

export const REVIEW_TEXTS = {
  ratingRequired: english('Please choose from 1 to 5 stars.'),
  commentTooLong: english('Please keep your comment under 1000 characters.'),
  notFound: english('There is no visit to rate here.'),
  alreadyRated: english('You have already rated this visit. Thank you!'),
} as const;

export const MAX_REVIEW_COMMENT = 1000;

export const ReviewAnswerSchema = z.object({
  rating: z
    .number({ error: REVIEW_TEXTS.ratingRequired })
    .int({ error: REVIEW_TEXTS.ratingRequired })
    .min(1, { error: REVIEW_TEXTS.ratingRequired })
    .max(5, { error: REVIEW_TEXTS.ratingRequired }),
  comment: z.string().trim().max(MAX_REVIEW_COMMENT, { error: REVIEW_TEXTS.commentTooLong }).default(''),
});
export type ReviewAnswer = z.infer<typeof ReviewAnswerSchema>;

/** What the customer's review page shows: the visit, their answer if given, and the public review page. */
export const CustomerReviewSchema = z.object({
  appointmentId: z.string(),
  startsAt: z.string(),
  rating: z.number().int().nullable(),
  comment: z.string(),
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
      answeredAt: z.string(),
    }),
  ),
});
export type AdminReviews = z.infer<typeof AdminReviewsSchema>;
