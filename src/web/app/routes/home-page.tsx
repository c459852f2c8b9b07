import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { LiveStatus } from '../../components/live-status.tsx';
import { PageSpinner } from '../../components/loading-spinner.tsx';
import { CodeWordNotice } from '../../features/accounts/components/code-word-section.tsx';
import { WelcomeHeading } from '../../features/accounts/components/welcome-heading.tsx';
import { useMyAppointments } from '../../features/appointments/api/get-my-appointments.ts';
import { AppointmentList } from '../../features/appointments/components/appointment-list.tsx';
import { BookingPanel } from '../../features/appointments/components/booking-panel.tsx';
import { useDescriptionEditor } from '../../features/appointments/components/description-modal.tsx';
import { PastVisits } from '../../features/appointments/components/past-visits.tsx';
import { invoicePdfUrl } from '../../features/payments/api/get-invoice.ts';
import { noteFailure } from '../../lib/api-failure.ts';
import { appConfig, telHref } from '../../lib/app-config.ts';
import { errorText } from '../../lib/error-text.ts';
import { useMe } from '../../lib/session.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useLingui();
  useEffect(() => noteFailure(error, 'Home'), [error]);
  const problem = errorText(error);
  return (
    <Alert variant="danger" className="my-4">
      <p className="fs-5">{problem ?? t`Your appointments could not be loaded.`}</p>
      <Button variant="outline-danger" size="lg" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Alert>
  );
}

/**
 * The customer home screen. It lives in app/ because it composes several features: the welcome comes from
 * accounts; the booking panel, the appointment list, the past visits and the description dialog from appointments;
 * the receipts' address from payments.
 */
function HomePage() {
  const { t } = useLingui();
  usePageTitle(t`Home`);
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
        <Trans>
          Need help now? Call us at <a href={telHref(supportPhone)}>{supportPhone}</a>.
        </Trans>
      </p>
      <LiveStatus />

      {appointments.isError ? (
        <LoadError error={appointments.error} onRetry={() => void appointments.refetch()} />
      ) : (
        <>
          <CodeWordNotice />
          <BookingPanel openCount={appointments.data.length} onBooked={(appointment) => descriptionEditor.open(appointment, true)} />
          <AppointmentList
            appointments={appointments.data}
            onEditDescription={(appointment) => descriptionEditor.open(appointment, false)}
          />
          {/* Paid visits leave the list above, as the spec has it, and stay here with their invoices (issue 40). */}
          <PastVisits receiptHref={invoicePdfUrl} />
        </>
      )}
      {descriptionEditor.element}

      <p className="home-chat-promo mt-4">
        <Link to="/chat" className="btn btn-outline-primary btn-lg">
          <Trans>Have a question? Ask our assistant</Trans>
        </Link>
      </p>
    </Container>
  );
}

export { HomePage as Component };
