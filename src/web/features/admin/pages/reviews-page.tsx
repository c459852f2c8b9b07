import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { formatAppointmentTime, formatBusinessDay } from '../../../../shared/business-time.ts';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useReviews } from '../api/get-reviews.ts';
import { AdminEmpty, AdminLoadError } from '../components/admin-load-error.tsx';

const COMPONENT_NAME = 'Reviews';

/**
 * What customers said after paying: each rating and comment, newest first, the average, and whether the customer
 * allowed showing it on the public pages (decision 041: only those comments appear there, with first name and town).
 */
function ReviewsPage() {
  usePageTitle('Customer Ratings');
  const reviews = useReviews();
  let content: ReactNode;
  if (reviews.isPending) content = <PageSpinner />;
  else if (reviews.isError) {
    content = <AdminLoadError error={reviews.error} what="ratings" componentName={COMPONENT_NAME} onRetry={() => void reviews.refetch()} />;
  } else if (reviews.data.count === 0) {
    content = <AdminEmpty title="No ratings yet.">Each customer is asked for one after paying.</AdminEmpty>;
  } else {
    const { average, count } = reviews.data;
    content = (
      <>
        <p className="fs-4 admin-review-average">
          Average {average?.toFixed(1)} out of 5, from {count} {count === 1 ? 'rating' : 'ratings'}
        </p>
        <p>
          The website shows the average of every rating once there are three, and the three latest comments marked Allowed, with the
          customer's first name and town only.
        </p>
        <Table responsive className="admin-table align-middle">
          <caption>Ratings, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Rated on</th>
              <th scope="col">Visit</th>
              <th scope="col">Customer</th>
              <th scope="col">Rating</th>
              <th scope="col">Comment</th>
              <th scope="col">On the website</th>
            </tr>
          </thead>
          <tbody>
            {reviews.data.reviews.map((review) => (
              <tr key={review.appointmentId}>
                <td className="admin-nowrap">{formatBusinessDay(Date.parse(review.answeredAt))}</td>
                <td className="admin-when">{formatAppointmentTime(Date.parse(review.startsAt))}</td>
                <td>
                  <span className="d-block">{review.customerName}</span>
                  <span className="d-block">{review.email}</span>
                </td>
                <td className="admin-nowrap">{review.rating} of 5</td>
                <td className="review-comment">{review.comment}</td>
                <td className="admin-nowrap">{review.mayShow ? 'Allowed' : 'Not allowed'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </>
    );
  }
  return (
    <>
      <h1>Customer Ratings</h1>
      {content}
    </>
  );
}

export { ReviewsPage as Component };
