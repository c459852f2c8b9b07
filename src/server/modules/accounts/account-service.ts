import { APIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  DELETE_REAUTH_MINUTES,
  DELETE_TEXTS,
  type Me,
  type Profile,
  type ProfileValues,
  type SessionUser,
  type SignUp,
} from '../../../shared/account.ts';
import { zipForCity } from '../../../shared/business.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/locale.ts';
import { reminderCallsOf } from '../../../shared/reminder-calls.ts';
import { type TrustedContactOutput, type TrustedContactSchema, toE164 } from '../../../shared/text-messages.ts';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { ProfileRow } from '../../db/schema.ts';
import { type Translator, translatorFor } from '../../i18n.ts';
import { HttpError } from '../../plugins/errors.ts';
import { announceChange, announceSessionEnded, type CurrentSession } from '../events/index.ts';
import { type EmailContent, type MailService, renderEmail } from '../mail/index.ts';
import {
  actionLink,
  alreadyRegisteredContent,
  emailChangedContent,
  emailRestoredContent,
  resetPasswordContent,
  verifyEmailContent,
} from './account-emails.ts';
import {
  consumeAccountToken,
  createAccountToken,
  deleteAccountTokens,
  deleteUserSessions,
  findCurrentSessions,
  findPasswordHash,
  findProfile,
  findSessionCreatedAt,
  findTrustedContact,
  findUserByEmail,
  findUserById,
  listSessionsOf,
  markEmailVerified,
  setAdmin,
  updateUserEmail,
  updateUserLocale,
  upsertProfile,
} from './account-queries.ts';
import { type Auth, createAuth, type PasswordHashing } from './auth.ts';
import { limitDeleteConfirmation } from './rate-limit.ts';
import { contactOutput, TrustedContactService } from './trusted-contact-service.ts';

export const VERIFY_EMAIL_TOKEN_SECONDS = 24 * 60 * 60;
export const RECOVER_EMAIL_TOKEN_SECONDS = 7 * 24 * 60 * 60;

const INVALID_CODE_MESSAGE = 'This link is not valid any more: it was already used, or it has expired.';

/** Whether texts go to the profile's number now: asked for, and the number proved with a code (decision 031). */
export function textsConfirmed(row: Pick<ProfileRow, 'wantsTexts' | 'phoneNumber' | 'textsConfirmedNumber'>): boolean {
  return row.wantsTexts && row.textsConfirmedNumber !== null && row.textsConfirmedNumber === toE164(row.phoneNumber);
}

export function profileOutput(row: ProfileRow, viewer: SessionUser, textsStopped = false): Profile {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    streetAddress: row.streetAddress,
    city: row.city,
    state: 'NY',
    zipCode: row.zipCode,
    email: viewer.email,
    isCompleted: true,
    isAdmin: viewer.isAdmin,
    wantsTexts: row.wantsTexts,
    textsStopped,
    textsConfirmed: textsConfirmed(row),
  };
}

/** The account life cycle: every rule here is the server's, whatever the browser checked before. */
/**
 * What accounts needs of the texts module (declared here, by the module that uses it; the text service provides it):
 * whether texts can be sent at all, whether a number replied STOP, and the code that proves a number.
 */
export interface AccountTexts {
  readonly available: boolean;
  isStopped(db: Executor, phone: string): Promise<boolean>;
  sendCode(userId: string): Promise<'sent' | 'limited' | 'taken' | 'stopped' | undefined>;
}

export class AccountService {
  readonly auth: Auth;
  /** The customer's trusted contact: its invitation, agreement and copies (decision 031). */
  readonly contacts: TrustedContactService;

  constructor(
    private readonly db: Database,
    private readonly mail: MailService,
    private readonly config: Config,
    log: FastifyBaseLogger,
    private readonly texts: AccountTexts,
    passwordHashing?: PasswordHashing,
  ) {
    this.auth = createAuth(
      config,
      db,
      log,
      {
        sendResetPassword: (input) => this.sendResetLink(input.email, input.token, input.locale),
        onVerifiedUserCreated: (input) => this.applyAdminEmails(input.id, input.email),
      },
      passwordHashing,
    );
    this.contacts = new TrustedContactService(db, mail, config);
  }

  /**
   * Mails `content`, written in `language` (the recipient's saved one), framed in it too; `about` names the account
   * it concerns and `carriesKey` says it holds a one-time link (decision 024).
   */
  private async mailTo(
    to: string,
    language: Translator,
    content: EmailContent,
    { db = this.db, about, carriesKey = false }: { db?: Executor; about?: string; carriesKey?: boolean } = {},
  ) {
    await this.mail.enqueue({ to, ...renderEmail(content, this.config.support, language), about, carriesKey }, db);
  }

  private async sendVerification(userId: string, email: string, locale: string): Promise<void> {
    const token = await createAccountToken(this.db, { purpose: 'verify-email', userId, email, ttlSeconds: VERIFY_EMAIL_TOKEN_SECONDS });
    const language = translatorFor(locale);
    await this.mailTo(email, language, verifyEmailContent(language, actionLink(this.config.publicUrl, 'verifyEmail', token)), {
      about: userId,
      carriesKey: true,
    });
    this.mail.deliverSoon();
  }

  /** Makes the account an admin when its verified address is one of ADMIN_EMAILS. */
  async applyAdminEmails(userId: string, email: string): Promise<void> {
    if (this.config.adminEmails.includes(email.toLowerCase())) await setAdmin(this.db, userId, true);
  }

  /**
   * Same answer whether or not the address is registered, in about the same time: its owner gets an e-mail either
   * way, and a registered address's password is hashed too (with better-auth's own hasher, which a new account
   * spends most of its time in), so that the time taken does not tell which addresses have accounts.
   */
  async signUp(input: SignUp): Promise<void> {
    const email = input.email.toLowerCase();
    const existing = await findUserByEmail(this.db, email);
    if (existing) {
      await (await this.auth.$context).password.hash(input.password);
      const base = this.config.publicUrl;
      // In the account's own language: the one its owner chose, whatever this request asked for.
      const language = translatorFor(existing.locale);
      await this.mailTo(email, language, alreadyRegisteredContent(language, `${base}/login`, `${base}/forgot-password`), {
        about: existing.id,
      });
      this.mail.deliverSoon();
      return;
    }
    const locale = input.locale ?? DEFAULT_LOCALE;
    const result = await this.auth.api.signUpEmail({ body: { email, password: input.password, name: '', locale } });
    await this.sendVerification(result.user.id, email, locale);
  }

  /** Signs in; returns better-auth's Set-Cookie headers. Unverified addresses get a fresh link and no session. */
  async login(
    input: { email: string; password: string; rememberMe: boolean },
    headers: Headers,
  ): Promise<{ setCookies: string[]; user: SessionUser }> {
    try {
      const result = await this.auth.api.signInEmail({
        body: { email: input.email.toLowerCase(), password: input.password, rememberMe: input.rememberMe },
        headers,
        returnHeaders: true,
      });
      const signedIn = result.response.user as { id: string; email: string; emailVerified: boolean; isAdmin?: boolean };
      return {
        setCookies: result.headers.getSetCookie(),
        user: { id: signedIn.id, email: signedIn.email, emailVerified: signedIn.emailVerified, isAdmin: Boolean(signedIn.isAdmin) },
      };
    } catch (error) {
      if (error instanceof APIError && error.body?.code === 'EMAIL_NOT_VERIFIED') {
        const target = await findUserByEmail(this.db, input.email);
        if (target) await this.sendVerification(target.id, target.email, target.locale);
        throw new HttpError(403, 'EMAIL_NOT_VERIFIED', 'You must verify your email address before login!');
      }
      if (error instanceof APIError && error.statusCode < 500) {
        throw new HttpError(401, 'INVALID_CREDENTIALS', 'Either you provided the wrong email or password. Please try again.');
      }
      throw error;
    }
  }

  /** Ends the session of these headers; `ending` names it, so that its live-update streams close at once. */
  async logout(headers: Headers, ending?: { userId: string; sessionId: string | null }): Promise<string[]> {
    const result = await this.auth.api.signOut({ headers, returnHeaders: true });
    if (ending?.sessionId) await announceSessionEnded(this.db, { userId: ending.userId, sessionId: ending.sessionId });
    return result.headers.getSetCookie();
  }

  /** Of the given sessions, those still valid, with their user's rights now (for the live-update streams). */
  async currentSessions(sessionIds: string[]): Promise<CurrentSession[]> {
    return findCurrentSessions(this.db, sessionIds);
  }

  async resendVerification(email: string): Promise<void> {
    const target = await findUserByEmail(this.db, email);
    if (target && !target.emailVerified) await this.sendVerification(target.id, target.email, target.locale);
  }

  async verifyEmail(code: string): Promise<{ email: string }> {
    const token = await consumeAccountToken(this.db, 'verify-email', code);
    // The address must still be the account's: a link to an address changed since then verifies nothing.
    if (!token || !(await markEmailVerified(this.db, token.userId, token.email))) {
      throw new HttpError(400, 'INVALID_CODE', INVALID_CODE_MESSAGE);
    }
    // ADMIN_EMAILS makes an admin of the account that signed up with the address, never of one that moved onto it:
    // whoever moved it there chose its password, and the owner opening the link proves only the mailbox.
    if (!(await findUserById(this.db, token.userId))?.emailChangedAt) await this.applyAdminEmails(token.userId, token.email);
    return { email: token.email };
  }

  /** Same answer whether or not the address is registered. */
  async forgotPassword(email: string): Promise<void> {
    await this.auth.api.requestPasswordReset({ body: { email: email.toLowerCase() } });
  }

  async sendResetLink(email: string, token: string, locale: string | undefined): Promise<void> {
    const language = translatorFor(locale);
    // Named for its account, as every e-mail to a customer is: their data download lists it, their deletion removes it.
    const owner = await findUserByEmail(this.db, email);
    await this.mailTo(email, language, resetPasswordContent(language, actionLink(this.config.publicUrl, 'resetPassword', token)), {
      about: owner?.id,
      carriesKey: true,
    });
    this.mail.deliverSoon();
  }

  async resetPassword(code: string, newPassword: string): Promise<void> {
    // The reset ends every session of the account: whose, read before better-auth uses the token up, so that the
    // account's live-update streams close at once (they would within seconds anyway, by their session checks).
    const pending = await (await this.auth.$context).internalAdapter.findVerificationValue(`reset-password:${code}`);
    try {
      await this.auth.api.resetPassword({ body: { token: code, newPassword } });
    } catch (error) {
      if (error instanceof APIError && error.statusCode < 500) {
        const invalid = error.body?.code === 'INVALID_TOKEN';
        throw new HttpError(
          400,
          invalid ? 'INVALID_CODE' : 'VALIDATION_FAILED',
          invalid ? INVALID_CODE_MESSAGE : (error.body?.message ?? INVALID_CODE_MESSAGE),
        );
      }
      throw error;
    }
    if (pending?.value) await announceSessionEnded(this.db, { userId: pending.value });
  }

  /** From /account: a reset link to the user's own address, then this session ends. */
  async sendOwnPasswordReset(viewer: SessionUser, headers: Headers, sessionId: string | null): Promise<string[]> {
    await this.forgotPassword(viewer.email);
    return this.logout(headers, { userId: viewer.id, sessionId });
  }

  /**
   * The address changes now and must be verified again; the old address gets a link that reverts the change.
   * Every session ends, so the user logs in again with the new address once it is verified.
   */
  async changeEmail(viewer: SessionUser, newEmail: string): Promise<void> {
    const email = newEmail.toLowerCase();
    if (email === viewer.email) throw new HttpError(400, 'SAME_EMAIL', 'That is already your e-mail address.');
    await this.db.transaction(async (tx) => {
      const taken = await findUserByEmail(tx, email);
      if (taken) throw new HttpError(409, 'EMAIL_TAKEN', 'That e-mail address belongs to another account.');
      const language = translatorFor((await findUserById(tx, viewer.id))?.locale);
      await updateUserEmail(tx, viewer.id, email, false);
      await deleteAccountTokens(tx, viewer.id, 'verify-email');
      const recoverToken = await createAccountToken(tx, {
        purpose: 'recover-email',
        userId: viewer.id,
        email: viewer.email,
        ttlSeconds: RECOVER_EMAIL_TOKEN_SECONDS,
      });
      const verifyToken = await createAccountToken(tx, {
        purpose: 'verify-email',
        userId: viewer.id,
        email,
        ttlSeconds: VERIFY_EMAIL_TOKEN_SECONDS,
      });
      await this.mailTo(
        viewer.email,
        language,
        emailChangedContent(language, viewer.email, email, actionLink(this.config.publicUrl, 'recoverEmail', recoverToken)),
        { db: tx, about: viewer.id, carriesKey: true },
      );
      await this.mailTo(email, language, verifyEmailContent(language, actionLink(this.config.publicUrl, 'verifyEmail', verifyToken)), {
        db: tx,
        about: viewer.id,
        carriesKey: true,
      });
      await deleteUserSessions(tx, viewer.id);
      await announceSessionEnded(tx, { userId: viewer.id });
      await announceChange(tx, { kind: 'profile', userId: viewer.id });
    });
    this.mail.deliverSoon();
  }

  async recoverEmail(code: string): Promise<{ email: string }> {
    const restored = await this.db.transaction(async (tx) => {
      const token = await consumeAccountToken(tx, 'recover-email', code);
      if (!token) throw new HttpError(400, 'INVALID_CODE', INVALID_CODE_MESSAGE);
      const holder = await findUserByEmail(tx, token.email);
      if (holder && holder.id !== token.userId) {
        throw new HttpError(409, 'EMAIL_TAKEN', 'That e-mail address now belongs to another account. Please contact us.');
      }
      const owner = await findUserById(tx, token.userId);
      if (!owner) throw new HttpError(400, 'INVALID_CODE', INVALID_CODE_MESSAGE);
      await updateUserEmail(tx, token.userId, token.email, true);
      await deleteAccountTokens(tx, token.userId, 'verify-email');
      await deleteUserSessions(tx, token.userId);
      await announceSessionEnded(tx, { userId: token.userId });
      await announceChange(tx, { kind: 'profile', userId: token.userId });
      const language = translatorFor(owner.locale);
      await this.mailTo(token.email, language, emailRestoredContent(language, token.email), { db: tx, about: token.userId });
      return token.email;
    });
    this.mail.deliverSoon();
    return { email: restored };
  }

  async me(viewer: SessionUser | null): Promise<Me> {
    if (!viewer) return { user: null, profile: null };
    const [row, account, hash] = await Promise.all([
      findProfile(this.db, viewer.id),
      findUserById(this.db, viewer.id),
      findPasswordHash(this.db, viewer.id),
    ]);
    const stopped = row ? await this.texts.isStopped(this.db, row.phoneNumber) : false;
    return {
      user: viewer,
      profile: row ? profileOutput(row, viewer, stopped) : null,
      locale: account?.locale ?? DEFAULT_LOCALE,
      textsAvailable: this.texts.available,
      hasPassword: Boolean(hash),
      ...(this.config.reminderCalls && row ? { reminderCalls: reminderCallsOf(row) } : {}),
    };
  }

  /** Saves the signed-in customer's language: their e-mails come in it, and their screens on every device. */
  async saveLocale(viewer: SessionUser, locale: Locale): Promise<void> {
    await updateUserLocale(this.db, viewer.id, locale);
  }

  async saveProfile(viewer: SessionUser, input: ProfileValues): Promise<Profile> {
    const zipCode = zipForCity(input.city);
    if (!zipCode) throw new HttpError(400, 'VALIDATION_FAILED', 'Please choose your city from the list.');
    const wantsTexts = input.wantsTexts && this.texts.available;
    const number = toE164(input.phoneNumber);
    const { row, stopped, askCode } = await this.db.transaction(async (tx) => {
      const before = await findProfile(tx, viewer.id);
      const consentChanged = !before || before.wantsTexts !== wantsTexts || (wantsTexts && before.phoneNumber !== input.phoneNumber);
      // A number stays confirmed only while texts stay on and the number stays the same (decision 031).
      const stillConfirmed = wantsTexts && before?.wantsTexts && number !== undefined && before.textsConfirmedNumber === number;
      const saved = await upsertProfile(tx, {
        userId: viewer.id,
        ...input,
        wantsTexts,
        state: 'NY',
        zipCode,
        // When the customer last said yes or no to texts (and at which number); the proof of a yes is its code.
        textsConsentAt: consentChanged ? new Date() : (before?.textsConsentAt ?? null),
        textsConfirmedNumber: stillConfirmed ? number : null,
        textsConfirmedAt: stillConfirmed ? (before?.textsConfirmedAt ?? null) : null,
        // A yes to reminder calls holds for the number it was given for (decision 040): a new number turns them off
        // until the customer says yes for it (the number of the yes stays, so /account can ask again).
        wantsReminderCalls: Boolean(before?.wantsReminderCalls && number !== undefined && before.reminderCallsNumber === number),
      });
      // The back office's lists show the customer's name and address; the customer's other tabs re-read it.
      await announceChange(tx, { kind: 'profile', userId: viewer.id });
      return {
        row: saved,
        stopped: await this.texts.isStopped(tx, saved.phoneNumber),
        askCode: wantsTexts && consentChanged && !stillConfirmed,
      };
    });
    // A new yes, or a yes for a new number, is proved with a code texted to it before any other text goes there.
    const textsCode = askCode ? await this.texts.sendCode(viewer.id) : undefined;
    return { ...profileOutput(row, viewer, stopped), ...(textsCode ? { textsCode } : {}) };
  }

  /** What the business holds in the accounts module about the customer: for their data export (decision 024). */
  async ownData(viewer: SessionUser) {
    const [row, profile, contact, sessions] = await Promise.all([
      findUserById(this.db, viewer.id),
      findProfile(this.db, viewer.id),
      findTrustedContact(this.db, viewer.id),
      listSessionsOf(this.db, viewer.id),
    ]);
    return {
      account: {
        email: viewer.email,
        emailVerified: viewer.emailVerified,
        locale: row?.locale ?? DEFAULT_LOCALE,
        createdAt: row?.createdAt.toISOString() ?? null,
      },
      profile: profile
        ? {
            firstName: profile.firstName,
            lastName: profile.lastName,
            phoneNumber: profile.phoneNumber,
            streetAddress: profile.streetAddress,
            city: profile.city,
            state: profile.state,
            zipCode: profile.zipCode,
            wantsTexts: profile.wantsTexts,
            textsConsentAt: profile.textsConsentAt?.toISOString() ?? null,
            wantsReminderCalls: profile.wantsReminderCalls,
            reminderCallsConsentAt: profile.reminderCallsConsentAt?.toISOString() ?? null,
            reminderCallsNumber: profile.reminderCallsNumber,
            /** The word the technician says at the door (issue 39). */
            codeWord: profile.codeWord,
          }
        : null,
      trustedContact: contactOutput(contact),
      sessions: sessions.map((signedIn) => ({
        signedInAt: signedIn.createdAt.toISOString(),
        expiresAt: signedIn.expiresAt.toISOString(),
        ipAddress: signedIn.ipAddress ?? null,
        browser: signedIn.userAgent ?? null,
      })),
    };
  }

  /**
   * Deleting an account is confirmed with its password. An account without one (Google only) has nothing to type
   * that a stolen session could not find out, so it must have signed in again: the request's session was made, by
   * Google, within DELETE_REAUTH_MINUTES (issue 36). Its start is better-auth's own, written by this clock.
   */
  async confirmDeletion(viewer: SessionUser, sessionId: string, confirmation: string | undefined): Promise<void> {
    const hash = await findPasswordHash(this.db, viewer.id);
    if (!hash) {
      const signedInAt = await findSessionCreatedAt(this.db, viewer.id, sessionId);
      const fresh = signedInAt !== undefined && Date.now() - signedInAt.getTime() <= DELETE_REAUTH_MINUTES * 60_000;
      if (!fresh) throw new HttpError(403, 'REAUTH_REQUIRED', DELETE_TEXTS.reauthRequired);
      return;
    }
    await limitDeleteConfirmation(this.db, viewer.id);
    const confirmed = confirmation !== undefined && (await (await this.auth.$context).password.verify({ hash, password: confirmation }));
    if (!confirmed) throw new HttpError(403, 'WRONG_PASSWORD', DELETE_TEXTS.wrongPassword);
  }

  // --- The trusted contact (trusted-contact-service.ts) ---------------------------------------------------------

  async trustedContact(viewer: SessionUser): Promise<TrustedContactOutput> {
    return this.contacts.trustedContact(viewer);
  }

  async saveTrustedContact(viewer: SessionUser, input: z.output<typeof TrustedContactSchema>): Promise<TrustedContactOutput> {
    return this.contacts.saveTrustedContact(viewer, input);
  }

  async inviteUninvitedContacts(): Promise<number> {
    return this.contacts.inviteUninvitedContacts();
  }

  async removeTrustedContact(viewer: SessionUser): Promise<void> {
    return this.contacts.removeTrustedContact(viewer);
  }

  async invitationFacts(userId: string, email: string, signature: string, language: Translator) {
    return this.contacts.invitationFacts(userId, email, signature, language);
  }

  async answerInvitation(userId: string, email: string, signature: string, answer: 'agree' | 'refuse', language: Translator) {
    return this.contacts.answerInvitation(userId, email, signature, answer, language);
  }

  async stopTrustedContactCopies(userId: string, email: string, signature: string): Promise<boolean> {
    return this.contacts.stopTrustedContactCopies(userId, email, signature);
  }
}
