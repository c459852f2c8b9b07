import { createHash, randomBytes } from 'node:crypto';
import { and, type Column, eq, gt, inArray, isNull, like, ne, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  account,
  accountTokens,
  contactSuppressions,
  profiles,
  session,
  taxExemptions,
  trustedContacts,
  user,
  verification,
} from '../../db/schema.ts';

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];

/** A customer's contact details as the back office shows them beside a job (a profile may not exist yet). */
const customerColumns = {
  userId: user.id,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  email: user.email,
  phoneNumber: profiles.phoneNumber,
  streetAddress: profiles.streetAddress,
  city: profiles.city,
  state: profiles.state,
  zipCode: profiles.zipCode,
  /** The language the customer's e-mails are in, shown beside each of their jobs. */
  locale: user.locale,
  deletedAt: user.deletedAt,
  /** Texts go to the customer: asked for, and the number proved with its code (decision 031). */
  wantsTexts: sql<boolean | null>`(${profiles.wantsTexts} and ${profiles.textsConfirmedNumber} is not null)`,
  /** The word the technician says at the door (issue 39): the owner is the technician. */
  codeWord: profiles.codeWord,
};

export async function listCustomers(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db.select(customerColumns).from(user).leftJoin(profiles, eq(profiles.userId, user.id)).where(inArray(user.id, userIds));
}

/**
 * Locks the user's row for the rest of the transaction (their bookings are counted one at a time under it). NO KEY
 * UPDATE: it serialises the account's own changes as FOR UPDATE would, but not the inserts of rows that point at the
 * account (a payment's review request), which take KEY SHARE while holding a job's lock; with FOR UPDATE, deleting an
 * account (the account, then its jobs) and recording a payment (the job, then a row of the account) deadlocked.
 */
export async function lockUser(db: Executor, userId: string) {
  const [row] = await db.select().from(user).where(eq(user.id, userId)).for('no key update');
  return row;
}

/** Who receives the back office's notices: the admins with a verified address (of `user`, or an alias of it). */
const isVerifiedAdmin = (table: { isAdmin: Column; emailVerified: Column }) => and(eq(table.isAdmin, true), eq(table.emailVerified, true));

/** The verified admins' addresses, as a subquery of a statement that reads `user` itself. */
const admins = alias(user, 'admin');
const verifiedAdminEmails = sql<
  string[]
>`array${new QueryBuilder().select({ email: admins.email }).from(admins).where(isVerifiedAdmin(admins))}`;

/**
 * The user's row locked, with, in the same statement, their profile and trusted contact (not locked; null when they
 * have none) and the verified admins' addresses (listAdminEmails): everything a booking reads, in one round trip.
 * Only the columns a booking uses: each column costs the query builder, the embedded database's reader and the
 * mapping, on every booking.
 */
export async function lockUserForBooking(db: Executor, userId: string) {
  const [row] = await db
    .select({
      user: { email: user.email, locale: user.locale },
      profile: {
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        phoneNumber: profiles.phoneNumber,
        streetAddress: profiles.streetAddress,
        city: profiles.city,
        state: profiles.state,
        zipCode: profiles.zipCode,
        wantsTexts: profiles.wantsTexts,
        textsConfirmedNumber: profiles.textsConfirmedNumber,
        codeWord: profiles.codeWord,
      },
      contact: {
        name: trustedContacts.name,
        email: trustedContacts.email,
        copiesStoppedAt: trustedContacts.copiesStoppedAt,
        agreedAt: trustedContacts.agreedAt,
      },
      adminEmails: verifiedAdminEmails,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .leftJoin(trustedContacts, eq(trustedContacts.userId, user.id))
    .where(eq(user.id, userId))
    .for('no key update', { of: user });
  return row;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(user).where(eq(user.email, email.toLowerCase()));
  return row;
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}

/** Creates a single-use token and returns it; only its hash is stored. */
export async function createAccountToken(
  db: Executor,
  input: { purpose: TokenPurpose; userId: string; email: string; ttlSeconds: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    tokenHash: hashToken(token),
    purpose: input.purpose,
    userId: input.userId,
    email: input.email.toLowerCase(),
    expiresAt: sql`now() + make_interval(secs => ${input.ttlSeconds})`,
  });
  return token;
}

/**
 * Uses a token up: deletes it and returns what it was for, or undefined when unknown, used or expired. Its expiry is
 * judged by the database's clock, the clock that set it (createAccountToken), not the app's.
 */
export async function consumeAccountToken(db: Executor, purpose: TokenPurpose, token: string) {
  const [row] = await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)))
    .returning({
      userId: accountTokens.userId,
      email: accountTokens.email,
      purpose: accountTokens.purpose,
      expiresAt: accountTokens.expiresAt,
      live: sql<boolean>`${accountTokens.expiresAt} > now()`,
    });
  if (!row?.live) return undefined;
  return row;
}

export async function deleteAccountTokens(db: Executor, userId: string, purpose: TokenPurpose): Promise<void> {
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
}

/** A new address for the account; the first change is remembered (`emailChangedAt`), a later one keeps that time. */
export async function updateUserEmail(db: Executor, userId: string, email: string, emailVerified: boolean): Promise<void> {
  await db
    .update(user)
    .set({ email: email.toLowerCase(), emailVerified, emailChangedAt: sql`coalesce(${user.emailChangedAt}, now())`, updatedAt: new Date() })
    .where(eq(user.id, userId));
}

export async function updateUserLocale(db: Executor, userId: string, locale: (typeof user.$inferSelect)['locale']): Promise<void> {
  await db.update(user).set({ locale, updatedAt: new Date() }).where(eq(user.id, userId));
}

export async function markEmailVerified(db: Executor, userId: string, email: string): Promise<boolean> {
  const updated = await db
    .update(user)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(user.id, userId), eq(user.email, email.toLowerCase())))
    .returning({ id: user.id });
  return updated.length === 1;
}

export async function setAdmin(db: Executor, userId: string, isAdmin: boolean): Promise<void> {
  await db.update(user).set({ isAdmin, updatedAt: new Date() }).where(eq(user.id, userId));
}

/** Grants or revokes admin rights by e-mail address; false when no account has it. */
export async function setAdminByEmail(db: Executor, email: string, isAdmin: boolean): Promise<boolean> {
  const updated = await db
    .update(user)
    .set({ isAdmin, updatedAt: new Date() })
    .where(eq(user.email, email.toLowerCase()))
    .returning({ id: user.id });
  return updated.length > 0;
}

export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(session).where(eq(session.userId, userId));
}

/** When the user's session was made, that is when they signed in (better-auth never moves it); undefined when gone. */
export async function findSessionCreatedAt(db: Executor, userId: string, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: session.createdAt })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)));
  return row?.createdAt;
}

/** Of the given sessions, those not ended nor expired, with their user's rights as they are now. */
export async function findCurrentSessions(db: Executor, sessionIds: string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select({ id: session.id, isAdmin: user.isAdmin, emailVerified: user.emailVerified })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(inArray(session.id, sessionIds), gt(session.expiresAt, sql`now()`)));
}

export async function findProfile(db: Executor, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

export async function upsertProfile(db: Executor, values: typeof profiles.$inferInsert) {
  const { userId: _userId, createdAt: _createdAt, ...changes } = values;
  const [row] = await db
    .insert(profiles)
    .values(values)
    .onConflictDoUpdate({ target: profiles.userId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('the profile was not saved');
  return row;
}

/** Every admin, verified or not, by address: what the command line lists. */
export async function listAllAdminEmails(db: Executor): Promise<string[]> {
  const rows = await db.select({ email: user.email }).from(user).where(eq(user.isAdmin, true)).orderBy(user.email);
  return rows.map((row) => row.email);
}

/** The verified admins, who receive the back office's notices. */
export async function listAdminEmails(db: Executor): Promise<string[]> {
  const rows = await db.select({ email: user.email }).from(user).where(isVerifiedAdmin(user));
  return rows.map((row) => row.email);
}

/** The accounts deleted in the last `days` days (their rows stay, emptied: decision 024). */
export async function findUsersDeletedWithin(db: Executor, days: number): Promise<string[]> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(gt(user.deletedAt, sql`now() - make_interval(days => ${days})`));
  return rows.map((row) => row.id);
}

/** The account's signed-in sessions, for its own data: when, until when, from where and in what browser. */
export async function listSessionsOf(db: Executor, userId: string) {
  return db
    .select({ createdAt: session.createdAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(session.createdAt);
}

export async function findTrustedContact(db: Executor, userId: string) {
  const [row] = await db.select().from(trustedContacts).where(eq(trustedContacts.userId, userId));
  return row;
}

/**
 * Saves the customer's contact. A new address starts from nothing (decision 031): not invited, not agreed, and
 * stopped from the start when the address is on the suppression list; the same address keeps its answer.
 */
export async function upsertTrustedContact(
  db: Executor,
  values: { userId: string; name: string; email: string; phoneNumber: string | null },
) {
  const sameAddress = sql`${trustedContacts.email} = ${values.email}`;
  const suppressedAt = sql`(select ${contactSuppressions.suppressedAt} from ${contactSuppressions} where ${contactSuppressions.email} = ${values.email})`;
  const [row] = await db
    .insert(trustedContacts)
    .values({ ...values, copiesStoppedAt: suppressedAt })
    .onConflictDoUpdate({
      target: trustedContacts.userId,
      set: {
        name: values.name,
        email: values.email,
        phoneNumber: values.phoneNumber,
        updatedAt: new Date(),
        copiesStoppedAt: sql`case when ${sameAddress} then ${trustedContacts.copiesStoppedAt} else ${suppressedAt} end`,
        invitedAt: sql`case when ${sameAddress} then ${trustedContacts.invitedAt} else null end`,
        agreedAt: sql`case when ${sameAddress} then ${trustedContacts.agreedAt} else null end`,
        agreedWording: sql`case when ${sameAddress} then ${trustedContacts.agreedWording} else null end`,
        // The customer allowed that person to approve estimates; another address starts without it.
        mayApproveEstimates: sql`case when ${sameAddress} then ${trustedContacts.mayApproveEstimates} else false end`,
      },
    })
    .returning();
  if (!row) throw new Error('the trusted contact was not saved');
  return row;
}

/** Whether the customer's contact may approve their estimates (issue 38); false when they have no contact. */
export async function setContactMayApproveEstimates(db: Executor, userId: string, allowed: boolean): Promise<boolean> {
  const rows = await db
    .update(trustedContacts)
    .set({ mayApproveEstimates: allowed, updatedAt: new Date() })
    .where(eq(trustedContacts.userId, userId))
    .returning({ userId: trustedContacts.userId });
  return rows.length > 0;
}

export async function deleteTrustedContact(db: Executor, userId: string): Promise<void> {
  await db.delete(trustedContacts).where(eq(trustedContacts.userId, userId));
}

/**
 * Records that the invitation to the customer's contact at `email` was stored to go (or, recently, had gone): the
 * contact waits for their answer, not stopped.
 */
export async function markTrustedContactInvited(db: Executor, userId: string, email: string): Promise<void> {
  await db
    .update(trustedContacts)
    .set({ invitedAt: sql`now()`, copiesStoppedAt: null })
    .where(and(eq(trustedContacts.userId, userId), eq(trustedContacts.email, email)));
}

/**
 * The contacts no invitation ever went to, at an address not on the suppression list: those named before
 * invitations existed, and those named while their address was suppressed, once its owner lifted it.
 */
export async function findUninvitedTrustedContacts(db: Executor, limit: number) {
  return db
    .select({ userId: trustedContacts.userId, email: trustedContacts.email })
    .from(trustedContacts)
    .where(
      and(
        isNull(trustedContacts.invitedAt),
        isNull(trustedContacts.agreedAt),
        sql`not exists (select 1 from ${contactSuppressions} where ${contactSuppressions.email} = ${trustedContacts.email})`,
      ),
    )
    .limit(limit);
}

/** Whether the address refused or stopped, and has not agreed since. */
export async function isContactSuppressed(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ email: contactSuppressions.email }).from(contactSuppressions).where(eq(contactSuppressions.email, email));
  return Boolean(row);
}

/**
 * The contact at `email` agreed to the customer's copies, with `wording`: the copies may go, and the address leaves
 * the suppression list (only its owner's yes lifts it). False when the customer has no such contact any more.
 */
export async function agreeTrustedContact(db: Executor, userId: string, email: string, wording: string): Promise<boolean> {
  const rows = await db
    .update(trustedContacts)
    .set({
      agreedAt: sql`now()`,
      agreedWording: wording,
      copiesStoppedAt: null,
      invitedAt: sql`coalesce(${trustedContacts.invitedAt}, now())`,
    })
    .where(and(eq(trustedContacts.userId, userId), eq(trustedContacts.email, email)))
    .returning({ userId: trustedContacts.userId });
  if (rows.length === 0) return false;
  await db.delete(contactSuppressions).where(eq(contactSuppressions.email, email));
  return true;
}

/**
 * The address refused, or stopped the copies: it goes on the suppression list, and every customer's contact at that
 * address stops. `userId` names the customer whose link it was; false when they have no such contact any more.
 */
export async function suppressTrustedContact(db: Executor, userId: string, email: string, reason: 'refused' | 'stopped'): Promise<boolean> {
  const [named] = await db
    .select({ userId: trustedContacts.userId })
    .from(trustedContacts)
    .where(and(eq(trustedContacts.userId, userId), eq(trustedContacts.email, email)));
  if (!named) return false;
  await db
    .insert(contactSuppressions)
    .values({ email, reason })
    .onConflictDoUpdate({ target: contactSuppressions.email, set: { reason, suppressedAt: sql`now()` } });
  await db
    .update(trustedContacts)
    .set({ copiesStoppedAt: sql`coalesce(${trustedContacts.copiesStoppedAt}, now())` })
    .where(eq(trustedContacts.email, email));
  return true;
}

/** Records the number the customer proved is theirs (decision 031). */
export async function setTextsConfirmedNumber(db: Executor, userId: string, phoneNumber: string): Promise<void> {
  await db.update(profiles).set({ textsConfirmedNumber: phoneNumber, textsConfirmedAt: sql`now()` }).where(eq(profiles.userId, userId));
}

/** Gives the customer's profile `word` as its code word only if it has none yet; answers the word it now has. */
export async function setCodeWordIfMissing(db: Executor, userId: string, word: string): Promise<string | undefined> {
  await db
    .update(profiles)
    .set({ codeWord: word })
    .where(and(eq(profiles.userId, userId), isNull(profiles.codeWord)));
  const [row] = await db.select({ codeWord: profiles.codeWord }).from(profiles).where(eq(profiles.userId, userId));
  return row?.codeWord ?? undefined;
}

/** Replaces the customer's code word (already checked against the lists); false when they have no profile. */
export async function setCodeWord(db: Executor, userId: string, word: string): Promise<boolean> {
  const rows = await db.update(profiles).set({ codeWord: word, updatedAt: new Date() }).where(eq(profiles.userId, userId)).returning({
    userId: profiles.userId,
  });
  return rows.length > 0;
}

/** Whether another account has confirmed `phoneNumber` (E.164) for its texts and still takes them there. */
export async function isNumberConfirmedByAnother(db: Executor, phoneNumber: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.textsConfirmedNumber, phoneNumber), eq(profiles.wantsTexts, true), ne(profiles.userId, userId)))
    .limit(1);
  return Boolean(row);
}

/** The hash of the user's password, or undefined for an account that signs in with Google only. */
export async function findPasswordHash(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return row?.password ?? undefined;
}

/**
 * Empties a deleted customer's account (decision 024): their profile, contact, sessions, sign-in methods and
 * pending links go; the user row stays, with no address anyone can sign in with, for the paid records that name it.
 */
export async function eraseUser(db: Executor, userId: string, email: string): Promise<void> {
  await db.delete(profiles).where(eq(profiles.userId, userId));
  await db.delete(trustedContacts).where(eq(trustedContacts.userId, userId));
  // The bills already paid keep the certificate they were exempt under (the seller's record for the tax department).
  await db.delete(taxExemptions).where(eq(taxExemptions.userId, userId));
  await db.delete(session).where(eq(session.userId, userId));
  await db.delete(account).where(eq(account.userId, userId));
  await db.delete(accountTokens).where(eq(accountTokens.userId, userId));
  await db.delete(verification).where(like(verification.value, `%${userId}%`));
  await db.delete(verification).where(eq(verification.identifier, email.toLowerCase()));
  await db
    .update(user)
    .set({
      email: `deleted-${userId.toLowerCase()}@deleted.invalid`,
      name: '',
      image: null,
      emailVerified: false,
      isAdmin: false,
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(user.id, userId));
}

export async function findTaxExemption(db: Executor, userId: string) {
  const [row] = await db.select().from(taxExemptions).where(eq(taxExemptions.userId, userId));
  return row;
}

export async function saveTaxExemption(db: Executor, values: typeof taxExemptions.$inferInsert) {
  const { userId: _userId, ...changes } = values;
  const [row] = await db
    .insert(taxExemptions)
    .values(values)
    .onConflictDoUpdate({ target: taxExemptions.userId, set: { ...changes, recordedAt: new Date() } })
    .returning();
  return row;
}

export async function removeTaxExemption(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.delete(taxExemptions).where(eq(taxExemptions.userId, userId)).returning({ userId: taxExemptions.userId });
  return rows.length > 0;
}
