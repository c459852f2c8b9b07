import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { WelcomeHeading } from '../../features/accounts/components/welcome-heading.tsx';
import { appConfig, telHref } from '../../lib/app-config.ts';
import { useMe } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * The customer home screen. It lives in app/ because it composes several features: the welcome comes from
 * accounts; the booking calendar and the appointment table (features/appointments) join it as sections
 * between the welcome and the chat promo.
 */
function HomePage() {
  usePageTitle('Home');
  const { me } = useMe();
  if (!me.user) return null;
  const { supportPhone } = appConfig;

  return (
    <Container className="py-4 py-md-5">
      <WelcomeHeading email={me.user.email} verified={me.user.emailVerified} />
      <p className="lead">
        Need help now? Call us at{' '}
        <a href={telHref(supportPhone)} className="text-nowrap">
          {supportPhone}
        </a>
        .
      </p>

      <p className="home-chat-promo mt-4">
        <Link to="/chat" className="btn btn-outline-primary btn-lg">
          Have a question? Ask our assistant
        </Link>
      </p>
    </Container>
  );
}

export { HomePage as Component };
