import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ACCOUNT_TEXTS, MESSAGES, PASSWORD_HINT, type SignUp, SignUpSchema } from '../../../../shared/account.ts';
import { FormPage } from '../../../components/form-page.tsx';
import { useMessageModal } from '../../../components/message-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useTimedAlert } from '../../../components/timed-alert.tsx';
import { serverMessage } from '../../../lib/api-failure.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSettledNavigate } from '../../../lib/use-settled-navigate.ts';
import { useSignUp } from '../api/sign-up.ts';
import { EMAIL_INPUT } from '../components/email-input.ts';
import { SIGN_UP_REDIRECT_SECONDS } from '../timings.ts';

function SignUpPage() {
  usePageTitle('Register');
  const navigate = useSettledNavigate();
  const alert = useTimedAlert();
  const modal = useMessageModal();
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(SignUpSchema),
    defaultValues: { email: '', confirmEmail: '', password: '', confirmPassword: '' },
  });

  const onValid = async (values: SignUp) => {
    try {
      await signUp.mutateAsync(values);
    } catch (error) {
      alert.show({ heading: ACCOUNT_TEXTS.signUpError, body: serverMessage(error) });
      return;
    }
    await modal.show({
      title: ACCOUNT_TEXTS.signUpSuccessTitle,
      body: ACCOUNT_TEXTS.signUpSuccessBody,
      countdownSeconds: SIGN_UP_REDIRECT_SECONDS,
    });
    await navigate('/login');
  };

  // The spec shows the two mismatches in a dialog rather than under the field.
  const onInvalid = (invalid: FieldErrors<SignUp>) => {
    if (invalid.confirmEmail?.message === MESSAGES.emailsDoNotMatch.title) void modal.show(MESSAGES.emailsDoNotMatch);
    else if (invalid.confirmPassword?.message === MESSAGES.passwordsDoNotMatch.title) void modal.show(MESSAGES.passwordsDoNotMatch);
  };

  return (
    <FormPage title="Create your account" intro="Register with your e-mail address and a password of your choice.">
      {alert.element}
      <Form noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <TextField
          label="E-mail address"
          autoComplete="email"
          {...EMAIL_INPUT}
          registration={register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Repeat e-mail address"
          autoComplete="email"
          {...EMAIL_INPUT}
          registration={register('confirmEmail')}
          invalid={Boolean(errors.confirmEmail)}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          hint={PASSWORD_HINT}
          error={errors.password?.message}
        />
        <TextField
          label="Repeat password"
          type="password"
          autoComplete="new-password"
          registration={register('confirmPassword')}
          invalid={Boolean(errors.confirmPassword)}
        />
        <p>
          <Link to="/securified#strong-password">How to choose a strong password</Link>
        </p>
        <Button type="submit" size="lg" className="w-100" disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Register'}
        </Button>
      </Form>
      <p className="mt-4">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
      {modal.element}
    </FormPage>
  );
}

export { SignUpPage as Component };
