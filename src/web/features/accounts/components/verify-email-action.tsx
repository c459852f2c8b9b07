import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_TEXTS } from '../../../../shared/account-forms.ts';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { useMessageModal } from '../../../components/message-modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { translate } from '../../../lib/i18n.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { translateDialog } from '../translated.ts';
import { ResendVerificationForm } from './resend-verification-form.tsx';
import { useActionCode } from './use-action-code.ts';

/** The verifyEmail link: verifies the address, or explains the failure and offers a new link. */
export function VerifyEmailAction({ oobCode }: { oobCode: string | null }) {
  const verify = useVerifyEmail();
  const state = useActionCode('verifyEmail', oobCode, verify.run);
  const modal = useMessageModal();
  const showModal = modal.show;
  const failed = state.status === 'failed';

  useEffect(() => {
    if (failed) void showModal(translateDialog({ title: ACCOUNT_TEXTS.verifyErrorTitle, body: ACCOUNT_TEXTS.verifyErrorBody }));
  }, [failed, showModal]);

  if (state.status === 'working') return <PageSpinner />;
  if (state.status === 'done') {
    const { email } = state.result;
    return (
      <Notice variant="success" role="status">
        <p className="fs-4 mb-2">{translate(ACCOUNT_TEXTS.verifySuccessPage)}</p>
        <p className="mb-0">
          <Trans>
            {email} is confirmed. You can now <Link to="/login">log in</Link>.
          </Trans>
        </p>
      </Notice>
    );
  }
  return (
    <>
      <Notice variant="danger">
        <p className="fs-5 mb-0">{translate(ACCOUNT_TEXTS.verifyErrorPage)}</p>
      </Notice>
      <p>
        <Trans>The link may be old or already used. Enter your e-mail address and we will send you a new one.</Trans>
      </p>
      <ResendVerificationForm />
      {modal.element}
    </>
  );
}
