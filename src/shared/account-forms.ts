import { english } from './english.ts';

/**
 * The rules and texts of the account forms (spec sections 5 and 8), free of dependencies. The zod contracts of
 * account.ts are built on them for the server and the signed-in screens; the signed-out forms (sign-up, login,
 * forgot password, the e-mail link screen) check with the functions below, so that their first load carries no
 * zod nor form library (decision 019). account-forms.test.ts proves each check answers as its zod schema does.
 */

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

/** The spec's texts for the account screens (section 8). */
export const ACCOUNT_TEXTS = {
  loginErrorTitle: english('Oh snap! You got a Login error!'),
  loginErrorBody: english('Either you provided the wrong email or password. Please try again.'),
  unverifiedTitle: english('You must verify your email address before login!'),
  unverifiedBody: english('Please check your inbox, or your spam folder, for the verification e-mail we sent you, and click its link.'),
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

export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A form's values once checked, or the first problem of each field, as a zod schema and its resolver give them. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problems: Partial<Record<keyof T & string, string>> };

export type LoginForm = { email: string; password: string; rememberMe: boolean };
export type SignUpForm = { email: string; confirmEmail: string; password: string; confirmPassword: string };
export type EmailOnlyForm = { email: string };
export type ResetPasswordForm = { oobCode: string; newPassword: string; confirmPassword: string };

/** The address as stored: trimmed, at most 254 characters, lower case (EmailSchema). */
function emailProblem(email: string): string | undefined {
  const trimmed = email.trim();
  return trimmed.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(trimmed) ? MESSAGES.emailInvalid : undefined;
}

/** PasswordSchema: 10 to 128 characters, taken as typed. */
function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  return undefined;
}

function checked<T>(value: T, problems: Partial<Record<keyof T & string, string | undefined>>): Checked<T> {
  const found = Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== undefined));
  return Object.keys(found).length === 0
    ? { ok: true, value }
    : { ok: false, problems: found as Partial<Record<keyof T & string, string>> };
}

/** LoginSchema. */
export function checkLogin(form: LoginForm): Checked<LoginForm> {
  return checked(
    { email: form.email.trim(), password: form.password, rememberMe: form.rememberMe },
    { email: emailProblem(form.email), password: passwordProblem(form.password) },
  );
}

/** SignUpSchema: the addresses compared without case, the passwords exactly. */
export function checkSignUp(form: SignUpForm): Checked<SignUpForm> {
  return checked(
    { ...form, email: form.email.trim() },
    {
      email: emailProblem(form.email),
      password: passwordProblem(form.password),
      confirmEmail: sameEmail(form.email, form.confirmEmail) ? undefined : MESSAGES.emailsDoNotMatch.title,
      confirmPassword: form.password === form.confirmPassword ? undefined : MESSAGES.passwordsDoNotMatch.title,
    },
  );
}

/** EmailOnlySchema. */
export function checkEmailOnly(form: EmailOnlyForm): Checked<EmailOnlyForm> {
  return checked({ email: form.email.trim() }, { email: emailProblem(form.email) });
}

/** The code of an e-mailed link is the server's to judge; a code of the wrong length is an incomplete link. */
export const OOB_CODE_MIN_LENGTH = 16;
export const OOB_CODE_MAX_LENGTH = 256;
export const INCOMPLETE_LINK = english('This link is incomplete.');

/** ResetPasswordSchema: a code of the right length, a new password, the same one repeated exactly. */
export function checkResetPassword(form: ResetPasswordForm): Checked<ResetPasswordForm> {
  const codeLength = form.oobCode.length;
  return checked(form, {
    oobCode: codeLength < OOB_CODE_MIN_LENGTH || codeLength > OOB_CODE_MAX_LENGTH ? INCOMPLETE_LINK : undefined,
    newPassword: passwordProblem(form.newPassword),
    confirmPassword: form.newPassword === form.confirmPassword ? undefined : MESSAGES.resetPasswordsDoNotMatch.body,
  });
}
