import './technician.css';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import type { PublicReviews } from '../../../../shared/reviews.ts';
import { LATE_PART_LOADING } from '../../../components/when-near.tsx';
import { noteFailure } from '../../../lib/api-failure.ts';
import { getPublicReviews } from '../api/get-public-reviews.ts';

const STARS = 5;

/** Stars drawn for a rating: the number is said in words beside them. */
function Stars({ rating }: { rating: number }) {
  const full = Math.max(0, Math.min(STARS, Math.round(rating)));
  return (
    <span className="review-stars" aria-hidden="true">
      <span className="review-stars-full">{'★'.repeat(full)}</span>
      <span className="review-stars-empty">{'★'.repeat(STARS - full)}</span>
    </span>
  );
}

/** "March 2026" in the page's language, from the review's YYYY-MM. */
function monthName(month: string, locale: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return '';
  return new Intl.DateTimeFormat(locale === 'es' ? 'es' : 'en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, monthNumber - 1, 15),
  );
}

/** The ratings as the page shows them, once they have come; nothing before, or when the read failed. */
export function CustomerReviewsView({ reviews, className = '' }: { reviews: PublicReviews; className?: string }) {
  const { i18n, t } = useLingui();
  const headingId = useId();
  const { average, count } = reviews;
  if (average === null && reviews.reviews.length === 0) return null;
  const averageText = average === null ? '' : average.toLocaleString(i18n.locale === 'es' ? 'es' : 'en-US', { minimumFractionDigits: 1 });
  return (
    <section className={`customer-reviews ${className}`.trim()} aria-labelledby={headingId}>
      <h2 id={headingId}>{t`What our customers say`}</h2>
      {average !== null && (
        <p className="review-summary">
          <span className="review-average">{averageText}</span>
          <Stars rating={average} />
          <span>{t`out of 5, from ${plural(count, { one: '# rating', other: '# ratings' })} by customers after their visit`}</span>
        </p>
      )}
      {reviews.reviews.length > 0 && (
        <ul className="review-cards list-unstyled text-grid text-grid-md-2 text-grid-lg-3">
          {reviews.reviews.map((review) => {
            const who = review.town ? `${review.firstName}, ${review.town}` : review.firstName;
            const { rating } = review;
            return (
              <li key={`${review.firstName}${review.month}${review.comment.slice(0, 24)}`}>
                <figure className="review-card">
                  <p className="review-card-rating">
                    <Stars rating={rating} />
                    <span className="visually-hidden">{t`${plural(rating, { one: '# star', other: '# stars' })} out of 5`}</span>
                  </p>
                  <blockquote className="review-card-comment" lang={review.language}>
                    <p>{review.comment}</p>
                  </blockquote>
                  <figcaption className="review-card-author">
                    {who}
                    <span className="review-card-month">{monthName(review.month, i18n.locale)}</span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * What customers said (issue 40, decision 041): the average of every rating (from three on) and the latest comments
 * of the customers who allowed them, with first name and town. Read once the page has shown, without React Query
 * (the first load of `/` stays within its budget); a failed read leaves the section out.
 */
export function CustomerReviews({ className }: { className?: string }) {
  const [reviews, setReviews] = useState<PublicReviews | 'failed'>();
  useEffect(() => {
    const controller = new AbortController();
    getPublicReviews(controller.signal).then(setReviews, (error: unknown) => {
      setReviews('failed');
      noteFailure(error, 'CustomerReviews');
    });
    return () => controller.abort();
  }, []);
  // An empty mark while the read is under way: the page's tests wait for the part to settle (LATE_PART_LOADING).
  if (reviews === undefined) return <div {...LATE_PART_LOADING} />;
  return reviews === 'failed' ? null : <CustomerReviewsView reviews={reviews} className={className} />;
}
