import { BUSINESS_NAME } from '../../../shared/business.ts';
import type { EmailContent } from '../mail/mail-templates.ts';

/** The e-mail action screen's links: every account e-mail leads to /usermgmt with a mode and a one-time code. */
export function actionLink(publicUrl: string, mode: 'verifyEmail' | 'resetPassword' | 'recoverEmail', code: string): string {
  const url = new URL('/usermgmt', publicUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', code);
  return url.toString();
}

export function verifyEmailContent(link: string): EmailContent {
  return {
    subject: `Verify your e-mail address for ${BUSINESS_NAME}`,
    paragraphs: [`Welcome to ${BUSINESS_NAME}! Please confirm that this is your e-mail address, so that you can log in and book a visit.`],
    action: { label: 'Verify my e-mail address', url: link },
    afterAction: ['This link works once, for 24 hours. If you did not register, you can ignore this e-mail.'],
  };
}

export function alreadyRegisteredContent(loginUrl: string, forgotUrl: string): EmailContent {
  return {
    subject: `You already have a ${BUSINESS_NAME} account`,
    paragraphs: [
      'Someone (probably you) tried to register with this e-mail address, but it already has an account.',
      `You can log in at ${loginUrl}. If you forgot your password, you can reset it at ${forgotUrl}.`,
    ],
    afterAction: ['If this was not you, you can ignore this e-mail: nothing has changed.'],
  };
}

export function resetPasswordContent(link: string): EmailContent {
  return {
    subject: `Reset your ${BUSINESS_NAME} password`,
    paragraphs: ['We received a request to reset the password of your account. Choose a new password with the button below.'],
    action: { label: 'Choose a new password', url: link },
    afterAction: [
      'This link works once, for 1 hour. Resetting your password signs you out on every device.',
      'If you did not ask for this, ignore this e-mail: your password stays the same.',
    ],
  };
}

export function emailChangedContent(oldEmail: string, newEmail: string, recoverLink: string): EmailContent {
  return {
    subject: `Your ${BUSINESS_NAME} e-mail address was changed`,
    paragraphs: [
      `The e-mail address of your account was changed from ${oldEmail} to ${newEmail}.`,
      'If you made this change, there is nothing to do.',
    ],
    action: { label: 'This was not me: restore my old address', url: recoverLink },
    afterAction: ['This link works once, for 7 days. After restoring your address, we recommend you reset your password.'],
  };
}

export function emailRestoredContent(email: string): EmailContent {
  return {
    subject: `Your ${BUSINESS_NAME} e-mail address was restored`,
    paragraphs: [
      `The e-mail address of your account is ${email} again, and every session was signed out.`,
      'For your safety, please reset your password now.',
    ],
  };
}
