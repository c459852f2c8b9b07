import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { LiveStatus } from '../../components/live-status.tsx';
import { PageSpinner } from '../../components/loading-spinner.tsx';
import { WelcomeHeading } from '../../features/accounts/components/welcome-heading.tsx';
import { useMyAppointments } from '../../features/appointments/api/get-my-appointments.ts';
import { AppointmentList } from '../../features/appointments/components/appointment-list.tsx';
import { BookingPanel } from '../../features/appointments/components/booking-panel.tsx';
import { useDescriptionEditor } from '../../features/appointments/components/description-modal.tsx';
import { noteFailure, serverMessage } from '../../lib/api-failure.ts';
import { appConfig, telHref } from '../../lib/app-config.ts';
import { useMe } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  useEffect(() => noteFailure(error, 'Home'), [error]);
  return (
    <Alert variant="danger" className="my-4">
      <p className="fs-5">{serverMessage(error) ?? 'Your appointments could not be loaded.'}</p>
      <Button variant="outline-danger" size="lg" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/**
 * The customer home screen. It lives in app/ because it composes several features: the welcome comes from
 * accounts; the booking panel, the appointment list and the description dialog from appointments.
 */
function HomePage() {
  usePageTitle('Home');
  const { me } = useMe();
  const appointments = useMyAppointments();
  const descriptionEditor = useDescriptionEditor();
  if (!me.user) return null;
  if (appointments.isPending) return <PageSpinner />;
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
      <LiveStatus />

      {appointments.isError ? (
        <LoadError error={appointments.error} onRetry={() => void appointments.refetch()} />
      ) : (
        <>
          <BookingPanel openCount={appointments.data.length} onBooked={(appointment) => descriptionEditor.open(appointment, true)} />
          <AppointmentList
            appointments={appointments.data}
            onEditDescription={(appointment) => descriptionEditor.open(appointment, false)}
          />
        </>
      )}
      {descriptionEditor.element}

      <p className="home-chat-promo mt-4">
        <Link to="/chat" className="btn btn-outline-primary btn-lg">
          Have a question? Ask our assistant
        </Link>
      </p>
    </Container>
  );
}

export { HomePage as Component };
