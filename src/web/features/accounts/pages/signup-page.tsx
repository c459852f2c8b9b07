import { Trans, useLingui } from '@lingui/react/macro';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { ACCOUNT_TEXTS, checkSignUp, MESSAGES, PASSWORD_HINT, type SignUpForm } from '../../../../shared/account-forms.ts';
import { FormPage } from '../../../components/form-page.tsx';
import { preloadMessageModal, useMessageModal } from '../../../components/message-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { type Problems, useCheckedForm } from '../../../lib/checked-form.ts';
import { errorText } from '../../../lib/error-text.ts';
import { activeLocale, translate } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSettledNavigate } from '../../../lib/use-settled-navigate.ts';
import { useSignUp } from '../api/sign-up.ts';
import { EMAIL_INPUT } from '../components/email-input.ts';
import { SIGN_UP_REDIRECT_SECONDS } from '../timings.ts';
import { translateDialog, translateOptional } from '../translated.ts';

const EMPTY_FORM: SignUpForm = { email: '', confirmEmail: '', password: '', confirmPassword: '' };

function SignUpPage() {
  const { t } = useLingui();
  usePageTitle(t`Register`);
  const navigate = useSettledNavigate();
  const alert = useTimedAlert();
  const modal = useMessageModal();
  const signUp = useSignUp();
  const { register, handleSubmit, problems, isSubmitting } = useCheckedForm(EMPTY_FORM, checkSignUp);

  const onValid = async (values: SignUpForm) => {
    preloadMessageModal();
    try {
      // The customer's e-mails come in the language they signed up in.
      await signUp.run({ ...values, locale: activeLocale() });
    } catch (error) {
      alert.show({ heading: translate(ACCOUNT_TEXTS.signUpError), body: errorText(error) });
      return;
    }
    await modal.show({
      ...translateDialog({ title: ACCOUNT_TEXTS.signUpSuccessTitle, body: ACCOUNT_TEXTS.signUpSuccessBody }),
      countdownSeconds: SIGN_UP_REDIRECT_SECONDS,
    });
    await navigate('/login');
  };

  // The spec shows the two mismatches in a dialog rather than under the field.
  const onInvalid = (invalid: Problems<SignUpForm>) => {
    if (invalid.confirmEmail === MESSAGES.emailsDoNotMatch.title) void modal.show(translateDialog(MESSAGES.emailsDoNotMatch));
    else if (invalid.confirmPassword === MESSAGES.passwordsDoNotMatch.title) void modal.show(translateDialog(MESSAGES.passwordsDoNotMatch));
  };

  return (
    <FormPage title={t`Create your account`} intro={t`Register with your e-mail address and a password of your choice.`}>
      {alert.element}
      <Form noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <TextField
          label={t`E-mail address`}
          autoComplete="email"
          {...EMAIL_INPUT}
          registration={register('email')}
          error={translateOptional(problems.email)}
        />
        <TextField
          label={t`Repeat e-mail address`}
          autoComplete="email"
          {...EMAIL_INPUT}
          registration={register('confirmEmail')}
          invalid={Boolean(problems.confirmEmail)}
        />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          // The hint is the too-short error's own text: said once, as the error, when it is one.
          hint={problems.password === PASSWORD_HINT ? undefined : translate(PASSWORD_HINT)}
          error={translateOptional(problems.password)}
        />
        <TextField
          label={t`Repeat password`}
          type="password"
          autoComplete="new-password"
          registration={register('confirmPassword')}
          invalid={Boolean(problems.confirmPassword)}
        />
        <p>
          <Link to="/securified#strong-password">
            <Trans>How to choose a strong password</Trans>
          </Link>
        </p>
        <Button type="submit" size="lg" className="w-100" disabled={isSubmitting}>
          {isSubmitting ? t`Creating your account…` : t`Register`}
        </Button>
      </Form>
      <p className="mt-4">
        <Trans>
          Already have an account? <Link to="/login">Log in</Link>
        </Trans>
      </p>
      {modal.element}
    </FormPage>
  );
}

export { SignUpPage as Component };
