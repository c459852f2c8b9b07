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
  lockAccount,
  lockAccountForBooking,
  NO_CUSTOMER,
  numberTakenByAnother,
  profileOf,
  setAdminRoleByEmail,
} from './account-directory.ts';
export { accountRoutes } from './account-routes.ts';
export { AccountService } from './account-service.ts';
export type { Auth, PasswordHashing } from './auth.ts';
export { authHandlerRoutes } from './auth-handler-routes.ts';
export type { Clock } from './clock.ts';
export { realClock } from './clock.ts';
export type { SessionCache } from './session-cache.ts';
export { sessionCacheFor } from './session-cache.ts';
export type { CopyFacts } from './trusted-contacts.ts';
export { copyToTrustedContact, readCopyFacts, trustedContactCopy } from './trusted-contacts.ts';
