import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_TEXTS } from '../../../../shared/account-forms.ts';
import { FormPage } from '../../../components/form-page.tsx';
import { Notice } from '../../../components/notice.tsx';
import { translate } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { RecoverEmailAction } from '../components/recover-email-action.tsx';
import { ResetPasswordAction } from '../components/reset-password-action.tsx';
import { VerifyEmailAction } from '../components/verify-email-action.tsx';

const MODES = {
  verifyEmail: { title: msg`Verify your e-mail address`, Action: VerifyEmailAction },
  resetPassword: { title: msg`Choose a new password`, Action: ResetPasswordAction },
  recoverEmail: { title: msg`Restore your e-mail address`, Action: RecoverEmailAction },
} as const;

function isMode(mode: string | null): mode is keyof typeof MODES {
  return mode !== null && Object.hasOwn(MODES, mode);
}

/** Where the links in our e-mails lead: /usermgmt?mode=…&oobCode=… */
function UserManagementPage() {
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode');
  const oobCode = searchParams.get('oobCode');
  const known = isMode(mode) ? MODES[mode] : null;
  const title = known ? i18n._(known.title) : translate(ACCOUNT_TEXTS.invalidMode);
  usePageTitle(title);

  if (!known) {
    return (
      <FormPage title={title}>
        <Notice variant="warning">
          <Trans>This link is not one we recognize. Please use the link exactly as it appears in our e-mail.</Trans>
        </Notice>
        <p>
          <Trans>
            Go to the <Link to="/login">login page</Link> or the <Link to="/">home page</Link>.
          </Trans>
        </p>
      </FormPage>
    );
  }
  const { Action } = known;
  return (
    <FormPage title={title}>
      <Action key={oobCode} oobCode={oobCode} />
    </FormPage>
  );
}

export { UserManagementPage as Component };
