// The waitlist module's face (issue 39): WaitlistService (joining, leaving and the offers of freed slots, its
// listener of the appointments' changes and the scheduler's sweep), the slots it holds as the appointments module
// asks for them (waitlistHolds), a customer's entries for their data download and
// their deletion with the account, and its routes.
export { waitlistRoutes } from './waitlist-routes.ts';
export { forgetWaitlistOf, WaitlistService, waitlistEntriesOf, waitlistHolds } from './waitlist-service.ts';
