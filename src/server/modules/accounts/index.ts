// The accounts module's face: sign-up, sign-in and the e-mail flows (routes, AccountService, better-auth's
// Auth), the session cache, the sign-in clock, and the directory other modules read and lock accounts through
// (customers, profiles, admins, erasure) with the trusted contact's copies.
export {
  accountByEmail,
  accountById,
  accountsDeletedWithin,
  adminEmails,
  allAdminEmails,
  confirmTextsNumber,
  customerOf,
  customersByUserId,
  dropTrustedContact,
  eraseAccount,
  forgetTaxExemption,
  lockAccount,
  lockAccountForBooking,
  NO_CUSTOMER,
  numberTakenByAnother,
  profileOf,
  recordTaxExemption,
  setAdminRoleByEmail,
  taxExemptionOf,
  taxPlaceOf,
} from './account-directory.ts';
export { accountRoutes } from './account-routes.ts';
export { AccountService } from './account-service.ts';
export type { Auth, PasswordHashing } from './auth.ts';
export { authHandlerRoutes } from './auth-handler-routes.ts';
export type { Clock } from './clock.ts';
export { realClock } from './clock.ts';
export { codeWordFor } from './code-word.ts';
export { codeWordRoutes } from './code-word-routes.ts';
export type { ReminderCallCustomer } from './reminder-call-choice.ts';
export { reminderCallCustomers, setReminderCallChoice } from './reminder-call-choice.ts';
export type { SessionCache } from './session-cache.ts';
export { sessionCacheFor } from './session-cache.ts';
export type { CopyFacts, EstimateApprover } from './trusted-contacts.ts';
export { copyToTrustedContact, estimateApprover, readCopyFacts, stopCopiesUrl, trustedContactCopy } from './trusted-contacts.ts';
