import '../payments.css';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { APPOINTMENT_TEXTS, formatDollars } from '../../../../shared/appointments.ts';
import { formatAppointmentTime } from '../../../../shared/business-time.ts';
import { type CaptureOutcome, PAYMENT_TEXTS } from '../../../../shared/payments.ts';
import { PageSpinner } from '../../../components/loading-spinner.tsx';
import { DEFAULT_COUNTDOWN_SECONDS, useMessageModal } from '../../../components/message-modal.tsx';
import { type AlertMessage, useTimedAlert } from '../../../components/timed-alert.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { noteFailure } from '../../../lib/api-failure.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCaptureOrder } from '../api/capture-order.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { useCheckout } from '../api/get-checkout.ts';
import { PaymentButtons, type PaymentStage } from '../components/payment-buttons.tsx';

const COMPONENT_NAME = 'MakePayment';

/** What /home hands over through the navigation state: `{ appointmentId, amountCents }`. */
type PaymentState = { appointmentId?: unknown; amountCents?: unknown } | null;

function BackHome() {
  return (
    <Link to="/home" className="btn btn-outline-primary btn-lg">
      Back to your appointments
    </Link>
  );
}

/** The server's refusals (not completed, paid already, no amount yet, not yours) and failures, with a way back. */
function CheckoutRefused({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    noteFailure(error, COMPONENT_NAME);
  }, [error]);
  const refusal = error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
  return (
    <Alert variant={refusal ? 'warning' : 'danger'} className="checkout-refused">
      <Alert.Heading as="h2" className="h4">
        {refusal ? APPOINTMENT_TEXTS.payNotAllowedTitle : 'The checkout could not be loaded.'}
      </Alert.Heading>
      <p className="fs-5">
        {error instanceof ApiRequestError ? error.message : 'Something went wrong on our side. Please try again in a moment.'}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <BackHome />
        {!refusal && (
          <Button variant="outline-danger" size="lg" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    </Alert>
  );
}

/** Refusals that mean "start again" or "wait": the server's own words say what to do, without the stage's heading. */
const RESTART_CODES = new Set(['ORDER_STALE', 'PAYMENT_IN_PROGRESS']);

/** The order was made for an amount the job no longer has (or the job changed): the checkout must be read again. */
function isStaleOrder(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'ORDER_STALE';
}

/** The texts of a failed payment: the spec's for each stage, the server's own when the payer was declined. */
function failureMessage(stage: PaymentStage, error: unknown): AlertMessage {
  if (error instanceof ApiRequestError && error.status === 402) return { body: error.message };
  if (error instanceof ApiRequestError && RESTART_CODES.has(error.code)) return { variant: 'warning', body: error.message };
  const heading = stage === 'create' ? PAYMENT_TEXTS.paymentProcessError : PAYMENT_TEXTS.approvalError;
  // A refusal (already paid, not completed) says why; a fault says only what the spec says.
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.message !== heading) {
    return { heading, body: error.message };
  }
  return { body: heading };
}

/**
 * The customer's checkout. The appointment arrives in the navigation state from /home, or as ?appointment=ID
 * (kept in the address so a reload works); the amount shown and charged is the server's.
 */
function MakePaymentPage() {
  usePageTitle(PAYMENT_TEXTS.checkout);
  const location = useLocation();
  const navigate = useNavigate();
  const createOrder = useCreateOrder();
  const captureOrder = useCaptureOrder();
  const [searchParams] = useSearchParams();
  const state = location.state as PaymentState;
  const fromState = typeof state?.appointmentId === 'string' ? state.appointmentId : undefined;
  const appointmentId = searchParams.get('appointment') ?? fromState ?? '';
  const [paid, setPaid] = useState<CaptureOutcome | null>(null);
  const [paying, setPaying] = useState(false);
  // The amount the customer last saw offered (from /home, or on the button they pressed): when the job's amount
  // changes under them, the page says so for as long as they stay, not only in the passing alert.
  const [amountOffered, setAmountOffered] = useState<number>();
  // Live updates refetch the checkout (an amount the owner changes shows at once), but not while a payment is
  // under way or done: the payment's own change would only answer "already paid".
  const checkout = useCheckout(appointmentId, paid === null && !paying);
  const alert = useTimedAlert();
  const modal = useMessageModal();

  useEffect(() => {
    if (fromState && !searchParams.has('appointment')) {
      void navigate({ search: `?appointment=${encodeURIComponent(fromState)}` }, { replace: true, state });
    }
  }, [fromState, searchParams, navigate, state]);

  const onPaid = async (outcome: CaptureOutcome) => {
    setPaid(outcome);
    alert.clear();
    await modal.show({
      title: PAYMENT_TEXTS.thankYou(outcome.payerName),
      body: `We received $${formatDollars(outcome.amountCents)} and e-mailed you a receipt. You will be taken back to your appointments.`,
      countdownSeconds: DEFAULT_COUNTDOWN_SECONDS,
    });
    void navigate('/home');
  };

  const onFailure = (stage: PaymentStage, error: unknown) => {
    setPaying(false);
    alert.show(failureMessage(stage, error));
    // The job changed after the order was made: read it again at once, so the amount shown (and offered on the
    // button) is the one the next press pays, even when no live update has brought the change yet.
    if (isStaleOrder(error)) void checkout.refetch();
  };

  const stateAmount = typeof state?.amountCents === 'number' ? state.amountCents : undefined;
  const offered = amountOffered ?? stateAmount;
  let content: ReactNode;
  if (paid) {
    content = (
      <div role="status" className="checkout-paid">
        <p className="fs-4 fw-semibold">{PAYMENT_TEXTS.thankYou(paid.payerName)}</p>
        <p>
          <Link to="/home">Back to your appointments</Link>
        </p>
      </div>
    );
  } else if (!appointmentId) {
    content = (
      <Alert variant="warning">
        <p className="fs-5">No appointment was chosen for payment. Choose Pay next to a completed job on your home page.</p>
        <BackHome />
      </Alert>
    );
  } else if (checkout.isPending) {
    content = <PageSpinner />;
  } else if (checkout.isError) {
    content = <CheckoutRefused error={checkout.error} onRetry={() => void checkout.refetch()} />;
  } else {
    const { amountCents, startsAt } = checkout.data;
    content = (
      <>
        <h2 className="h3">{PAYMENT_TEXTS.makePayment(formatDollars(amountCents))}</h2>
        <p className="fs-5">For your visit on {formatAppointmentTime(Date.parse(startsAt))}.</p>
        {offered !== undefined && offered !== amountCents && (
          <p className="checkout-amount-note">The amount for this job is now ${formatDollars(amountCents)}; that is what you will pay.</p>
        )}
        <div className="checkout-alert">{alert.element}</div>
        <PaymentButtons
          amountCents={amountCents}
          createOrder={() => {
            setPaying(true);
            setAmountOffered(amountCents);
            return createOrder.mutateAsync(appointmentId);
          }}
          captureOrder={captureOrder.mutateAsync}
          onPaid={(outcome) => void onPaid(outcome)}
          onFailure={onFailure}
          onCancel={() => setPaying(false)}
        />
        <p className="mt-4">
          <Link to="/home">Back to your appointments</Link>
        </p>
      </>
    );
  }

  return (
    <Container className="py-4 py-md-5">
      <div className="checkout-page">
        <h1 className="mb-3">{PAYMENT_TEXTS.checkout}</h1>
        {content}
      </div>
      {modal.element}
    </Container>
  );
}

export { MakePaymentPage as Component };
