import Alert from 'react-bootstrap/Alert';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_TEXTS } from '../../../../shared/account.ts';
import { FormPage } from '../../../components/form-page.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { RecoverEmailAction } from '../components/recover-email-action.tsx';
import { ResetPasswordAction } from '../components/reset-password-action.tsx';
import { VerifyEmailAction } from '../components/verify-email-action.tsx';

const MODES = {
  verifyEmail: { title: 'Verify your e-mail address', Action: VerifyEmailAction },
  resetPassword: { title: 'Choose a new password', Action: ResetPasswordAction },
  recoverEmail: { title: 'Restore your e-mail address', Action: RecoverEmailAction },
} as const;

function isMode(mode: string | null): mode is keyof typeof MODES {
  return mode !== null && Object.hasOwn(MODES, mode);
}

/** Where the links in our e-mails lead: /usermgmt?mode=…&oobCode=… */
function UserManagementPage() {
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode');
  const oobCode = searchParams.get('oobCode');
  const known = isMode(mode) ? MODES[mode] : null;
  usePageTitle(known?.title ?? ACCOUNT_TEXTS.invalidMode);

  if (!known) {
    return (
      <FormPage title={ACCOUNT_TEXTS.invalidMode}>
        <Alert variant="warning">This link is not one we recognise. Please use the link exactly as it appears in our e-mail.</Alert>
        <p>
          Go to the <Link to="/login">login page</Link> or the <Link to="/">home page</Link>.
        </p>
      </FormPage>
    );
  }
  const { title, Action } = known;
  return (
    <FormPage title={title}>
      <Action key={oobCode} oobCode={oobCode} />
    </FormPage>
  );
}

export { UserManagementPage as Component };
