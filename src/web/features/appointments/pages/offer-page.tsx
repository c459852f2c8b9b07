import '../waitlist.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { format } from 'date-fns/format';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, useParams } from 'react-router';
import type { CustomerAppointment } from '../../../../shared/appointments.ts';
import { inBusinessZone } from '../../../../shared/business-time.ts';
import { spanishTimeWithArticle } from '../../../../shared/locale-format.ts';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { activeLocale } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useBookOffer, useWaitlistOffer } from '../api/waitlist.ts';
import { VisitKindChoice } from '../components/visit-kind-choice.tsx';
import { appointmentTime, longDate } from '../formats.ts';

/** Until when the time is held: 8:30am, "las 8:30 a. m." (with its article, kept on one line), New York time. */
function clockTime(instant: number): string {
  return activeLocale() === 'es' ? spanishTimeWithArticle(instant, 'all') : format(inBusinessZone(instant), 'h:mmaaa');
}

function BackHome() {
  return (
    <Link to="/home" className="btn btn-outline-primary btn-lg">
      <Trans>Go to your appointments</Trans>
    </Link>
  );
}

/**
 * The offer of a time that opened up on a day the customer waits for (issue 39), from the link we e-mailed and
 * texted them: the time, until when it is held for them, the kind of visit, and one "Book it" button. An offer
 * ended (run out, booked, left, the day gone) says so.
 */
function OfferPage() {
  const { t } = useLingui();
  usePageTitle(t`A time opened up`);
  const _id = useId();
  const { entryId = '' } = useParams();
  const offer = useWaitlistOffer(entryId);
  const booking = useBookOffer(entryId);
  const [isRemote, setIsRemote] = useState(false);
  const [booked, setBooked] = useState<CustomerAppointment>();
  const [problem, setProblem] = useState<string>();

  if (offer.isPending) return <PageSpinner />;
  if (offer.isError) {
    const missing = offer.error instanceof ApiRequestError && offer.error.status === 404;
    return (
      <Container className="py-4 waitlist-offer-page">
        <h1>{t`A time opened up`}</h1>
        <Alert variant={missing ? 'warning' : 'danger'}>
          <p className="fs-5 mb-3">
            {missing
              ? t`We could not find this offer. It may belong to another account.`
              : (errorText(offer.error) ?? t`Something went wrong on our side. Please try again in a moment.`)}
          </p>
          <BackHome />
        </Alert>
      </Container>
    );
  }

  const entry = offer.data;
  const held = entry.state === 'offered' && entry.offer ? entry.offer : undefined;

  const bookIt = async () => {
    if (booking.isPending) return;
    setProblem(undefined);
    try {
      setBooked(await booking.mutateAsync({ isRemote }));
    } catch (error) {
      setProblem(errorText(error) ?? t`Sorry, that did not work. Please try again.`);
      void offer.refetch();
    }
  };

  if (booked) {
    const time = appointmentTime(Date.parse(booked.startsAt));
    return (
      <Container className="py-4 waitlist-offer-page">
        <h1>{t`A time opened up`}</h1>
        <div role="status">
          <Alert variant="success">
            <p className="fs-5 fw-semibold">
              <Trans>Your visit is booked for {time} (New York time). We have e-mailed you the confirmation.</Trans>
            </p>
            <BackHome />
          </Alert>
        </div>
      </Container>
    );
  }

  if (!held) {
    const day = longDate(entry.date);
    return (
      <Container className="py-4 waitlist-offer-page">
        <h1>{t`A time opened up`}</h1>
        <Alert variant="warning">
          <p className="fs-5 mb-3">
            {entry.state === 'waiting' ? (
              <Trans>You're on the waiting list for {day}. We will write to you when a time opens up.</Trans>
            ) : (
              <Trans>Sorry, this offer has ended. The time is no longer held for you.</Trans>
            )}
          </p>
          <BackHome />
        </Alert>
      </Container>
    );
  }

  const time = appointmentTime(Date.parse(held.startsAt));
  const until = clockTime(Date.parse(held.expiresAt));
  return (
    <Container className="py-4 waitlist-offer-page">
      <h1>{t`A time opened up`}</h1>
      <p className="fs-4">
        <Trans>{time} (New York time)</Trans>
      </p>
      <p className="fs-5">
        <Trans>We are holding this time for you until {until}. After that, we offer it to the next person waiting.</Trans>
      </p>
      <VisitKindChoice legend={<Trans>Choose the kind of visit</Trans>} isRemote={isRemote} onChange={setIsRemote} className="my-4" />
      <div role="alert">{problem && <Alert variant="danger">{problem}</Alert>}</div>
      <Button size="lg" className="px-5 mw-100" onClick={bookIt}>
        {booking.isPending ? <Trans>Booking…</Trans> : <Trans>Book it</Trans>}
      </Button>
    </Container>
  );
}

export { OfferPage as Component };
