import '../payments.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router';
import { MAX_REVIEW_COMMENT, REVIEW_TEXTS, ReviewAnswerSchema } from '../../../../shared/reviews.ts';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { translate } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useReview, useReviewConsent, useSendReview } from '../api/review.ts';
import { appointmentTime } from '../formats.ts';

/**
 * The customer's rating of a paid visit, from the thank-you e-mail (issue 18): 1 to 5 stars and an optional
 * comment, given once; the owner sees them in the back office. When the business has a public review page, the
 * thanks link to it.
 */
function ReviewPage() {
  const { t } = useLingui();
  usePageTitle(t`Rate your visit`);
  const { appointmentId = '' } = useParams();
  const review = useReview(appointmentId);
  const send = useSendReview(appointmentId);
  const consent = useReviewConsent(appointmentId);
  const [rating, setRating] = useState<number>();
  const [comment, setComment] = useState('');
  // "You may show my review": unticked unless the customer ticks it (decision 041).
  const [mayShow, setMayShow] = useState(false);
  const [problem, setProblem] = useState<string>();
  const labels = [t`1 star: poor`, t`2 stars: fair`, t`3 stars: good`, t`4 stars: very good`, t`5 stars: excellent`];

  if (review.isPending) return <PageSpinner />;
  if (review.isError) {
    return (
      <Container className="py-4 review-page">
        <h1>{t`Rate your visit`}</h1>
        <Alert variant="warning">
          <p className="fs-5">{errorText(review.error) ?? t`Something went wrong on our side. Please try again in a moment.`}</p>
          <Link to="/home" className="btn btn-outline-primary btn-lg">
            <Trans>Back to your appointments</Trans>
          </Link>
        </Alert>
      </Container>
    );
  }

  const data = review.data;
  const time = appointmentTime(Date.parse(data.startsAt));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = ReviewAnswerSchema.safeParse({ rating, comment, mayShow });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    send.mutate(checked.data);
  };
  const stars = data.rating;
  const thanks = stars !== null && (
    <div role="status" className="review-thanks">
      <p className="fs-4 fw-semibold">
        <Trans>Thank you! You rated this visit {stars} out of 5.</Trans>
      </p>
      {data.comment && <p className="review-comment">{data.comment}</p>}
      <div className="review-consent mb-4">
        <p>
          {data.mayShow
            ? t`Your review may appear on our website with your first name and town.`
            : t`Your review stays between you and us: it is not shown on our website.`}
        </p>
        <Button variant="outline-primary" size="lg" disabled={consent.isPending} onClick={() => consent.mutate({ mayShow: !data.mayShow })}>
          {data.mayShow ? t`Stop showing my review` : t`Show my review on the website`}
        </Button>
        {consent.isError && (
          <p className="text-danger fw-semibold mt-2" role="alert">
            {errorText(consent.error) ?? t`Something went wrong on our side. Please try again in a moment.`}
          </p>
        )}
      </div>
      {data.reviewUrl && (
        <p>
          <a href={data.reviewUrl} className="btn btn-outline-primary btn-lg" rel="noopener noreferrer" target="_blank">
            <Trans>Tell your neighbors on our public review page</Trans>
          </a>
        </p>
      )}
      <Link to="/home" className="target-link">
        <Trans>Back to your appointments</Trans>
      </Link>
    </div>
  );

  return (
    <Container className="py-4 review-page">
      <h1>{t`Rate your visit`}</h1>
      <p className="fs-5">
        <Trans comment="{time} is the date and time of the visit">Your visit of {time} (New York time).</Trans>
      </p>
      {thanks || (
        <Form noValidate onSubmit={onSubmit}>
          <fieldset className="mb-4" aria-describedby={problem ? 'review-problem' : undefined}>
            <legend className="fs-5 fw-semibold">
              <Trans>How did we do?</Trans>
            </legend>
            {labels.map((label, index) => (
              <Form.Check
                key={label}
                type="radio"
                name="rating"
                id={`review-rating-${index + 1}`}
                className="form-check-lg"
                label={label}
                checked={rating === index + 1}
                isInvalid={problem === REVIEW_TEXTS.ratingRequired}
                onChange={() => setRating(index + 1)}
              />
            ))}
            {problem && (
              <p id="review-problem" className="text-danger fw-semibold mt-2" role="alert">
                {translate(problem)}
              </p>
            )}
          </fieldset>
          <Form.Group className="mb-4" controlId="review-comment">
            <Form.Label>
              <Trans>Anything you would like to tell us? (optional)</Trans>
            </Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              maxLength={MAX_REVIEW_COMMENT}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          </Form.Group>
          <Form.Group className="mb-4" controlId="review-may-show">
            <Form.Check
              type="checkbox"
              className="form-check-lg"
              checked={mayShow}
              onChange={(event) => setMayShow(event.target.checked)}
              label={t`You may show my review on our website, with my first name and town.`}
              aria-describedby="review-may-show-hint"
            />
            <Form.Text id="review-may-show-hint" className="d-block">
              {t`We never show your last name, e-mail or address. You can change your mind later on this page.`}
            </Form.Text>
          </Form.Group>
          {send.isError && (
            <Alert variant="danger" role="alert">
              {errorText(send.error) ?? t`Something went wrong on our side. Please try again in a moment.`}
            </Alert>
          )}
          <Button type="submit" size="lg" disabled={send.isPending}>
            {send.isPending ? t`Sending…` : t`Send my rating`}
          </Button>
        </Form>
      )}
    </Container>
  );
}

export { ReviewPage as Component };
