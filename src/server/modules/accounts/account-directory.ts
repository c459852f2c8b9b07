import { type AdminCustomer, DELETED_ACCOUNT_NAME } from '../../../shared/admin.ts';
import type { Locale } from '../../../shared/locale.ts';
import { type Jurisdiction, jurisdictionOfCity, type TaxExemption } from '../../../shared/sales-tax.ts';
import type { Executor } from '../../db/client.ts';
import {
  deleteTrustedContact,
  eraseUser,
  findProfile,
  findTaxExemption,
  findUserByEmail,
  findUserById,
  findUsersDeletedWithin,
  isNumberConfirmedByAnother,
  listAdminEmails,
  listAllAdminEmails,
  listCustomers,
  lockUser,
  lockUserForBooking,
  removeTaxExemption,
  saveTaxExemption,
  setAdminByEmail,
  setTextsConfirmedNumber,
} from './account-queries.ts';

/**
 * What the rest of the server (other modules, the admin command) may know and do with accounts, as functions that run inside the caller's transaction: who a user
 * is, their profile, the customer details the back office shows, the admins to notify, and the row lock that
 * serialises one customer's bookings. The accounts module alone reads and writes its tables.
 */

/** `locale`: the language the user's e-mails are written in (decision 016). */
export type Account = { id: string; email: string; emailVerified: boolean; isAdmin: boolean; locale: Locale };

function accountOf(
  row: { id: string; email: string; emailVerified: boolean; isAdmin: boolean; locale: Locale } | undefined,
): Account | undefined {
  return row ? { id: row.id, email: row.email, emailVerified: row.emailVerified, isAdmin: row.isAdmin, locale: row.locale } : undefined;
}

/**
 * The account, or undefined when there is none or its owner deleted it (decision 024): a deleted account's row stays,
 * emptied, for the paid records that name it, and nothing more is sent to it.
 */
export async function accountById(db: Executor, id: string): Promise<Account | undefined> {
  const row = await findUserById(db, id);
  return row?.deletedAt ? undefined : accountOf(row);
}

export async function accountByEmail(db: Executor, email: string): Promise<Account | undefined> {
  return accountOf(await findUserByEmail(db, email));
}

/** The customer's service-form profile, or undefined before they fill it in. */
export async function profileOf(db: Executor, userId: string) {
  return findProfile(db, userId);
}

/** Records the number (E.164) the customer proved is theirs with a texted code (decision 031). */
export async function confirmTextsNumber(tx: Executor, userId: string, phoneNumber: string): Promise<void> {
  await setTextsConfirmedNumber(tx, userId, phoneNumber);
}

/** Whether another account has proved `phoneNumber` and takes texts there: no code is texted to it for this one. */
export async function numberTakenByAnother(db: Executor, phoneNumber: string, userId: string): Promise<boolean> {
  return isNumberConfirmedByAnother(db, phoneNumber, userId);
}

/** The verified admins, who receive the back office's notices. */
export async function adminEmails(db: Executor): Promise<string[]> {
  return listAdminEmails(db);
}

/** Every admin, verified or not, by address: what the admin command lists. */
export async function allAdminEmails(db: Executor): Promise<string[]> {
  return listAllAdminEmails(db);
}

/** Grants or revokes the admin role by e-mail address; false when no account has that address. */
export async function setAdminRoleByEmail(db: Executor, email: string, isAdmin: boolean): Promise<boolean> {
  return setAdminByEmail(db, email, isAdmin);
}

/** Locks the customer's account for the rest of the transaction, so their bookings are counted one at a time. */
export async function lockAccount(tx: Executor, userId: string): Promise<Account | undefined> {
  return accountOf(await lockUser(tx, userId));
}

/**
 * Locks the account as lockAccount does, and reads in the same statement what a booking uses: the account's address
 * and language (undefined when it is gone), the customer's profile (undefined before the service form), their
 * trusted contact (undefined without one) and the verified admins' addresses (adminEmails).
 */
export async function lockAccountForBooking(tx: Executor, userId: string) {
  const row = await lockUserForBooking(tx, userId);
  return {
    account: row?.user,
    profile: row?.profile ?? undefined,
    trustedContact: row?.contact ?? undefined,
    adminEmails: row?.adminEmails ?? [],
  };
}

/** What the back office shows for a customer whose account is gone. */
export const NO_CUSTOMER: AdminCustomer = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  streetAddress: '',
  city: '',
  state: 'NY',
  zipCode: '',
  locale: 'en',
};

/** The back office's view of each customer by user id; a customer without a profile shows their e-mail only. */
export async function customersByUserId(db: Executor, userIds: Iterable<string>): Promise<Map<string, AdminCustomer>> {
  const rows = await listCustomers(db, [...new Set(userIds)]);
  return new Map(
    rows.map((row) => [
      row.userId,
      row.deletedAt
        ? { ...NO_CUSTOMER, firstName: DELETED_ACCOUNT_NAME, locale: row.locale }
        : {
            firstName: row.firstName ?? '',
            lastName: row.lastName ?? '',
            email: row.email,
            phoneNumber: row.phoneNumber ?? '',
            streetAddress: row.streetAddress ?? '',
            city: row.city ?? '',
            state: row.state ?? 'NY',
            zipCode: row.zipCode ?? '',
            locale: row.locale,
            wantsTexts: row.wantsTexts ?? false,
            codeWord: row.codeWord ?? null,
          },
    ]),
  );
}

export async function customerOf(db: Executor, userId: string): Promise<AdminCustomer> {
  return (await customersByUserId(db, [userId])).get(userId) ?? NO_CUSTOMER;
}

/** Empties a deleted customer's account inside the deletion's transaction (decision 024). */
export async function eraseAccount(db: Executor, userId: string, email: string): Promise<void> {
  await eraseUser(db, userId, email);
}

/** The accounts deleted in the last `days` days. */
export async function accountsDeletedWithin(db: Executor, days: number): Promise<string[]> {
  return findUsersDeletedWithin(db, days);
}

/** Removes the customer's trusted contact inside the caller's transaction (an account being deleted). */
export async function dropTrustedContact(db: Executor, userId: string): Promise<void> {
  await deleteTrustedContact(db, userId);
}

/** A customer's sales-tax exemption as the owner recorded it, or null. */
export async function taxExemptionOf(db: Executor, userId: string): Promise<TaxExemption | null> {
  const row = await findTaxExemption(db, userId);
  return row ? { kind: row.kind, certificate: row.certificate, date: row.certificateDate } : null;
}

/** Records (or replaces) a customer's exemption; `recordedBy` is the owner's user id. */
export async function recordTaxExemption(db: Executor, userId: string, exemption: TaxExemption, recordedBy: string): Promise<void> {
  await saveTaxExemption(db, {
    userId,
    kind: exemption.kind,
    certificate: exemption.certificate,
    certificateDate: exemption.date,
    recordedBy,
  });
}

/** Removes a customer's exemption: their next bills are taxed. True when there was one. */
export function forgetTaxExemption(db: Executor, userId: string): Promise<boolean> {
  return removeTaxExemption(db, userId);
}

/** Where a customer's sales are taxed (their city's county) and their exemption: what a bill's tax needs. */
export async function taxPlaceOf(db: Executor, userId: string): Promise<{ jurisdiction: Jurisdiction; exemption: TaxExemption | null }> {
  const [profile, exemption] = [await findProfile(db, userId), await taxExemptionOf(db, userId)];
  return { jurisdiction: jurisdictionOfCity(profile?.city), exemption };
}
