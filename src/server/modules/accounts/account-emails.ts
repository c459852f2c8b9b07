import { BUSINESS_NAME } from '../../../shared/business.ts';
import { english } from '../../../shared/english.ts';
import type { Translator } from '../../i18n.ts';
import type { EmailContent } from '../mail/index.ts';

/**
 * The account e-mails, in the recipient's language (`language`, from their saved locale): the English texts are
 * the message ids of src/server/locales; every link opens the app in that language.
 */

/** The e-mail action screen's links: every account e-mail leads to /usermgmt with a mode and a one-time code. */
export function actionLink(publicUrl: string, mode: 'verifyEmail' | 'resetPassword' | 'recoverEmail', code: string): string {
  const url = new URL('/usermgmt', publicUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', code);
  return url.toString();
}

const business = { business: BUSINESS_NAME };

export function verifyEmailContent(language: Translator, link: string): EmailContent {
  const { t } = language;
  return {
    subject: t(english('Verify your e-mail address for {business}'), business),
    paragraphs: [
      t(
        english('Welcome to {business}! Please confirm that this is your e-mail address, so that you can log in and book a visit.'),
        business,
      ),
    ],
    action: { label: t(english('Verify my e-mail address')), url: language.link(link) },
    afterAction: [t(english('This link works once, for 24 hours. If you did not register, you can ignore this e-mail.'))],
  };
}

export function alreadyRegisteredContent(language: Translator, loginUrl: string, forgotUrl: string): EmailContent {
  const { t } = language;
  return {
    subject: t(english('You already have a {business} account'), business),
    paragraphs: [
      t(english('Someone (probably you) tried to register with this e-mail address, but it already has an account.')),
      t(english('You can log in at {loginUrl}. If you forgot your password, you can reset it at {forgotUrl}.'), {
        loginUrl: language.link(loginUrl),
        forgotUrl: language.link(forgotUrl),
      }),
    ],
    afterAction: [t(english('If this was not you, you can ignore this e-mail: nothing has changed.'))],
  };
}

export function resetPasswordContent(language: Translator, link: string): EmailContent {
  const { t } = language;
  return {
    subject: t(english('Reset your {business} password'), business),
    paragraphs: [t(english('We received a request to reset the password of your account. Choose a new password with the button below.'))],
    action: { label: t(english('Choose a new password')), url: language.link(link) },
    afterAction: [
      t(english('This link works once, for 1 hour. Resetting your password signs you out on every device.')),
      t(english('If you did not ask for this, ignore this e-mail: your password stays the same.')),
    ],
  };
}

export function emailChangedContent(language: Translator, oldEmail: string, newEmail: string, recoverLink: string): EmailContent {
  const { t } = language;
  return {
    subject: t(english('Your {business} e-mail address was changed'), business),
    paragraphs: [
      t(english('The e-mail address of your account was changed from {oldEmail} to {newEmail}.'), { oldEmail, newEmail }),
      t(english('If you made this change, there is nothing to do.')),
    ],
    action: { label: t(english('This was not me: restore my old address')), url: language.link(recoverLink) },
    afterAction: [t(english('This link works once, for 7 days. After restoring your address, we recommend you reset your password.'))],
  };
}

export function emailRestoredContent(language: Translator, email: string): EmailContent {
  const { t } = language;
  return {
    subject: t(english('Your {business} e-mail address was restored'), business),
    paragraphs: [
      t(english('The e-mail address of your account is {email} again, and every session was signed out.'), { email }),
      t(english('For your safety, please reset your password now.')),
    ],
  };
}
