import { z } from 'zod';
import { CITY_PLACEHOLDER, SERVICE_CITIES } from './business.ts';
import { english } from './english.ts';
import { LOCALES } from './locale.ts';

/** Rules and texts of spec section 5 for accounts, enforced by the browser's forms and by the server alike. */

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_HINT = english('Must be 10 characters or more');
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 32;
export const STREET_ADDRESS_MAX_LENGTH = 100;

/** Lower-case letters, digits, dot, underscore, percent, plus and hyphen, @, a domain, an ending of 2+ letters. */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/;
/** Letters of any alphabet, accented ones too (José, Muñoz, Zoë), apostrophes, hyphens and spaces. */
export const NAME_PATTERN = /^[\p{L}\p{M}' -]{1,32}$/u;
export const PHONE_PATTERN = /^\d{3}-?\d{3}-?\d{4}$/;

export const MESSAGES = {
  emailInvalid: english('Enter your e-mail address in lower case, like name@example.com.'),
  passwordTooShort: PASSWORD_HINT,
  passwordTooLong: english('Must be 128 characters or fewer'),
  emailsDoNotMatch: { title: english('Emails do not match'), body: english('Please try again.') },
  passwordsDoNotMatch: { title: english('Passwords do not match'), body: english('Please try again.') },
  resetPasswordsDoNotMatch: { title: english('Oops!'), body: english('Passwords do not match, please try again.') },
  changeEmailsDoNotMatch: { title: english('Error'), body: english('Emails do not match.') },
  firstName: english('First name: 1 to 32 letters, apostrophes, hyphens or spaces.'),
  lastName: english('Last name: 1 to 32 letters, apostrophes, hyphens or spaces.'),
  phoneNumber: english('Phone number: 10 digits, like 631-555-0142.'),
  streetAddress: english('Street address is required.'),
  city: english('Please choose your city from the list.'),
} as const;

export const EmailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: MESSAGES.emailInvalid })
  .regex(EMAIL_PATTERN, { error: MESSAGES.emailInvalid });

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.passwordTooLong });

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

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

export const OobCodeSchema = z.object({ oobCode: z.string().min(16).max(256) });
export type OobCode = z.infer<typeof OobCodeSchema>;

export const ResetPasswordSchema = z
  .object({ oobCode: z.string().min(16).max(256), newPassword: PasswordSchema, confirmPassword: z.string() })
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
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

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
});
export type Me = z.infer<typeof MeSchema>;

/** The answer of the account actions that only say they were done. */
export const OkSchema = z.object({ ok: z.literal(true) });
/** The answer of the e-mail action screen's verify and recover: the address concerned. */
export const EmailResultSchema = z.object({ email: z.string() });
export type EmailResult = z.infer<typeof EmailResultSchema>;

/** The spec's texts for the account screens (section 8). */
export const ACCOUNT_TEXTS = {
  loginErrorTitle: english('Oh snap! You got a Login error!'),
  loginErrorBody: english('Either you provided the wrong email or password. Please try again.'),
  unverifiedTitle: english('You must verify your email address before login!'),
  unverifiedBody: english('Please check your inbox, or your spam folder, for the verification email we sent you, and click its link.'),
  googleErrorTitle: english('Attention!'),
  googleErrorBody: english('An error occurred while logging in with Google.'),
  logoutError: english('An error occurred while logging out.'),
  signUpError: english('An error occurred while creating your account.'),
  forgotError: english('An error occurred while sending the password reset.'),
  forgotSuccessTitle: english('Success!'),
  forgotSuccessBody: english('Password reset email has been sent!'),
  accountResetError: english('Error, please logout and try again.'),
  accountResetSuccess: english('Password reset email sent!'),
  changeEmailError: english('An error occurred while updating email. Please try again.'),
  changeEmailSuccessTitle: english('Email Updated'),
  changeEmailSuccessBody: english('Please check your email for verification link.'),
  resetConfirmError: english('Password is too weak or too much time has passed. Error occurred: '),
  resetConfirmErrorRetry: english('Please try to reset the password again.  Error occured.'),
  resetConfirmSuccessTitle: english('Success!'),
  resetConfirmSuccessBody: english('Password has been reset!'),
  recoverFailed: english('Email Recovery Failed.'),
  recoverErrorTitle: english('Error recovering email'),
  recoverErrorBody: english('Error Reverting your email, please try again.'),
  recoverSuccess: english('Your Email has been reverted'),
  verifyErrorTitle: english('Error'),
  verifyErrorBody: english('Please try to verify your email again. If the problem persists, please contact us.'),
  verifySuccessPage: english('Email has been verified'),
  verifyErrorPage: english('Error Verifying email, please try again.'),
  invalidMode: english('Invalid mode!'),
  notAuthorized: english('Not Authorized'),
  accountSaveConfirm: english('Are you sure you want to change your information? If YES select OK'),
  accountSaveSuccess: english('Your information has been updated.'),
  serviceFormSuccessTitle: english('Success!'),
  serviceFormSuccessBody: english('Service Form is completed!'),
  formSubmitError: english('Error submitting form. Please try again.'),
  signUpSuccessTitle: english('Success!'),
  signUpSuccessBody: english('Your account has been created. We sent you an e-mail: click its link to verify your address, then log in.'),
  verifyFirstTooltip: english('Please verify your email first.'),
} as const;
