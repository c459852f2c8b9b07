import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  MESSAGES,
  NAME_PATTERN,
  OOB_CODE_MAX_LENGTH,
  OOB_CODE_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  STREET_ADDRESS_MAX_LENGTH,
  sameEmail,
} from './account-forms.ts';
import { CITY_PLACEHOLDER, SERVICE_CITIES } from './business.ts';
import { english } from './english.ts';
import { LOCALES } from './locale.ts';
import { ReminderCallsSchema } from './reminder-calls.ts';

/**
 * The zod contracts of the account requests and answers (spec section 5), built on the rules and texts of
 * account-forms.ts, which the signed-out forms check with directly (decision 019).
 */
export {
  ACCOUNT_TEXTS,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  MESSAGES,
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  PASSWORD_HINT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  STREET_ADDRESS_MAX_LENGTH,
} from './account-forms.ts';

export const EmailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: MESSAGES.emailInvalid })
  .regex(EMAIL_PATTERN, { error: MESSAGES.emailInvalid });

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong });

export const SignUpSchema = z
  .object({
    email: EmailSchema,
    confirmEmail: z.string(),
    password: PasswordSchema,
    confirmPassword: z.string(),
    /** The language the customer signed up in: their e-mails come in it (decision 016). */
    locale: z.enum(LOCALES).optional(),
  })
  .refine((form) => sameEmail(form.email, form.confirmEmail), { path: ['confirmEmail'], error: MESSAGES.emailsDoNotMatch.title })
  // Passwords are compared exactly (the spec compared them case-insensitively).
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], error: MESSAGES.passwordsDoNotMatch.title });
export type SignUp = z.infer<typeof SignUpSchema>;

export const LoginSchema = z.object({ email: EmailSchema, password: PasswordSchema, rememberMe: z.boolean().default(false) });
export type Login = z.infer<typeof LoginSchema>;

export const EmailOnlySchema = z.object({ email: EmailSchema });
export type EmailOnly = z.infer<typeof EmailOnlySchema>;

export const OobCodeSchema = z.object({ oobCode: z.string().min(OOB_CODE_MIN_LENGTH).max(OOB_CODE_MAX_LENGTH) });
export type OobCode = z.infer<typeof OobCodeSchema>;

export const ResetPasswordSchema = z
  .object({
    oobCode: z.string().min(OOB_CODE_MIN_LENGTH).max(OOB_CODE_MAX_LENGTH),
    newPassword: PasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    error: MESSAGES.resetPasswordsDoNotMatch.body,
  });
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const ChangeEmailSchema = z
  .object({ email: EmailSchema, confirmEmail: z.string() })
  .refine((form) => sameEmail(form.email, form.confirmEmail), { path: ['confirmEmail'], error: MESSAGES.changeEmailsDoNotMatch.body });
export type ChangeEmail = z.infer<typeof ChangeEmailSchema>;

const CITY_NAMES = SERVICE_CITIES.map((city) => city.name) as [string, ...string[]];

/** The service form and the account form: the spec's user record, without what the server derives. */
export const ProfileSchema = z.object({
  firstName: z.string().trim().regex(NAME_PATTERN, { error: MESSAGES.firstName }),
  lastName: z.string().trim().regex(NAME_PATTERN, { error: MESSAGES.lastName }),
  phoneNumber: z.string().trim().regex(PHONE_PATTERN, { error: MESSAGES.phoneNumber }),
  streetAddress: z
    .string()
    .trim()
    .min(1, { error: MESSAGES.streetAddress })
    .max(STREET_ADDRESS_MAX_LENGTH, { error: english('Street address: at most 100 characters.') }),
  city: z
    .string()
    .refine((city) => city !== CITY_PLACEHOLDER, { error: MESSAGES.city })
    .pipe(z.enum(CITY_NAMES, { error: MESSAGES.city })),
  /** Texts about the customer's visits at phoneNumber: asked for explicitly, never ticked by default (decision 022). */
  wantsTexts: z.boolean().default(false),
});
export type ProfileInput = z.input<typeof ProfileSchema>;
export type ProfileValues = z.output<typeof ProfileSchema>;

/** A saved profile as the API returns it: the form's fields plus the state and the zip the server derived. */
export const ProfileOutputSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  streetAddress: z.string(),
  city: z.enum(CITY_NAMES),
  state: z.literal('NY'),
  zipCode: z.string(),
  email: z.string(),
  isCompleted: z.literal(true),
  isAdmin: z.boolean(),
  wantsTexts: z.boolean(),
  /** The number replied STOP: nothing is texted to it until it replies START. */
  textsStopped: z.boolean(),
  /** Texts go to the number: asked for, and proved with the code texted to it (decision 031). */
  textsConfirmed: z.boolean(),
  /**
   * After a save that asked for texts at a new number: whether the code went (`sent`), or why not: too many codes
   * lately (`limited`), the number takes texts for another account (`taken`), or it replied STOP (`stopped`).
   */
  textsCode: z.enum(['sent', 'limited', 'taken', 'stopped']).optional(),
});
export type Profile = z.infer<typeof ProfileOutputSchema>;

export const SessionUserSchema = z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean(), isAdmin: z.boolean() });
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** The customer's saved language: PUT /api/account/locale. */
export const LocaleChoiceSchema = z.object({ locale: z.enum(LOCALES) });
export type LocaleChoice = z.infer<typeof LocaleChoiceSchema>;

/** Who is signed in: GET /api/account/me, and the login's answer; `locale`, the signed-in user's saved language. */
export const MeSchema = z.object({
  user: SessionUserSchema.nullable(),
  profile: ProfileOutputSchema.nullable(),
  locale: z.enum(LOCALES).optional(),
  /** Whether this server sends text messages (Twilio, or the development outbox): the opt-in is offered only then. */
  textsAvailable: z.boolean().optional(),
  /** The account has a password (not Google sign-in only): deleting it is confirmed with the password. */
  hasPassword: z.boolean().optional(),
  /** The reminder-call choice (decision 040), only when this server places reminder calls and there is a profile. */
  reminderCalls: ReminderCallsSchema.optional(),
});
export type Me = z.infer<typeof MeSchema>;

/** The answer of the account actions that only say they were done. */
export const OkSchema = z.object({ ok: z.literal(true) });
/** The answer of the e-mail action screen's verify and recover: the address concerned. */
export const EmailResultSchema = z.object({ email: z.string() });
export type EmailResult = z.infer<typeof EmailResultSchema>;

/**
 * POST /api/account/delete: the password. An account that signs in with Google only sends none: a sign-in with Google
 * made within DELETE_REAUTH_MINUTES confirms it instead (issue 36).
 */
export const DeleteAccountSchema = z.object({
  confirmation: z
    .string()
    .min(1, { error: english('Please enter your password.') })
    .max(200)
    .optional(),
});
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;
/** How recent the session's Google sign-in must be for an account without a password to delete itself. */
export const DELETE_REAUTH_MINUTES = 5;
export const DELETE_TEXTS = {
  wrongPassword: english('That password is not right, so your account was not deleted.'),
  // Says DELETE_REAUTH_MINUTES in words: the browser finds a server's message in its catalogue as it is.
  reauthRequired: english('For your safety, please sign in with Google again, then delete your account within 5 minutes.'),
};
