import { Plural, Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import Container from 'react-bootstrap/Container';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_TEXTS } from '../../shared/account.ts';
import { payLinkAppointment } from '../../shared/pay-link.ts';
import { PageSpinner } from '../components/loading-spinner.tsx';
import { translate } from '../lib/i18n.ts';
import { loginReturningTo } from '../lib/return-path.ts';
import { useMe } from '../lib/session.ts';
import { useLanguage } from '../lib/use-language.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** A refused visitor is sent to /login after this many seconds. */
export const GUARD_REDIRECT_SECONDS = 3;

function NotAuthorized() {
  useLanguage();
  const title = translate(ACCOUNT_TEXTS.notAuthorized);
  usePageTitle(title);
  const navigate = useNavigate();
  // Signed in, the screen it asked for comes back (a pay link's checkout, say).
  const { pathname, search } = useLocation();
  const login = loginReturningTo(`${pathname}${search}`);
  const [secondsLeft, setSecondsLeft] = useState(GUARD_REDIRECT_SECONDS);

  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const left = GUARD_REDIRECT_SECONDS - Math.floor((Date.now() - started) / 1000);
      if (left <= 0) {
        window.clearInterval(timer);
        void navigate(login, { replace: true });
      } else {
        setSecondsLeft(left);
      }
    }, 200);
    return () => window.clearInterval(timer);
  }, [navigate, login]);

  return (
    <Container className="py-5">
      <h1>{title}</h1>
      <p className="lead">
        <Trans>Please log in with a verified account to see this page.</Trans>
      </p>
      <p>
        <Link to={login} className="btn btn-primary btn-lg">
          <Trans>Go to the login page</Trans>
        </Link>
      </p>
      <p>
        <Plural
          value={secondsLeft}
          one="You will be taken to the login page in # second."
          other="You will be taken to the login page in # seconds."
        />
      </p>
    </Container>
  );
}

/**
 * A signed-out visitor who opened a pay link (`/makepayment?appointment=<id>`, from the e-mail or the text) goes
 * straight to the login page, which says what the link is for ("Log in to pay $87.99 for your visit of…") and comes
 * back to that payment (issue 40); every other refusal is the spec's "Not Authorized".
 */
function Refused() {
  const { me } = useMe();
  const { pathname, search } = useLocation();
  const path = `${pathname}${search}`;
  if (!me.user && payLinkAppointment(path)) return <Navigate to={loginReturningTo(path)} replace />;
  return <NotAuthorized />;
}

/**
 * The user guard: a signed-in user whose e-mail is verified. Used as a layout route (it renders the matched
 * child) or around children.
 */
export function RequireUser({ children }: { children?: ReactNode }) {
  const { status, me } = useMe();
  if (status === 'loading') return <PageSpinner />;
  if (!me.user?.emailVerified) return <Refused />;
  return children ?? <Outlet />;
}

/** The admin guard: admins only (the spec's guard let any signed-in user through; see DESIGN, departure 2). */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { status, me } = useMe();
  if (status === 'loading') return <PageSpinner />;
  if (!me.user?.emailVerified || !me.user.isAdmin) return <NotAuthorized />;
  return children ?? <Outlet />;
}

/** Users whose service form is not done yet are sent to it. Place inside RequireUser. */
export function RequireProfile({ children }: { children?: ReactNode }) {
  const { status, me } = useMe();
  if (status === 'loading') return <PageSpinner />;
  if (!me.profile?.zipCode) return <Navigate to="/serviceform" replace />;
  return children ?? <Outlet />;
}
