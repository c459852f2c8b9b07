import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_TEXTS, type Login, LoginSchema } from '../../../../shared/account.ts';
import { FormPage } from '../../../components/form-page.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { type AlertMessage, useTimedAlert } from '../../../components/timed-alert.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/api-failure.ts';
import { appConfig } from '../../../lib/app-config.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSettledNavigate } from '../../../lib/use-settled-navigate.ts';
import { useGoogleSignIn } from '../api/google-sign-in.ts';
import { useLogin } from '../api/login.ts';
import { EMAIL_INPUT } from '../components/email-input.ts';
import { LOGIN_REDIRECT_MS, UNVERIFIED_SIGN_OUT_MS } from '../timings.ts';

const EMPTY_FORM: Login = { email: '', password: '', rememberMe: false };
const GOOGLE_ERROR: AlertMessage = { heading: ACCOUNT_TEXTS.googleErrorTitle, body: ACCOUNT_TEXTS.googleErrorBody };

function loginFailure(error: unknown): AlertMessage {
  if (error instanceof ApiRequestError) {
    if (error.code === 'INVALID_CREDENTIALS') return { heading: ACCOUNT_TEXTS.loginErrorTitle, body: ACCOUNT_TEXTS.loginErrorBody };
    if (error.code === 'EMAIL_NOT_VERIFIED')
      return { variant: 'warning', heading: ACCOUNT_TEXTS.unverifiedTitle, body: ACCOUNT_TEXTS.unverifiedBody };
    if (error.status === 429) return { body: error.message };
  }
  return { heading: ACCOUNT_TEXTS.loginErrorTitle, body: serverMessage(error) ?? ACCOUNT_TEXTS.loginErrorBody };
}

function LoginPage() {
  usePageTitle('Log in');
  const navigate = useSettledNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const alert = useTimedAlert();
  const [hadError, setHadError] = useState(false);
  const login = useLogin();
  const google = useGoogleSignIn();
  // Once Google's address is known the browser is on its way there: the button stays busy until the page is gone.
  const googleBusy = google.isPending || google.isSuccess;
  const signOutTimer = useRef<number | undefined>(undefined);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(LoginSchema), defaultValues: EMPTY_FORM });

  const showError = alert.show;
  const googleFailed = searchParams.get('error') === 'google';
  useEffect(() => {
    if (!googleFailed) return;
    showError(GOOGLE_ERROR);
    setHadError(true);
    // Told once: a refresh of the page must not tell it again.
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [googleFailed, showError, setSearchParams]);

  useEffect(() => () => window.clearTimeout(signOutTimer.current), []);

  const onValid = async (values: Login) => {
    window.clearTimeout(signOutTimer.current);
    try {
      await login.mutateAsync(values);
    } catch (error) {
      alert.show(loginFailure(error));
      setHadError(true);
      if (error instanceof ApiRequestError && error.code === 'EMAIL_NOT_VERIFIED') {
        // The spec signs an unverified user out after 5 seconds; the server never opened a session, so the
        // form is what is cleared.
        signOutTimer.current = window.setTimeout(() => reset(EMPTY_FORM), UNVERIFIED_SIGN_OUT_MS);
      }
      return;
    }
    await new Promise((resolve) => window.setTimeout(resolve, LOGIN_REDIRECT_MS));
    await navigate('/home');
  };

  const signInWithGoogle = () =>
    google.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: () => {
        alert.show(GOOGLE_ERROR);
        setHadError(true);
      },
    });

  return (
    <FormPage title="Log in">
      {alert.element}
      <Form noValidate onSubmit={handleSubmit(onValid)}>
        <TextField
          label="E-mail address"
          autoComplete="email"
          {...EMAIL_INPUT}
          registration={register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <Form.Check className="mb-4 form-check-lg" id="login-remember-me" label="Keep me signed in" {...register('rememberMe')} />
        <Button type="submit" size="lg" className="w-100" disabled={isSubmitting}>
          {isSubmitting ? 'Logging in…' : 'Log in'}
        </Button>
      </Form>
      {appConfig.googleSignIn && (
        <Button variant="outline-dark" size="lg" className="w-100 mt-3" onClick={signInWithGoogle} disabled={googleBusy}>
          Sign in with Google
        </Button>
      )}
      {hadError && (
        <Button variant="outline-secondary" size="lg" className="w-100 mt-3" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      )}
      <ul className="list-unstyled mt-4 d-grid gap-2">
        <li>
          New here? <Link to="/signup">Create an account</Link>
        </li>
        <li>
          <Link to="/forgot-password">Forgot your password?</Link>
        </li>
      </ul>
    </FormPage>
  );
}

export { LoginPage as Component };
