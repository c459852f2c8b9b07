import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_TEXTS } from '../../../../shared/account-forms.ts';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { useMessageModal } from '../../../components/message-modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { translate } from '../../../lib/i18n.ts';
import { useRecoverEmail } from '../api/recover-email.ts';
import { translateDialog } from '../translated.ts';
import { useActionCode } from './use-action-code.ts';

/** The recoverEmail link: puts the previous address back (the server ends every session). */
export function RecoverEmailAction({ oobCode }: { oobCode: string | null }) {
  const recover = useRecoverEmail();
  const state = useActionCode('recoverEmail', oobCode, recover.run);
  const modal = useMessageModal();
  const showModal = modal.show;
  const failed = state.status === 'failed';

  useEffect(() => {
    if (failed) void showModal(translateDialog({ title: ACCOUNT_TEXTS.recoverErrorTitle, body: ACCOUNT_TEXTS.recoverErrorBody }));
  }, [failed, showModal]);

  if (state.status === 'working') return <PageSpinner />;
  if (state.status === 'done') {
    const { email } = state.result;
    return (
      <>
        <Notice variant="success" role="status">
          <p className="fs-4 mb-2">{translate(ACCOUNT_TEXTS.recoverSuccess)}</p>
          <p className="mb-0">
            <Trans>Your account uses {email} again.</Trans>
          </p>
        </Notice>
        <p>
          <Trans>
            If you did not ask to change your e-mail address, someone else may know your password. To be safe,{' '}
            <Link to="/forgot-password">reset your password</Link> now.
          </Trans>
        </p>
      </>
    );
  }
  const taken = state.error instanceof ApiRequestError && state.error.code === 'EMAIL_TAKEN';
  return (
    <>
      <Notice variant="danger">
        <p className="fs-5 mb-0">{translate(ACCOUNT_TEXTS.recoverFailed)}</p>
        {taken && <p className="mt-2 mb-0">{translate((state.error as ApiRequestError).message)}</p>}
      </Notice>
      <p>
        <Trans>
          The link may be old or already used. If you need help, please call us. You can also <Link to="/login">log in</Link> with your
          current address.
        </Trans>
      </p>
      {modal.element}
    </>
  );
}
