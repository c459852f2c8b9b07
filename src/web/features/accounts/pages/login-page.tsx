import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { Me } from '../../../../shared/account.ts';
import { ACCOUNT_TEXTS, checkLogin, type LoginForm } from '../../../../shared/account-forms.ts';
import { payLinkAppointment } from '../../../../shared/pay-link.ts';
import { FormPage } from '../../../components/form-page.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { type AlertMessage, useTimedAlert } from '../../../components/timed-alert.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { appConfig } from '../../../lib/app-config.ts';
import { useCheckedForm } from '../../../lib/checked-form.ts';
import { errorText, serverErrorText } from '../../../lib/error-text.ts';
import { activeLocale, translate } from '../../../lib/i18n.ts';
import { RETURN_PARAMETER, returnPath } from '../../../lib/return-path.ts';
import { useMe } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSettledNavigate } from '../../../lib/use-settled-navigate.ts';
import { useGoogleSignIn } from '../api/google-sign-in.ts';
import { useLogin } from '../api/login.ts';
import { payLinkWords, usePayLinkSummary } from '../api/pay-link-summary.ts';
import { EMAIL_INPUT } from '../components/email-input.ts';
import { LOGIN_REDIRECT_MS, UNVERIFIED_SIGN_OUT_MS } from '../timings.ts';
import { translateOptional } from '../translated.ts';

const EMPTY_FORM: LoginForm = { email: '', password: '', rememberMe: false };
/** The Google failure, in the language active when it is told. */
const googleError = (): AlertMessage => ({
  heading: translate(ACCOUNT_TEXTS.googleErrorTitle),
  body: translate(ACCOUNT_TEXTS.googleErrorBody),
});

function loginFailure(error: unknown): AlertMessage {
  if (error instanceof ApiRequestError) {
    if (error.code === 'INVALID_CREDENTIALS')
      return { heading: translate(ACCOUNT_TEXTS.loginErrorTitle), body: translate(ACCOUNT_TEXTS.loginErrorBody) };
    if (error.code === 'EMAIL_NOT_VERIFIED')
      return { variant: 'warning', heading: translate(ACCOUNT_TEXTS.unverifiedTitle), body: translate(ACCOUNT_TEXTS.unverifiedBody) };
    if (error.status === 429) return { body: serverErrorText(error) };
  }
  return {
    heading: translate(ACCOUNT_TEXTS.loginErrorTitle),
    body: errorText(error) ?? translate(ACCOUNT_TEXTS.loginErrorBody),
  };
}

/**
 * Where a sign-in goes when nothing asked for another screen: the owner to the back office's dashboard, a customer
 * to their home (issue 40).
 */
export const landingOf = (me: Me): string => (me.user?.isAdmin ? '/admin' : '/home');

/**
 * The query parameter of the address a Google sign-in without a return path comes back to (`/login?landing`): the
 * browser then goes on to `landingOf` the account Google signed in, which only the session knows.
 */
export const LANDING_PARAMETER = 'landing';

function LoginPage() {
  const { t } = useLingui();
  const navigate = useSettledNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const session = useMe();
  // Where to go once signed in, when a screen asked ('' when none did): a pay link's checkout, say.
  const returnTo = returnPath(searchParams.get(RETURN_PARAMETER), '');
  // Opened from a pay link, the page says what it is for: the amount and the day, from the server (issue 40).
  const payAppointment = payLinkAppointment(returnTo);
  const payLink = usePayLinkSummary(payAppointment);
  let title = t`Log in`;
  if (payLink) {
    const { amount, day } = payLinkWords(payLink, activeLocale());
    title = t`Log in to pay ${amount} for your visit of ${day}`;
  } else if (payAppointment) {
    title = t`Log in to pay for your visit`;
  }
  usePageTitle(title);
  const alert = useTimedAlert();
  const [hadError, setHadError] = useState(false);
  const login = useLogin();
  const google = useGoogleSignIn();
  // Once Google's address is known the browser is on its way there: the button stays busy until the page is gone.
  const googleBusy = google.isPending || google.isSuccess;
  const signOutTimer = useRef<number | undefined>(undefined);
  const { register, handleSubmit, reset, problems, isSubmitting } = useCheckedForm(EMPTY_FORM, checkLogin);

  const showError = alert.show;
  const googleFailed = searchParams.get('error') === 'google';
  useEffect(() => {
    if (!googleFailed) return;
    showError(googleError());
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

  const onValid = async (values: LoginForm) => {
    window.clearTimeout(signOutTimer.current);
    let me: Me;
    try {
      me = await login.run(values);
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
    await navigate(returnTo || landingOf(me));
  };

  const signInWithGoogle = () =>
    google.run(returnTo || `/login?${LANDING_PARAMETER}`).then(
      ({ url }) => window.location.assign(url),
      () => {
        alert.show(googleError());
        setHadError(true);
      },
    );

  // Back from Google with no screen asked for: on to the account's own landing, once the session says whose it is.
  if (searchParams.has(LANDING_PARAMETER) && session.status === 'ready' && session.me.user?.emailVerified) {
    return <Navigate to={landingOf(session.me)} replace />;
  }

  return (
    <FormPage title={title}>
      {payAppointment && (
        // Body text, not the intro's larger lead: on a phone at 200% text the heading is body-sized, and stays the larger.
        <p className="mb-4">
          <Trans>Once you are logged in, you go straight to the payment.</Trans>
        </p>
      )}
      {alert.element}
      <Form noValidate onSubmit={handleSubmit(onValid)}>
        <TextField
          label={t`E-mail address`}
          autoComplete="email"
          {...EMAIL_INPUT}
          registration={register('email')}
          error={translateOptional(problems.email)}
        />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={translateOptional(problems.password)}
        />
        <Form.Check className="mb-4 form-check-lg" id="login-remember-me" label={t`Keep me logged in`} {...register('rememberMe')} />
        <Button type="submit" size="lg" className="w-100" disabled={isSubmitting}>
          {isSubmitting ? t`Logging in…` : t`Log in`}
        </Button>
      </Form>
      {appConfig.googleSignIn && (
        <Button variant="outline-dark" size="lg" className="w-100 mt-3" onClick={signInWithGoogle} disabled={googleBusy}>
          <Trans>Sign in with Google</Trans>
        </Button>
      )}
      {hadError && (
        <Button variant="outline-secondary" size="lg" className="w-100 mt-3" onClick={() => window.location.reload()}>
          <Trans>Refresh Page</Trans>
        </Button>
      )}
      <ul className="list-unstyled mt-4 d-grid gap-2">
        <li>
          <Trans>
            New here? <Link to="/signup">Create an account</Link>
          </Trans>
        </li>
        <li>
          <Link to="/forgot-password" className="target-link">
            <Trans>Forgot your password?</Trans>
          </Link>
        </li>
      </ul>
    </FormPage>
  );
}

export { LoginPage as Component };
