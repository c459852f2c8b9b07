import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyBaseLogger } from 'fastify';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../shared/account.ts';
import { BUSINESS_NAME } from '../../../shared/business.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { account, session, user, verification } from '../../db/schema.ts';

export const SESSION_DAYS = 30;
export const SESSION_SECONDS = SESSION_DAYS * 24 * 60 * 60;
/** better-auth moves a session's end forward (a write and a new cookie) once it is this old. */
export const SESSION_REFRESH_SECONDS = 24 * 60 * 60;
export const RESET_PASSWORD_TOKEN_SECONDS = 60 * 60;

export type AuthHooks = {
  /** Mails the reset link built from better-auth's single-use token. */
  sendResetPassword(input: { email: string; token: string; locale: string | undefined }): Promise<void>;
  /** A user created already verified (Google sign-in): ADMIN_EMAILS applies at once. */
  onVerifiedUserCreated(input: { id: string; email: string }): Promise<void>;
};

/**
 * How passwords are hashed and checked. Unset everywhere but in the in-process tests: better-auth's scrypt (N 16384,
 * r 16), about 80 ms of CPU a hash. The integration tests sign up and log in some 850 times a run and pass a cheaper
 * scrypt (tests/support/password-hashing.ts); nothing outside code can set it.
 */
export type PasswordHashing = {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
};

/** Paths of better-auth's own HTTP handler we serve: only Google sign-in and its callback. */
export const AUTH_HANDLER_PATHS = ['/api/auth/sign-in/social', '/api/auth/callback/google'] as const;

/**
 * better-auth does the hashing, the sessions and the reset tokens. Our account routes call it on the server
 * (auth.api); its own HTTP handler is mounted only for Google sign-in.
 */
export function createAuth(config: Config, db: Database, log: FastifyBaseLogger, hooks: AuthHooks, passwordHashing?: PasswordHashing) {
  return betterAuth({
    appName: BUSINESS_NAME,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    user: {
      additionalFields: {
        isAdmin: { type: 'boolean', defaultValue: false, input: false, required: false },
        /** The customer's language (decision 016): given at sign-up (already checked by our own schema). */
        locale: { type: 'string', defaultValue: 'en', input: true, required: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      sendResetPassword: async ({ user: target, token }) =>
        hooks.sendResetPassword({ email: target.email, token, locale: (target as { locale?: string }).locale }),
    },
    session: { expiresIn: SESSION_SECONDS, updateAge: SESSION_REFRESH_SECONDS },
    verification: { storeIdentifier: 'hashed' },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, prompt: 'select_account' } }
      : {},
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            if (created.emailVerified) await hooks.onVerifiedUserCreated({ id: created.id, email: created.email });
          },
        },
      },
    },
    // A Google sign-in that fails before its state is read (a stale or forged callback) goes where the browser's
    // own errorCallbackURL goes: better-auth's default error page is not one of the paths we serve.
    onAPIError: { errorURL: `${config.publicUrl}/login?error=google` },
    // Our own limits (per client and per address, shared by every instance) guard the account routes.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'techhelp',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // better-auth would take the leftmost X-Forwarded-For address, which a client writes itself; its own rate
      // limit is off, and the one it records on sessions is not worth a forgeable value.
      ipAddress: { disableIpTracking: true },
    },
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'info';
        log[method]({ args }, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
