// The reviews module's face: the service and routes, the job listener that sends the thank-you, and what privacy
// needs of a customer's reviews.
export { reviewRoutes } from './review-routes.ts';
export { forgetReviewer, ReviewService, reviewsAppointmentListener, reviewsOf } from './review-service.ts';
